import { describe, expect, it } from "vitest";
import { eventByName } from "../../src/clients/claude-code/events";
import { compilePolicy, type CompiledPolicy, type Problem } from "../../src/engine/policy/compilePolicy";
import { evaluate } from "../../src/engine/evaluate";
import { findCredentials } from "../../src/engine/secrets/credentials";
import { compileRegex } from "../../src/engine/match/linearPattern";
import { compileMatcher } from "../../src/engine/match/matcher";
import { compileRule, matchesCall } from "../../src/engine/match/permissionRule";
import { claudeCode } from "../../src/clients/claude-code";
import { CLAUDE_CODE_TOOLS } from "../../src/clients/claude-code/tools";

/**
 * Patterns never run away (hookgate spec §3.2): each classic catastrophic-backtracking pattern is either compiled
 * for a linear-time engine and answers correctly on a 64 KiB adversarial input, or refused at publish with a clear
 * message. No timing assertions: a backtracking engine would not return at all on these inputs.
 */
const KiB64 = 64 * 1024;

interface Case {
  pattern: string;
  /** adversarial: no match, the worst case for backtracking */
  miss: string;
  /** a large input that does match */
  hit: string;
}
const CASES: Case[] = [
  { pattern: "(a+)+$", miss: `${"a".repeat(KiB64)}!`, hit: "a".repeat(KiB64) },
  { pattern: "(a|a)*b", miss: "a".repeat(KiB64), hit: `${"a".repeat(KiB64)}b` },
  { pattern: "(x+x+)+y", miss: "x".repeat(KiB64), hit: `${"x".repeat(KiB64)}y` },
  { pattern: "^(([a-z])+.)+[A-Z]([a-z])+$", miss: `${"a".repeat(KiB64)}!`, hit: `${"a".repeat(KiB64)}Aa` },
];

const timed = <T>(label: string, f: () => T): T => {
  const started = performance.now();
  const out = f();
  console.log(`${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return out;
};
const timedAsync = async <T>(label: string, f: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const out = await f();
  console.log(`${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return out;
};

const expectClearRefusal = (problems: Problem[], path: string) => {
  expect(problems.map((p) => p.path)).toEqual([path]);
  expect(problems[0]!.message).toMatch(/regular expression|regex/);
};

describe.each(CASES)("$pattern", ({ pattern, miss, hit }) => {
  it("compileRegex: linear, and correct on 64 KiB", () => {
    const r = compileRegex(pattern);
    if (!r.ok) {
      expect(r.error).toMatch(/regex/);
      return;
    }
    expect(timed(`${pattern} miss`, () => r.value.test(miss))).toBe(false);
    expect(timed(`${pattern} hit`, () => r.value.test(hit))).toBe(true);
  });

  it("as a PreToolUse matcher (tested against a 64 KiB tool_name)", async () => {
    const doc = { hooks: { PreToolUse: [{ matcher: pattern, hooks: [{ type: "rule", id: "m", decision: "deny", reason: "matched" }] }] } };
    const c = compilePolicy(doc, { client: claudeCode });
    if (!c.ok) return expectClearRefusal(c.error, "hooks.PreToolUse[0].matcher");
    const m = compileMatcher(pattern, "standard");
    if (!m.ok) throw new Error(m.error);
    expect(m.value(miss)).toBe(false);
    const spec = eventByName("PreToolUse");
    const missR = await timedAsync(`${pattern} matcher miss`, () =>
      evaluate(c.value, spec, { hook_event_name: "PreToolUse", tool_name: miss, tool_input: {} }),
    );
    expect(missR.answer).toEqual({});
    const hitR = await evaluate(c.value, spec, { hook_event_name: "PreToolUse", tool_name: hit, tool_input: {} });
    expect(hitR.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "matched" } });
  });

  it("as a FileChanged (narrow) matcher", () => {
    const m = compileMatcher(pattern, "narrow");
    if (!m.ok) return expect(m.error).toMatch(/regular expression/);
    expect(m.value(miss)).toBe(false);
    expect(m.value(hit)).toBe(true);
  });

  it("as a `when` pattern on a 64 KiB command and prompt", async () => {
    const doc = {
      hooks: {
        PreToolUse: [{ hooks: [{ type: "rule", id: "w", when: { "tool_input.command": pattern }, decision: "deny", reason: "when matched" }] }],
        UserPromptSubmit: [{ hooks: [{ type: "rule", id: "p", when: { prompt: pattern }, decision: "block", reason: "prompt matched" }] }],
      },
    };
    const c = compilePolicy(doc, { client: claudeCode });
    if (!c.ok) {
      expect(c.error.map((p) => p.path).sort()).toEqual(["hooks.PreToolUse[0].hooks[0].when.tool_input.command", "hooks.UserPromptSubmit[0].hooks[0].when.prompt"]);
      for (const p of c.error) expect(p.message).toMatch(/regular expression/);
      return;
    }
    const policy: CompiledPolicy = c.value;
    const pre = (command: string) =>
      evaluate(policy, eventByName("PreToolUse"), { hook_event_name: "PreToolUse", cwd: "/w", tool_name: "Bash", tool_input: { command } });
    const ups = (prompt: string) => evaluate(policy, eventByName("UserPromptSubmit"), { hook_event_name: "UserPromptSubmit", prompt });
    expect((await timedAsync(`${pattern} when miss (Bash)`, () => pre(miss))).answer).toEqual({});
    expect((await pre(hit)).answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "when matched" } });
    expect((await timedAsync(`${pattern} when miss (prompt)`, () => ups(miss))).answer).toEqual({});
    expect((await ups(hit)).answer).toEqual({ decision: "block", reason: "prompt matched" });
  });
});

