// evaluate with judges: once-claims, deterministic rules before judges, deadlines and failures, Stop judges, and
// Stop never looping on a failure. Rules, traces and the analysis cache are in evaluate.test.ts.
import { describe, expect, it } from "vitest";
import { compiled, BASE, bashInput, run, sleep, recordingJudge } from "./evaluateSupport";
import { claudeCode } from "../../src/clients/claude-code";
import { unavailableCallouts } from "../../src/config";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import type { EvaluationDeps } from "../../src/engine/evaluate";

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
