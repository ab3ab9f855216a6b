// Failures of hookgate's own storage must not turn into a 5xx (which the client treats as "go ahead"), and
// concurrent publishes must leave the newest revision in force.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import { claudeCode } from "../../src/clients/claude-code";
import { D1DecisionLog } from "../../src/stores/d1DecisionLog";
import { withOverrides } from "../support/doubles";

const bashInput = {
  session_id: "s",
  transcript_path: "/home/dev/.claude/projects/p/s.jsonl",
  cwd: "/home/dev/shop",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
  tool_use_id: "toolu_r",
};

async function run(app: ReturnType<typeof createApp>, path: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://hookgate.test${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("when the token store is down", () => {
  const app = createApp(claudeCode, (e) => {
    const real = servicesFor(e);
    return { ...real, tokens: withOverrides(real.tokens, { lookup: () => Promise.reject(new Error("KV unavailable")) }) };
  });

  it("a hook gets the event's fail-closed verdict, not a 5xx", async () => {
    const res = await run(app, "/v1/hooks/acme/pre-tool-use", {
      method: "POST",
      headers: { authorization: "Bearer hg_whatever", "content-type": "application/json" },
      body: JSON.stringify(bashInput),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(body.hookSpecificOutput.permissionDecisionReason).toMatch(/token check is unavailable/);
  });

  it("an event that cannot block gets no opinion", async () => {
    const res = await run(app, "/v1/hooks/acme", {
      method: "POST",
      headers: { authorization: "Bearer hg_whatever", "content-type": "application/json" },
      body: JSON.stringify({ session_id: "s", transcript_path: "/t", cwd: "/w", hook_event_name: "Notification", message: "m", notification_type: "idle_prompt" }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it("a missing token is still a 401", async () => {
    const res = await run(app, "/v1/hooks/acme/pre-tool-use", { method: "POST", body: JSON.stringify(bashInput) });
    expect(res.status).toBe(401);
  });
});

describe("when the decision log's tables are missing (D1 migrations not applied)", () => {
  // What D1 answers for a database without migrations/ applied: every statement fails.
  const noTables = (e: Env): D1Database => {
    const missing = () => Promise.reject(new Error("D1_ERROR: no such table: decisions: SQLITE_ERROR"));
    const statement = { bind: () => statement, run: missing, first: missing, all: missing } as unknown as D1PreparedStatement;
    return withOverrides(e.DB, { prepare: () => statement, batch: missing });
  };
  let log: D1DecisionLog | undefined;
  const app = createApp(claudeCode, (e) => ({ ...servicesFor(e), decisions: (log ??= new D1DecisionLog(noTables(e), { wait: async () => {} })) }));
  const admin = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };

  it("hooks are still answered by the policy; the log routes fail until the tables exist", async () => {
    const policy = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(ls)", decision: "deny", reason: "no ls" }] }] } };
    expect((await run(app, "/v1/admin/teams/no-tables/policy", { method: "PUT", headers: admin, body: JSON.stringify(policy) })).status).toBe(201);
    const { token } = (await (await run(app, "/v1/admin/teams/no-tables/tokens", { method: "POST", headers: admin })).json()) as { token: string };
    const res = await run(app, "/v1/hooks/no-tables/pre-tool-use", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(bashInput),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).hookSpecificOutput.permissionDecision).toBe("deny");
    await log!.drain();
    expect((await run(app, "/v1/admin/decision-log", { headers: admin })).status).toBe(500);
    expect((await run(app, "/v1/admin/teams/no-tables/decisions", { headers: admin })).status).toBe(500);
  });
});

describe("concurrent publishes", () => {
  it("get distinct revisions and leave the newest one current", async () => {
    const app = createApp(claudeCode, servicesFor);
    const admin = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };
    const policies = Array.from({ length: 8 }, (_, i) => ({
      description: `publish ${i}`,
      hooks: { PreToolUse: [{ hooks: [{ type: "rule", id: `r${i}`, if: `Bash(tool${i} *)`, decision: "deny", reason: `${i}` }] }] },
    }));
    const results = await Promise.all(
      policies.map((p) => run(app, "/v1/admin/teams/race/policy", { method: "PUT", headers: admin, body: JSON.stringify(p) }).then((r) => r.json() as Promise<{ revision: number }>)),
    );
    const revisions = results.map((r) => r.revision).sort((a, b) => a - b);
    expect(new Set(revisions).size).toBe(8);
    const current = (await (await run(app, "/v1/admin/teams/race/policy", { headers: admin })).json()) as { revision: number };
    expect(current.revision).toBe(Math.max(...revisions));
    const list = (await (await run(app, "/v1/admin/teams/race/policy/revisions", { headers: admin })).json()) as { revisions: unknown[] };
    expect(list.revisions).toHaveLength(8);
  });
});
