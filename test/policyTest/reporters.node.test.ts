// The three reporters and the coverage line: JUnit XML that parses back to the same cases (hostile names
// included), JSON that parses, the human report's failure lines and trace, and which handlers no case exercised.
import { describe, expect, it } from "vitest";
import { coverageLine, humanReport, jsonReport, junitReport, xmlText } from "../../src/policyTest/reporters";
import { cases, suite } from "./fixtures";
import { parseXml } from "./xml";

const HOSTILE = `<&>"' ]]> \u001b[31m red \u0000 nul \ud800 lone, 😀 pair`;

describe("junit", () => {
  it("is well-formed and holds every case, with failures and errors apart", async () => {
    const r = await cases([
      { name: "passes", Bash: "rm x", expect: "deny" },
      { name: HOSTILE, prompt: HOSTILE, expect: "block" },
      { name: "errors", Bash: "deploy x", expect: "deny" },
    ]);
    const xml = parseXml(junitReport(r));
    expect(xml.name).toBe("testsuites");
    expect(xml.attributes).toMatchObject({ tests: "3", failures: "1", errors: "1" });
    const [suiteEl] = xml.children;
    expect(suiteEl).toMatchObject({ name: "testsuite", attributes: { name: "p/policy.test.json", tests: "3", failures: "1", errors: "1" } });
    const testcases = suiteEl!.children.filter((c) => c.name === "testcase");
    expect(testcases.map((t) => t.children.map((c) => c.name))).toEqual([[], ["failure"], ["error"]]);
    // The hostile name comes back as written, except the characters XML cannot hold, which are spelled out.
    const hostile = testcases[1]!.attributes.name!;
    expect(hostile).toContain(`<&>"' ]]> `);
    expect(hostile).toContain("\\u001b[31m red \\u0000 nul \\ud800 lone, 😀 pair");
    expect(testcases[1]!.children[0]!.text).toMatch(/decision: expected block, got none[\s\S]*trace:/);
    expect(testcases[2]!.children[0]!.attributes.message).toMatch(/LLM judge "judge-deploy" ran/);
    expect(suiteEl!.children.at(-1)).toMatchObject({ name: "system-out", text: expect.stringMatching(/^coverage p\/policy.json: /) });
  });

  it("a test file with problems is one errored testcase holding them", async () => {
    const xml = parseXml(junitReport(await cases([{ Bsh: "ls", expect: "none" }])));
    expect(xml.attributes).toMatchObject({ tests: "1", failures: "0", errors: "1" });
    const tc = xml.children[0]!.children[0]!;
    expect(tc).toMatchObject({ name: "testcase", attributes: { name: "(test file)" } });
    expect(tc.children[0]!.text).toContain('cases[0].Bsh: unknown key "Bsh" (did you mean "Bash"?)');
  });

  it("xmlText escapes markup and spells out what XML cannot hold", () => {
    expect(xmlText(`a<b&c>"d'`)).toBe("a&lt;b&amp;c&gt;&quot;d&apos;");
    expect(xmlText("\u0001\t\n\ufffe")).toBe("\\u0001\t\n\\ufffe");
    expect(() => parseXml(`<a b="${xmlText(HOSTILE)}">${xmlText(HOSTILE)}</a>`)).not.toThrow();
    // The checker itself refuses what is not well-formed (else the tests above would prove nothing).
    for (const bad of ["<a>&</a>", "<a><b></a>", '<a b="1" b="2"/>', "<a>\u0001</a>", "<a>x</a><b/>", "<a b=1/>"]) expect(() => parseXml(bad), bad).toThrow();
  });
});

describe("json", () => {
  it("parses, with every case's status, failures, answer and trace", async () => {
    const r = JSON.parse(jsonReport(await cases([{ Bash: "rm x", expect: "deny" }, { Bash: "ls x", expect: { decision: "deny", reason: "/x/" } }])));
    expect(r).toMatchObject({ passed: 1, failed: 1, errors: 0, problemFiles: 0 });
    expect(r.files[0].cases[1]).toMatchObject({
      status: "failed",
      decision: "none",
      answer: {},
      expected: { decision: "deny", reason: "/x/" },
      failures: ["decision: expected deny, got none", 'reason: expected to match "/x/", got none'],
      trace: { event: "PreToolUse", query: "Bash" },
    });
    expect(r.coverage[0]).toMatchObject({ policyPath: "p/policy.json", handlers: 10 });
  });
});

