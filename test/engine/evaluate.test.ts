import { describe, expect, it } from "vitest";
import { eventByName } from "../../src/clients/claude-code/events";
import type { CompiledPromptHandler } from "../../src/engine/handlers/prompt/kind";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import type { HookEventName } from "../../src/clients/claude-code/events";
import { evaluate, type EvaluationDeps, type JudgeAnswer } from "../../src/engine/evaluate";
import { claudeCode } from "../../src/clients/claude-code";
import { unavailableCallouts } from "../../src/config";
import { isAnalysisCached } from "../../src/engine/match/callSubjects";
import { subjectsOf } from "../../src/engine/match/callSubjects";

const compiled = (doc: unknown): CompiledPolicy => {
  const c = compilePolicy(doc, { client: claudeCode });
  if (!c.ok) throw new Error(c.error.map((p) => `${p.path}: ${p.message}`).join("\n"));
  return c.value;
};

const BASE = {
  session_id: "sess-1",
  transcript_path: "/home/dev/.claude/projects/x/s.jsonl",
  cwd: "/home/dev/shop",
  permission_mode: "default",
};
const bashInput = (command: string) => ({ ...BASE, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1" });
const run = (policy: CompiledPolicy, event: HookEventName, input: Record<string, unknown>, deps: EvaluationDeps = {}) =>
  evaluate(policy, eventByName(event), input, deps, { explain: true });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A judge that records which handlers it was asked about and answers from a table (default: ok). */
function recordingJudge(answers: Record<string, JudgeAnswer | Error | { delayMs: number; answer: JudgeAnswer }> = {}) {
  const calls: string[] = [];
  const judge: NonNullable<EvaluationDeps["judge"]> = async (h: CompiledPromptHandler) => {
    calls.push(h.id);
    const a = answers[h.id] ?? { ok: true };
    if (a instanceof Error) throw a;
    if ("delayMs" in a) {
      await sleep(a.delayMs);
      return a.answer;
    }
    return a;
  };
  return { judge, calls };
}

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

describe("once", () => {
  const policy = compiled({
    hooks: {
      PostToolUse: [
        {
          matcher: "Edit|Write",
          hooks: [
            { type: "rule", id: "fmt", once: true, additionalContext: "Run `npm run format` before you finish." },
            { type: "rule", id: "always", additionalContext: "Edited." },
            { type: "rule", id: "trial-once", once: true, mode: "dry-run", additionalContext: "trial" },
          ],
        },
      ],
    },
  });
  const input = { ...BASE, hook_event_name: "PostToolUse", tool_name: "Edit", tool_input: { file_path: "/home/dev/shop/a.ts" }, tool_response: {}, tool_use_id: "t" };

  it("claims through claimOnce and fires when the claim is won", async () => {
    const claimed: string[] = [];
    const r = await run(policy, "PostToolUse", input, { claimOnce: async (id) => (claimed.push(id), true) });
    expect(claimed).toEqual(["fmt"]); // dry-run never claims
    expect(r.answer).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Run `npm run format` before you finish.\n\nEdited." } });
  });

  it("skips the handler when the claim is lost, and says why", async () => {
    const r = await run(policy, "PostToolUse", input, { claimOnce: async () => false });
    expect(r.fired).toEqual(["always"]);
    expect(r.answer).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Edited." } });
    expect(r.trace.handlers.find((t) => t.id === "fmt")).toMatchObject({ status: "skipped", why: expect.stringMatching(/once: already fired in this session/) });
    expect(r.dryRun.map((o) => o.id)).toEqual(["trial-once"]);
  });

  it("a claim that errors does not fire (never twice)", async () => {
    const r = await run(policy, "PostToolUse", input, { claimOnce: async () => { throw new Error("DO unavailable"); } });
    expect(r.fired).toEqual(["always"]);
  });

  it("once-claims in one session are consumed only by that handler, not by others that did not match", async () => {
    const claimed: string[] = [];
    await run(policy, "PostToolUse", { ...input, tool_name: "Read" }, { claimOnce: async (id) => (claimed.push(id), true) });
    expect(claimed).toEqual([]);
  });
});

describe("deterministic first, judges, deadline, failure", () => {
  const policyDoc = (extra: Record<string, unknown> = {}) => ({
    ...extra,
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "rule", id: "no-rm-root", if: "Bash(rm -rf /*)", decision: "deny", reason: "Recursive deletes from / are blocked." },
            { type: "rule", id: "push-ask", if: "Bash(git push *)", decision: "ask", reason: "Pushes need a human." },
            { type: "prompt", id: "safety-judge", prompt: "Is this command safe to run on a laptop? $ARGUMENTS", timeout: 5 },
          ],
        },
      ],
    },
  });
  const policy = compiled(policyDoc());

  it("a rule deny means the judge is never called", async () => {
    const { judge, calls } = recordingJudge({ "safety-judge": { ok: true } });
    const r = await run(policy, "PreToolUse", bashInput("rm -rf /"), { judge });
    expect(calls).toEqual([]);
    expect(r.answer).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "Recursive deletes from / are blocked." },
    });
    expect(r.trace.handlers.find((t) => t.id === "safety-judge")).toMatchObject({ status: "not-awaited", why: expect.stringContaining("deny") });
  });

  it("a rule ask does not short-circuit: the judge runs and may deny", async () => {
    const { judge, calls } = recordingJudge({ "safety-judge": { ok: false, reason: "Force-pushing to main is unsafe." } });
    const r = await run(policy, "PreToolUse", bashInput("git push origin main"), { judge });
    expect(calls).toEqual(["safety-judge"]);
    expect(r.answer).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "Force-pushing to main is unsafe." },
    });
  });

  it("a judge answering ok:true adds nothing", async () => {
    const { judge } = recordingJudge();
    expect((await run(policy, "PreToolUse", bashInput("ls"), { judge })).answer).toEqual({});
  });

  it("a judge answering ok:false denies with its reason", async () => {
    const { judge } = recordingJudge({ "safety-judge": { ok: false, reason: "Deletes the home directory." } });
    const r = await run(policy, "PreToolUse", bashInput("rm -rf ~/"), { judge });
    expect(r.answer).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "Deletes the home directory." },
    });
    expect(r.trace.handlers.find((t) => t.id === "safety-judge")).toMatchObject({ status: "fired", outcome: { verdict: "deny" } });
  });

  it("a judge that throws contributes its onError verdict with a reason naming the failure", async () => {
    const { judge } = recordingJudge({ "safety-judge": new Error("model endpoint answered 529") });
    const r = await run(policy, "PreToolUse", bashInput("ls"), { judge });
    const out = r.answer.hookSpecificOutput as Record<string, unknown>;
    expect(out.permissionDecision).toBe("deny");
    expect(out.permissionDecisionReason).toMatch(/safety-judge/);
    expect(out.permissionDecisionReason).toMatch(/model endpoint answered 529/);
    expect(r.errors).toEqual([expect.stringMatching(/^safety-judge: .*529/)]);
    expect(r.trace.handlers.find((t) => t.id === "safety-judge")).toMatchObject({ status: "failed" });
  });

  it("an explicit onError wins over failMode", async () => {
    const p = compiled({ hooks: { PreToolUse: [{ hooks: [{ type: "prompt", id: "j", prompt: "ok?", onError: "ask" }] }] } });
    const { judge } = recordingJudge({ j: new Error("boom") });
    expect((await run(p, "PreToolUse", bashInput("ls"), { judge })).answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "ask" } });
  });

  it("no judge configured counts as a failure, not as approval", async () => {
    const r = await run(policy, "PreToolUse", bashInput("ls"));
    expect(r.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: expect.stringMatching(/no LLM/) } });
  });

  it("a judge slower than deadlineMs: the answer leaves around the deadline with the onError verdict", async () => {
    const p = compiled(policyDoc({ deadlineMs: 100 }));
    const { judge } = recordingJudge({ "safety-judge": { delayMs: 1000, answer: { ok: true } } });
    const started = Date.now();
    const r = await run(p, "PreToolUse", bashInput("ls"), { judge });
    const elapsed = Date.now() - started;
    console.log(`slow judge: answered after ${elapsed} ms (deadline 100 ms)`);
    expect(elapsed).toBeGreaterThanOrEqual(90);
    expect(elapsed).toBeLessThan(800);
    const out = r.answer.hookSpecificOutput as Record<string, unknown>;
    expect(out.permissionDecision).toBe("deny");
    expect(out.permissionDecisionReason).toMatch(/safety-judge/);
    expect(out.permissionDecisionReason).toMatch(/100 ms/);
    await sleep(950); // let the abandoned judge finish inside this test
  });

  it("a judge that honours the abort signal also ends at the deadline", async () => {
    const p = compiled(policyDoc({ deadlineMs: 100 }));
    let aborted = false;
    const judge: EvaluationDeps["judge"] = (_h, _i, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener("abort", () => {
          aborted = true;
          reject(new Error("aborted"));
        });
      });
    const r = await run(p, "PreToolUse", bashInput("ls"), { judge });
    expect(r.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
    expect(aborted).toBe(true);
  });

  it("failMode open: a failing judge contributes nothing", async () => {
    const p = compiled(policyDoc({ failMode: "open" }));
    const { judge } = recordingJudge({ "safety-judge": new Error("timeout talking to the model") });
    const r = await run(p, "PreToolUse", bashInput("ls"), { judge });
    expect(r.answer).toEqual({});
    expect(r.errors).toHaveLength(1);
    expect(r.trace.handlers.find((t) => t.id === "safety-judge")).toMatchObject({ status: "failed" });
    // …and leaves the rules' verdicts as they are
    const r2 = await run(p, "PreToolUse", bashInput("git push origin main"), { judge });
    expect(r2.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "ask", permissionDecisionReason: "Pushes need a human." } });
  });

  it("failMode open with a slow judge: the deadline passes and the answer is no opinion", async () => {
    const p = compiled(policyDoc({ failMode: "open", deadlineMs: 60 }));
    const { judge } = recordingJudge({ "safety-judge": { delayMs: 400, answer: { ok: false, reason: "late no" } } });
    const r = await run(p, "PreToolUse", bashInput("ls"), { judge });
    expect(r.answer).toEqual({});
    await sleep(360);
  });

  it("reasons of several denying judges are joined in declaration order, not completion order", async () => {
    const p = compiled({
      hooks: {
        PreToolUse: [
          { hooks: [{ type: "prompt", id: "first", prompt: "a" }] },
          { hooks: [{ type: "prompt", id: "second", prompt: "b" }] },
        ],
      },
    });
    const { judge } = recordingJudge({
      first: { delayMs: 40, answer: { ok: false, reason: "first says no" } },
      second: { delayMs: 0, answer: { ok: false, reason: "second says no" } },
    });
    const r = await run(p, "PreToolUse", bashInput("ls"), { judge });
    expect(r.answer).toMatchObject({ hookSpecificOutput: { permissionDecisionReason: "first says no\nsecond says no" } });
  });

  it("a forwarded hook's legacy decision:block on PreToolUse is a deny and cannot cancel another deny", async () => {
    const p = compiled({
      hooks: {
        PreToolUse: [
          {
            hooks: [
              { type: "http", id: "fwd-deny", url: "https://a.example.com/hook" },
              { type: "http", id: "fwd-block", url: "https://b.example.com/hook" },
            ],
          },
        ],
      },
    });
    const forward: EvaluationDeps["forward"] = async (h) =>
      h.id === "fwd-deny" ? { verdict: "deny", reason: "A says no" } : { verdict: "block", reason: "B blocks" };
    const r = await run(p, "PreToolUse", bashInput("ls"), { forward });
    expect(r.answer).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "A says no\nB blocks" },
    });
  });
});

