// Each kind of expectation, holding and not holding; judges and forwarded hooks (stubbed, or an error when not);
// state across the steps of a sequence.
import { describe, expect, it } from "vitest";
import { cases, results } from "./fixtures";

const one = async (c: Record<string, unknown>) => {
  const r = await cases([c]);
  expect(r.files[0]!.problems).toEqual([]);
  return results(r)[0]!;
};
const passes = async (c: Record<string, unknown>) => {
  const r = await one(c);
  expect(r.failures).toEqual([]);
  expect(r.status).toBe("passed");
};
const fails = async (c: Record<string, unknown>, ...why: RegExp[]) => {
  const r = await one(c);
  expect(r.status).toBe("failed");
  for (const w of why) expect(r.failures.some((f) => w.test(f)), `${w} in ${JSON.stringify(r.failures)}`).toBe(true);
  return r;
};

describe("decision", () => {
  it.each([
    [{ Bash: "rm -rf x" }, "deny"],
    [{ Bash: "git push origin main" }, "ask"],
    [{ Bash: "npm test" }, "allow"],
    [{ Bash: "pwd" }, "none"],
    [{ event: "Stop" }, "block"],
    [{ event: "PermissionRequest", Bash: "ls" }, "allow"],
    [{ event: "PermissionRequest", Bash: "pwd" }, "none"],
  ])("%j is %s, and no other decision", async (c, decision) => {
    await passes({ ...c, expect: decision });
    const other = decision === "none" ? ("event" in c && c.event === "Stop" ? "block" : "allow") : "none";
    await fails({ ...c, expect: other }, new RegExp(`decision: expected ${other}, got ${decision}`));
  });

  it("the shorthand string and the object say the same", async () => {
    await passes({ Bash: "rm x", expect: { decision: "deny" } });
    await fails({ Bash: "ls x", expect: { decision: "deny" } }, /decision: expected deny, got none/);
  });
});

describe("reason", () => {
  it("a substring", async () => {
    await passes({ Bash: "rm x", expect: { decision: "deny", reason: "No rm" } });
    await fails({ Bash: "rm x", expect: { decision: "deny", reason: "no rm" } }, /reason: expected to contain "no rm", got "No rm here."/);
  });
  it("a /regex/ with flags", async () => {
    await passes({ Bash: "rm x", expect: { decision: "deny", reason: "/^no RM/i" } });
    await fails({ Bash: "rm x", expect: { decision: "deny", reason: "/^here/" } }, /reason: expected to match "\/\^here\/"/);
  });
  it("a block's reason", async () => {
    await passes({ event: "Stop", expect: { decision: "block", reason: "Keep going" } });
  });
  it("a missing reason fails", async () => {
    await fails({ event: "PermissionRequest", Bash: "ls", expect: { decision: "allow", reason: "x" } }, /reason: expected to contain "x", got none/);
  });
});

describe("handler", () => {
  it("by id, or by path", async () => {
    await passes({ Bash: "rm x", expect: { decision: "deny", handler: "no-rm" } });
    await passes({ Bash: "rm x", expect: { decision: "deny", handler: "hooks.PreToolUse[0].hooks[0]" } });
    await passes({ Bash: "rm x", expect: { decision: "deny", handler: "PreToolUse[0].hooks[0]" } });
    await fails({ Bash: "rm x", expect: { decision: "deny", handler: "PreToolUse[0].hooks[1]" } }, /expected "PreToolUse\[0\].hooks\[1\]" to decide it, but it was skipped/);
  });
  it("a handler that did not fire fails, with why it was skipped", async () => {
    await fails({ Bash: "rm x", expect: { decision: "deny", handler: "ask-push" } }, /expected "ask-push" to decide it, but it was skipped: no `if` rule matches/);
  });
  it("a handler that fired beside the one that decided fails, naming the one that did", async () => {
    await fails({ Bash: "git push origin main && rm x", expect: { decision: "deny", handler: ["no-rm", "ask-push"] } }, /"ask-push" fired, but it said ask; the deny came from no-rm/);
  });
  it("with no decision: the handler that contributed to the answer", async () => {
    await passes({ prompt: "hi", expect: { decision: "none", handler: "house-rules-once", additionalContext: "House rules" } });
  });
});

