// A test file with problems is reported like `hookgate check` reports a policy: every problem, at its path, with a
// suggestion where one is likely; nothing of it runs.
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { runSuite } from "../../src/policyTest/suite";
import { cases, problems, results, suite } from "./fixtures";

const problemsOf = async (list: unknown[], extra: Record<string, unknown> = {}) => {
  const r = await cases(list, extra);
  expect(results(r)).toEqual([]);
  expect(r.problemFiles).toBe(1);
  return problems(r);
};

describe("test-file problems", () => {
  it("unknown keys, with did-you-mean, at every level", async () => {
    expect(await problemsOf([{ Bsh: "ls", expcet: "none" }], { defautls: {} })).toEqual([
      'p/policy.test.json defautls: unknown key "defautls" (did you mean "defaults"?)',
    ]);
    expect(await problemsOf([{ Bash: "ls", expect: "none", expcet: "none" }])).toEqual(['p/policy.test.json cases[0].expcet: unknown key "expcet" (did you mean "expect"?)']);
    expect(await problemsOf([{ bash: "ls", expect: "none" }])).toContain('p/policy.test.json cases[0].bash: unknown key "bash" (did you mean "Bash"?)');
    expect(await problemsOf([{ Bash: "ls", expect: { decison: "none" } }])).toContain('p/policy.test.json cases[0].expect.decison: unknown key "decison" (did you mean "decision"?)');
    expect(await problemsOf([{ Bash: "ls", expect: "none" }], { defaults: { permision_mode: "plan" } })).toEqual([
      'p/policy.test.json defaults.permision_mode: unknown key "permision_mode" (did you mean "permission_mode"?)',
    ]);
  });

  it("an expected decision the event cannot answer: the event's vocabulary, from the event table", async () => {
    expect(await problemsOf([{ Bash: "ls", expect: "block" }])).toEqual([
      'p/policy.test.json cases[0].expect: PreToolUse answers "allow", "deny", "ask", "defer", "none"; not "block"',
    ]);
    expect(await problemsOf([{ event: "Stop", expect: { decision: "deny" } }])).toEqual(['p/policy.test.json cases[0].expect.decision: Stop answers "block", "none"; not "deny"']);
    expect((await problemsOf([{ event: "PermissionRequest", Bash: "ls", expect: "ask" }]))[0]).toMatch(/PermissionRequest answers "allow", "deny", "none"; not "ask" \(an "ask" leaves the permission dialog to show/);
    expect(await problemsOf([{ event: "Notification", input: { message: "m", notification_type: "idle_prompt" }, expect: "allow" }])).toEqual([
      'p/policy.test.json cases[0].expect: Notification answers "none"; not "allow"',
    ]);
  });

  it("expectations the event's answer cannot hold", async () => {
    expect(await problemsOf([{ event: "Stop", expect: { decision: "block", updatedInput: {} } }])).toEqual(["p/policy.test.json cases[0].expect.updatedInput: Stop cannot rewrite its input"]);
    expect(await problemsOf([{ event: "PermissionRequest", Bash: "ls", expect: { decision: "allow", additionalContext: "x" } }])).toEqual([
      "p/policy.test.json cases[0].expect.additionalContext: PermissionRequest takes no additionalContext",
    ]);
    expect((await problemsOf([{ Bash: "ls", expect: { decision: "none", reason: "x" } }]))[0]).toMatch(/expect.reason: an answer with no decision carries no reason/);
    expect((await problemsOf([{ Bash: "ls", expect: { decision: "deny", reason: "/(/" } }]))[0]).toMatch(/expect.reason: \/\(\/ is not a regular expression/);
  });

  it("a tool that does not exist, an event that does not, a tool on an event without tools", async () => {
    expect(await problemsOf([{ tool: "Bassh", tool_input: {}, expect: "none" }])).toEqual([
      'p/policy.test.json cases[0].tool: "Bassh" is not a Claude Code tool (did you mean "Bash"?); MCP tools are named mcp__<server>__<tool>',
    ]);
    expect(await problemsOf([{ event: "PreToolUser", Bash: "ls", expect: "none" }])).toEqual(['p/policy.test.json cases[0].event: unknown event "PreToolUser" (did you mean "PreToolUse"?)']);
    expect((await problemsOf([{ event: "Stop", Bash: "ls", expect: "none" }]))[0]).toMatch(/cases\[0\].event: Stop is not a tool event \(PreToolUse, PermissionRequest, PostToolUse/);
    expect((await problemsOf([{ Bash: "ls", Read: "/a", expect: "none" }]))[0]).toMatch(/cases\[0\].Read: a case is one tool call; it also has Bash/);
  });

  it("a hand-written input that would test a call that never happens", async () => {
    expect(await problemsOf([{ event: "Stop", input: { stop_hook_actve: true }, expect: "none" }])).toEqual([
      'p/policy.test.json cases[0].input.stop_hook_actve: Stop has no field "stop_hook_actve" (did you mean "stop_hook_active"?)',
    ]);
    expect(await problemsOf([{ tool: "Read", tool_input: { filepath: ".env" }, expect: "none" }])).toEqual([
      'p/policy.test.json cases[0].tool_input: Read\'s tool_input has no "file_path" (Claude Code always sends it); the shorthand is "Read": "<a file path>"',
    ]);
    // A field the event does not know and nothing like it: a newer client's, accepted as the Worker accepts it.
    const r = await cases([{ Bash: "ls", input: { background_tasks_v9: [] }, expect: "allow" }]);
    expect(results(r)[0]!.status).toBe("passed");
  });

  it("sequences: steps are cases, and do not nest", async () => {
    expect(await problemsOf([{ steps: [{ Bash: "ls", expect: "none" }, { steps: [] }] }])).toEqual(["p/policy.test.json cases[0].steps[1].steps: a step is one case; sequences do not nest"]);
    expect(await problemsOf([{ steps: [{ Bash: "ls", expcet: "none" }], expect: "none" }])).toEqual([
      'p/policy.test.json cases[0].expect: unknown key "expect"',
    ]);
  });

  it("a case with no input", async () => {
    expect((await problemsOf([{ expect: "none" }]))[0]).toMatch(/cases\[0\]: a case needs an input: a shorthand \(Bash, PowerShell, Read/);
  });

  it("handlers and stubs the policy does not have, and stubs of the wrong shape", async () => {
    expect(await problemsOf([{ Bash: "rm x", expect: { decision: "deny", handler: "no-rn" } }])).toEqual([
      'p/policy.test.json cases[0].expect.handler: the policy has no PreToolUse handler "no-rn" (did you mean "no-rm"?)',
    ]);
    expect(await problemsOf([{ Bash: "deploy x", stubs: { "judge-deploy": { decision: "deny" } }, expect: "deny" }])).toEqual([
      "p/policy.test.json cases[0].stubs.judge-deploy.decision: a judge stub takes ok, reason, impossible, fails",
      'p/policy.test.json cases[0].stubs.judge-deploy: a judge stub says what the judge answers: "ok": true or false (or "fails": "why")',
    ]);
    expect((await problemsOf([{ Bash: "rm x", stubs: { "no-rm": { ok: true } }, expect: "deny" }]))[0]).toMatch(/"no-rm" is a rule handler; only judges \(prompt\) and forwarded hooks \(http\) are stubbed/);
  });

  it("every problem of every case, in order, and none of the file runs", async () => {
    const r = await cases([{ Bash: "rm x", expect: "deny" }, { Bash: "ls", expect: "blocked" }, { bash: "x", expect: "none" }]);
    expect(results(r)).toEqual([]);
    expect(problems(r).map((p) => p.split(":")[0])).toEqual(["p/policy.test.json cases[1].expect", "p/policy.test.json cases[2].bash"]);
  });

  it("JSON syntax errors give the line and column", async () => {
    const r = await suite({ "p/policy.test.json": '{\n  "cases": [\n    { "Bash": "ls", "expect": "none" },\n  ]\n}' });
    expect(problems(r)).toEqual(["p/policy.test.json line 4, column 3: not valid JSON: a trailing \",\" before \"]\" (JSON allows none)"]);
    const truncated = await suite({ "p/policy.test.json": '{ "cases": [' });
    expect(problems(truncated)).toEqual(['p/policy.test.json line 1, column 13: not valid JSON: expected a value, found the end of the text']);
    const quote = await suite({ "p/policy.test.json": "{\n  'cases': []\n}" });
    expect(problems(quote)).toEqual(['p/policy.test.json line 2, column 3: not valid JSON: expected a property name in double quotes, found "\'"']);
  });

  it("a policy that is not JSON: its own path, line and column", async () => {
    const broken = await runSuite(["t.test.json"], {
      readFile: (p) => (p === "t.test.json" ? JSON.stringify({ cases: [{ Bash: "ls", expect: "none" }] }) : '{\n  "hooks": {\n    "Stop": [}\n}'),
      profile: claudeCode,
    });
    expect(problems(broken)).toEqual(['t.json line 3, column 14: not valid JSON: expected a value, found "}"']);
  });

  it("an empty file of cases, and a policy that cannot be read, compiled or parsed", async () => {
    expect(await problemsOf([])).toEqual(["p/policy.test.json cases: Too small: expected array to have >=1 items"]);
    expect(problems(await suite({ "p/policy.test.json": { policy: "missing.json", cases: [{ Bash: "ls", expect: "none" }] } }))).toEqual([
      "p/policy.test.json policy: cannot read the policy p/missing.json: no such file",
    ]);
    expect(problems(await suite({ "p/policy.test.json": { cases: [{ Bash: "ls", expect: "none" }] } }, { policy: { hooks: { PreToolUse: [{ hooks: [{ type: "rule", decison: "deny" }] }] } } }))).toContain(
      'p/policy.json hooks.PreToolUse[0].hooks[0].decison: unknown field "decison" (did you mean "decision"?)',
    );
  });
});
