// The dashboard (/ui) through the real Worker: sign-in and its cookie, the CSP and secure headers, every page and
// form refused without a session (iterated from the dashboard's own route table), a forged change without the
// CSRF token changing nothing, a scoped token seeing and changing only its team, revocation and sign-out ending a
// session, and a minted token shown once. The browser suite (dashboard.browser.node.test.ts) drives the same pages.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/crypto";
import { dashboard } from "../../src/ui/dashboard";
import { PAYLOADS } from "../fixtures/payloads";
import { ADMIN_TOKEN, admin, BASE, call, expectAnswer, hook, lsPolicy, mintToken, pollDecisions, publish, uniqueTeam } from "../support/worker";

const COOKIE = "__Host-hookgate-session"; // BASE is not loopback http: the Secure, __Host- cookie

interface Session {
  cookie: string;
  csrf: string;
  setCookie: string;
}

async function signIn(token = ADMIN_TOKEN): Promise<Session> {
  const res = await call("/ui/sign-in", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE }, body: new URLSearchParams({ token }), redirect: "manual" });
  expect(res.status).toBe(303);
  const setCookie = res.headers.get("set-cookie") ?? "";
  const id = new RegExp(`${COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  expect(id).toBeDefined();
  const cookie = `${COOKIE}=${id}`;
  const page = await (await call("/ui/teams", { headers: { cookie } })).text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  expect(csrf).toBeDefined();
  return { cookie, csrf: csrf!, setCookie };
}

const get = (s: Session | undefined, path: string) => call(path, { headers: s ? { cookie: s.cookie } : {}, redirect: "manual" });
function post(s: Session | undefined, path: string, fields: Record<string, string>, origin = BASE) {
  return call(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, ...(s ? { cookie: s.cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const currentRevision = async (team: string) => ((await expectAnswer(await admin("GET", `/teams/${team}/policy`))) as { revision: number }).revision;
const tokenCount = async (team: string) => ((await expectAnswer(await admin("GET", `/teams/${team}/tokens`))) as { tokens: unknown[] }).tokens.length;

async function teamWithTwoRevisions(): Promise<string> {
  const team = uniqueTeam("ui");
  await publish(team, lsPolicy("deny"));
  await publish(team, lsPolicy("ask"));
  return team;
}

describe("the dashboard's session", () => {
  it("sign-in sets an HttpOnly, Secure, SameSite=Strict session cookie holding a random id; KV keeps its hash and no token", async () => {
    const s = await signIn();
    const flags = s.setCookie.split(";").map((f) => f.trim().toLowerCase());
    expect(flags).toEqual(expect.arrayContaining(["httponly", "secure", "samesite=strict", "path=/", "max-age=7200"]));
    const id = s.cookie.split("=")[1]!;
    expect(id).toMatch(/^hgs_[\w-]{43}$/);
    const stored = await env.HOOKGATE_KV.get(`ui-session:${await sha256Hex(id)}`);
    expect(stored).not.toBeNull();
    expect(await env.HOOKGATE_KV.get(`ui-session:${id}`)).toBeNull();
    expect(stored).not.toContain(ADMIN_TOKEN);
    expect(JSON.parse(stored!)).toMatchObject({ tokenHash: await sha256Hex(ADMIN_TOKEN), caller: { id: "root" } });
  });

  it("a wrong token, a hook token or no token is refused with no cookie", async () => {
    const team = uniqueTeam("ui");
    const hookToken = ((await expectAnswer(await admin("POST", `/teams/${team}/tokens`), 201)) as { token: string }).token;
    for (const token of ["nope", hookToken, "hga_not-a-real-token", ""]) {
      const res = await call("/ui/sign-in", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE }, body: new URLSearchParams({ token }), redirect: "manual" });
      expect(res.status, token).toBe(401);
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });

  it("every page has a strict CSP, secure headers and no-store", async () => {
    const s = await signIn();
    for (const path of ["/ui/sign-in", "/ui/teams", "/ui/audit"]) {
      const res = await get(path === "/ui/sign-in" ? undefined : s, path);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toMatch(/style-src 'nonce-[\w+/=-]+'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      expect(await res.text()).toContain(`<style nonce="${nonce}">`);
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("every page and every form refuses a request without a session (the route table, iterated), and a form changes nothing", async () => {
    const team = await teamWithTwoRevisions();
    const routes = dashboard(() => new Response()).routes.filter((r) => r.method === "GET" || r.method === "POST");
    const open = new Set(["GET /sign-in", "POST /sign-in", "GET /app.js"]);
    const guarded = routes.filter((r) => !open.has(`${r.method} ${r.path}`));
    expect(guarded.length).toBeGreaterThanOrEqual(12);
    const tokensBefore = await tokenCount(team);
    for (const r of guarded) {
      const path = `/ui${r.path.replace(":team", team).replace(":id", "tok_x")}`.replace(/\/$/, "");
      for (const cookie of [undefined, `${COOKIE}=hgs_${"A".repeat(43)}`]) {
        const headers: Record<string, string> = cookie ? { cookie } : {};
        const res =
          r.method === "GET"
            ? await call(path, { headers, redirect: "manual" })
            : await call(path, { method: "POST", headers: { ...headers, "content-type": "application/x-www-form-urlencoded", origin: BASE }, body: new URLSearchParams({ revision: "1", name: "x", policy: "{}", input: "{}" }), redirect: "manual" });
        if (r.method === "GET") {
          expect(res.status, `${r.method} ${path}`).toBe(303);
          expect(res.headers.get("location")).toBe("/ui/sign-in");
        } else expect(res.status, `${r.method} ${path}`).toBe(401);
      }
    }
    expect(await currentRevision(team)).toBe(2);
    expect(await tokenCount(team)).toBe(tokensBefore);
  });

  it("a forged change — no CSRF token, a wrong one, or from another origin — changes nothing", async () => {
    const team = await teamWithTwoRevisions();
    const s = await signIn();
    const tokensBefore = await tokenCount(team);
    for (const fields of [{ revision: "1" }, { revision: "1", _csrf: "csrf_forged" }] as Record<string, string>[]) {
      expect((await post(s, `/ui/teams/${team}/revisions/rollback`, fields)).status).toBe(403);
      expect((await post(s, `/ui/teams/${team}/tokens`, { ...fields, name: "forged" })).status).toBe(403);
    }
    // the right CSRF token from another site's page: refused by its Origin
    expect((await post(s, `/ui/teams/${team}/revisions/rollback`, { revision: "1", _csrf: s.csrf }, "https://evil.example")).status).toBe(403);
    expect(await currentRevision(team)).toBe(2);
    expect(await tokenCount(team)).toBe(tokensBefore);
    // and the same form with the token does roll back
    const done = await post(s, `/ui/teams/${team}/revisions/rollback`, { revision: "1", _csrf: s.csrf, message: "forms work" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Revision 1 is in force again");
    expect(await currentRevision(team)).toBe(1);
  });

  it("a minted hook token is shown once, on the answer to the form, and never on the team's page again", async () => {
    const team = await teamWithTwoRevisions();
    const s = await signIn();
    const res = await post(s, `/ui/teams/${team}/tokens`, { name: "laptops", _csrf: s.csrf });
    const minted = await res.text();
    expect(res.status, minted).toBe(200);
    const token = /data-testid="minted-token"[^>]*value="(hg_[^"]+)"|value="(hg_[^"]+)"[^>]*data-testid="minted-token"/.exec(minted);
    const secret = token?.[1] ?? token?.[2];
    expect(secret).toMatch(/^hg_/);
    const again = await (await get(s, `/ui/teams/${team}`)).text();
    expect(again).toContain("laptops");
    expect(again).not.toContain(secret!);
    // the token works on the hook route: it is the real one
    const hookRes = await call(`/v1/hooks/${team}/pre-tool-use`, { method: "POST", headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" }, body: JSON.stringify(PAYLOADS.PreToolUse) });
    expect(hookRes.status).toBe(200);
  });

  it("a scoped token sees and changes only its team, exactly as the API allows", async () => {
    const mine = await teamWithTwoRevisions();
    const theirs = await teamWithTwoRevisions();
    const minted = (await expectAnswer(await admin("POST", "/tokens", { name: "owner of one", scopes: ["policy:read", "policy:write", "decisions:read"], teams: [mine] }), 201)) as { id: string; token: string };
    const s = await signIn(minted.token);
    const teams = await (await get(s, "/ui/teams")).text();
    expect(teams).toContain(`/ui/teams/${mine}"`);
    expect(teams).not.toContain(theirs);
    for (const path of [`/ui/teams/${theirs}`, `/ui/teams/${theirs}/revisions`, `/ui/teams/${theirs}/decisions`, `/ui/teams/${theirs}/rules`, `/ui/teams/${theirs}/playground`]) {
      const res = await get(s, path);
      expect(res.status, path).toBe(403);
      expect(await res.text()).not.toContain("lsPolicy");
    }
    expect((await post(s, `/ui/teams/${theirs}/revisions/rollback`, { revision: "1", _csrf: s.csrf })).status).toBe(403);
    expect(await currentRevision(theirs)).toBe(2);
    // no tokens:write: its own team's page says so and minting is refused by the API
    expect(await (await get(s, `/ui/teams/${mine}`)).text()).toContain("may not list or mint hook tokens");
    expect((await post(s, `/ui/teams/${mine}/tokens`, { _csrf: s.csrf })).status).toBe(403);
    // the audit view holds only its team's entries
    const audit = await (await get(s, "/ui/audit")).text();
    expect(audit).toContain(mine);
    expect(audit).not.toContain(theirs);

    // revoking the token ends its session at once in this isolate
    await expectAnswer(await admin("DELETE", `/tokens/${minted.id}`));
    expect((await get(s, "/ui/teams")).status).toBe(303);
  });

  it("sign-out ends the session: the same cookie is refused afterwards, pages and forms alike", async () => {
    const team = await teamWithTwoRevisions();
    const s = await signIn();
    const out = await post(s, "/ui/sign-out", { _csrf: s.csrf });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/ui/sign-in?signedOut=1");
    expect(out.headers.get("set-cookie")).toMatch(new RegExp(`${COOKIE}=;.*Max-Age=0`, "i"));
    expect((await get(s, "/ui/teams")).status).toBe(303);
    expect((await post(s, `/ui/teams/${team}/revisions/rollback`, { revision: "1", _csrf: s.csrf })).status).toBe(401);
    expect(await currentRevision(team)).toBe(2);
  });
});