describe("additionalContext, updatedInput, answer", () => {
  it("additionalContext contains the text", async () => {
    await passes({ Bash: "npm test", expect: { decision: "allow", additionalContext: "same tests" } });
    await fails({ Bash: "npm test", expect: { decision: "allow", additionalContext: "other" } }, /additionalContext: expected to contain "other", got "CI runs the same tests."/);
    await fails({ Bash: "rm x", expect: { decision: "deny", additionalContext: "x" } }, /additionalContext: expected to contain "x", got none/);
  });
  it("updatedInput equals the rewritten tool_input", async () => {
    await passes({ Bash: "ls", expect: { decision: "allow", updatedInput: { command: "ls -1" } } });
    await fails({ Bash: "ls", expect: { decision: "allow", updatedInput: { command: "ls" } } }, /updatedInput: expected \{"command":"ls"\}, got \{"command":"ls -1"\}/);
    await fails({ Bash: "npm test", expect: { decision: "allow", updatedInput: { command: "npm test" } } }, /updatedInput: .* got none/);
  });
  it("answer equals the whole answer, key order aside", async () => {
    await passes({ Bash: "pwd", expect: { decision: "none", answer: {} } });
    await passes({
      Bash: "rm x",
      expect: { decision: "deny", answer: { hookSpecificOutput: { permissionDecisionReason: "No rm here.", permissionDecision: "deny", hookEventName: "PreToolUse" } } },
    });
    await fails({ prompt: "hi", expect: { decision: "none", answer: {} } }, /answer: expected \{\}, got \{"hookSpecificOutput"/);
  });
  it("every failing expectation of a case is listed", async () => {
    const r = await fails({ Bash: "npm test", expect: { decision: "deny", reason: "nope", handler: "no-rm" } }, /decision/, /reason/, /handler/);
    expect(r.failures).toHaveLength(3);
  });
});

describe("judges and forwarded hooks never run: a case stubs them", () => {
  it("a judge the case does not stub makes it an error, whatever the answer (never a silent pass)", async () => {
    // failMode closed: the unstubbed judge "fails", the answer is deny, and the case expects deny. Still an error.
    const r = await one({ Bash: "deploy prod", expect: "deny" });
    expect(r.status).toBe("error");
    expect(r.failures).toEqual([expect.stringMatching(/LLM judge "judge-deploy" ran, and tests never call out: .*"stubs": \{ "judge-deploy": \{ "ok": true \} \}/)]);
  });
  it("a stub's answer decides", async () => {
    await passes({ Bash: "deploy prod", stubs: { "judge-deploy": { ok: false, reason: "prod on a Friday" } }, expect: { decision: "deny", reason: "Friday", handler: "judge-deploy" } });
    await passes({ Bash: "deploy prod", stubs: { "judge-deploy": { ok: true } }, expect: "none" });
  });
  it("a failing judge contributes onError (failMode closed: deny)", async () => {
    await passes({ Bash: "deploy prod", stubs: { "judge-deploy": { fails: "model overloaded" } }, expect: { decision: "deny", reason: "judge-deploy" } });
  });
  it("a judge a rule made moot needs no stub", async () => {
    await passes({ Bash: "deploy prod && rm x", expect: { decision: "deny", handler: "no-rm" } });
  });
  it("a forwarded hook: stubbed, or an error", async () => {
    const r = await one({ tool: "mcp__github__delete_repo", tool_input: {}, expect: "deny" });
    expect(r).toMatchObject({ status: "error", failures: [expect.stringMatching(/forwarded hook "audit-github" ran.*"decision": "allow"/)] });
    await passes({ tool: "mcp__github__delete_repo", tool_input: {}, stubs: { "audit-github": { decision: "deny", reason: "audited: no" } }, expect: { decision: "deny", reason: "audited" } });
    await passes({ tool: "mcp__github__list", tool_input: {}, stubs: { "audit-github": { additionalContext: "logged" } }, expect: { decision: "none", additionalContext: "logged" } });
  });
});

describe("state", () => {
  it("each case is a fresh session: a once handler fires in every case", async () => {
    const r = await cases([
      { prompt: "a", expect: { decision: "none", additionalContext: "House rules" } },
      { prompt: "b", expect: { decision: "none", additionalContext: "House rules" } },
    ]);
    expect(results(r).map((c) => c.status)).toEqual(["passed", "passed"]);
  });
  it("the steps of a sequence share one session: once fires once", async () => {
    const r = await cases([
      {
        name: "house rules",
        steps: [
          { name: "first", prompt: "a", expect: { decision: "none", additionalContext: "House rules" } },
          { name: "second", prompt: "b", expect: { decision: "none", answer: {} } },
        ],
      },
    ]);
    expect(results(r).map((c) => [c.name, c.status])).toEqual([
      ["house rules › first", "passed"],
      ["house rules › second", "passed"],
    ]);
  });
  it("and a step that expects it again fails", async () => {
    const r = await cases([{ steps: [{ prompt: "a", expect: "none" }, { prompt: "b", expect: { decision: "none", additionalContext: "House rules" } }] }]);
    expect(results(r)[1]).toMatchObject({ status: "failed", failures: [expect.stringMatching(/additionalContext: expected to contain "House rules", got none/)] });
  });
});

describe("--run", () => {
  it("keeps the cases whose name matches; a sequence runs whole", async () => {
    const r = await (await import("./fixtures")).suite(
      {
        "p/policy.test.json": {
          cases: [
            { name: "rm denied", Bash: "rm x", expect: "deny" },
            { name: "ls", Bash: "ls", expect: "allow" },
            { name: "seq", steps: [{ name: "one", prompt: "a", expect: "none" }, { name: "rm-ish", prompt: "b", expect: "none" }] },
          ],
        },
      },
      { filter: /rm/ },
    );
    expect(results(r).map((c) => c.name)).toEqual(["rm denied", "seq › one", "seq › rm-ish"]);
    expect(r.filter).toBe("rm");
  });
});
