import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_EVENTS as EVENT_TABLE, eventByName } from "../../src/clients/claude-code/events";
import { aggregate, mergePatch } from "../../src/engine/answer/aggregate";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import type { EventSpec, Verdict } from "../../src/engine/event/eventSpec";
import type { HookEventName } from "../../src/clients/claude-code/events";
import { evaluate, type EvaluationDeps, type JudgeAnswer } from "../../src/engine/evaluate";
import type { HandlerOutcome } from "../../src/engine/answer/outcome";
import { respond } from "../../src/clients/claude-code/answer";
import { claudeCode } from "../../src/clients/claude-code";

const MAX_TEXT = 10_000;
const RANK: Record<Verdict, number> = { allow: 1, ask: 2, defer: 3, deny: 4, block: 5 };

// ---------------------------------------------------------------------------------------------------------
// Arbitraries

const text = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.integer({ min: 9_990, max: 12_000 }).map((n) => "r".repeat(n)) },
);
const key = fc.constantFrom("command", "description", "timeout", "file_path", "nested", "opts");
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const leaf: fc.Arbitrary<Json> = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 12 }));
const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ v: Json }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(key, tie("v"), { maxKeys: 3 }),
  ),
})).v;
/** A merge patch: an object whose values may be null (delete), objects (merge) or anything else (replace). */
const patch = fc.dictionary(key, jsonValue, { minKeys: 1, maxKeys: 4 }) as fc.Arbitrary<Record<string, unknown>>;
const toolInput = fc.dictionary(key, jsonValue, { maxKeys: 4 }) as fc.Arbitrary<Record<string, unknown>>;

