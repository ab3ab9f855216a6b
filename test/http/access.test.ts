// Who may do what (docs/roles.md) through the real Worker: admin tokens with scopes and teams, no escalation,
// revocation and expiry within the cache bound (the services' clock, no sleeping), hook and admin tokens never
// taken for each other on any route, and one audit entry per change naming the token that made it.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import * as api from "../../src/http/adminApi";
import { createApp } from "../../src/http/app";
import { sha256Hex } from "../../src/crypto";
import { servicesFor } from "../../src/index";
import type { AuditEntry } from "../../src/services";
import { PAYLOADS } from "../fixtures/payloads";
import { ADMIN_TOKEN, admin, BASE, call, expectAnswer, expectError, hook, lsPolicy, mintTokenInfo, publish, teamWith, uniqueTeam } from "../support/worker";

interface Minted {
  id: string;
  token: string;
  scopes: string[];
  teams: string[];
  expiresAt?: string;
}

const TEAM_SCOPES = ["policy:read", "policy:write", "decisions:read", "tokens:write"];

/** An admin API call with the given bearer token. */
function as(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers } };
  if (body !== undefined) init.body = JSON.stringify(body);
  return call(`/v1/admin${path}`, init);
}

async function mintAdmin(body: Record<string, unknown>, by = ADMIN_TOKEN): Promise<Minted> {
  return (await expectAnswer(await as(by, "POST", "/tokens", body), 201)) as unknown as Minted;
}

const auditOf = async (query: string, token = ADMIN_TOKEN): Promise<AuditEntry[]> =>
  ((await expectAnswer(await as(token, "GET", `/audit${query}`))) as { entries: AuditEntry[] }).entries;

/** Every admin route of the route list (adminApi.ts), its path parameters filled in. */
const ADMIN_ROUTES = (team: string) =>
  Object.values(api).map((r) => ({
    method: r.method.toUpperCase(),
    path: r.path.replace("{team}", team).replace("{rev}", "1").replace("{id}", "tok_x"),
    body: r.method === "get" || r.method === "delete" ? undefined : {},
  }));

/** Every hook route: one per event, and the generic one. */
const HOOK_ROUTES = (team: string) => [...claudeCode.events.list.map((e) => ({ route: e.route, body: PAYLOADS[e.name as keyof typeof PAYLOADS] })), { route: undefined, body: PAYLOADS.PreToolUse }].map((r) => ({ ...r, team }));

