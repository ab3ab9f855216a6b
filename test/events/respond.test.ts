import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CLAUDE_CODE_EVENTS as EVENT_TABLE, eventByName } from "../../src/clients/claude-code/events";
import type { EventSpec, Verdict } from "../../src/engine/event/eventSpec";
import type { HookEventName } from "../../src/clients/claude-code/events";
import { TRUNCATION_MARKER } from "../../src/engine/event/hookOutput";
import type { Aggregate } from "../../src/engine/answer/outcome";
import { DEFAULT_BLOCK_REASON, respond } from "../../src/clients/claude-code/answer";
import { FIRST, outputField } from "../../src/engine/event/outputField";

const spec = (name: HookEventName): EventSpec => eventByName(name);
const issues = (s: EventSpec, answer: unknown) => s.output.safeParse(answer).error?.issues ?? [];

const BEL_NOTIFY = "\u001b]777;notify;Claude Code;Needs permission\u0007";

/** A valid value for every output field any event takes. */
const SAMPLE_OUTPUT: Record<string, unknown> = {
  initialUserMessage: "Summarise the open pull requests.",
  sessionTitle: "shop · feat/refunds",
  watchPaths: ["/home/dev/shop/.env", "C:\\Users\\ana\\shop\\.env"],
  reloadSkills: true,
  suppressOriginalPrompt: true,
  displayContent: "Refactored the refund flow.",
  updatedPermissions: [
    { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm run lint:*" }], behavior: "allow", destination: "session" },
  ],
  interrupt: true,
  updatedToolOutput: { stdout: "ok\n", stderr: "", interrupted: false, isImage: false },
  updatedMCPToolOutput: { content: [{ type: "text", text: "redacted" }] },
  classifierContext: "The user asked for this deploy in the prompt.",
  retry: true,
  action: "accept",
  content: { environment: "staging" },
  worktreePath: "/home/dev/shop/.claude/worktrees/bold-oak-a3f2",
  terminalSequence: BEL_NOTIFY,
};

const rich = (s: EventSpec, verdict?: Verdict): Aggregate => ({
  verdict,
  reason: "Policy reason.",
  additionalContext: "Context for Claude.",
  systemMessage: "Note for the user.",
  updatedInput: { command: "npm run build", description: "Build" },
  stop: { reason: "Stopped by policy." },
  output: { ...Object.fromEntries(Object.keys(s.outputFields).map((k) => [k, SAMPLE_OUTPUT[k]])), terminalSequence: BEL_NOTIFY },
});

const agg = (a: Partial<Aggregate>): Aggregate => ({ output: {}, ...a });

describe("respond(): every event", () => {
  it("has a sample for every output field in the table", () => {
    for (const s of EVENT_TABLE) for (const k of Object.keys(s.outputFields)) expect(SAMPLE_OUTPUT, `${s.name}.${k}`).toHaveProperty(k);
  });

  it.each(EVENT_TABLE.map((s) => [s.name, s] as const))("%s: an empty aggregate is {}", (_name, s) => {
    expect(respond(s, agg({}))).toEqual({});
    expect(respond(s, agg({ reason: "a reason with no verdict", stop: undefined }))).toEqual({});
  });

  it.each(EVENT_TABLE.map((s) => [s.name, s] as const))("%s: rich aggregates give valid answers", (_name, s) => {
    for (const verdict of [undefined, ...s.verdicts]) {
      const answer = respond(s, rich(s, verdict));
      expect(issues(s, answer), `${s.name} ${verdict}`).toEqual([]);
      // What the event honours is there.
      if (s.topLevel.includes("systemMessage")) expect(answer.systemMessage).toBe("Note for the user.");
      if (s.topLevel.includes("continue")) expect(answer).toMatchObject({ continue: false, stopReason: "Stopped by policy." });
      if (s.topLevel.includes("terminalSequence")) expect(answer.terminalSequence).toBe(BEL_NOTIFY);
      const specific = (answer.hookSpecificOutput ?? {}) as Record<string, unknown>;
      if (s.additionalContext && verdict !== "defer") expect(specific.additionalContext).toBe("Context for Claude.");
      if (s.answer !== "permissionRequest")
        for (const k of Object.keys(s.outputFields)) expect(specific[k], `${s.name}.${k}`).toEqual(SAMPLE_OUTPUT[k]);
    }
  });

  it.each(EVENT_TABLE.map((s) => [s.name, s] as const))("%s: verdicts it cannot express are not emitted", (_name, s) => {
    for (const v of ["allow", "deny", "ask", "defer", "block"] as const) {
      if (s.verdicts.includes(v)) continue;
      expect(respond(s, agg({ verdict: v, reason: "r" })), `${s.name} ${v}`).toEqual({});
    }
  });
});

describe("respond(): permission events", () => {
  const pre = spec("PreToolUse");
  const editInput = {
    file_path: "/home/dev/shop/src/config/prod.ts",
    old_string: 'export const API_URL = "https://api.internal";',
    new_string: 'export const API_URL = process.env.API_URL ?? "https://api.internal";',
    replace_all: false,
  };

  it("PreToolUse deny: reason to Claude, no rewrite", () => {
    expect(
      respond(pre, agg({ verdict: "deny", reason: "Policy: recursive rm is not allowed.", updatedInput: { command: "ls" } })),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "Policy: recursive rm is not allowed.",
      },
    });
  });

  it("PreToolUse ask + updatedInput + context (§7.2)", () => {
    expect(
      respond(pre, agg({ verdict: "ask", reason: "prod.ts is production config.", updatedInput: editInput, additionalContext: "Overrides belong in .env.local." })),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "prod.ts is production config.",
        updatedInput: editInput,
        additionalContext: "Overrides belong in .env.local.",
      },
    });
  });

  it("PreToolUse allow + context (§7.3)", () => {
    expect(
      respond(pre, agg({ verdict: "allow", reason: "pre-approved", additionalContext: "Add the label 'flaky-test'." })),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "pre-approved",
        additionalContext: "Add the label 'flaky-test'.",
      },
    });
  });

  it("PreToolUse defer carries nothing but the decision", () => {
    expect(
      respond(pre, agg({ verdict: "defer", reason: "r", updatedInput: editInput, additionalContext: "c" })),
    ).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "defer" } });
  });

  it("PreToolUse with no verdict still carries a rewrite and context", () => {
    expect(respond(pre, agg({ updatedInput: editInput, additionalContext: "c", reason: "ignored" }))).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: editInput, additionalContext: "c" },
    });
  });

  it("PreToolUse continue:false and systemMessage sit at top level", () => {
    expect(respond(pre, agg({ verdict: "deny", reason: "r", stop: { reason: "Ending the turn." }, systemMessage: "m" }))).toEqual({
      continue: false,
      stopReason: "Ending the turn.",
      systemMessage: "m",
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "r" },
    });
    expect(respond(pre, agg({ stop: {} }))).toEqual({ continue: false });
  });

  it("PreModelSwitch and PreSkillShellCommand take only their fields", () => {
    expect(respond(spec("PreModelSwitch"), agg({ verdict: "deny", reason: "Opus is not approved.", updatedInput: { a: 1 }, additionalContext: "c" }))).toEqual({
      hookSpecificOutput: { hookEventName: "PreModelSwitch", permissionDecision: "deny", permissionDecisionReason: "Opus is not approved." },
    });
    expect(respond(spec("PreSkillShellCommand"), agg({ verdict: "allow", updatedInput: { command: "git log -5" }, additionalContext: "c" }))).toEqual({
      hookSpecificOutput: { hookEventName: "PreSkillShellCommand", permissionDecision: "allow", updatedInput: { command: "git log -5" } },
    });
  });

  const pr = spec("PermissionRequest");
  const updatedPermissions = [
    { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm run lint:*" }], behavior: "allow", destination: "session" },
  ];

  it("PermissionRequest allow + updatedPermissions (§7.8)", () => {
    expect(respond(pr, agg({ verdict: "allow", reason: "lint is fine", output: { updatedPermissions, interrupt: true } }))).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedPermissions } },
    });
    expect(respond(pr, agg({ verdict: "allow", updatedInput: { command: "npm run lint" } }))).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: { command: "npm run lint" } } },
    });
  });

  it("PermissionRequest deny + interrupt", () => {
    expect(
      respond(pr, agg({ verdict: "deny", reason: "Lint autofix is disabled on release branches", updatedInput: { x: 1 }, output: { interrupt: false, updatedPermissions } })),
    ).toEqual({
      hookSpecificOutput: {
        hookEventName: "PermissionRequest",
        decision: { behavior: "deny", message: "Lint autofix is disabled on release branches", interrupt: false },
      },
    });
  });

  it("PermissionRequest ask is no decision: {}", () => {
    expect(respond(pr, agg({ verdict: "ask", reason: "a human decides", updatedInput: { a: 1 }, output: { updatedPermissions, interrupt: true } }))).toEqual({});
  });

  it("PermissionRequest drops an invalid updatedPermissions entry set", () => {
    const bad = [{ type: "setMode", mode: "yolo", destination: "session" }];
    expect(respond(pr, agg({ verdict: "allow", output: { updatedPermissions: bad } }))).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
  });
});