describe("Stop judges", () => {
  const policy = compiled({ hooks: { Stop: [{ hooks: [{ type: "prompt", id: "done", prompt: "Did the tests pass? $ARGUMENTS" }] }] } });
  const stopInput = { ...BASE, hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "All done." };

  it("ok:false blocks the stop with the judge's reason", async () => {
    const { judge } = recordingJudge({ done: { ok: false, reason: "Tests were not run; run npm test." } });
    expect((await run(policy, "Stop", stopInput, { judge })).answer).toEqual({ decision: "block", reason: "Tests were not run; run npm test." });
  });

  it("impossible:true lets the stop through", async () => {
    const { judge } = recordingJudge({ done: { ok: false, impossible: true, reason: "Cannot be done in this environment." } });
    const r = await run(policy, "Stop", stopInput, { judge });
    expect(r.answer).toEqual({});
  });

  it("impossible does not help on a permission event", async () => {
    const p = compiled({ hooks: { PreToolUse: [{ hooks: [{ type: "prompt", id: "j", prompt: "ok?" }] }] } });
    const { judge } = recordingJudge({ j: { ok: false, impossible: true, reason: "no" } });
    expect((await run(p, "PreToolUse", bashInput("ls"), { judge })).answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
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

describe("once and deterministic-first together", () => {
  it("a once judge that is not awaited (a rule already denied) keeps its claim for later", async () => {
    const policy = compiled({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no rm" },
              { type: "prompt", id: "first-command-review", once: true, prompt: "Review $ARGUMENTS" },
            ],
          },
        ],
      },
    });
    const claimed = new Set<string>();
    const claimOnce = async (id: string) => (claimed.has(id) ? false : (claimed.add(id), true));
    const { judge, calls } = recordingJudge({ "first-command-review": { ok: false, reason: "reviewed: no" } });
    const denied = await run(policy, "PreToolUse", bashInput("rm -rf x"), { claimOnce, judge });
    expect(denied.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no rm" } });
    expect(calls).toEqual([]);
    expect(claimed.size).toBe(0);
    const judged = await run(policy, "PreToolUse", bashInput("ls"), { claimOnce, judge });
    expect(judged.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "reviewed: no" } });
    expect(calls).toEqual(["first-command-review"]);
    const again = await run(policy, "PreToolUse", bashInput("ls"), { claimOnce, judge });
    expect(again.answer).toEqual({});
    expect(calls).toHaveLength(1);
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

describe("Stop and SubagentStop never loop on a failure (issue 8, item 8)", () => {
  const stopPolicy = (event: "Stop" | "SubagentStop", hooks: unknown[]) => compiled({ hooks: { [event]: [{ hooks }] } });
  const stopInput = (event: "Stop" | "SubagentStop", active: boolean) => ({
    ...BASE,
    hook_event_name: event,
    stop_hook_active: active,
    ...(event === "SubagentStop" ? { agent_id: "a1", agent_type: "Explore" } : {}),
  });
  const judgeThatFails = recordingJudge({ done: new Error("the LLM endpoint answered HTTP 500") }).judge;
  const forwardThatFails: NonNullable<EvaluationDeps["forward"]> = async () => {
    throw new Error("answered HTTP 502");
  };

  for (const event of ["Stop", "SubagentStop"] as const) {
    it(`${event}: a failing judge blocks the first stop but never one with stop_hook_active`, async () => {
      const policy = stopPolicy(event, [{ type: "prompt", id: "done", prompt: "May the agent stop? $ARGUMENTS" }]);
      const first = await run(policy, event, stopInput(event, false), { judge: judgeThatFails });
      expect((first.answer as any).decision).toBe("block");
      const again = await run(policy, event, stopInput(event, true), { judge: judgeThatFails });
      expect(again.answer).toEqual({});
      expect(again.errors[0]).toMatch(/HTTP 500.*not blocking, since stop_hook_active is true/);
    });

    it(`${event}: a failing forward and a judge with no LLM never block with stop_hook_active`, async () => {
      const policy = stopPolicy(event, [
        { type: "http", id: "fwd", url: "https://hooks.example.com/stop", onError: "block" },
        { type: "prompt", id: "done", prompt: "May the agent stop?" },
      ]);
      const again = await run(policy, event, stopInput(event, true), { forward: forwardThatFails });
      expect(again.answer).toEqual({});
      expect(again.errors).toHaveLength(2);
    });
  }

  it("a judge slower than the deadline does not block a Stop with stop_hook_active", async () => {
    const policy = compiled({ deadlineMs: 60, hooks: { Stop: [{ hooks: [{ type: "prompt", id: "done", prompt: "May it stop?" }] }] } });
    const { judge } = recordingJudge({ done: { delayMs: 400, answer: { ok: false, reason: "no" } } });
    const r = await run(policy, "Stop", stopInput("Stop", true), { judge });
    expect(r.answer).toEqual({});
    expect(r.errors[0]).toMatch(/deadline/);
  });

  it("a judge's real ok:false still blocks with stop_hook_active (only failures are let through)", async () => {
    const policy = stopPolicy("Stop", [{ type: "prompt", id: "done", prompt: "May the agent stop?" }]);
    const { judge } = recordingJudge({ done: { ok: false, reason: "run the tests" } });
    expect((await run(policy, "Stop", stopInput("Stop", true), { judge })).answer).toEqual({ decision: "block", reason: "run the tests" });
  });

  it("with no LLM configured, the reason is the composition root's, naming the settings that fix it", async () => {
    const policy = stopPolicy("Stop", [{ type: "prompt", id: "done", prompt: "May the agent stop?" }]);
    // The engine names no Worker variable: it says what it is handed (config.ts's words for a Worker without LLM_*).
    const r = await run(policy, "Stop", stopInput("Stop", false), { unavailable: unavailableCallouts({ LLM_BASE_URL: "", LLM_PROVIDER: "", LLM_MODEL: "" } as never) });
    expect((r.answer as any).decision).toBe("block");
    for (const setting of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_PROVIDER"]) expect((r.answer as any).reason).toContain(setting);
    const plain = await run(policy, "Stop", stopInput("Stop", false), { unavailable: { judge: "the judge is switched off here" } });
    expect((plain.answer as any).reason).toContain("could not run: the judge is switched off here");
    expect((await run(policy, "Stop", stopInput("Stop", false))).answer).toMatchObject({ decision: "block", reason: expect.stringMatching(/no LLM judge is configured here/) });
  });
});

describe("a broken `when` on a looping Stop (items 7 and 8 together)", () => {
  it("the failed rule does not block and does not stop the judge from deciding", async () => {
    const c = compilePolicy(
      {
        hooks: {
          Stop: [
            {
              hooks: [
                { type: "rule", id: "broken", when: { last_assistant_message: "a(b" }, decision: "block", reason: "x" },
                { type: "prompt", id: "done", prompt: "May the agent stop now?" },
              ],
            },
          ],
        },
      },
      { client: claudeCode, lazyPatterns: true },
    );
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    const input = { ...BASE, hook_event_name: "Stop", stop_hook_active: true, last_assistant_message: "done" };
    const { judge, calls } = recordingJudge({ done: { ok: false, reason: "run the tests first" } });
    const r = await run(c.value, "Stop", input, { judge });
    expect(calls).toEqual(["done"]);
    expect(r.answer).toEqual({ decision: "block", reason: "run the tests first" });
    expect(r.errors[0]).toMatch(/^broken: could not be evaluated.*not blocking, since stop_hook_active is true/);
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