describe("human", () => {
  it("one line per failing case, the detail and trace under it, coverage and the summary last", async () => {
    const text = humanReport(await cases([{ name: "ok", Bash: "rm x", expect: "deny" }, { name: "wrong", Bash: "git push origin main", expect: "allow" }]));
    const lines = text.split("\n");
    expect(lines[0]).toBe("FAIL p/policy.test.json cases[1] wrong");
    expect(text).toContain("    decision: expected allow, got ask");
    expect(text).toContain('    answer: {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"Pushes need a human."}}');
    expect(text).toMatch(/ {6}PreToolUse, matcher tested against "Bash"\n {8}group 0 \(matcher "Bash"\): matched\n/);
    expect(text).toMatch(/ {8}skipped {5}no-rm \(hooks.PreToolUse\[0\].hooks\[0\]\): no `if` rule matches\n {8}fired {7}ask-push \(hooks.PreToolUse\[0\].hooks\[1\]\): if Bash\(git push \*\) matches "git push origin main" → ask\n/);
    expect(lines.at(-2)).toMatch(/^coverage p\/policy.json: /);
    expect(lines.at(-1)).toBe("1 passed, 1 failed");
    expect(text).not.toContain("cases[0]");
  });

  it("errors and files with problems are counted", async () => {
    const r = await suite({ "p/a.test.json": { policy: "policy.json", cases: [{ Bash: "deploy", expect: "deny" }] }, "p/b.test.json": { policy: "policy.json", cases: [{ Bsh: "x", expect: "none" }] } });
    const text = humanReport(r);
    expect(text).toMatch(/^ERROR p\/a.test.json cases\[0\] /m);
    expect(text).toMatch(/^p\/b.test.json: 1 problem\n {2}cases\[0\].Bsh: unknown key/m);
    expect(text.split("\n").at(-1)).toBe("0 passed, 1 failed (1 error), 1 test file with problems");
  });
});

describe("coverage", () => {
  it("lists the handlers no case exercised, by id and path", async () => {
    const r = await cases([{ Bash: "rm x", expect: "deny" }]);
    const [c] = r.coverage;
    expect(c!.handlers).toBe(10);
    expect(c!.unexercised.map((h) => h.id)).toEqual([
      "ask-push",
      "allow-npm-test",
      "quiet-ls",
      "judge-deploy",
      "audit-github",
      "no-env",
      "pr-allow-ls",
      "stop-block",
      "house-rules-once",
    ]);
    expect(coverageLine(c!)).toMatch(/^coverage p\/policy.json: 9 of 10 handlers not exercised by any case: ask-push \(hooks.PreToolUse\[0\].hooks\[1\]\), /);
  });

  it("a handler counts when it decided, and when it matched without deciding (a judge a deny made moot)", async () => {
    const r = await cases([{ Bash: "deploy x && rm x", expect: "deny" }]);
    expect(r.coverage[0]!.unexercised.map((h) => h.id)).not.toContain("judge-deploy");
    expect(r.files[0]!.results[0]!.evaluation!.trace.handlers.find((h) => h.id === "judge-deploy")!.status).toBe("not-awaited");
  });

  it("is the union over every test file of the same policy", async () => {
    const all = [
      { Bash: "rm x", expect: "deny" },
      { Bash: "git push x", expect: "ask" },
      { Bash: "npm test", expect: "allow" },
      { Bash: "ls", expect: "allow" },
      { Bash: "deploy x", stubs: { "judge-deploy": { ok: true } }, expect: "none" },
      { tool: "mcp__github__x", tool_input: {}, stubs: { "audit-github": {} }, expect: "none" },
      { Read: ".env", expect: "deny" },
    ];
    const r = await suite({
      "p/a.test.json": { policy: "policy.json", cases: all },
      "p/b.test.json": { policy: "policy.json", cases: [{ event: "PermissionRequest", Bash: "ls", expect: "allow" }, { event: "Stop", expect: "block" }, { prompt: "x", expect: "none" }] },
    });
    expect(r.passed).toBe(10);
    expect(r.coverage).toHaveLength(1);
    expect(coverageLine(r.coverage[0]!)).toBe("coverage p/policy.json: all 10 handlers exercised");
  });
});

describe("policy warnings", () => {
  it("are shown once per policy, and do not fail the run", async () => {
    const policy = { hooks: { PreToolUse: [{ matcher: "Bassh", hooks: [{ type: "rule", decision: "deny" }] }] } };
    const r = await suite(
      { "p/a.test.json": { policy: "policy.json", cases: [{ Bash: "ls", expect: "none" }] }, "p/b.test.json": { policy: "policy.json", cases: [{ Read: "x", expect: "none" }] } },
      { policy },
    );
    const text = humanReport(r);
    expect(text.match(/^warning p\/policy.json hooks.PreToolUse\[0\].matcher: "Bassh" is not a Claude Code tool/gm)).toHaveLength(1);
    expect(text.split("\n").at(-1)).toBe("2 passed, 0 failed");
    expect(JSON.parse(jsonReport(r)).files[0].warnings).toHaveLength(1);
  });
});
