// evaluate: which rules fire (if/unless, when, modes), the trace it gives, patterns that cannot compile, and the
// shell-analysis cache per policy. Judges, once and Stop are in evaluateJudges.test.ts.
import { describe, expect, it } from "vitest";
import { compiled, BASE, bashInput, run, recordingJudge } from "./evaluateSupport";
import { claudeCode } from "../../src/clients/claude-code";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { isAnalysisCached, subjectsOf } from "../../src/engine/match/callSubjects";

describe("if / unless (spec §3.1 example, per-part)", () => {
  const policy = compiled({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "rule", id: "push", if: "Bash(git push *)", unless: "Bash(git push origin feat/*)", decision: "ask", reason: "Pushes outside feat/* need a human." },
          ],
        },
      ],
    },
  });
  const ask = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "Pushes outside feat/* need a human." } };

  it.each([
    ["git push origin feat/x", {}],
    ["git push origin main", ask],
    ["git push origin feat/x && git push origin main", ask],
    ["git push origin main && git push origin feat/x", ask],
    ["git push origin feat/x; git push origin feat/y", {}],
    ["npm test && git push origin feat/x", {}],
    ["FOO=bar git push origin main", ask],
    ["echo $(git push origin main)", ask],
    ["git status", {}],
    ["git push", ask],
  ])("%s", async (command, expected) => {
    const r = await run(policy, "PreToolUse", bashInput(command));
    expect(r.answer).toEqual(expected);
  });

  it("the trace names the rule and the part that decided it", async () => {
    const r = await run(policy, "PreToolUse", bashInput("git push origin feat/x && git push origin main"));
    const h = r.trace.handlers.find((t) => t.id === "push")!;
    expect(h.status).toBe("fired");
    expect(h.why).toContain("Bash(git push *)");
    expect(h.why).toContain("git push origin main");
    const skipped = (await run(policy, "PreToolUse", bashInput("git push origin feat/x"))).trace.handlers.find((t) => t.id === "push")!;
    expect(skipped.status).toBe("skipped");
    expect(skipped.why).toMatch(/unless/);
  });

  it("an `if` list fires when any rule matches; `unless` alone skips only covered calls", async () => {
    const p = compiled({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: "rule", id: "any", if: ["Read(.env)", "Bash(cat *)"], decision: "deny", reason: "secrets" },
              { type: "rule", id: "not-tests", unless: "Bash(npm test*)", additionalContext: "not a test run" },
            ],
          },
        ],
      },
    });
    expect((await run(p, "PreToolUse", { ...BASE, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/home/dev/shop/.env" } })).fired).toEqual(["any", "not-tests"]);
    expect((await run(p, "PreToolUse", bashInput("cat x"))).fired).toEqual(["any", "not-tests"]);
    expect((await run(p, "PreToolUse", bashInput("npm test"))).fired).toEqual([]);
    expect((await run(p, "PreToolUse", bashInput("npm test && ls"))).fired).toEqual(["not-tests"]);
  });
});

