// Event outputs folded within one policy (aggregate.ts) and across the org baseline and a team (layers.ts), by each
// field's declared rule (src/engine/event/outputField.ts, src/clients/claude-code/outputFields.ts): a property over
// random rule policies on every event with output fields — the combined value of each field is never looser than
// either layer's — and one unit test per field of what the client is told.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { onlyTightens } from "../../src/clients/claude-code/outputFields";
import { COPILOT_WRITERS } from "../../src/clients/copilot-cli/native";
import { aggregate } from "../../src/engine/answer/aggregate";
import { evaluateLayered } from "../../src/engine/answer/layers";
import type { HandlerOutcome } from "../../src/engine/answer/outcome";
import { evaluate } from "../../src/engine/evaluate";
import type { EventSpec } from "../../src/engine/event/eventSpec";
import { rewriteGroups } from "../../src/engine/event/outputField";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { PAYLOADS } from "../fixtures/payloads";

const allowRule = { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm run *" }], behavior: "allow", destination: "localSettings" };
const denyRule = { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "rm *" }], behavior: "deny", destination: "session" };
const askRule = { type: "addRules", rules: [{ toolName: "WebFetch" }], behavior: "ask", destination: "session" };
const dropAllow = { type: "removeRules", rules: [{ toolName: "Bash", ruleContent: "git push *" }], behavior: "allow", destination: "session" };
const dropDeny = { type: "removeRules", rules: [{ toolName: "Bash", ruleContent: "rm *" }], behavior: "deny", destination: "session" };
const replace = { type: "replaceRules", rules: [{ toolName: "Read" }], behavior: "deny", destination: "session" };
const bypass = { type: "setMode", mode: "bypassPermissions", destination: "session" };
const addDir = { type: "addDirectories", directories: ["/etc"], destination: "session" };
const removeDir = { type: "removeDirectories", directories: ["/tmp/scratch"], destination: "session" };
const PERMISSION_UPDATES = [allowRule, denyRule, askRule, dropAllow, dropDeny, replace, bypass, addDir, removeDir];

/** Valid values of each output field (by name; `content` is a form on both elicitation events). */
const VALUES: Record<string, fc.Arbitrary<unknown>> = {
  sessionTitle: fc.constantFrom("org", "team", "shop · feat/refunds"),
  initialUserMessage: fc.constantFrom("Summarise the open pull requests.", "Run the tests."),
  reloadSkills: fc.boolean(),
  watchPaths: fc.subarray(["/home/dev/shop/.env", "/home/dev/shop/package.json", "/etc/hosts"]),
  suppressOriginalPrompt: fc.boolean(),
  displayContent: fc.constantFrom("[masked by org]", "[team view]", "plain"),
  updatedToolOutput: fc.constantFrom({ stdout: "[masked]", stderr: "", interrupted: false, isImage: false }, { stdout: "team", stderr: "", interrupted: false, isImage: false }),
  updatedMCPToolOutput: fc.constantFrom({ content: [{ type: "text", text: "redacted" }] }, { content: [{ type: "text", text: "team" }] }),
  classifierContext: fc.constantFrom("Deploys are high risk.", "The user asked for this deploy."),
  interrupt: fc.boolean(),
  retry: fc.boolean(),
  action: fc.constantFrom("accept", "decline", "cancel"),
  content: fc.constantFrom({ environment: "staging" }, { environment: "production" }, {}),
  worktreePath: fc.constantFrom("/home/dev/shop/.claude/worktrees/a3f2", "/tmp/wt"),
  updatedPermissions: fc.subarray(PERMISSION_UPDATES, { minLength: 1 }),
};

const WITH_OUTPUTS = claudeCode.events.list.filter((e) => Object.keys(e.outputFields).length > 0);

const outputsOf = (e: EventSpec) =>
  fc.subarray(Object.keys(e.outputFields), { minLength: 1 }).chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, VALUES[k]!]))));

/** A policy of one event: up to three unconditional rules, each setting some of the event's output fields. */
const policyFor = (e: EventSpec, who: string) =>
  fc.array(outputsOf(e), { maxLength: 3 }).map((outputs) => ({
    hooks: { [e.name]: outputs.length === 0 ? [] : [{ hooks: outputs.map((output, i) => ({ type: "rule", id: `${who}-${i}`, output })) }] },
  }));

