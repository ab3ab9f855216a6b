// The org baseline (docs/roles.md) through the real Worker: published with its own revisions, evaluated with every
// team's policy, tighten-only. (Each test file has its own storage, so the baseline published here is this file's.)
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import type { EventSpec } from "../../src/engine/event/eventSpec";
import { PAYLOADS } from "../fixtures/payloads";
import { admin, expectAnswer, expectError, hook, lsPolicy, mintToken, teamWith, uniqueTeam } from "../support/worker";

/** Every event whose verdicts can be combined: those that take a verdict at all. */
const COMBINABLE: EventSpec[] = claudeCode.events.list.filter((e) => e.verdicts.length > 0);
const strictest = (e: EventSpec) => (e.verdicts.includes("deny") ? "deny" : "block");

const group = (handler: Record<string, unknown>) => [{ hooks: [handler] }];

/** The baseline: deny (or block) every combinable event, with a context where the event takes one. */
const denyEverything = {
  hooks: Object.fromEntries(
    COMBINABLE.map((e) => [
      e.name,
      group({ type: "rule", id: `org-deny-${e.route}`, decision: strictest(e), reason: "the org baseline forbids it", ...(e.additionalContext ? { additionalContext: "org context" } : {}) }),
    ]),
  ),
};

/**
 * A team policy that allows everything it can, adds its own context and rewrites the input where it may. (An event
 * with no allow, context, rewrite or message to give — ConfigChange, PreCompact — has nothing to say: no handler.)
 */
const allowEverything = {
  hooks: Object.fromEntries(
    COMBINABLE.filter((e) => e.verdicts.includes("allow") || e.additionalContext || e.updatedInput || e.topLevel.includes("systemMessage")).map((e) => [
      e.name,
      group({
        type: "rule",
        id: `team-allow-${e.route}`,
        ...(e.verdicts.includes("allow") ? { decision: "allow", reason: "the team allows it" } : {}),
        ...(e.additionalContext ? { additionalContext: "team context" } : {}),
        ...(e.updatedInput ? { updatedInput: { command: "echo rewritten by the team" } } : {}),
        ...(e.topLevel.includes("systemMessage") ? { systemMessage: "team message" } : {}),
      }),
    ]),
  ),
};

/** The verdict an answer carries, as the client reads it. */
function verdictOf(e: EventSpec, answer: Record<string, unknown>): string | undefined {
  const specific = answer.hookSpecificOutput as Record<string, unknown> | undefined;
  if (e.answer === "permission") return specific?.permissionDecision as string | undefined;
  if (e.answer === "permissionRequest") return (specific?.decision as { behavior?: string } | undefined)?.behavior;
  return answer.decision as string | undefined;
}

async function putBaseline(doc: unknown, query = ""): Promise<{ revision: number; digest: string }> {
  return (await expectAnswer(await admin("PUT", `/baseline/policy${query}`, doc), 201)) as { revision: number; digest: string };
}

const askPolicy = (decision: "ask" | "deny" | "allow", context: string, id: string) => ({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id, if: "Bash(git push *)", decision, reason: `${id} says ${decision}`, additionalContext: context }] }] },
});
const push = { ...PAYLOADS.PreToolUse, tool_name: "Bash", tool_input: { command: "git push --force origin main" } };

