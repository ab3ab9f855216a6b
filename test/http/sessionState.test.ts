// `once` (a Durable Object claim per session) and redelivery dedup, through the real routes, KV and Durable Object.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ADMIN = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };
const fetchWorker = (path: string, init?: RequestInit) => exports.default.fetch(`http://hookgate.test${path}`, init);

async function setup(team: string, policy: unknown) {
  const put = await fetchWorker(`/v1/admin/teams/${team}/policy`, { method: "PUT", headers: ADMIN, body: JSON.stringify(policy) });
  expect(put.status, await put.clone().text()).toBe(201);
  const { token } = (await (await fetchWorker(`/v1/admin/teams/${team}/tokens`, { method: "POST", headers: ADMIN })).json()) as { token: string };
  return (route: string, body: unknown) =>
    fetchWorker(`/v1/hooks/${team}/${route}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
}

const postEdit = (session: string, toolUseId: string) => ({
  session_id: session,
  transcript_path: "/home/dev/.claude/projects/p/s.jsonl",
  cwd: "/home/dev/shop",
  hook_event_name: "PostToolUse",
  tool_name: "Edit",
  tool_input: { file_path: "/home/dev/shop/src/a.ts", old_string: "a", new_string: "b" },
  tool_response: { success: true },
  tool_use_id: toolUseId,
});

const oncePolicy = {
  hooks: {
    PostToolUse: [
      { matcher: "Edit|Write", hooks: [{ type: "rule", id: "format-reminder", once: true, additionalContext: "Run `npm run format` before you finish." }] },
    ],
  },
};
const reminder = { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Run `npm run format` before you finish." } };

describe("once", () => {
  it("fires once per session, and again in another session", async () => {
    const hook = await setup("once-basic", oncePolicy);
    expect(await (await hook("post-tool-use", postEdit("s1", "t1"))).json()).toEqual(reminder);
    expect(await (await hook("post-tool-use", postEdit("s1", "t2"))).json()).toEqual({});
    expect(await (await hook("post-tool-use", postEdit("s2", "t3"))).json()).toEqual(reminder);
  });

  it("fires exactly once under parallel tool calls of one session", async () => {
    const hook = await setup("once-parallel", oncePolicy);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => hook("post-tool-use", postEdit("s-par", `t-par-${i}`)).then((r) => r.json())),
    );
    expect(answers.filter((a) => JSON.stringify(a) === JSON.stringify(reminder))).toHaveLength(1);
    expect(answers.filter((a) => JSON.stringify(a) === "{}")).toHaveLength(11);
  });
});

describe("redelivery dedup", () => {
  it("the same request twice gets the same answer without a second once-claim", async () => {
    const hook = await setup("dedup-once", oncePolicy);
    const first = await hook("post-tool-use", postEdit("s-d", "t-same"));
    expect(await first.json()).toEqual(reminder);
    expect(first.headers.get("X-Hookgate-Dedup")).toBeNull();
    const again = await hook("post-tool-use", postEdit("s-d", "t-same"));
    expect(await again.json()).toEqual(reminder);
    expect(again.headers.get("X-Hookgate-Dedup")).toBe("hit");
    // a different tool call of the session is evaluated: the once-handler has already fired
    expect(await (await hook("post-tool-use", postEdit("s-d", "t-other"))).json()).toEqual({});
  });

  it("rules-only policies are simply evaluated again (deterministic, no state read)", async () => {
    const hook = await setup("dedup-rules", { hooks: { PostToolUse: [{ hooks: [{ type: "rule", additionalContext: "ctx" }] }] } });
    await hook("post-tool-use", postEdit("s-r", "t-r"));
    const again = await hook("post-tool-use", postEdit("s-r", "t-r"));
    expect(again.headers.get("X-Hookgate-Dedup")).toBeNull();
    expect(await again.json()).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ctx" } });
  });

  it("a new policy revision is not answered from the old revision's record", async () => {
    const hook = await setup("dedup-revision", oncePolicy);
    await hook("post-tool-use", postEdit("s-v", "t-v"));
    const changed = {
      hooks: { PostToolUse: [{ hooks: [{ type: "rule", id: "other", once: true, additionalContext: "new text" }] }] },
    };
    const put = await fetchWorker(`/v1/admin/teams/dedup-revision/policy`, { method: "PUT", headers: ADMIN, body: JSON.stringify(changed) });
    expect(put.status).toBe(201);
    const again = await hook("post-tool-use", postEdit("s-v", "t-v"));
    expect(again.headers.get("X-Hookgate-Dedup")).toBeNull();
    expect(await again.json()).toEqual({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "new text" } });
  });
});