function compiled(doc: unknown): CompiledPolicy {
  const r = compilePolicy(doc, { client: claudeCode });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const key = (v: unknown) => JSON.stringify(v);
const has = (list: unknown, entry: unknown) => Array.isArray(list) && list.some((x) => key(x) === key(entry));

describe("event outputs under an org baseline: never looser than either layer", () => {
  for (const e of WITH_OUTPUTS)
    it(`${e.name}: each of ${Object.keys(e.outputFields).join(", ")}`, async () => {
      const input = PAYLOADS[e.name as keyof typeof PAYLOADS];
      const groups = rewriteGroups(e.outputFields);
      await fc.assert(
        fc.asyncProperty(policyFor(e, "base"), policyFor(e, "team"), async (b, t) => {
          const base = compiled(b);
          const team = compiled(t);
          const alone = { base: (await evaluate(base, e, input)).aggregate.output, team: (await evaluate(team, e, input)).aggregate.output };
          const both = await evaluateLayered({ policy: base }, { policy: team }, e, input, { baseline: {}, team: {} });
          const out = both.aggregate.output;
          for (const [k, field] of Object.entries(e.outputFields)) {
            const [bv, tv, v] = [alone.base[k], alone.team[k], out[k]];
            const c = field.combine;
            switch (c.kind) {
              case "strictest":
                for (const one of [bv, tv]) if (one !== undefined) expect(c.order.indexOf(v), `${k}: ${key(v)} looser than ${key(one)}`).toBeGreaterThanOrEqual(c.order.indexOf(one));
                expect([bv, tv]).toContain(v);
                break;
              case "accumulate":
                for (const entry of (bv as unknown[] | undefined) ?? []) expect(has(v, entry), `${k} lost the baseline's ${key(entry)}`).toBe(true);
                for (const entry of (tv as unknown[] | undefined) ?? [])
                  if (!c.teamMay || c.teamMay(entry)) expect(has(v, entry), `${k} lost the team's ${key(entry)}`).toBe(true);
                for (const entry of (v as unknown[] | undefined) ?? [])
                  expect(has(bv, entry) || (has(tv, entry) && (!c.teamMay || c.teamMay(entry))), `${k}: the team's ${key(entry)} loosens`).toBe(true);
                break;
              case "first":
                expect(v).toEqual(bv ?? tv);
                break;
              case "join":
                for (const one of [bv, tv]) if (typeof one === "string") expect(v).toContain(one);
                break;
              case "rewrite": {
                // Unconditional rules: the baseline's rewrite of the team's version is its own rewrite, so whenever
                // the baseline rewrites, its whole rewrite of that input stands; else the team's.
                const group = groups.get(c.of)!;
                const baseRewrites = group.some((g) => alone.base[g] !== undefined);
                expect(v).toEqual(baseRewrites ? bv : tv);
                break;
              }
            }
          }
          expect(e.output.safeParse(both.answer).success).toBe(true);
        }),
        { numRuns: 40 },
      );
    });
});

const ev = (name: string) => claudeCode.events.byName(name)!;
const outcome = (order: number, output: Record<string, unknown>): HandlerOutcome => ({ id: `h${order}`, order, output });
/** Within one policy: the outputs of handlers declared in this order. */
const withinPolicy = (name: string, ...outputs: Record<string, unknown>[]) => aggregate(outputs.map((o, i) => outcome(i, o)), ev(name).outputFields).output;
/** The baseline's and a team's policies, each one unconditional rule per element (`decision` and all). */
async function layered(name: string, base: Record<string, unknown>[], team: Record<string, unknown>[], input = PAYLOADS[name as keyof typeof PAYLOADS]) {
  const policy = (rules: Record<string, unknown>[], who: string) =>
    compiled({ hooks: { [name]: rules.length ? [{ hooks: rules.map((r, i) => ({ type: "rule", id: `${who}-${i}`, ...r })) }] : [] } });
  return evaluateLayered({ policy: policy(base, "base") }, { policy: policy(team, "team") }, ev(name), input, { baseline: {}, team: {} });
}
const specific = (answer: Record<string, unknown>) => (answer.hookSpecificOutput ?? {}) as Record<string, unknown>;

describe("each output field, within one policy and under a baseline", () => {
  it.each(["Elicitation", "ElicitationResult"])("%s action: decline and cancel beat accept, whoever said it first", async (name) => {
    expect(withinPolicy(name, { action: "accept", content: { a: 1 } }, { action: "decline" }).action).toBe("decline");
    expect(withinPolicy(name, { action: "cancel" }, { action: "accept" }).action).toBe("cancel");
    expect(withinPolicy(name, { action: "cancel" }, { action: "decline" }).action).toBe("decline");
    expect(specific((await layered(name, [{ output: { action: "accept" } }], [{ output: { action: "decline" } }])).answer).action).toBe("decline");
    expect(specific((await layered(name, [{ output: { action: "cancel" } }], [{ output: { action: "accept" } }])).answer).action).toBe("cancel");
  });

  it("Elicitation content: the first handler's form, the baseline's under a team's", async () => {
    expect(withinPolicy("Elicitation", { content: { env: "staging" } }, { content: { env: "prod" } }).content).toEqual({ env: "staging" });
    const both = await layered("Elicitation", [{ output: { action: "accept", content: { env: "staging" } } }], [{ output: { action: "accept", content: { env: "prod" } } }]);
    expect(specific(both.answer)).toMatchObject({ action: "accept", content: { env: "staging" } });
  });

  it("ElicitationResult content: a team's rewrite of the form is judged by the baseline, whose mask stays", async () => {
    const input = { ...PAYLOADS.ElicitationResult, content: { token: "public" } };
    const mask = { when: { "content.token": "^sk-" }, output: { content: { token: "[masked]" } } };
    const leak = await layered("ElicitationResult", [mask], [{ output: { content: { token: "sk-live-1234" } } }], input);
    expect(specific(leak.answer).content).toEqual({ token: "[masked]" });
    expect(leak.trace.recheckedRewrite).toEqual({});
    const harmless = await layered("ElicitationResult", [mask], [{ output: { content: { token: "other" } } }], input);
    expect(specific(harmless.answer).content).toEqual({ token: "other" });
  });

  it("PermissionRequest interrupt: true (stop Claude too) beats false", async () => {
    expect(withinPolicy("PermissionRequest", { interrupt: false }, { interrupt: true }).interrupt).toBe(true);
    const both = await layered("PermissionRequest", [{ decision: "deny", reason: "org", output: { interrupt: false } }], [{ output: { interrupt: true } }]);
    expect((specific(both.answer).decision as Record<string, unknown>).interrupt).toBe(true);
  });

  it("PermissionRequest updatedPermissions: lists merge; under a baseline only a team's entries that tighten are kept", async () => {
    expect(withinPolicy("PermissionRequest", { updatedPermissions: [allowRule] }, { updatedPermissions: [bypass, allowRule] }).updatedPermissions).toEqual([allowRule, bypass]);
    expect(PERMISSION_UPDATES.filter(onlyTightens)).toEqual([denyRule, askRule, dropAllow, removeDir]);
    const both = await layered("PermissionRequest", [{ decision: "allow", output: { updatedPermissions: [allowRule] } }], [{ decision: "allow", output: { updatedPermissions: PERMISSION_UPDATES } }]);
    expect((specific(both.answer).decision as Record<string, unknown>).updatedPermissions).toEqual([allowRule, denyRule, askRule, dropAllow, removeDir]);
    // a team that only loosens adds nothing (no empty list either)
    const loose = await layered("PermissionRequest", [{ decision: "allow" }], [{ decision: "allow", output: { updatedPermissions: [allowRule, bypass, addDir] } }]);
    expect(specific(loose.answer).decision).toEqual({ behavior: "allow" });
    // no allow, no rules at all: a baseline ask keeps the dialog
    const asked = await layered("PermissionRequest", [{ decision: "ask", reason: "org asks" }], [{ decision: "allow", output: { updatedPermissions: [denyRule] } }]);
    expect(asked.answer).toEqual({});
  });

  it("PermissionDenied retry: false (the default) beats true", async () => {
    expect(withinPolicy("PermissionDenied", { retry: true }, { retry: false }).retry).toBe(false);
    expect(specific((await layered("PermissionDenied", [{ output: { retry: false } }], [{ output: { retry: true } }])).answer).retry).toBe(false);
    expect(specific((await layered("PermissionDenied", [], [{ output: { retry: true } }])).answer).retry).toBe(true);
  });

  it.each(["UserPromptSubmit", "UserPromptExpansion"])("%s suppressOriginalPrompt: true beats false", async (name) => {
    expect(withinPolicy(name, { suppressOriginalPrompt: false }, { suppressOriginalPrompt: true }).suppressOriginalPrompt).toBe(true);
    const both = await layered(name, [{ decision: "block", reason: "org", output: { suppressOriginalPrompt: true } }], [{ output: { suppressOriginalPrompt: false } }]);
    expect(specific(both.answer).suppressOriginalPrompt).toBe(true);
  });

  it("MessageDisplay displayContent: the baseline's mask is never undone by a team's rewrite", async () => {
    const secret = "AKIAIOSFODNN7EXAMPLE";
    const input = { ...PAYLOADS.MessageDisplay, delta: `the key is ${secret}\n` };
    const mask = { secrets: ["delta"], output: { displayContent: "[hidden by org]" } };
    expect(withinPolicy("MessageDisplay", { displayContent: "a" }, { displayContent: "b" }).displayContent).toBe("a");
    // the baseline masks the original; a team's own rewrite does not replace the mask
    const masked = await layered("MessageDisplay", [mask], [{ output: { displayContent: `still ${secret}` } }], input);
    expect(specific(masked.answer).displayContent).toBe("[hidden by org]");
    // the original is clean but the team's rewrite is not: the baseline judges the rewrite and masks it
    const clean = { ...PAYLOADS.MessageDisplay, delta: "nothing here\n" };
    const rewritten = await layered("MessageDisplay", [mask], [{ output: { displayContent: `now ${secret}` } }], clean);
    expect(specific(rewritten.answer).displayContent).toBe("[hidden by org]");
    const fine = await layered("MessageDisplay", [mask], [{ output: { displayContent: "shorter" } }], clean);
    expect(specific(fine.answer).displayContent).toBe("shorter");
  });

  it("PostToolUse updatedToolOutput/updatedMCPToolOutput: one rewrite of tool_response, the baseline's over the team's", async () => {
    const masked = { stdout: "[masked]", stderr: "", interrupted: false, isImage: false };
    const mcpByTeam = { content: [{ type: "text", text: "the raw output" }] };
    expect(withinPolicy("PostToolUse", { updatedToolOutput: masked }, { updatedToolOutput: { stdout: "x" } }).updatedToolOutput).toEqual(masked);
    const both = await layered("PostToolUse", [{ output: { updatedToolOutput: masked } }], [{ output: { updatedMCPToolOutput: mcpByTeam } }]);
    expect(specific(both.answer)).toMatchObject({ updatedToolOutput: masked });
    expect(specific(both.answer)).not.toHaveProperty("updatedMCPToolOutput");
    // and a baseline that blocks what the team's rewrite shows blocks the call's feedback
    const blocked = await layered("PostToolUse", [{ when: { "tool_response.stdout": "secret" }, decision: "block", reason: "org: secret output" }], [{ output: { updatedToolOutput: { stdout: "a secret" } } }]);
    expect(blocked.answer).toMatchObject({ decision: "block", reason: "org: secret output" });
  });

  it("PostToolUse classifierContext: every handler's note, the baseline's first", async () => {
    expect(withinPolicy("PostToolUse", { classifierContext: "a" }, { classifierContext: "b" }).classifierContext).toBe("a\nb");
    expect(specific((await layered("PostToolUse", [{ output: { classifierContext: "org" } }], [{ output: { classifierContext: "team" } }])).answer).classifierContext).toBe("org\nteam");
  });

  it.each(["SessionStart", "CwdChanged", "FileChanged"])("%s watchPaths: every path either wants watched", async (name) => {
    expect(withinPolicy(name, { watchPaths: ["/a"] }, { watchPaths: [] }, { watchPaths: ["/b", "/a"] }).watchPaths).toEqual(["/a", "/b"]);
    expect(specific((await layered(name, [{ output: { watchPaths: ["/org"] } }], [{ output: { watchPaths: ["/team"] } }])).answer).watchPaths).toEqual(["/org", "/team"]);
  });

  it("SessionStart sessionTitle, initialUserMessage, reloadSkills; UserPromptSubmit sessionTitle; WorktreeCreate worktreePath: the first, the baseline's", async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ["SessionStart", { sessionTitle: "org", initialUserMessage: "org says", reloadSkills: false }, { sessionTitle: "team", initialUserMessage: "team says", reloadSkills: true }],
      ["UserPromptSubmit", { sessionTitle: "org" }, { sessionTitle: "team" }],
      ["WorktreeCreate", { worktreePath: "/org/wt" }, { worktreePath: "/team/wt" }],
    ];
    for (const [name, org, teams] of cases) {
      expect(withinPolicy(name, org, teams)).toEqual(org);
      expect(specific((await layered(name, [{ output: org }], [{ output: teams }])).answer)).toMatchObject(org);
      expect(specific((await layered(name, [], [{ output: teams }])).answer)).toMatchObject(teams);
    }
  });

  it("a junk value a forward answered never beats a value the client takes", () => {
    expect(withinPolicy("Elicitation", { action: "refuse" }, { action: "accept" }).action).toBe("accept");
    expect(withinPolicy("PermissionRequest", { updatedPermissions: "all" }, { updatedPermissions: [denyRule] }).updatedPermissions).toEqual([denyRule]);
  });

  it("Copilot CLI's permissionRequest (the canonical PermissionRequest) carries the combined interrupt with a deny", () => {
    const agg = aggregate([{ id: "a", order: 0, verdict: "deny", reason: "no", output: { interrupt: false } }, outcome(1, { interrupt: true })], ev("PermissionRequest").outputFields);
    expect(COPILOT_WRITERS.permissionRequest.write(agg)).toEqual({ behavior: "deny", message: "no", interrupt: true });
    expect(COPILOT_WRITERS.permissionRequest.write({ ...agg, output: {} })).toEqual({ behavior: "deny", message: "no" });
  });
});