describe("the dashboard's pages", () => {
  it("revisions: who published each and why, a diff between two, from the API", async () => {
    const team = uniqueTeam("ui");
    await admin("PUT", `/teams/${team}/policy?message=${encodeURIComponent("first cut")}`, lsPolicy("deny"));
    await admin("PUT", `/teams/${team}/policy?message=${encodeURIComponent("ask instead")}`, lsPolicy("ask"));
    const s = await signIn();
    const html = await (await get(s, `/ui/teams/${team}/revisions?a=1&b=2`)).text();
    expect(html).toContain("first cut");
    expect(html).toContain("ask instead");
    expect(html).toMatch(/<div class="del">- .*&quot;deny&quot;/);
    expect(html).toMatch(/<div class="add">\+ .*&quot;ask&quot;/);
  });

  it("the playground decides rm -rf / with the starter policy as deny, through the evaluate route", async () => {
    const team = uniqueTeam("ui");
    const s = await signIn();
    const form = await (await get(s, `/ui/teams/${team}/playground?template=rm-root`)).text();
    const policy = /<textarea id="policy" name="policy"[^>]*>([\s\S]*?)<\/textarea>/.exec(form)![1]!;
    const input = /<textarea id="input" name="input"[^>]*>([\s\S]*?)<\/textarea>/.exec(form)![1]!;
    const unescapeHtml = (t: string) => t.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    const res = await post(s, `/ui/teams/${team}/playground`, { policy: unescapeHtml(policy), input: unescapeHtml(input), action: "evaluate", _csrf: s.csrf });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/data-testid="playground-verdict"><span class="v v-deny">deny/);
  });

  it("a hook request's decision is in the table (filtered by tool and client), opens with its masked input and trace, and counts on the rules page", async () => {
    const team = uniqueTeam("ui");
    await publish(team, lsPolicy("deny"));
    const token = await mintToken(team);
    const input = { ...PAYLOADS.PreToolUse, tool_input: { command: "ls -la" } };
    expect((await hook(team, "pre-tool-use", input, token)).status).toBe(200);
    const [logged] = await pollDecisions(team, (l) => l.length === 1);
    expect(logged?.verdict).toBe("deny");
    const s = await signIn();
    const table = await (await get(s, `/ui/teams/${team}/decisions?tool=Bash&client=claude-code&verdict=deny`)).text();
    const link = /href="(\/ui\/teams\/[^"]+\/decisions\/[^"?]+\?at=[^"]+)"/.exec(table)?.[1]?.replace(/&amp;/g, "&");
    expect(link).toContain(logged!.decisionId);
    expect(await (await get(s, `/ui/teams/${team}/decisions?tool=Read`)).text()).not.toContain(logged!.decisionId);
    expect(await (await get(s, `/ui/teams/${team}/decisions?client=copilot-cli`)).text()).not.toContain(logged!.decisionId);
    const detail = await (await get(s, link!)).text();
    expect(detail).toContain("ls -la");
    expect(detail).toMatch(/data-testid="decision-trace">[\s\S]*ls-deny/);
    const rules = await (await get(s, `/ui/teams/${team}/rules?days=1`)).text();
    expect(rules).toMatch(/<tr data-handler="ls-deny"><td><code>ls-deny<\/code><\/td><td>1<\/td><td>0<\/td>/);
    expect(rules).toContain("<svg");
  });

  it("the team page shows the shadow with its agreement and the canary with its share; the forms start, and abort, through the rollout routes", async () => {
    const team = uniqueTeam("ui");
    await publish(team, lsPolicy("allow"));
    const token = await mintToken(team);
    await expectAnswer(await admin("PUT", `/teams/${team}/policy?stage=shadow`, lsPolicy("deny")), 201); // revision 2
    expect((await hook(team, "pre-tool-use", { ...PAYLOADS.PreToolUse, tool_input: { command: "ls" } }, token)).status).toBe(200);
    await pollDecisions(team, (l) => l.length === 1);
    const s = await signIn();
    const shadowed = await (await get(s, `/ui/teams/${team}`)).text();
    expect(shadowed).toMatch(/data-testid="rollout-shadow">revision 2 decides beside the one in force/);
    expect(await expectAnswer(await admin("GET", `/teams/${team}/policy/shadow`))).toMatchObject({ decisions: 1 });
    expect(shadowed).toContain("agrees on 0% of 1 decisions (1 differ)");
    const started = await post(s, `/ui/teams/${team}/rollout/canary`, { revision: "2", percent: "25", _csrf: s.csrf });
    expect(started.status).toBe(200);
    const page = await started.text();
    expect(page).toContain("Revision 2 now answers for 25% of sessions.");
    expect(page).toMatch(/data-testid="rollout-canary">revision 2 answers for 25% of sessions \(the rest: revision 1\)/);
    expect(await expectAnswer(await admin("GET", `/teams/${team}/policy`))).toMatchObject({ rollout: { canary: { revision: 2, percent: 25 } } });
    // forged: no CSRF token, no abort
    expect((await post(s, `/ui/teams/${team}/rollout/abort`, {})).status).toBe(403);
    expect(await expectAnswer(await admin("GET", `/teams/${team}/policy`))).toMatchObject({ rollout: { canary: { revision: 2 } } });
    const aborted = await post(s, `/ui/teams/${team}/rollout/abort`, { _csrf: s.csrf });
    expect(await aborted.text()).toContain("The canary of revision 2 has ended");
    expect(((await expectAnswer(await admin("GET", `/teams/${team}/policy`))) as { rollout?: { canary?: unknown } }).rollout?.canary).toBeUndefined();
  });

  it("the playground's impact report re-decides the recorded decisions under the draft", async () => {
    const team = uniqueTeam("ui");
    await publish(team, lsPolicy("allow"));
    const token = await mintToken(team);
    for (const command of ["ls", "ls -la", "git status"])
      expect((await hook(team, "pre-tool-use", { ...PAYLOADS.PreToolUse, tool_input: { command } }, token)).status).toBe(200);
    await pollDecisions(team, (l) => l.length === 3);
    const s = await signIn();
    const res = await post(s, `/ui/teams/${team}/playground`, { policy: JSON.stringify(lsPolicy("deny")), input: JSON.stringify(PAYLOADS.PreToolUse), action: "impact", _csrf: s.csrf });
    const html = await res.text();
    expect(res.status, html).toBe(200);
    expect(html).toMatch(/data-testid="impact-summary">Of 3 recorded decisions of revision 1 decided again under this draft, <strong>2 would change<\/strong>/);
    expect(html).toContain("<code>ls-deny</code>");
  });
});