describe("constructs a linear engine cannot run, or that are too big, are refused with a clear message", () => {
  it.each([
    ["backreference", "(a*)\\1b"],
    ["lookahead", "^(?=(a+)+)b"],
    ["negative lookahead", "(?!(a|a)*b)"],
    ["lookbehind", "(?<=(x+x+)+)y"],
    ["huge repetition", "((a{1000}){1000}){1000}"],
  ])("%s: %s", (_what, pattern) => {
    const c = compilePolicy({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "rule", when: { prompt: pattern }, decision: "block" }] }] } }, { client: claudeCode });
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.error).toHaveLength(1);
    expect(c.error[0]!.path).toBe("hooks.UserPromptSubmit[0].hooks[0].when.prompt");
    expect(c.error[0]!.message).toMatch(/regular expression/);
    expect(c.error[0]!.message.length).toBeLessThan(400);
  });

  it("an over-long pattern source is refused", () => {
    const c = compilePolicy({ hooks: { PreToolUse: [{ matcher: `(${"a|".repeat(3000)}b)`, hooks: [{ type: "rule", decision: "deny" }] }] } }, { client: claudeCode });
    expect(c.ok).toBe(false);
  });
});

describe("permission-rule wildcards are matched without backtracking", () => {
  const A = "a".repeat(KiB64);
  const rule = "Bash(*a*a*a*a*a*a*a*a*b)";

  it("compileRule + matchesCall on 'a' × 65536", () => {
    const r = compileRule(rule, CLAUDE_CODE_TOOLS);
    if (!r.ok) throw new Error(r.error);
    expect(timed(`${rule} miss`, () => matchesCall(r.value, { toolName: "Bash", toolInput: { command: A } }))).toBe(false);
    expect(matchesCall(r.value, { toolName: "Bash", toolInput: { command: `${A}b` } })).toBe(true);
    expect(matchesCall(r.value, { toolName: "Bash", toolInput: { command: "aaaaaaab" } })).toBe(false); // 7 a's: one short
    expect(matchesCall(r.value, { toolName: "Bash", toolInput: { command: "aaaaaaaab" } })).toBe(true);
  });

  it("as `if` and `unless` through evaluate()", async () => {
    const c = compilePolicy({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "rule", id: "wild", if: rule, decision: "deny", reason: "wild" },
              { type: "rule", id: "wild-unless", unless: "Bash(*a*a*a*a*a*a*a*a*c)", additionalContext: "not c" },
            ],
          },
        ],
      },
    }, { client: claudeCode });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    const run = (command: string) =>
      evaluate(c.value, eventByName("PreToolUse"), { hook_event_name: "PreToolUse", cwd: "/w", tool_name: "Bash", tool_input: { command } });
    const miss = await timedAsync(`${rule} via evaluate, miss`, () => run(A));
    expect(miss.fired).toEqual(["wild-unless"]);
    expect((await run(`${A}b`)).answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", additionalContext: "not c" } });
    expect((await run(`${A}c`)).fired).toEqual([]);
  });

  it("many parts of a long compound command: examined up to the cap, failing closed beyond it", async () => {
    const c = compilePolicy({ hooks: { PreToolUse: [{ hooks: [{ type: "rule", if: rule, decision: "deny", reason: "wild" }] }] } }, { client: claudeCode });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    const part = `${"a".repeat(60)}`;
    const run = (command: string) =>
      evaluate(c.value, eventByName("PreToolUse"), { hook_event_name: "PreToolUse", cwd: "/w", tool_name: "Bash", tool_input: { command } });
    const command = Array.from({ length: 250 }, () => part).join(" && ");
    expect((await timedAsync("250-part compound command", () => run(command))).answer).toEqual({});
    expect((await run(`${command} && ${part}b`)).answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "wild" } });
    // Beyond the cap of simple commands per call: the rule could not be checked everywhere, so the policy's
    // failure verdict, with a reason that says why.
    const huge = Array.from({ length: 1000 }, () => part).join(" && ");
    const r = await timedAsync("1,000-part compound command", () => run(huge));
    expect(r.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: expect.stringMatching(/could not examine this call in full: the command is too large/) } });
  });

  it("file-rule globs with many stars on a long path; a path longer than any real one fails closed", async () => {
    const c = compilePolicy({ hooks: { PreToolUse: [{ hooks: [{ type: "rule", if: "Read(**/*a*a*a*a*a*a*a*a*b)", decision: "deny", reason: "glob" }] }] } }, { client: claudeCode });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    const read = (file_path: string) =>
      evaluate(c.value, eventByName("PreToolUse"), { hook_event_name: "PreToolUse", cwd: "/w", tool_name: "Read", tool_input: { file_path } });
    const deep = `/w/${Array.from({ length: 15 }, () => "a".repeat(250)).join("/")}`;
    expect((await timedAsync("glob miss on a deep path", () => read(`${deep}/${"a".repeat(250)}`))).answer).toEqual({});
    expect((await read(`${deep}/${"a".repeat(240)}b`)).answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "glob" } });
    const tooLong = await timedAsync("a 64 KiB path", () => read(`/w/${A}`));
    expect(tooLong.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: expect.stringMatching(/longer than any real path/) } });
  });
});

