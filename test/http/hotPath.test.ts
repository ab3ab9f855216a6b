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

it("with a shadow and a canary running, the steady state still reads nothing: the rollout comes with the pointer", async () => {
  const reads = { policy: 0, revision: 0 };
  // The clock stands still: a loaded machine's slow requests must not outlast the cache period and read again.
  const now = Date.now();
  const counted = (e: Env): Services => {
    const real = servicesFor(e);
    return {
      ...real,
      now: () => now,
      policies: withOverrides(real.policies, {
        current: (team) => (team !== BASELINE_SCOPE && reads.policy++, real.policies.current(team)),
        revision: (team, n) => (reads.revision++, real.policies.revision(team, n)),
      }),
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
  const rule = (decision: string) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision, reason: "rm" }] }] } });
  const t = "/v1/admin/teams/hot-path-rollout/policy";
  expect((await run(plain, t, { method: "PUT", headers: admin, body: JSON.stringify(rule("deny")) })).status).toBe(201);
  expect((await run(plain, `${t}?stage=shadow`, { method: "PUT", headers: admin, body: JSON.stringify(rule("ask")) })).status).toBe(201);
  expect((await run(plain, `${t}/canary`, { method: "POST", headers: admin, body: JSON.stringify({ revision: 2, percent: 50 }) })).status).toBe(200);
  const { token } = (await (await run(plain, "/v1/admin/teams/hot-path-rollout/tokens", { method: "POST", headers: admin })).json()) as { token: string };
  const hook = (command: string, session: string) =>
    run(app, "/v1/hooks/hot-path-rollout/pre-tool-use", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ session_id: session, transcript_path: "/t", cwd: "/w", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: `t-${session}-${command}` }),
    });
  const revisions = new Set<string | null>();
  for (let i = 0; i < 3; i++) revisions.add((await hook("rm -rf x", `warm-${i}`)).headers.get("x-hookgate-policy-revision"));
  const afterFirst = { ...reads };
  // The pointer once (it carries the rollout), the canary's and shadow's revision (the same one) once.
  expect(afterFirst).toEqual({ policy: 1, revision: 1 });
  for (let i = 0; i < 20; i++) revisions.add((await hook(i % 2 ? "rm z" : "ls", `s-${i}`)).headers.get("x-hookgate-policy-revision"));
  expect(reads).toEqual(afterFirst);
  expect([...revisions].sort()).toEqual(["1", "2"]); // both revisions answered, neither read again
}, 60_000);
