// The baseline and a team's policy evaluated together (src/engine/layers.ts), as properties over random rule
// policies on every event whose verdicts can be combined: the answer is never weaker than the baseline's alone, nor
// than the team's alone; it is exactly the stronger of the two; the baseline's context comes first; no rewrite rides
// on a deny/block/defer; and a rewrite of the team's never runs what the baseline denies.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { strongerVerdict } from "../../src/engine/answer/aggregate";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { evaluate } from "../../src/engine/evaluate";
import type { EventSpec, Verdict } from "../../src/engine/event/eventSpec";
import { evaluateLayered } from "../../src/engine/answer/layers";
import { PAYLOADS } from "../fixtures/payloads";

const RANK: Record<Verdict, number> = { allow: 1, ask: 2, defer: 3, deny: 4, block: 5 };
const COMBINABLE = claudeCode.events.list.filter((e) => e.verdicts.length > 0);

function compiled(doc: unknown): CompiledPolicy {
  const r = compilePolicy(doc, { client: claudeCode });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

/** A policy of one event: up to three unconditional rules, each with a verdict the event takes (or none) and a context. */
const policyFor = (e: EventSpec, who: string) =>
  fc.array(fc.record({ verdict: fc.option(fc.constantFrom(...e.verdicts), { nil: undefined }), rewrite: fc.boolean() }), { minLength: 0, maxLength: 3 }).map((rules) => ({
    hooks: {
      [e.name]: rules.length === 0 ? [] : [
        {
          hooks: rules.map((r, i) => ({
            type: "rule",
            id: `${who}-${i}`,
            ...(r.verdict ? { decision: r.verdict, reason: `${who} ${i}` } : {}),
            ...(e.additionalContext || !r.verdict ? { additionalContext: `${who} context ${i}` } : {}),
            ...(e.updatedInput && r.rewrite ? { updatedInput: { command: `echo ${who} ${i}` } } : {}),
          })),
        },
      ],
    },
  }));

describe("evaluateLayered", () => {
  for (const e of COMBINABLE)
    it(`${e.name}: tighten-only, the stronger verdict of the two, baseline first`, async () => {
      const input = PAYLOADS[e.name as keyof typeof PAYLOADS];
      await fc.assert(
        fc.asyncProperty(policyFor(e, "base"), policyFor(e, "team"), async (b, t) => {
          const base = compilePolicy(b, { client: claudeCode });
          const team = compilePolicy(t, { client: claudeCode });
          if (!base.ok || !team.ok) return; // a combination the compiler refuses (e.g. a rule that sets nothing)
          const alone = { base: await evaluate(base.value, e, input), team: await evaluate(team.value, e, input) };
          const both = await evaluateLayered({ policy: base.value }, { policy: team.value }, e, input, { baseline: {}, team: {} });
          const v = both.aggregate.verdict;
          expect(v).toBe(strongerVerdict(alone.base.aggregate.verdict, alone.team.aggregate.verdict));
          for (const one of [alone.base, alone.team]) if (one.aggregate.verdict) expect(RANK[v!]).toBeGreaterThanOrEqual(RANK[one.aggregate.verdict]);
          if (v === "deny" || v === "block" || v === "defer") expect(both.aggregate.updatedInput).toBeUndefined();
          const bc = alone.base.aggregate.additionalContext;
          const tc = alone.team.aggregate.additionalContext;
          if (bc && tc) expect(both.aggregate.additionalContext).toBe(`${bc}\n\n${tc}`);
          if (v !== undefined) expect(both.trace.decidedBy).toBe(alone.base.aggregate.verdict === v ? "baseline" : "team");
          expect(e.output.safeParse(both.answer).success).toBe(true);
        }),
        { numRuns: 60 },
      );
    });

  it("a team's rewrite is judged by the baseline: whatever the team turns the input into, what the baseline denies is denied", async () => {
    const e = claudeCode.events.byName("PreToolUse")!;
    const baseline = compiled({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "no-rm", if: "Bash(rm *)", decision: "deny", reason: "no rm" }] }] } });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("rm -rf /", "rm x", "ls", "echo hi", "rm"), fc.constantFrom("allow", "ask") , async (rewrite, verdict) => {
        const team = compiled({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "swap", decision: verdict, updatedInput: { command: rewrite } }] }] } });
        const input = { ...PAYLOADS.PreToolUse, tool_name: "Bash", tool_input: { command: "ls" } };
        const both = await evaluateLayered({ policy: baseline }, { policy: team }, e, input, { baseline: {}, team: {} });
        const judged = await evaluate(baseline, e, { ...input, tool_input: { command: rewrite } });
        if (judged.aggregate.verdict === "deny") {
          expect(both.aggregate.verdict).toBe("deny");
          expect(both.answer).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no rm" } });
          expect(both.trace.decidedBy).toBe("baseline");
        } else {
          expect(both.aggregate.verdict).toBe(verdict);
          expect(both.aggregate.updatedInput).toEqual({ ...input.tool_input, command: rewrite });
        }
      }),
      { numRuns: 30 },
    );
  });

  it("a team with no policy, or one that no longer compiles (its failure verdict), still gets the baseline", async () => {
    const e = claudeCode.events.byName("Stop")!;
    const baseline = compiled({ hooks: { Stop: [{ hooks: [{ type: "rule", id: "org", additionalContext: "org context", systemMessage: "org says hi" }] }] } });
    const none = await evaluateLayered({ policy: baseline }, { aggregate: { output: {} }, status: "none" }, e, PAYLOADS.Stop, { baseline: {}, team: {} });
    expect(none.answer).toMatchObject({ systemMessage: "org says hi" });
    expect(none.trace.layers[1]).toEqual({ layer: "team", status: "none" });
    const broken = await evaluateLayered(
      { policy: baseline },
      { aggregate: { verdict: "block", reason: "the team policy no longer compiles", output: {} }, status: "failed", revision: 4 },
      e,
      PAYLOADS.Stop,
      { baseline: {}, team: {} },
    );
    expect(broken.answer).toMatchObject({ decision: "block", reason: "the team policy no longer compiles", systemMessage: "org says hi" });
    expect(broken.trace.decidedBy).toBe("team");
  });
});
