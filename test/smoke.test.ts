import { env, exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import starter from "../policies/default.json";

const admin = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };

it("publishes the starter policy, mints a token, and denies rm -rf /", async () => {
  const put = await exports.default.fetch("http://x/v1/admin/teams/acme/policy", { method: "PUT", headers: admin, body: JSON.stringify(starter) });
  expect(put.status, await put.clone().text()).toBe(201);
  const tok = await exports.default.fetch("http://x/v1/admin/teams/acme/tokens", { method: "POST", headers: admin });
  const { token } = (await tok.json()) as { token: string };
  const res = await exports.default.fetch("http://x/v1/hooks/acme/pre-tool-use", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ session_id: "s", transcript_path: "/home/dev/.claude/x.jsonl", cwd: "/home/dev", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" }, tool_use_id: "t" }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } });
});
