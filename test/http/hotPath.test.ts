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

/**
 * Two apps on the same bindings: `plain` to set a team up through the admin API, and `counted`, whose services are
 * the real ones with `overrides` (counting store reads) — the hook requests under test go to it. `bash` posts a
 * Bash PreToolUse of `command` to the team's route with the team's token.
 */
function countedApps(overrides: (real: Services) => Partial<Services>) {
  const plain = createApp(claudeCode, servicesFor);
  const counted = createApp(claudeCode, (e: Env): Services => {
    const real = servicesFor(e);
    return { ...real, ...overrides(real) };
  });
  const run = async (a: typeof plain, path: string, init: RequestInit) => {
    const ctx = createExecutionContext();
    const res = await a.fetch(new Request(`http://hookgate.test${path}`, init), env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  const headers = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };
  const admin = (method: string, path: string, body?: unknown) =>
    run(plain, `/v1/admin/teams${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const tokenOf = async (team: string) => ((await (await admin("POST", `/${team}/tokens`)).json()) as { token: string }).token;
  const bash = (team: string, token: string, command: string, session = "s") =>
    run(counted, `/v1/hooks/${team}/pre-tool-use`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ session_id: session, transcript_path: "/t", cwd: "/w", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: `t-${session}-${command}` }),
    });
  return { admin, tokenOf, bash };
}

it("after the first request, hook requests read neither the policy nor the token from storage", async () => {
  const reads = { policy: 0, baseline: 0, token: 0 };
  const { admin, tokenOf, bash } = countedApps((real) => ({
    policies: withOverrides(real.policies, { current: (team) => (team === BASELINE_SCOPE ? reads.baseline++ : reads.policy++, real.policies.current(team)) }),
    tokens: withOverrides(real.tokens, { lookup: (hash) => (reads.token++, real.tokens.lookup(hash)) }),
  }));
  const policy = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no" }] }] } };
  expect((await admin("PUT", "/hot-path/policy", policy)).status).toBe(201);
  const token = await tokenOf("hot-path");
  const hook = (command: string) => bash("hot-path", token, command);
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
  const { admin, tokenOf, bash } = countedApps((real) => ({
    now: () => now,
    policies: withOverrides(real.policies, {
      current: (team) => (team !== BASELINE_SCOPE && reads.policy++, real.policies.current(team)),
      revision: (team, n) => (reads.revision++, real.policies.revision(team, n)),
    }),
  }));
  const rule = (decision: string) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision, reason: "rm" }] }] } });
  const t = "/hot-path-rollout/policy";
  expect((await admin("PUT", t, rule("deny"))).status).toBe(201);
  expect((await admin("PUT", `${t}?stage=shadow`, rule("ask"))).status).toBe(201);
  expect((await admin("POST", `${t}/canary`, { revision: 2, percent: 50 })).status).toBe(200);
  const token = await tokenOf("hot-path-rollout");
  const hook = (command: string, session: string) => bash("hot-path-rollout", token, command, session);
  const revisions = new Set<string | null>();
  for (let i = 0; i < 3; i++) revisions.add((await hook("rm -rf x", `warm-${i}`)).headers.get("x-hookgate-policy-revision"));
  const afterFirst = { ...reads };
  // The pointer once (it carries the rollout), the canary's and shadow's revision (the same one) once.
  expect(afterFirst).toEqual({ policy: 1, revision: 1 });
  for (let i = 0; i < 20; i++) revisions.add((await hook(i % 2 ? "rm z" : "ls", `s-${i}`)).headers.get("x-hookgate-policy-revision"));
  expect(reads).toEqual(afterFirst);
  expect([...revisions].sort()).toEqual(["1", "2"]); // both revisions answered, neither read again
}, 60_000);