describe("respond(): blocking and output-only events", () => {
  it("Stop block, with the policy's reason or a default one", () => {
    const stop = spec("Stop");
    expect(respond(stop, agg({ verdict: "block", reason: "Run `npm test -- refunds` first." }))).toEqual({
      decision: "block",
      reason: "Run `npm test -- refunds` first.",
    });
    expect(respond(stop, agg({ verdict: "block" }))).toEqual({ decision: "block", reason: DEFAULT_BLOCK_REASON });
    expect(respond(stop, agg({ verdict: "block", reason: "" }))).toEqual({ decision: "block", reason: DEFAULT_BLOCK_REASON });
    expect(respond(spec("SubagentStop"), agg({ verdict: "block" }))).toEqual({ decision: "block", reason: DEFAULT_BLOCK_REASON });
    expect(respond(stop, agg({ additionalContext: "Please run the tests." }))).toEqual({
      hookSpecificOutput: { hookEventName: "Stop", additionalContext: "Please run the tests." },
    });
  });

  it("UserPromptSubmit block (§7.5)", () => {
    const reason = "Your prompt contained what looks like a live Stripe secret key. It was not sent.";
    expect(respond(spec("UserPromptSubmit"), agg({ verdict: "block", reason, output: { suppressOriginalPrompt: true } }))).toEqual({
      decision: "block",
      reason,
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", suppressOriginalPrompt: true },
    });
    expect(respond(spec("UserPromptSubmit"), agg({ additionalContext: "Current branch: feat/refunds.", output: { sessionTitle: "Refund order 1042" } }))).toEqual({
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "Current branch: feat/refunds.", sessionTitle: "Refund order 1042" },
    });
  });

  it("PostToolUse block + context (§7.4)", () => {
    expect(
      respond(spec("PostToolUse"), agg({ verdict: "block", reason: "src/generated/ is produced by `bun generate`.", additionalContext: "Edit src/schema.ts instead." })),
    ).toEqual({
      decision: "block",
      reason: "src/generated/ is produced by `bun generate`.",
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Edit src/schema.ts instead." },
    });
  });

  it("PostToolUse cuts classifierContext to 2,000 characters", () => {
    const answer = respond(spec("PostToolUse"), agg({ output: { classifierContext: "c".repeat(5_000) } }));
    const cc = (answer.hookSpecificOutput as Record<string, string>).classifierContext!;
    expect(cc.length).toBe(2_000);
    expect(cc.endsWith(TRUNCATION_MARKER)).toBe(true);
  });

  it("ConfigChange block keeps its reason but no message or continue", () => {
    expect(respond(spec("ConfigChange"), agg({ verdict: "block", reason: "r", systemMessage: "m", stop: {} }))).toEqual({ decision: "block", reason: "r" });
  });

  it("Elicitation answers with an action", () => {
    expect(respond(spec("Elicitation"), agg({ output: { action: "decline" } }))).toEqual({
      hookSpecificOutput: { hookEventName: "Elicitation", action: "decline" },
    });
    expect(respond(spec("Elicitation"), agg({ output: { action: "accept", content: { environment: "staging" } }, systemMessage: "m" }))).toEqual({
      hookSpecificOutput: { hookEventName: "Elicitation", action: "accept", content: { environment: "staging" } },
    });
    expect(respond(spec("Elicitation"), agg({ output: { action: "approve" } }))).toEqual({});
  });

  it("WorktreeCreate answers with its path", () => {
    const worktreePath = "/home/dev/shop/.claude/worktrees/bold-oak-a3f2";
    expect(respond(spec("WorktreeCreate"), agg({ output: { worktreePath }, systemMessage: "m", stop: {} }))).toEqual({
      hookSpecificOutput: { hookEventName: "WorktreeCreate", worktreePath },
    });
    expect(respond(spec("WorktreeCreate"), agg({ output: { worktreePath: "" } }))).toEqual({});
  });

  it("SessionStart outputs (§7.7)", () => {
    expect(
      respond(spec("SessionStart"), agg({
        additionalContext: "Deploy freeze until Friday 18:00 UTC.",
        systemMessage: "hookgate: team policy loaded",
        output: {
          sessionTitle: "shop · feat/refunds",
          initialUserMessage: "Summarise the open PRs.",
          watchPaths: ["/home/dev/shop/.env"],
          reloadSkills: false,
        },
      })),
    ).toEqual({
      systemMessage: "hookgate: team policy loaded",
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: "Deploy freeze until Friday 18:00 UTC.",
        sessionTitle: "shop · feat/refunds",
        initialUserMessage: "Summarise the open PRs.",
        watchPaths: ["/home/dev/shop/.env"],
        reloadSkills: false,
      },
    });
    // A relative watch path is not a valid watchPaths value: the field is left out.
    expect(respond(spec("SessionStart"), agg({ output: { watchPaths: ["src/.env"] } }))).toEqual({});
  });

  it("Notification: only terminalSequence survives", () => {
    const n = spec("Notification");
    expect(respond(n, rich(n, "block"))).toEqual({ terminalSequence: BEL_NOTIFY });
    expect(respond(n, agg({ output: { terminalSequence: "\u0007".repeat(10_001) } }))).toEqual({});
    // A colour code is not an OSC sequence the client allows: it would be ignored, so it is not sent.
    expect(respond(n, agg({ output: { terminalSequence: "\u001b[31m" } }))).toEqual({});
    expect(respond(n, agg({ output: { terminalSequence: "\u001b]0;shop\u001b\\" } }))).toEqual({ terminalSequence: "\u001b]0;shop\u001b\\" });
  });

  it("events whose output is discarded answer {} whatever the aggregate", () => {
    for (const name of ["InstructionsLoaded", "WorktreeRemove", "PostCompact", "SessionEnd"] as const) {
      const s = spec(name);
      expect(respond(s, rich(s, "block")), name).toEqual({});
    }
  });

  it("truncates long strings to 10,000 characters with a marker", () => {
    const long = "é".repeat(15_000);
    const answer = respond(spec("PostToolUse"), agg({ verdict: "block", reason: long, additionalContext: long, systemMessage: long, stop: { reason: long } }));
    expect(issues(spec("PostToolUse"), answer)).toEqual([]);
    for (const v of [answer.reason, answer.systemMessage, answer.stopReason, (answer.hookSpecificOutput as Record<string, unknown>).additionalContext]) {
      expect((v as string).length).toBe(10_000);
      expect((v as string).endsWith(TRUNCATION_MARKER)).toBe(true);
    }
    // A surrogate pair is never split.
    const emoji = respond(spec("Stop"), agg({ verdict: "block", reason: `a${"😀".repeat(6_000)}` })).reason as string;
    expect(emoji.length).toBeLessThanOrEqual(10_000);
    expect(emoji.isWellFormed()).toBe(true);
  });
});