describe("admin tokens: scopes and teams", () => {
  it("mints an hga_ token shown once, lists it without the secret, and says what it may do", async () => {
    const team = uniqueTeam("owner");
    const minted = await mintAdmin({ name: "web owner", scopes: TEAM_SCOPES, teams: [team] });
    expect(minted.token).toMatch(/^hga_[A-Za-z0-9_-]{43}$/);
    const listed = (await expectAnswer(await admin("GET", "/tokens"))) as { tokens: Record<string, unknown>[] };
    const mine = listed.tokens.find((t) => t.id === minted.id)!;
    expect(mine).toMatchObject({ name: "web owner", scopes: TEAM_SCOPES, teams: [team], createdBy: { id: "root", name: "root" } });
    expect(JSON.stringify(listed)).not.toContain(minted.token);
    expect(JSON.stringify(listed)).not.toMatch(/"hash"/);
    // It works for its team.
    await expectAnswer(await as(minted.token, "PUT", `/teams/${team}/policy`, lsPolicy("deny")), 201);
  });

  it("a token scoped to team A cannot publish, roll back, read decisions of or mint tokens for team B: 403 naming the scope, nothing changed", async () => {
    const a = uniqueTeam("a");
    const b = uniqueTeam("b");
    await publish(b, lsPolicy("deny", "one"));
    await publish(b, lsPolicy("deny", "two"));
    const bToken = await mintTokenInfo(b, "b-laptop");
    const owner = await mintAdmin({ name: "a owner", scopes: TEAM_SCOPES, teams: [a] });
    const before = await Promise.all([admin("GET", `/teams/${b}/policy`), admin("GET", `/teams/${b}/tokens`), admin("GET", `/teams/${b}/policy/revisions`)].map(async (r) => (await r).text()));
    const auditBefore = await auditOf(`?team=${b}`);
    const attempts: [string, string, unknown, string][] = [
      ["PUT", `/teams/${b}/policy`, lsPolicy("allow"), "policy:write"],
      ["POST", `/teams/${b}/policy/rollback`, { revision: 1 }, "policy:write"],
      ["GET", `/teams/${b}/decisions`, undefined, "decisions:read"],
      ["POST", `/teams/${b}/tokens`, { name: "x" }, "tokens:write"],
      ["DELETE", `/teams/${b}/tokens/${bToken.id}`, undefined, "tokens:write"],
      ["GET", `/teams/${b}/policy`, undefined, "policy:read"],
    ];
    for (const [method, path, body, scope] of attempts) {
      const e = await expectError(await as(owner.token, method, path, body), 403, "forbidden");
      expect(e.error.message, `${method} ${path}`).toContain(`scope "${scope}"`);
      expect(e.error.message).toContain(`team "${b}"`);
    }
    const after = await Promise.all([admin("GET", `/teams/${b}/policy`), admin("GET", `/teams/${b}/tokens`), admin("GET", `/teams/${b}/policy/revisions`)].map(async (r) => (await r).text()));
    expect(after).toEqual(before);
    expect(await auditOf(`?team=${b}`)).toEqual(auditBefore);
    // The same token does all of it for its own team.
    await expectAnswer(await as(owner.token, "PUT", `/teams/${a}/policy`, lsPolicy("deny")), 201);
    await expectAnswer(await as(owner.token, "POST", `/teams/${a}/tokens`, { name: "ci" }), 201);
  });

  it("a policy:read token cannot publish or roll back; it can read", async () => {
    const team = uniqueTeam("ro");
    await publish(team, lsPolicy("deny"));
    const reader = await mintAdmin({ name: "auditor", scopes: ["policy:read"], teams: ["*"] });
    const e = await expectError(await as(reader.token, "PUT", `/teams/${team}/policy`, lsPolicy("allow")), 403, "forbidden");
    expect(e.error.message).toContain('scope "policy:write"');
    await expectError(await as(reader.token, "POST", `/teams/${team}/policy/rollback`, { revision: 1 }), 403, "forbidden");
    expect(await expectAnswer(await as(reader.token, "GET", `/teams/${team}/policy`))).toMatchObject({ revision: 1, document: lsPolicy("deny") });
  });

  it("a tokens:write token cannot mint an admin token; no token mints one wider than itself", async () => {
    const team = uniqueTeam("web");
    const minter = await mintAdmin({ name: "token minter", scopes: ["tokens:write"], teams: [team] });
    const e = await expectError(await as(minter.token, "POST", "/tokens", { name: "x", scopes: ["tokens:write"], teams: [team] }), 403, "forbidden");
    expect(e.error.message).toContain('scope "admin"');
    // It can mint the team's hook tokens.
    await expectAnswer(await as(minter.token, "POST", `/teams/${team}/tokens`, { name: "laptop" }), 201);
    // An admin for web-* teams mints within web-*, never "*" or another prefix.
    const webAdmin = await mintAdmin({ name: "web admin", scopes: ["admin"], teams: ["web-*"] });
    await expectAnswer(await as(webAdmin.token, "POST", "/tokens", { name: "web-shop owner", scopes: ["policy:write"], teams: ["web-shop"] }), 201);
    for (const teams of [["*"], ["api-*"], ["web"], ["w*"]]) {
      const wider = await expectError(await as(webAdmin.token, "POST", "/tokens", { name: "wider", scopes: ["policy:read"], teams }), 403, "forbidden");
      expect(wider.error.message).toContain("teams outside its own");
    }
    const narrow = await mintAdmin({ name: "narrow admin", scopes: ["policy:read"], teams: ["*"] });
    await expectError(await as(narrow.token, "POST", "/tokens", { name: "x", scopes: ["policy:read"], teams: ["*"] }), 403, "forbidden");
    // The org baseline needs admin for every team: web-* admin is refused.
    const base = await expectError(await as(webAdmin.token, "PUT", "/baseline/policy", lsPolicy("deny")), 403, "forbidden");
    expect(base.error.message).toContain('"*"');
    // A bad request is a 400 with every problem.
    const bad = await expectError(await admin("POST", "/tokens", { name: "", scopes: ["root"], teams: ["Web!"], expiresIn: "forever" }), 400, "invalid_input");
    expect(bad.error.problems?.map((p) => p.path).sort()).toEqual(["expiresIn", "name", "scopes.0", "teams.0"]);
  });

  it("GET /v1/admin/teams lists only the teams the token may see", async () => {
    const prefix = uniqueTeam("vis").slice(0, 20);
    const [mine, alsoMine, other] = [`${prefix}-a`, `${prefix}-b`, uniqueTeam("other")];
    for (const t of [mine, alsoMine, other]) await publish(t, lsPolicy("deny"));
    const seer = await mintAdmin({ name: "seer", scopes: ["policy:read"], teams: [`${prefix}-*`] });
    const teams = ((await expectAnswer(await as(seer.token, "GET", "/teams"))) as { teams: { team: string }[] }).teams.map((t) => t.team);
    expect(teams).toEqual([mine, alsoMine]);
    const all = ((await expectAnswer(await admin("GET", "/teams"))) as { teams: { team: string }[] }).teams.map((t) => t.team);
    expect(all).toEqual(expect.arrayContaining([mine, alsoMine, other]));
  });

  it("revoked and expired tokens are refused within the cache bound (CACHE_TTL_MS, 5 s), by the services' clock", async () => {
    let clock = Date.now();
    const services = { ...servicesFor(env), now: () => clock };
    const app = createApp(claudeCode, () => services);
    const at = async (token: string, path: string) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(`${BASE}/v1/admin${path}`, { headers: { authorization: `Bearer ${token}` } }), env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const team = uniqueTeam("clock");
    await publish(team, lsPolicy("deny"));
    // Revoked elsewhere (straight in the store, as another isolate would): this isolate's entry holds at most 5 s.
    const elsewhere = await mintAdmin({ name: "revoked elsewhere", scopes: ["policy:read"], teams: [team] });
    await expectAnswer(await at(elsewhere.token, `/teams/${team}/policy`));
    await services.adminTokens.revoke(elsewhere.id);
    clock += 4_999;
    await expectAnswer(await at(elsewhere.token, `/teams/${team}/policy`)); // the bound the README states, not beyond
    clock += 1;
    await expectError(await at(elsewhere.token, `/teams/${team}/policy`), 401, "unauthorized");
    // Revoked through the API: at once.
    const here = await mintAdmin({ name: "revoked here", scopes: ["policy:read"], teams: [team] });
    await expectAnswer(await at(here.token, `/teams/${team}/policy`));
    await expectAnswer(await admin("DELETE", `/tokens/${here.id}`));
    await expectError(await as(here.token, "GET", `/teams/${team}/policy`), 401, "unauthorized");
    // Expired: refused from the instant it expires, whatever the cache holds.
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${BASE}/v1/admin/tokens`, { method: "POST", headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: JSON.stringify({ name: "short", scopes: ["policy:read"], teams: [team], expiresIn: "1m" }) }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const short = (await expectAnswer(res, 201)) as unknown as Minted;
    expect(Date.parse(short.expiresAt!)).toBe(clock + 60_000);
    await expectAnswer(await at(short.token, `/teams/${team}/policy`));
    clock += 59_999;
    await expectAnswer(await at(short.token, `/teams/${team}/policy`));
    clock += 1;
    const expired = await expectError(await at(short.token, `/teams/${team}/policy`), 401, "unauthorized");
    expect(expired.error.message).toContain("expired");
  });

  it("an admin token whose stored expiry is no date is refused as expired, never taken as one that does not expire", async () => {
    const team = uniqueTeam("bad-expiry");
    await publish(team, lsPolicy("deny"));
    const minted = await mintAdmin({ name: "damaged", scopes: ["policy:read"], teams: [team], expiresIn: "1d" });
    const key = `admin-token:${await sha256Hex(minted.token)}`;
    const stored = await env.HOOKGATE_KV.get<Record<string, unknown>>(key, "json");
    expect(stored?.expiresAt).toBe(minted.expiresAt);
    await env.HOOKGATE_KV.put(key, JSON.stringify({ ...stored, expiresAt: "not a date" }));
    // The token's first use: no isolate holds its entry yet, so this reads the damaged record.
    const res = await as(minted.token, "GET", `/teams/${team}/policy`);
    expect((await expectError(res, 401, "unauthorized")).error.message).toContain("expired");
  });

  it("a hook token is refused on every admin route, an admin token (and ADMIN_TOKEN) on every hook route", async () => {
    const { team, token: hookToken } = await teamWith(lsPolicy("deny"), "cross");
    const adminToken = (await mintAdmin({ name: "all", scopes: ["admin"], teams: ["*"] })).token;
    const routes = ADMIN_ROUTES(team);
    expect(routes.length).toBeGreaterThanOrEqual(22);
    for (const r of routes) {
      const res = await as(hookToken, r.method, r.path, r.body);
      await expectError(res, 401, "unauthorized");
    }
    const hooks = HOOK_ROUTES(team);
    expect(hooks.length).toBe(claudeCode.events.list.length + 1);
    for (const h of hooks)
      for (const t of [adminToken, ADMIN_TOKEN]) {
        const res = await hook(h.team, h.route, h.body, t);
        await expectError(res, 401, "unauthorized");
      }
    // and the hook token still works where it belongs
    await expectAnswer(await hook(team, "pre-tool-use", PAYLOADS.PreToolUse, hookToken));
  });
});

describe("the audit trail", () => {
  it("every change is exactly one entry naming the token that made it, with its message; no-ops make none", async () => {
    const team = uniqueTeam("audited");
    const owner = await mintAdmin({ name: "team owner", scopes: TEAM_SCOPES, teams: [team] });
    const who = { id: owner.id, name: "team owner" };
    const p1 = (await expectAnswer(await as(owner.token, "PUT", `/teams/${team}/policy?message=${encodeURIComponent("first rules — ça marche")}`, lsPolicy("deny")), 201)) as { revision: number; digest: string };
    await expectAnswer(await as(owner.token, "PUT", `/teams/${team}/policy`, lsPolicy("deny"))); // unchanged: no entry
    await expectAnswer(await as(owner.token, "PUT", `/teams/${team}/policy?dryRun=1`, lsPolicy("ask"))); // dry run: no entry
    const p2 = (await expectAnswer(await as(owner.token, "PUT", `/teams/${team}/policy`, lsPolicy("ask"), { "hookgate-message": "ask instead" }), 201)) as { revision: number; digest: string };
    await expectAnswer(await as(owner.token, "POST", `/teams/${team}/policy/rollback`, { revision: p1.revision, message: "ask was too loud" }));
    const hookTok = (await expectAnswer(await as(owner.token, "POST", `/teams/${team}/tokens`, { name: "ci" }), 201)) as { id: string; token: string };
    await expectAnswer(await as(owner.token, "DELETE", `/teams/${team}/tokens/${hookTok.id}`));
    const entries = await auditOf(`?team=${team}`);
    expect(entries.map(({ id: _, time: __, ...e }) => e)).toEqual([
      { actor: who, team, action: "token.revoke", target: hookTok.id },
      { actor: who, team, action: "token.create", target: hookTok.id, detail: { name: "ci" } },
      { actor: who, team, action: "policy.rollback", revision: p1.revision, digest: p1.digest, message: "ask was too loud", detail: { from: p2.revision } },
      { actor: who, team, action: "policy.publish", revision: p2.revision, digest: p2.digest, message: "ask instead" },
      { actor: who, team, action: "policy.publish", revision: p1.revision, digest: p1.digest, message: "first rules — ça marche" },
    ]);
    // No secret anywhere in the trail.
    expect(JSON.stringify(entries)).not.toContain(owner.token);
    expect(JSON.stringify(entries)).not.toContain(hookTok.token);

    // Admin tokens and the baseline: org-wide entries (team null), by root.
    const since = new Date(Date.now() - 1000).toISOString();
    const minted = await mintAdmin({ name: "temp", scopes: ["policy:read"], teams: [team] });
    await expectAnswer(await as(ADMIN_TOKEN, "DELETE", `/tokens/${minted.id}?message=left`));
    const b1 = (await expectAnswer(await as(ADMIN_TOKEN, "PUT", "/baseline/policy?message=org%20rules", { hooks: {} }), 201)) as { revision: number; digest: string };
    const b2 = (await expectAnswer(await as(ADMIN_TOKEN, "PUT", "/baseline/policy", lsPolicy("ask")), 201)) as { revision: number; digest: string };
    await expectAnswer(await as(ADMIN_TOKEN, "POST", "/baseline/policy/rollback", { revision: b1.revision }));
    const root = { id: "root", name: "root" };
    const org = (await auditOf(`?since=${since}`))
      .filter((e) => e.team === null && (e.target === minted.id || e.action.startsWith("baseline.")))
      .map(({ id: _, time: __, ...e }) => e);
    expect(org).toEqual([
      { actor: root, team: null, action: "baseline.rollback", revision: b1.revision, digest: b1.digest, detail: { from: b2.revision } },
      { actor: root, team: null, action: "baseline.publish", revision: b2.revision, digest: b2.digest },
      { actor: root, team: null, action: "baseline.publish", revision: b1.revision, digest: b1.digest, message: "org rules" },
      { actor: root, team: null, action: "admin-token.revoke", target: minted.id, message: "left", detail: { name: "temp" } },
      { actor: root, team: null, action: "admin-token.create", target: minted.id, detail: { name: "temp", scopes: ["policy:read"], teams: [team] } },
    ]);
  });

  it("is scoped to the token's teams, filtered by team, action, since and limit", async () => {
    const mine = uniqueTeam("mine");
    const theirs = uniqueTeam("theirs");
    await publish(mine, lsPolicy("deny"));
    await publish(theirs, lsPolicy("deny"));
    const reader = await mintAdmin({ name: "reader", scopes: ["policy:read"], teams: [mine] });
    const seen = await auditOf("?limit=1000", reader.token);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.team === mine)).toBe(true);
    await expectError(await as(reader.token, "GET", `/audit?team=${theirs}`), 403, "forbidden");
    const noScope = await mintAdmin({ name: "decisions only", scopes: ["decisions:read"], teams: [mine] });
    const e = await expectError(await as(noScope.token, "GET", "/audit"), 403, "forbidden");
    expect(e.error.message).toContain('scope "policy:read"');
    expect(await auditOf(`?team=${mine}&action=policy.rollback`)).toEqual([]);
    expect((await auditOf("?limit=1")).length).toBe(1);
    expect(await auditOf(`?team=${mine}&since=2999-01-01T00:00:00Z`)).toEqual([]);
  });

  it("no API alters an entry, and the table itself refuses UPDATE and DELETE", async () => {
    const team = uniqueTeam("immutable");
    await publish(team, lsPolicy("deny"));
    const [entry] = await auditOf(`?team=${team}`);
    for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
      const res = await admin(method, "/audit", method === "DELETE" ? undefined : {});
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET");
      const one = await admin(method, `/audit/${entry!.id}`, method === "DELETE" ? undefined : {});
      expect(one.status, method).toBe(404);
    }
    await expect(env.DB.prepare("UPDATE audit SET actor_name = 'someone else' WHERE id = ?").bind(entry!.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit WHERE id = ?").bind(entry!.id).run()).rejects.toThrow(/append-only/);
    expect(await auditOf(`?team=${team}`)).toEqual([entry]);
  });
});