describe("when: dotted paths, * fan-out, all must match", () => {
  it("PostToolBatch tool_calls.*.tool_input.command", async () => {
    const p = compiled({
      hooks: {
        PostToolBatch: [{ hooks: [{ type: "rule", id: "pushed", when: { "tool_calls.*.tool_input.command": "^git push\\b" }, additionalContext: "You pushed; open a PR." }] }],
      },
    });
    const batch = (...calls: [string, Record<string, unknown>][]) => ({
      ...BASE,
      hook_event_name: "PostToolBatch",
      tool_calls: calls.map(([tool_name, tool_input], i) => ({ tool_name, tool_input, tool_use_id: `t${i}` })),
    });
    const hit = await run(p, "PostToolBatch", batch(["Read", { file_path: "/a" }], ["Bash", { command: "npm test" }], ["Bash", { command: "git push origin main" }]));
    expect(hit.answer).toEqual({ hookSpecificOutput: { hookEventName: "PostToolBatch", additionalContext: "You pushed; open a PR." } });
    const miss = await run(p, "PostToolBatch", batch(["Bash", { command: "npm test" }], ["Bash", { command: "echo git push" }]));
    expect(miss.answer).toEqual({});
    expect(miss.trace.handlers).toEqual([expect.objectContaining({ id: "pushed", status: "skipped", why: expect.stringMatching(/when tool_calls\.\*\.tool_input\.command does not match/) })]);
    expect((await run(p, "PostToolBatch", batch())).answer).toEqual({});
  });

  it("every key must match; missing paths never match; non-strings are matched as JSON", async () => {
    const p = compiled({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: "rule", id: "both", when: { tool_name: "^Bash$", "tool_input.command": "deploy" }, decision: "ask", reason: "deploy" },
              { type: "rule", id: "missing", when: { "tool_input.nope.deeper": "." }, decision: "deny", reason: "never" },
              { type: "rule", id: "bg", when: { "tool_input.run_in_background": "^true$" }, additionalContext: "background" },
              { type: "rule", id: "obj", when: { tool_input: "\"timeout\":\\s*600000" }, systemMessage: "long timeout" },
            ],
          },
        ],
      },
    });
    const r1 = await run(p, "PreToolUse", bashInput("npm run deploy"));
    expect(r1.fired).toEqual(["both"]);
    const r2 = await run(p, "PreToolUse", { ...BASE, hook_event_name: "PreToolUse", tool_name: "PowerShell", tool_input: { command: "deploy" } });
    expect(r2.fired).toEqual([]);
    const r3 = await run(p, "PreToolUse", { ...bashInput("ls"), tool_input: { command: "ls", run_in_background: true, timeout: 600000 } });
    expect(r3.fired).toEqual(["bg", "obj"]);
    expect(r3.answer).toEqual({ systemMessage: "long timeout", hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "background" } });
  });

  it("is an unanchored search", async () => {
    const p = compiled({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "rule", id: "k", when: { prompt: "AKIA[0-9A-Z]{16}" }, decision: "block", reason: "key" }] }] } });
    const r = await run(p, "UserPromptSubmit", { ...BASE, hook_event_name: "UserPromptSubmit", prompt: "deploy with AKIAIOSFODNN7EXAMPLE please" });
    expect(r.answer).toEqual({ decision: "block", reason: "key" });
  });
});

describe("mode: dry-run", () => {
  const policy = compiled({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "rule", id: "trial-deny", if: "Bash(curl *)", decision: "deny", reason: "trial", mode: "dry-run" },
            { type: "rule", id: "real-ctx", if: "Bash(curl *)", additionalContext: "curl seen" },
            { type: "prompt", id: "trial-judge", prompt: "ok?", mode: "dry-run" },
          ],
        },
      ],
    },
  });

  it("is left out of the answer but reported in dryRun and the trace", async () => {
    const { judge, calls } = recordingJudge({ "trial-judge": { ok: false, reason: "judge says no" } });
    const r = await run(policy, "PreToolUse", bashInput("curl https://example.com"), { judge });
    expect(r.answer).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "curl seen" } });
    expect(r.fired).toEqual(["real-ctx"]);
    expect(r.dryRun).toEqual([
      expect.objectContaining({ id: "trial-deny", verdict: "deny", reason: "trial" }),
      expect.objectContaining({ id: "trial-judge", verdict: "deny", reason: "judge says no" }),
    ]);
    expect(r.trace.handlers.filter((t) => t.status === "dry-run").map((t) => t.id).sort()).toEqual(["trial-deny", "trial-judge"]);
    // a dry-run deny is not a rule verdict: the (dry-run) judge still ran
    expect(calls).toEqual(["trial-judge"]);
  });
});