describe("the secrets condition on 64 KiB of each shape's near misses", () => {
  // Each unit repeats a token shape's prefix (or an assignment, a URL's credentials) just short of a match: where a
  // backtracking pattern would retry every start against the whole rest, findCredentials must stay linear and
  // still answer (nothing found; then a real token appended is found).
  const UNITS = [
    "hvs.", "s.aB1", "ops_eyJ+a ", "secret_a1", "dp.pt.", "dp.st.a.", "sntrys_eyJ ", "sbp_", "pscale_tkn_ ", "fm2_+ ", "rnd_a", "HRKU-AA ",
    "PMAK-a-", "ATATT3= ", "a.atlasv1.", "r8_a", "key-a", "whsec_", "AGE-SECRET-KEY-1Q", "TOKEN=a;", "a://b:c", "x://:Ab1@", '"api_key": "',
  ];
  const found = `\nCLOUDFLARE_API_TOKEN=dFYAjYJwHmnJB7gCpHDqYKsSs7gJ4XHzwrevqbKm`;
  it.each(UNITS)("%s", (unit) => {
    const text = unit.repeat(Math.ceil(KiB64 / unit.length)).slice(0, KiB64);
    expect(timed(`secrets on ${unit} x64 KiB`, () => findCredentials(text))).toEqual([]);
    expect(findCredentials(text + found)).toContain("secret-named value");
  });
});