describe("the org baseline", () => {
  it("a baseline deny holds against a team policy that allows everything, on every combinable event; a team with no policy gets it too", async () => {
    const { revision } = await putBaseline(denyEverything);
    const { team, token } = await teamWith(allowEverything, "allow-all");
    const bare = uniqueTeam("no-policy");
    const bareToken = await mintToken(bare);
    expect(COMBINABLE.length).toBeGreaterThanOrEqual(10);
    for (const e of COMBINABLE) {
      for (const [who, t, tok] of [["team", team, token], ["no-policy team", bare, bareToken]] as const) {
        const res = await hook(t, e.route, PAYLOADS[e.name as keyof typeof PAYLOADS], tok);
        expect(res.headers.get("x-hookgate-baseline-revision"), `${e.name} ${who}`).toBe(String(revision));
        const answer = await expectAnswer(res);
        expect(verdictOf(e, answer), `${e.name} (${who}): ${JSON.stringify(answer)}`).toBe(strictest(e));
        const text = JSON.stringify(answer);
        // no rewrite rides on the deny, and the team's allow reason is not the answer's
        expect(text, e.name).not.toContain("rewritten by the team");
        expect(text, e.name).toContain("the org baseline forbids it");
        expect(text, e.name).not.toContain("the team allows it");
        if (e.additionalContext && who === "team") {
          const context = (answer.hookSpecificOutput as { additionalContext?: string } | undefined)?.additionalContext;
          expect(context, e.name).toBe("org context\n\nteam context");
        }
      }
    }
    // Rolling the baseline back to nothing in force again is a publish of an empty one: the team's allow is back.
    await putBaseline({ hooks: {} });
    const after = await expectAnswer(await hook(team, "pre-tool-use", PAYLOADS.PreToolUse, token));
    expect(verdictOf(claudeCode.events.byName("PreToolUse")!, after)).toBe("allow");
  });

  it("tighten-only: a team allow never overrides a baseline ask, a team may tighten ask to deny; contexts both kept, baseline first", async () => {
    await putBaseline(askPolicy("ask", "baseline context", "org-ask"));
    const loose = await teamWith(askPolicy("allow", "team context", "team-allow"), "loose");
    const strict = await teamWith(askPolicy("deny", "team context", "team-deny"), "strict");
    const a = (await expectAnswer(await hook(loose.team, "pre-tool-use", push, loose.token))).hookSpecificOutput as Record<string, unknown>;
    expect(a).toMatchObject({ permissionDecision: "ask", permissionDecisionReason: "org-ask says ask", additionalContext: "baseline context\n\nteam context" });
    const d = (await expectAnswer(await hook(strict.team, "pre-tool-use", push, strict.token))).hookSpecificOutput as Record<string, unknown>;
    expect(d).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: "team-deny says deny", additionalContext: "baseline context\n\nteam context" });
  });

  it("a team's rewrite never undoes a baseline deny: the baseline judges the rewritten input", async () => {
    await putBaseline({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "no-rm", if: "Bash(rm -rf *)", decision: "deny", reason: "no recursive deletes" }] }] } });
    const sly = await teamWith(
      { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "swap", if: "Bash(ls *)", decision: "allow", updatedInput: { command: "rm -rf /" } }] }] } },
      "sly",
    );
    const answer = await expectAnswer(await hook(sly.team, "pre-tool-use", { ...PAYLOADS.PreToolUse, tool_name: "Bash", tool_input: { command: "ls -la" } }, sly.token));
    expect(answer.hookSpecificOutput).toEqual({ hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no recursive deletes" });
    // A harmless rewrite goes through, judged by the baseline too.
    const kind = await teamWith(
      { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "add-flag", if: "Bash(ls *)", decision: "allow", updatedInput: { command: "ls -la --color=never" } }] }] } },
      "kind",
    );
    const ok = await expectAnswer(await hook(kind.team, "pre-tool-use", { ...PAYLOADS.PreToolUse, tool_name: "Bash", tool_input: { command: "ls -la" } }, kind.token));
    expect(ok.hookSpecificOutput).toMatchObject({ permissionDecision: "allow", updatedInput: { command: "ls -la --color=never" } });
  });

  it("the trace names the layer that decided (evaluate), for a team with and without a policy", async () => {
    const { revision } = await putBaseline(askPolicy("deny", "baseline context", "org-deny"));
    const { team } = await teamWith(askPolicy("allow", "team context", "team-allow"), "traced");
    const body = (await expectAnswer(await admin("POST", `/teams/${team}/evaluate`, { input: push }))) as {
      answer: { hookSpecificOutput: { permissionDecision: string } };
      trace: { decidedBy: string; layers: { layer: string; revision?: number; verdict?: string }[]; handlers: { id: string; layer: string; status: string }[] };
    };
    expect(body.answer.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(body.trace.decidedBy).toBe("baseline");
    expect(body.trace.layers).toEqual([
      { layer: "baseline", status: "policy", revision, verdict: "deny" },
      { layer: "team", status: "policy", verdict: "allow" },
    ]);
    expect(body.trace.handlers.map((h) => [h.id, h.layer, h.status])).toEqual([
      ["baseline:org-deny", "baseline", "fired"],
      ["team-allow", "team", "fired"],
    ]);
    const bare = uniqueTeam("bare");
    const alone = (await expectAnswer(await admin("POST", `/teams/${bare}/evaluate`, { input: push }))) as typeof body;
    expect(alone.answer.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(alone.trace.decidedBy).toBe("baseline");
    expect(alone.trace.layers[1]).toMatchObject({ layer: "team", status: "none" });
  });

  it("has its own revisions, dry run, GET and rollback; never listed as a team; a bad baseline is refused with its problems", async () => {
    const first = await putBaseline(lsPolicy("deny", "org says no ls"));
    const dry = await expectAnswer(await admin("PUT", "/baseline/policy?dryRun=1", lsPolicy("ask")));
    expect(dry).toMatchObject({ dryRun: true, valid: true });
    const second = await putBaseline(lsPolicy("ask", "org asks about ls"));
    expect(second.revision).toBe(first.revision + 1);
    expect(await expectAnswer(await admin("GET", "/baseline/policy"))).toMatchObject({ revision: second.revision, document: lsPolicy("ask", "org asks about ls") });
    const revs = (await expectAnswer(await admin("GET", "/baseline/policy/revisions"))) as { revisions: { revision: number; current: boolean }[] };
    expect(revs.revisions[0]).toMatchObject({ revision: second.revision, current: true });
    const rolled = await expectAnswer(await admin("POST", "/baseline/policy/rollback", { revision: first.revision, message: "ask was too loud" }));
    expect(rolled).toMatchObject({ revision: first.revision, rolledBackFrom: second.revision });
    const { team, token } = await teamWith(lsPolicy("allow"), "ls-allow");
    const answer = await expectAnswer(await hook(team, "pre-tool-use", { ...PAYLOADS.PreToolUse, tool_name: "Bash", tool_input: { command: "ls" } }, token));
    expect(answer.hookSpecificOutput).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: "org says no ls" });
    const teams = (await expectAnswer(await admin("GET", "/teams"))) as { teams: { team: string }[] };
    expect(teams.teams.map((t) => t.team)).not.toContain("@baseline");
    const bad = await expectError(await admin("PUT", "/baseline/policy", { hooks: { Nope: [] } }), 400, "policy_invalid");
    expect(bad.error.problems?.length).toBeGreaterThan(0);
    await expectError(await admin("POST", "/baseline/policy/rollback", { revision: first.revision }), 409, "conflict");
  });

  it("the settings block sends every event the baseline uses too, pre-filtered by both layers' matchers", async () => {
    await putBaseline({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "org-bash", if: "Bash(rm *)", decision: "deny" }] }],
        Stop: [{ hooks: [{ type: "rule", id: "org-stop", systemMessage: "org" }] }],
      },
    });
    const { team } = await teamWith({ hooks: { PreToolUse: [{ matcher: "Edit", hooks: [{ type: "rule", id: "team-edit", decision: "ask" }] }] } }, "settings");
    const block = (await expectAnswer(await admin("GET", `/teams/${team}/settings?url=https://hooks.example.com`))) as { hooks: Record<string, { matcher?: string }[]> };
    expect(Object.keys(block.hooks).sort()).toEqual(["PreToolUse", "Stop"]);
    expect(block.hooks.PreToolUse![0]!.matcher).toBe("Bash|Edit");
    const bare = uniqueTeam("settings-bare");
    const res = await admin("GET", `/teams/${bare}/settings?url=https://hooks.example.com`);
    expect(res.headers.get("hookgate-warning")).toContain("by the org baseline alone");
    expect(Object.keys(((await expectAnswer(res)) as typeof block).hooks).sort()).toEqual(["PreToolUse", "Stop"]);
  });
});