/** Valid values for every output field any event takes, to mix with junk. */
const SAMPLE_OUTPUT: Record<string, unknown> = {
  initialUserMessage: "Summarise the open pull requests.",
  sessionTitle: "shop · feat/refunds",
  watchPaths: ["/home/dev/shop/.env"],
  reloadSkills: true,
  suppressOriginalPrompt: true,
  displayContent: "Refactored the refund flow.",
  updatedPermissions: [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm run lint:*" }], behavior: "allow", destination: "session" }],
  interrupt: true,
  updatedToolOutput: { stdout: "ok\n", stderr: "", interrupted: false, isImage: false },
  updatedMCPToolOutput: { content: [{ type: "text", text: "redacted" }] },
  classifierContext: "The user asked for this deploy.",
  retry: true,
  action: "accept",
  content: { environment: "staging" },
  worktreePath: "/home/dev/shop/.claude/worktrees/a3f2",
  terminalSequence: "\u001b]777;notify;Claude Code;done\u0007",
};

const outputFor = (spec: EventSpec) => {
  const keys = [...Object.keys(spec.outputFields), "terminalSequence", "notAField"];
  return fc.dictionary(
    fc.constantFrom(...keys),
    fc.oneof(
      fc.constant(undefined).map(() => null as unknown),
      jsonValue as fc.Arbitrary<unknown>,
      fc.string({ maxLength: 20 }),
      text,
    ),
    { maxKeys: 4 },
  ).chain((junk) =>
    fc.subarray(Object.keys(spec.outputFields)).map((valid) => {
      const out: Record<string, unknown> = { ...junk };
      for (const k of valid) out[k] = SAMPLE_OUTPUT[k];
      return out;
    }),
  );
};

type Draft = Omit<HandlerOutcome, "id" | "order">;
const draftFor = (verdicts: readonly Verdict[], spec?: EventSpec): fc.Arbitrary<Draft> =>
  fc
    .record(
      {
        verdict: verdicts.length > 0 ? fc.option(fc.constantFrom(...verdicts), { nil: undefined }) : fc.constant(undefined),
        reason: fc.option(text, { nil: undefined }),
        additionalContext: fc.option(text, { nil: undefined }),
        systemMessage: fc.option(text, { nil: undefined }),
        updatedInput: fc.option(patch, { nil: undefined }),
        stop: fc.option(fc.constant(true as const), { nil: undefined }),
        stopReason: fc.option(text, { nil: undefined }),
        output: spec ? fc.option(outputFor(spec), { nil: undefined }) : fc.constant(undefined),
        error: fc.option(fc.string({ maxLength: 10 }), { nil: undefined, freq: 8 }),
      },
      { requiredKeys: [] },
    )
    .map((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as Draft);

/** Outcomes in declaration order (order = index, unique ids). */
const withOrder = (drafts: Draft[]): HandlerOutcome[] => drafts.map((d, i) => ({ ...d, id: `h${i}`, order: i }));
const outcomesFor = (verdicts: readonly Verdict[], spec?: EventSpec, maxLength = 8) =>
  fc.array(draftFor(verdicts, spec), { maxLength }).map(withOrder);

const permutationOf = <T>(xs: T[]) => fc.shuffledSubarray(xs, { minLength: xs.length, maxLength: xs.length });

// ---------------------------------------------------------------------------------------------------------
// Reference model (written independently of aggregate.ts)

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** RFC 7386 §2 pseudo-code, literally. */
function refMergePatch(target: unknown, p: unknown): unknown {
  if (!isObj(p)) return p;
  const t: Record<string, unknown> = isObj(target) ? JSON.parse(JSON.stringify(target)) : {};
  for (const name of Object.keys(p)) {
    const value = p[name];
    if (value === null) {
      if (name in t) delete t[name];
    } else t[name] = refMergePatch(t[name], value);
  }
  return t;
}

const finalVerdict = (outcomes: HandlerOutcome[]): Verdict | undefined =>
  outcomes.reduce<Verdict | undefined>((best, o) => (o.verdict === undefined ? best : best === undefined || RANK[o.verdict] > RANK[best] ? o.verdict : best), undefined);

function expectedUpdatedInput(outcomes: HandlerOutcome[], input: Record<string, unknown>): Record<string, unknown> | undefined {
  const v = finalVerdict(outcomes);
  if (v === "deny" || v === "defer" || v === "block") return undefined;
  const eligible = [...outcomes]
    .sort((a, b) => a.order - b.order)
    .filter((o) => o.updatedInput !== undefined && (o.verdict === undefined || o.verdict === "allow" || o.verdict === "ask"));
  if (eligible.length === 0) return undefined;
  return eligible.reduce<unknown>((acc, o) => refMergePatch(acc, o.updatedInput), input) as Record<string, unknown>;
}

const spec = (name: HookEventName) => eventByName(name);
const specific = (answer: Record<string, unknown>) => (answer.hookSpecificOutput ?? {}) as Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------

describe("mergePatch: RFC 7386 Appendix A vectors", () => {
  it.each([
    [{ a: "b" }, { a: "c" }, { a: "c" }],
    [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
    [{ a: "b" }, { a: null }, {}],
    [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
    [{ a: ["b"] }, { a: "c" }, { a: "c" }],
    [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
    [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
    [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
    [["a", "b"], ["c", "d"], ["c", "d"]],
    [{ a: "b" }, ["c"], ["c"]],
    [{ a: "foo" }, null, null],
    [{ a: "foo" }, "bar", "bar"],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: "b", c: null }, { a: "b" }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])("%j + %j = %j", (target, p, expected) => {
    const before = JSON.stringify(target);
    expect(mergePatch(target, p)).toEqual(expected);
    expect(JSON.stringify(target)).toBe(before); // the target is not mutated
  });

  it("agrees with the RFC pseudo-code on arbitrary JSON", () => {
    fc.assert(fc.property(jsonValue, jsonValue, (t, p) => {
        expect(mergePatch(t, p)).toEqual(refMergePatch(t, p));
      }),
    );
  });
});

describe("(a) the aggregate does not depend on the order outcomes are given in", () => {
  it("aggregate() over any verdicts", () => {
    fc.assert(
      fc.property(
        outcomesFor(["allow", "deny", "ask", "defer", "block"]).chain((os) => fc.tuple(fc.constant(os), permutationOf(os))),
        toolInput,
        ([inOrder, shuffled], input) => {
          const before = JSON.stringify(input);
          expect(aggregate(shuffled, {}, input)).toEqual(aggregate(inOrder, {}, input));
          expect(JSON.stringify(input)).toBe(before); // tool_input is never mutated
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(["PreToolUse", "PermissionRequest", "Stop", "UserPromptSubmit"] as const)("respond() for %s", (name) => {
    const s = spec(name);
    fc.assert(
      fc.property(
        outcomesFor(s.verdicts, s).chain((os) => fc.tuple(fc.constant(os), permutationOf(os))),
        toolInput,
        ([inOrder, shuffled], input) => {
          expect(respond(s, aggregate(shuffled, s.outputFields, input))).toEqual(respond(s, aggregate(inOrder, s.outputFields, input)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reasons, contexts and messages are joined in declaration order", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 }), (parts) => {
        const outcomes = parts.map((p, i) => ({ id: `h${i}`, order: i, verdict: "deny" as const, reason: p, additionalContext: p, systemMessage: p }));
        const agg = aggregate([...outcomes].reverse(), {});
        expect(agg.reason).toBe(parts.join("\n"));
        expect(agg.additionalContext).toBe(parts.join("\n\n"));
        expect(agg.systemMessage).toBe(parts.join("\n"));
      }),
    );
  });
});

describe("(b) no handler can weaken a deny or a block", () => {
  const withOne = (v: Verdict, s: EventSpec) =>
    fc
      .tuple(fc.array(draftFor(s.verdicts, s), { maxLength: 7 }), draftFor([v], s).map((d) => ({ ...d, verdict: v })), fc.nat())
      .map(([others, strong, at]) => {
        const drafts = [...others];
        drafts.splice(at % (drafts.length + 1), 0, strong);
        return withOrder(drafts);
      });

  it("PreToolUse: any deny → permissionDecision deny, no updatedInput, reasons only from denies", () => {
    const s = spec("PreToolUse");
    fc.assert(
      fc.property(withOne("deny", s), toolInput, (outcomes, input) => {
        const agg = aggregate(outcomes, s.outputFields, input);
        expect(agg.verdict).toBe("deny");
        expect(agg.updatedInput).toBeUndefined();
        const out = specific(respond(s, agg));
        expect(out.permissionDecision).toBe("deny");
        expect(out).not.toHaveProperty("updatedInput");
        const denyReasons = outcomes.filter((o) => o.verdict === "deny" && o.reason).map((o) => o.reason!);
        if (denyReasons.length > 0) {
          expect(typeof out.permissionDecisionReason).toBe("string");
          const r = out.permissionDecisionReason as string;
          for (const o of outcomes)
            if (o.verdict !== "deny" && o.reason && o.reason.length > 3 && !denyReasons.some((d) => d.includes(o.reason!)))
              expect(r.includes(o.reason), `a ${o.verdict ?? "no"}-verdict reason leaked into the deny`).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(["PreToolUse", "PreSkillShellCommand", "PermissionRequest"] as const)(
    "respond() alone never carries a rewrite beside a deny on %s, even when the aggregate holds one",
    (name) => {
      const s = spec(name);
      fc.assert(
        fc.property(patch, fc.option(text, { nil: undefined }), fc.option(outputFor(s), { nil: undefined }), (updatedInput, reason, output) => {
          const answer = respond(s, { verdict: "deny", reason, updatedInput, output: output ?? {} });
          expect(JSON.stringify(answer)).not.toContain('"updatedInput"');
          expect(JSON.stringify(answer)).not.toContain('"updatedPermissions"');
          const out = specific(answer);
          if (s.answer === "permission") expect(out.permissionDecision).toBe("deny");
          else expect((out.decision as Record<string, unknown>).behavior).toBe("deny");
        }),
        { numRuns: 100 },
      );
    },
  );

  it("PermissionRequest: any deny → behavior deny, no updatedInput or updatedPermissions", () => {
    const s = spec("PermissionRequest");
    fc.assert(
      fc.property(withOne("deny", s), toolInput, (outcomes, input) => {
        const decision = specific(respond(s, aggregate(outcomes, s.outputFields, input))).decision as Record<string, unknown>;
        expect(decision.behavior).toBe("deny");
        expect(decision).not.toHaveProperty("updatedInput");
        expect(decision).not.toHaveProperty("updatedPermissions");
      }),
      { numRuns: 200 },
    );
  });

  it.each(EVENT_TABLE.filter((s) => s.verdicts.includes("block")).map((s) => [s.name, s] as const))("%s: any block → decision block with a reason", (_n, s) => {
    fc.assert(
      fc.property(withOne("block", s), (outcomes) => {
        const answer = respond(s, aggregate(outcomes, s.outputFields));
        expect(answer.decision).toBe("block");
        expect(typeof answer.reason).toBe("string");
        expect((answer.reason as string).length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });

  it("through evaluate(): generated rule sets with a deny always deny, whatever else they say", async () => {
    const ruleDraft = fc.record({
      decision: fc.constantFrom("allow", "ask", "defer", "deny", undefined),
      rewrite: fc.boolean(),
      reason: fc.string({ minLength: 1, maxLength: 10 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(ruleDraft, { maxLength: 6 }), fc.nat(), async (drafts, at) => {
        const rules = drafts.map((d, i) => {
          const h: Record<string, unknown> = { type: "rule", id: `r${i}` };
          if (d.decision) Object.assign(h, { decision: d.decision, reason: d.reason });
          if (d.rewrite && d.decision !== "deny" && d.decision !== "defer") h.updatedInput = { command: `echo ${i}` };
          if (!h.decision && !h.updatedInput) h.additionalContext = d.reason;
          return h;
        });
        rules.splice(at % (rules.length + 1), 0, { type: "rule", id: "the-deny", decision: "deny", reason: "no" });
        const c = compilePolicy({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: rules }] } }, { client: claudeCode });
        if (!c.ok) throw new Error(JSON.stringify(c.error));
        const r = await evaluate(c.value, spec("PreToolUse"), { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } });
        expect(specific(r.answer).permissionDecision).toBe("deny");
        expect(specific(r.answer)).not.toHaveProperty("updatedInput");
      }),
      { numRuns: 100 },
    );
  });
});

describe("(c) every answer validates against the event's output schema", () => {
  const longStrings = (answer: Record<string, unknown>) => {
    const out = specific(answer);
    const decision = isObj(out.decision) ? out.decision : {};
    return [answer.reason, answer.systemMessage, answer.stopReason, out.additionalContext, out.permissionDecisionReason, decision.message].filter(
      (v): v is string => typeof v === "string" && v.length > MAX_TEXT,
    );
  };

  it.each(EVENT_TABLE.map((s) => [s.name, s] as const))("%s", (_n, s) => {
    fc.assert(
      fc.property(outcomesFor(s.verdicts, s), fc.option(toolInput, { nil: undefined }), (outcomes, input) => {
        const answer = respond(s, aggregate(outcomes, s.outputFields, input));
        const parsed = s.output.safeParse(answer);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        if (answer.hookSpecificOutput !== undefined) expect(specific(answer).hookEventName).toBe(s.name);
        expect(longStrings(answer)).toEqual([]);
        // a verdict the event can express always reaches the answer
        const v = finalVerdict(outcomes);
        if (v === "block") expect(answer.decision).toBe("block");
        if (s.answer === "permission" && v !== undefined) expect(specific(answer).permissionDecision).toBe(v);
      }),
      { numRuns: 120 },
    );
  });
});

describe("(d) updatedInput: merge-patch in declaration order, only from allow/ask/none handlers", () => {
  it.each(["PreToolUse", "PermissionRequest", "PreSkillShellCommand"] as const)("%s", (name) => {
    const s = spec(name);
    fc.assert(
      fc.property(
        outcomesFor(s.verdicts, undefined, 6).chain((os) => fc.tuple(fc.constant(os), permutationOf(os))),
        toolInput,
        ([inOrder, shuffled], input) => {
          const expected = expectedUpdatedInput(inOrder, input);
          const agg = aggregate(shuffled, s.outputFields, input);
          expect(agg.updatedInput).toEqual(expected);
          const out = specific(respond(s, agg));
          const v = finalVerdict(inOrder);
          if (s.answer === "permission") {
            if (expected !== undefined) expect(out.updatedInput).toEqual(expected);
            else expect(out).not.toHaveProperty("updatedInput");
          } else {
            const decision = out.decision as Record<string, unknown> | undefined;
            if (v === "allow" && expected !== undefined) expect(decision?.updatedInput).toEqual(expected);
            else expect(decision?.updatedInput).toBeUndefined();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a later patch overrides an earlier one; null deletes; nested objects merge", () => {
    const outcomes: HandlerOutcome[] = [
      { id: "b", order: 1, verdict: "ask", updatedInput: { command: "npm test -- --run", opts: { b: 2, a: null } } },
      { id: "c", order: 2, verdict: "deny", updatedInput: { command: "rm -rf /" } },
      { id: "a", order: 0, updatedInput: { command: "npm test", description: null, opts: { a: 1 } } },
    ];
    // c denies, so the final verdict is deny and nothing is rewritten at all
    expect(aggregate(outcomes, {}, { command: "npm t", description: "tests" }).updatedInput).toBeUndefined();
    const noDeny = outcomes.map((o) => (o.id === "c" ? { ...o, verdict: "allow" as const } : o));
    expect(aggregate(noDeny, {}, { command: "npm t", description: "tests", timeout: 5 }).updatedInput).toEqual({
      command: "rm -rf /",
      timeout: 5,
      opts: { b: 2 },
    });
    const cDefers = outcomes.map((o) => (o.id === "c" ? { ...o, verdict: "defer" as const } : o));
    expect(aggregate(cDefers, {}, { command: "x" }).updatedInput).toBeUndefined();
  });
});

describe("(e) judges resolving in any order and timing give the same answer", () => {
  const policy: CompiledPolicy = (() => {
    const c = compilePolicy({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "rule", id: "ctx", additionalContext: "rule context" },
              { type: "prompt", id: "j-deny", prompt: "a" },
              { type: "rule", id: "rewrite", decision: "allow", reason: "rule allows", updatedInput: { description: "rewritten" } },
              { type: "prompt", id: "j-ask", prompt: "b", decision: "ask", onError: "ask" },
            ],
          },
          {
            hooks: [
              { type: "prompt", id: "j-allow", prompt: "c", decision: "allow", onError: "none" },
              { type: "rule", id: "msg", systemMessage: "rule message" },
              { type: "prompt", id: "j-defer", prompt: "d", decision: "defer" },
              { type: "prompt", id: "j-dry", prompt: "e", mode: "dry-run" },
            ],
          },
        ],
      },
    }, { client: claudeCode });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    return c.value;
  })();
  const judgeIds = ["j-deny", "j-ask", "j-allow", "j-defer", "j-dry"] as const;
  type Scripted = { kind: "ok" } | { kind: "no"; reason: string } | { kind: "throw"; message: string };
  const scripted: fc.Arbitrary<Scripted> = fc.oneof(
    fc.constant({ kind: "ok" as const }),
    fc.record({ kind: fc.constant("no" as const), reason: fc.string({ maxLength: 12 }) }),
    fc.record({ kind: fc.constant("throw" as const), message: fc.string({ minLength: 1, maxLength: 12 }) }),
  );
  const script = fc.record(Object.fromEntries(judgeIds.map((id) => [id, scripted])) as Record<(typeof judgeIds)[number], fc.Arbitrary<Scripted>>);
  const answerOf = (s: Scripted): JudgeAnswer => {
    if (s.kind === "throw") throw new Error(s.message);
    return s.kind === "ok" ? { ok: true } : { ok: false, reason: s.reason };
  };
  const input = { session_id: "s", hook_event_name: "PreToolUse", cwd: "/w", tool_name: "Bash", tool_input: { command: "make deploy", description: "deploy" } };
  const evalWith = (judge: EvaluationDeps["judge"]) => evaluate(policy, spec("PreToolUse"), input, { judge });
  const comparable = (r: Awaited<ReturnType<typeof evaluate>>) => ({ answer: r.answer, aggregate: r.aggregate, fired: r.fired, dryRun: r.dryRun, errors: r.errors });

  it("fc.scheduler: any interleaving", async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), script, async (s, answers) => {
        const reference = await evalWith(async (h) => answerOf(answers[h.id as keyof typeof answers]));
        const pending = evalWith(async (h) => {
          await s.schedule(Promise.resolve(h.id), h.id);
          return answerOf(answers[h.id as keyof typeof answers]);
        });
        await s.waitAll();
        const shuffled = await pending;
        expect(comparable(shuffled)).toEqual(comparable(reference));
      }),
      { numRuns: 150 },
    );
  });

  it("real timers: random delays of 0–20 ms", async () => {
    await fc.assert(
      fc.asyncProperty(script, fc.record(Object.fromEntries(judgeIds.map((id) => [id, fc.integer({ min: 0, max: 20 })])) as Record<string, fc.Arbitrary<number>>), async (answers, delays) => {
        const reference = await evalWith(async (h) => answerOf(answers[h.id as keyof typeof answers]));
        const delayed = await evalWith(async (h) => {
          await new Promise((r) => setTimeout(r, delays[h.id]));
          return answerOf(answers[h.id as keyof typeof answers]);
        });
        expect(comparable(delayed)).toEqual(comparable(reference));
      }),
      { numRuns: 25 },
    );
  });

  it("the reference itself is what the rules say (sanity: not every script gives the same answer)", async () => {
    const all = (kind: "ok" | "no") => Object.fromEntries(judgeIds.map((id) => [id, kind === "ok" ? { ok: true } : { ok: false, reason: `${id} no` }]));
    const yes = all("ok");
    const no = all("no");
    const rYes = await evalWith(async (h) => yes[h.id] as JudgeAnswer);
    const rNo = await evalWith(async (h) => no[h.id] as JudgeAnswer);
    expect(rYes.answer).toEqual({
      systemMessage: "rule message",
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "rule allows",
        updatedInput: { command: "make deploy", description: "rewritten" },
        additionalContext: "rule context",
      },
    });
    expect(rNo.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "j-deny no" } });
    expect(specific(rNo.answer)).not.toHaveProperty("updatedInput");
  });
});

describe("merge patch keeps `__proto__` as data", () => {
  it("a patch key named __proto__ lands in tool_input and changes no prototype", () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "command": "ls"}');
    const merged = mergePatch({ command: "rm" }, patch) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(merged))).toEqual(JSON.parse('{"command":"ls","__proto__":{"polluted":true}}'));
  });
});