describe("the trace", () => {
  it("lists every group (matched or not) and each handler's status with a why", async () => {
    const p = compiled({
      hooks: {
        PreToolUse: [
          { matcher: "Edit|Write", hooks: [{ type: "rule", id: "edits", decision: "ask", reason: "edit" }] },
          {
            matcher: "Bash",
            hooks: [
              { type: "rule", id: "rm", if: "Bash(rm *)", decision: "deny", reason: "rm" },
              { type: "rule", id: "curl", when: { "tool_input.command": "curl" }, additionalContext: "curl" },
              { type: "rule", id: "npm", if: "Bash(npm *)", additionalContext: "npm" },
              { type: "rule", id: "trial", mode: "dry-run", decision: "deny", reason: "trial" },
              { type: "prompt", id: "judge", prompt: "ok?" },
            ],
          },
        ],
      },
    });
    const { judge } = recordingJudge({ judge: new Error("overloaded") });
    const r = await run(p, "PreToolUse", bashInput("npm test"), { judge });
    expect(r.trace.event).toBe("PreToolUse");
    expect(r.trace.query).toBe("Bash");
    expect(r.trace.groups).toEqual([
      { index: 0, matcher: "Edit|Write", matched: false },
      { index: 1, matcher: "Bash", matched: true },
    ]);
    const byId = Object.fromEntries(r.trace.handlers.map((t) => [t.id, t]));
    expect(Object.keys(byId).sort()).toEqual(["curl", "edits", "judge", "npm", "rm", "trial"]);
    expect(byId.edits).toMatchObject({ status: "skipped", why: expect.stringMatching(/matcher "Edit\|Write" does not match "Bash"/) });
    expect(byId.rm).toMatchObject({ status: "skipped", why: expect.stringMatching(/no `if` rule matches/) });
    expect(byId.curl).toMatchObject({ status: "skipped", why: expect.stringMatching(/when tool_input\.command does not match \/curl\//) });
    expect(byId.npm).toMatchObject({ status: "fired", why: expect.stringMatching(/if Bash\(npm \*\) matches "npm test"/) });
    expect(byId.trial).toMatchObject({ status: "dry-run", outcome: { verdict: "deny" } });
    expect(byId.judge).toMatchObject({ status: "failed", outcome: { verdict: "deny", error: expect.stringMatching(/overloaded/) } });
    for (const t of r.trace.handlers) expect(t.why, t.id).not.toBe("");
    expect(r.fired.sort()).toEqual(["judge", "npm"]);
  });

  it("an event the policy does not mention answers {} with an empty trace", async () => {
    const p = compiled({ hooks: { Stop: [{ hooks: [{ type: "rule", decision: "block" }] }] } });
    const r = await run(p, "PreToolUse", bashInput("rm -rf /"));
    expect(r.answer).toEqual({});
    expect(r.trace).toEqual({ client: "claude-code", event: "PreToolUse", groups: [], handlers: [] });
  });
});

describe("a `when` pattern that cannot compile on first use (issue 8, item 7)", () => {
  // A stored revision this engine version validated loads with patterns compiled on first use (lazyPatterns). If one
  // does not compile all the same, the handler fails like a judge that failed: never a match-everything.
  const lazy = (doc: unknown): CompiledPolicy => {
    const c = compilePolicy(doc, { client: claudeCode, lazyPatterns: true });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    return c.value;
  };
  const BAD = "a(b";
  const group = (hooks: unknown[]) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } });

  it("an allow rule whose `when` cannot compile never allows; closed: it denies, saying which pattern", async () => {
    const policy = lazy(group([{ type: "rule", id: "allow-npm", when: { "tool_input.command": BAD }, decision: "allow" }]));
    const r = await run(policy, "PreToolUse", bashInput("rm -rf /home/dev"));
    expect((r.answer as any).hookSpecificOutput?.permissionDecision).toBe("deny");
    expect((r.answer as any).hookSpecificOutput.permissionDecisionReason).toContain("a(b");
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^allow-npm: could not be evaluated: its when tool_input\.command pattern \/a\(b\/ does not compile/);
    expect(r.trace.handlers.find((h) => h.id === "allow-npm")?.status).toBe("failed");
    expect(r.aggregate.verdict).not.toBe("allow");
  });

  it("failMode open: a broken allow or deny rule contributes nothing", async () => {
    const policy = lazy({
      failMode: "open",
      ...group([
        { type: "rule", id: "allow-x", when: { "tool_input.command": BAD }, decision: "allow" },
        { type: "rule", id: "deny-x", when: { "tool_input.command": BAD }, decision: "deny", reason: "no" },
      ]),
    });
    const r = await run(policy, "PreToolUse", bashInput("ls"));
    expect(r.answer).toEqual({});
    expect(r.errors).toHaveLength(2);
  });

  it("a deny rule whose `when` cannot compile contributes its failure verdict (closed → deny)", async () => {
    const policy = lazy(group([{ type: "rule", id: "deny-x", when: { "tool_input.command": BAD }, decision: "deny", reason: "no" }]));
    const r = await run(policy, "PreToolUse", bashInput("ls"));
    expect((r.answer as any).hookSpecificOutput.permissionDecision).toBe("deny");
    expect(r.errors[0]).toMatch(/deny-x: could not be evaluated/);
  });

  it("a judge whose `when` cannot compile is not called and contributes its onError", async () => {
    const { judge, calls } = recordingJudge();
    const policy = lazy(group([{ type: "prompt", id: "j", prompt: "ok?", when: { "tool_input.command": BAD }, onError: "ask" }]));
    const r = await run(policy, "PreToolUse", bashInput("ls"), { judge });
    expect(calls).toEqual([]);
    expect((r.answer as any).hookSpecificOutput.permissionDecision).toBe("ask");
    expect(r.errors[0]).toMatch(/^j: could not be evaluated/);
  });

  it("a handler whose other `when` does not match is skipped, not failed", async () => {
    const policy = lazy(group([{ type: "rule", id: "x", when: { "tool_input.command": BAD, cwd: "^/nowhere$" }, decision: "allow" }]));
    const r = await run(policy, "PreToolUse", bashInput("ls"));
    expect(r.answer).toEqual({});
    expect(r.errors).toEqual([]);
    expect(r.trace.handlers.find((h) => h.id === "x")?.status).toBe("skipped");
  });

  it("valid lazy patterns still match as compiled ones do", async () => {
    const policy = lazy(group([{ type: "rule", id: "sudo", when: { "tool_input.command": "\\bsudo\\b" }, decision: "deny", reason: "no sudo" }]));
    expect((await run(policy, "PreToolUse", bashInput("sudo ls"))).aggregate.verdict).toBe("deny");
    expect((await run(policy, "PreToolUse", bashInput("ls"))).answer).toEqual({});
  });
});