describe("respond(): last-resort check", () => {
  it("keeps the verdict when a spec's output field and answer schema disagree", () => {
    const stop = spec("Stop");
    const drifted: EventSpec = { ...stop, outputFields: { notInTheAnswer: outputField(z.string(), FIRST) } };
    expect(respond(drifted, agg({ verdict: "block", reason: "r", output: { notInTheAnswer: "x" } }))).toEqual({ decision: "block", reason: "r" });
    const pre = spec("PreToolUse");
    const driftedPre: EventSpec = { ...pre, outputFields: { notInTheAnswer: outputField(z.string(), FIRST) } };
    expect(respond(driftedPre, agg({ verdict: "deny", reason: "r", output: { notInTheAnswer: "x" } }))).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "r" },
    });
  });
});

describe("respond(): property", () => {
  const longString = fc
    .tuple(fc.string({ minLength: 1, maxLength: 3, unit: "binary" }), fc.integer({ min: 9_000, max: 20_000 }))
    .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n));
  const str = fc.oneof(fc.string(), fc.string({ unit: "binary" }), longString);
  const value = fc.oneof(
    str,
    fc.anything(),
    fc.array(str, { maxLength: 3 }),
    fc.constantFrom(...Object.values(SAMPLE_OUTPUT)),
  );
  const knownKeys = [...new Set(EVENT_TABLE.flatMap((s) => Object.keys(s.outputFields))), "terminalSequence"];
  const output = fc
    .tuple(
      fc.record(Object.fromEntries(knownKeys.map((k) => [k, fc.oneof(fc.constant(SAMPLE_OUTPUT[k]), value)])), { requiredKeys: [] }),
      fc.dictionary(fc.string(), fc.anything(), { maxKeys: 3 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }) as Record<string, unknown>);
  const aggregateArb: fc.Arbitrary<Aggregate> = fc.record(
    {
      verdict: fc.constantFrom<Verdict>("allow", "deny", "ask", "defer", "block"),
      reason: str,
      additionalContext: str,
      systemMessage: str,
      updatedInput: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.anything() as fc.Arbitrary<Record<string, unknown>>),
      stop: fc.record({ reason: str }, { requiredKeys: [] }),
      output,
    },
    { requiredKeys: ["output"] },
  );

  it.each(EVENT_TABLE.map((s) => [s.name, s] as const))("%s: every aggregate gives a valid answer", (_name, s) => {
    fc.assert(
      fc.property(aggregateArb, (a) => {
        const answer = respond(s, a);
        expect(issues(s, answer)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
