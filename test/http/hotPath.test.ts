// hookgate spec §9: the steady state reads no KV on the hot path — the policy and the token are cached in the
// isolate, so after the first request of a cache period, hook requests touch no store.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import type { Services } from "../../src/services";
import { claudeCode } from "../../src/clients/claude-code";
import { withOverrides } from "../support/doubles";
import { BASELINE_SCOPE } from "../../src/gate/baseline";

it("after the first request, hook requests read neither the policy nor the token from storage", async () => {
  const reads = { policy: 0, baseline: 0, token: 0 };
  const counted = (e: Env): Services => {
    const real = servicesFor(e);
    return {
      ...real,
      policies: withOverrides(real.policies, { current: (team) => (team === BASELINE_SCOPE ? reads.baseline++ : reads.policy++, real.policies.current(team)) }),
      tokens: withOverrides(real.tokens, { lookup: (hash) => (reads.token++, real.tokens.lookup(hash)) }),
    };
  };
  const plain = createApp(claudeCode, servicesFor);
  const app = createApp(claudeCode, counted);
  const run = async (a: typeof app, path: string, init: RequestInit) => {
    const ctx = createExecutionContext();
    const res = await a.fetch(new Request(`http://hookgate.test${path}`, init), env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  const admin = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };
  const policy = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no" }] }] } };
  expect((await run(plain, "/v1/admin/teams/hot-path/policy", { method: "PUT", headers: admin, body: JSON.stringify(policy) })).status).toBe(201);
  const { token } = (await (await run(plain, "/v1/admin/teams/hot-path/tokens", { method: "POST", headers: admin })).json()) as { token: string };

  const hook = (command: string) =>
    run(app, "/v1/hooks/hot-path/pre-tool-use", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        session_id: "s",
        transcript_path: "/t",
        cwd: "/w",
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command },
        tool_use_id: `t-${command}`,
      }),
    });
  expect((await (await hook("rm -rf x")).json()) as object).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  const afterFirst = { ...reads };
  // At most one read of each, to fill the caches: the team's policy, the org baseline's (every team is evaluated with
  // it, so its pointer is cached like a team's), the token.
  expect(afterFirst).toEqual({ policy: 1, baseline: 1, token: expect.any(Number) });
  expect(afterFirst.token).toBeLessThanOrEqual(1);
  for (const command of ["ls", "rm -rf y", "npm test", "git status", "rm z"]) expect((await hook(command)).status).toBe(200);
  expect(reads).toEqual(afterFirst);
});

it("every route fits Hono's RegExpRouter: one route it cannot take would put every hook request on the slower TrieRouter", async () => {
  const app = createApp(claudeCode, (e) => servicesFor(e));
  const ctx = createExecutionContext();
  expect((await app.fetch(new Request("http://h/healthz"), env, ctx)).status).toBe(200);
  await waitOnExecutionContext(ctx);
  // SmartRouter picks its router on the first match; it names the one it kept.
  expect((app.router as unknown as { activeRouter: { name: string } }).activeRouter.name).toBe("RegExpRouter");
});