describe("the shell-analysis cache is per compiled policy (one team's commands are never looked up by another's)", () => {
  const doc = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "push", if: "Bash(git push *)", decision: "ask", reason: "r" }] }] } };

  it("each compilation has its own scope, and a decision uses its policy's scope only", async () => {
    const teamA = compiled(doc);
    const teamB = compiled(doc); // the same document, another team: still its own part
    expect(teamA.analysisScope).not.toBe(teamB.analysisScope);
    const command = `git push origin scope-${crypto.randomUUID()}`;
    // A command is cached on its second sighting in a scope (the first analysis dies with its request).
    const first = await run(teamA, "PreToolUse", bashInput(command));
    expect(isAnalysisCached(command, "bash", BASE.cwd, "/home/dev", teamA.analysisScope)).toBe(false);
    await run(teamA, "PreToolUse", bashInput(command));
    expect(isAnalysisCached(command, "bash", BASE.cwd, "/home/dev", teamA.analysisScope)).toBe(true);
    expect(isAnalysisCached(command, "bash", BASE.cwd, "/home/dev", teamB.analysisScope)).toBe(false);
    // Team B's decisions analyse the command themselves (team A's sightings do not count for B), with the same verdict.
    const second = await run(teamB, "PreToolUse", bashInput(command));
    expect(isAnalysisCached(command, "bash", BASE.cwd, "/home/dev", teamB.analysisScope)).toBe(false);
    await run(teamB, "PreToolUse", bashInput(command));
    expect(isAnalysisCached(command, "bash", BASE.cwd, "/home/dev", teamB.analysisScope)).toBe(true);
    expect(second.answer).toEqual(first.answer);
    expect(first.aggregate.verdict).toBe("ask");
  });

  it("a command seen once is remembered as seen for the next 511 commands never seen, and then forgotten", () => {
    const scope = `ring-${crypto.randomUUID()}`;
    const call = (command: string) => subjectsOf({ toolName: "Bash", toolInput: { command }, cwd: "/home/dev/shop" }, claudeCode.tools, undefined, scope);
    const cached = (command: string) => isAnalysisCached(command, "bash", "/home/dev/shop", "/home/dev", scope);
    call("ls kept");
    for (let i = 0; i < 511; i++) call(`ls other-${i}`);
    call("ls kept"); // its second sighting, 511 others after the first: kept
    expect(cached("ls kept")).toBe(true);
    call("ls forgotten");
    for (let i = 0; i < 512; i++) call(`ls more-${i}`);
    call("ls forgotten"); // 512 others after the first: a first sighting again
    expect(cached("ls forgotten")).toBe(false);
    call("ls forgotten");
    expect(cached("ls forgotten")).toBe(true);
  });

  it("within one scope the analysis is reused (the same object) from the third call on; across scopes it is not", () => {
    const call = { toolName: "Bash", toolInput: { command: `git status # ${crypto.randomUUID()}` }, cwd: "/home/dev/shop" };
    const a1 = subjectsOf(call, claudeCode.tools, undefined, "scope-a").shell;
    const a2 = subjectsOf(call, claudeCode.tools, undefined, "scope-a").shell;
    const a3 = subjectsOf(call, claudeCode.tools, undefined, "scope-a").shell;
    const b = [1, 2, 3].map(() => subjectsOf(call, claudeCode.tools, undefined, "scope-b").shell);
    expect(a1).toBeDefined();
    // The first sighting is not kept; the second is, and the third is answered from it.
    expect(a2).not.toBe(a1);
    expect(a3).toBe(a2);
    expect(b[2]).toBe(b[1]);
    for (const x of b) expect(x).not.toBe(a2);
    expect(b[2]!.items).toEqual(a1!.items);
    expect(a2!.items).toEqual(a1!.items);
  });
});
