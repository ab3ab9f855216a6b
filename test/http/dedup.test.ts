// Redelivery dedup is keyed on the input too (issue 8, item 5): `session_id` and `tool_use_id` are the caller's to
// choose, so a reused pair with another command is evaluated afresh, and only the very same request is answered
// from the record. Through the real routes, KV, the Durable Object and the local model server.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import { uniqueTeam } from "../support/worker";
import { claudeCode } from "../../src/clients/claude-code";

const modelUrl = inject("modelUrl");
// The decision log writes at once (no 500 ms batch window), so waiting on the execution context is quick.
const app = createApp(claudeCode, (e) => servicesFor(e, { decisionLog: { wait: async () => {} } }));
const ADMIN = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };

async function call(path: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://hookgate.test${path}`, init), { ...env, LLM_BASE_URL: modelUrl }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function setup(policy: unknown) {
  const team = uniqueTeam("dedup-input");
  const put = await call(`/v1/admin/teams/${team}/policy`, { method: "PUT", headers: ADMIN, body: JSON.stringify(policy) });
  expect(put.status, await put.clone().text()).toBe(201);
  const { token } = (await (await call(`/v1/admin/teams/${team}/tokens`, { method: "POST", headers: ADMIN })).json()) as { token: string };
  return (body: unknown) =>
    call(`/v1/hooks/${team}/pre-tool-use`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
}

const bash = (command: string) => ({
  session_id: "s-reused",
  transcript_path: "/home/dev/.claude/projects/p/s.jsonl",
  cwd: "/home/dev/shop",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command },
  tool_use_id: "toolu_reused",
});

// The reported policy: a deny rule on `Bash(rm *)`, a `once` rule and a judge (so the event is stateful and deduped).
const policy = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          { type: "rule", id: "no-rm", if: "Bash(rm *)", decision: "deny", reason: "rm is blocked by team policy" },
          { type: "rule", id: "hello", once: true, additionalContext: "Team rules apply in this session." },
          { type: "prompt", id: "judge", prompt: '[[reply:{"ok":true}]] dedup-input-marker $ARGUMENTS', timeout: 5 },
        ],
      },
    ],
  },
};

describe("dedup is keyed on the input", () => {
  it("a different command under a reused session and tool_use_id is evaluated afresh; the same request still hits", async () => {
    const hook = await setup(policy);
    const first = await hook(bash("ls -la"));
    const firstBody = await first.json();
    expect(firstBody).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "Team rules apply in this session." } });
    expect(first.headers.get("X-Hookgate-Dedup")).toBeNull();

    const other = await hook(bash("rm -rf /home/dev/shop"));
    expect(other.headers.get("X-Hookgate-Dedup")).toBeNull();
    expect(await other.json()).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "rm is blocked by team policy" },
    });

    // The first request redelivered byte for byte gets its first answer (the once rule is not claimed again).
    const again = await hook(bash("ls -la"));
    expect(again.headers.get("X-Hookgate-Dedup")).toBe("hit");
    expect(await again.json()).toEqual(firstBody);
  });
});
