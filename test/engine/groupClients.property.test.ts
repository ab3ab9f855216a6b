// A matcher group's `clients` (docs/policy.md): the group applies to the clients it names and to no other, whichever
// client the input comes from (a client's own routes, or another client calling them: Copilot CLI on Claude's); the
// trace says when a group was skipped for its client; a name that is no client's is a compile problem, never a group
// that silently never fires.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { eventByName } from "../../src/clients/claude-code/events";
import { CLIENT_NAMES } from "../../src/clients/names";
import { evaluate } from "../../src/engine/evaluate";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";

const compiled = (doc: unknown): CompiledPolicy => {
  const r = compilePolicy(doc, { client: claudeCode, clientNames: CLIENT_NAMES });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

const bash = (command: string) => ({
  session_id: "s",
  transcript_path: "/home/dev/.claude/projects/x/s.jsonl",
  cwd: "/home/dev",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command },
  tool_use_id: "t1",
});
const PRE = eventByName("PreToolUse");

/** Two groups: a deny for the named clients only, and an unconditional context for every client. */
const policyFor = (clients: readonly string[]) => ({
  hooks: {
    PreToolUse: [
      { matcher: "Bash", clients, hooks: [{ type: "rule", id: "only", if: "Bash(rm *)", decision: "deny", reason: "not here" }] },
      { hooks: [{ type: "rule", id: "all", additionalContext: "every client" }] },
    ],
  },
});

const subset = fc.subarray([...CLIENT_NAMES], { minLength: 1 });

describe("a group's clients", () => {
  it("applies to exactly the clients it names; the trace names the skipped group and why", async () => {
    await fc.assert(
      fc.asyncProperty(subset, fc.constantFrom(...CLIENT_NAMES), async (clients, client) => {
        const policy = compiled(policyFor(clients));
        const e = await evaluate(policy, PRE, bash("rm -rf /tmp/x"), {}, { explain: true, client });
        const named = clients.includes(client);
        expect(e.trace.client).toBe(client);
        expect(e.aggregate.verdict === "deny").toBe(named);
        expect(e.fired.includes("only")).toBe(named);
        // The group for every client applies whatever the first did.
        expect(e.fired).toContain("all");
        const g0 = e.trace.groups.find((g) => g.index === 0)!;
        if (named) {
          expect(g0.skippedFor).toBeUndefined();
          expect(g0.matched).toBe(true);
        } else {
          expect(g0.skippedFor).toEqual(clients);
          expect(g0.matched).toBe(false);
          expect(e.trace.handlers.find((h) => h.id === "only")?.why).toBe(`the group is for ${clients.join(", ")} only, not ${client}`);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("without clients, a group applies to every client alike", async () => {
    const policy = compiled({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision: "deny" }] }] } });
    for (const client of CLIENT_NAMES) {
      const e = await evaluate(policy, PRE, bash("rm -rf /"), {}, { client });
      expect(e.aggregate.verdict).toBe("deny");
      expect(e.trace.groups[0]?.skippedFor).toBeUndefined();
    }
  });

  it("is checked per input's client, not per compiled client: one compiled policy serves each caller", async () => {
    const policy = compiled(policyFor(["copilot-cli"]));
    expect((await evaluate(policy, PRE, bash("rm -rf /"), {}, { client: "claude-code" })).aggregate.verdict).toBeUndefined();
    expect((await evaluate(policy, PRE, bash("rm -rf /"), {}, { client: "copilot-cli" })).aggregate.verdict).toBe("deny");
  });

  it("refuses a name that is no client's, at its path, with the near one and the list", () => {
    const r = compilePolicy(policyFor(["claude-code", "copliot-cli"]), { client: claudeCode, clientNames: CLIENT_NAMES });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual([
      { path: "hooks.PreToolUse[0].clients[1]", message: `unknown client "copliot-cli" (did you mean "copilot-cli"?); the clients are ${CLIENT_NAMES.join(", ")}` },
    ]);
  });

  it("refuses any random name outside the list, and accepts every subset of it", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !(CLIENT_NAMES as readonly string[]).includes(s)), subset, (bad, good) => {
        const r = compilePolicy(policyFor([...good, bad]), { client: claudeCode, clientNames: CLIENT_NAMES });
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.map((p) => p.path)).toEqual([`hooks.PreToolUse[0].clients[${good.length}]`]);
        expect(compilePolicy(policyFor(good), { client: claudeCode, clientNames: CLIENT_NAMES }).ok).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("without the service's client names, only the client compiled for may be named (refused, not dropped)", () => {
    expect(compilePolicy(policyFor(["claude-code"]), { client: claudeCode }).ok).toBe(true);
    const r = compilePolicy(policyFor(["codex"]), { client: claudeCode });
    expect(r.ok ? [] : r.error.map((p) => p.path)).toEqual(["hooks.PreToolUse[0].clients[0]"]);
  });

  it("refuses an empty list and a non-list (the schema)", () => {
    for (const clients of [[], "codex", [1]]) {
      const r = compilePolicy({ hooks: { PreToolUse: [{ clients, hooks: [{ type: "rule", decision: "deny" }] }] } }, { client: claudeCode, clientNames: CLIENT_NAMES });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.some((p) => p.path.startsWith("hooks.PreToolUse[0].clients"))).toBe(true);
    }
  });
});
