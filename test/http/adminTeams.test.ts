// GET /v1/admin/teams and the warnings that replace silence (a token or settings for a team with no policy), through
// the real Worker with real local KV and Durable Objects. Answers are also checked against the schemas the OpenAPI
// document declares for them, so the reference and the behaviour cannot drift apart.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { claudeCode } from "../../src/clients/claude-code";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as api from "../../src/http/adminApi";
import { KvTeamDirectory } from "../../src/stores/kvTeamDirectory";
import { admin, adminHeaders, expectAnswer, expectError, hook, lsPolicy, mintToken, mintTokenInfo, publish, uniqueTeam } from "../support/worker";
import { PAYLOADS } from "../fixtures/payloads";

/** The schema a route declares for a status (adminApi.ts), to check an answer against what the document says. */
function declared(route: { responses: Record<string, unknown> }, status: number): z.ZodType {
  const r = route.responses[String(status)] as { content: { "application/json": { schema: z.ZodType } } };
  return r.content["application/json"].schema;
}
function conforms(route: { responses: Record<string, unknown> }, status: number, body: unknown) {
  const parsed = declared(route, status).safeParse(body);
  expect(parsed.success, `answer does not match the documented ${status} schema: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
}

interface TeamRow {
  team: string;
  revision: number | null;
  publishedAt: string | null;
  tokens: number;
}
const listTeams = async () => {
  const body = await expectAnswer(await admin("GET", "/teams"));
  conforms(api.listTeams, 200, body);
  return body as unknown as { teams: TeamRow[]; truncated?: true };
};

describe("GET /v1/admin/teams", () => {
  it("lists teams with a policy or a token, sorted by name, with revision, time and token count", async () => {
    const stamp = uniqueTeam("z");
    const withBoth = `${stamp}-b-both`;
    const policyOnly = `${stamp}-a-policy`;
    const tokenOnly = `${stamp}-c-token`;
    const first = await publish(withBoth, lsPolicy("deny"));
    const second = await publish(withBoth, lsPolicy("ask"));
    await mintToken(withBoth);
    await mintToken(withBoth);
    await publish(policyOnly, lsPolicy("deny"));
    await mintToken(tokenOnly);
    const revoked = await mintTokenInfo(`${stamp}-d-revoked`);
    await expectAnswer(await admin("DELETE", `/teams/${stamp}-d-revoked/tokens/${revoked.id}`));

    const listed = await listTeams();
    expect(Object.keys(listed)).toEqual(["teams"]); // exactly {teams}: nothing was cut
    const { teams } = listed;
    const mine = teams.filter((t) => t.team.startsWith(stamp));
    expect(mine).toEqual([
      { team: policyOnly, revision: 1, publishedAt: expect.any(String), tokens: 0 },
      { team: withBoth, revision: second.revision, publishedAt: second.publishedAt, tokens: 2 },
      { team: tokenOnly, revision: null, publishedAt: null, tokens: 1 },
    ]);
    expect(first.revision).toBe(1);
    const names = teams.map((t) => t.team);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);

    // a rollback moves the listed revision too
    await expectAnswer(await admin("POST", `/teams/${withBoth}/policy/rollback`, { revision: 1 }));
    expect((await listTeams()).teams.find((t) => t.team === withBoth)).toMatchObject({ revision: 1, publishedAt: first.publishedAt });
  });

  it("reads a current pointer written before pointers carried metadata", async () => {
    const team = uniqueTeam("legacy");
    const record = { team, revision: 7, publishedAt: "2026-01-02T03:04:05.000Z", document: lsPolicy("deny"), digest: "0123456789abcdef" };
    await env.HOOKGATE_KV.put(`policy:${team}:current`, JSON.stringify(record)); // no metadata, as older versions wrote it
    expect((await listTeams()).teams.find((t) => t.team === team)).toEqual({ team, revision: 7, publishedAt: record.publishedAt, tokens: 0 });
  });

  it("stops at its bound and says so: truncated, never a partial list passed off as whole", async () => {
    await mintToken(uniqueTeam("bound-a"));
    await mintToken(uniqueTeam("bound-b"));
    const tiny = new KvTeamDirectory(env.HOOKGATE_KV, { pageSize: 1, pagesPerPrefix: 1, pointerReads: 0 });
    const cut = await tiny.list();
    expect(cut.truncated).toBe(true);
    const whole = await new KvTeamDirectory(env.HOOKGATE_KV).list();
    expect(whole.truncated).toBe(false);
    expect(whole.teams.length).toBeGreaterThan(cut.teams.length);
    // every team a truncated listing does name, it names correctly
    for (const t of cut.teams) expect(whole.teams).toContainEqual(t);

    // and the route says so
    const app = createApp(claudeCode, (e) => ({ ...servicesFor(e), teams: tiny }));
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request("http://hookgate.test/v1/admin/teams", { headers: adminHeaders() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const body = await expectAnswer(res);
    conforms(api.listTeams, 200, body);
    expect(body).toEqual({ teams: cut.teams, truncated: true });
  });
});

describe("warnings instead of silence", () => {
  it("minting a token for a team with no policy warns that its hooks allow everything; with a policy, no warning", async () => {
    const team = uniqueTeam("warn-token");
    const res = await admin("POST", `/teams/${team}/tokens`);
    const created = await expectAnswer(res, 201);
    conforms(api.createToken, 201, created);
    expect(created.warnings).toEqual([`team "${team}" has no published policy: its hooks answer {} (allow) until one is pushed`]);
    // and that is what its hooks do
    expect(await (await hook(team, "pre-tool-use", PAYLOADS.PreToolUse, String(created.token))).text()).toBe("{}");

    await publish(team, lsPolicy("deny"));
    const again = await expectAnswer(await admin("POST", `/teams/${team}/tokens`, { name: "ci" }), 201);
    expect(again.warnings).toEqual([]);
  });

  it("settings for a team with no policy carry the warning in a Hookgate-Warning header; the body stays the block", async () => {
    const team = uniqueTeam("warn-settings");
    const res = await admin("GET", `/teams/${team}/settings?url=https://hooks.example.com`);
    expect(res.headers.get("hookgate-warning")).toBe(`team "${team}" has no published policy: its hooks answer {} (allow) until one is pushed`);
    const body = await expectAnswer(res);
    expect(Object.keys(body)).toEqual(["hooks"]);
    conforms(api.settings, 200, body);

    await publish(team, lsPolicy("deny"));
    const ok = await admin("GET", `/teams/${team}/settings?url=https://hooks.example.com`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("hookgate-warning")).toBeNull();
  });

  it("settings for a team whose current revision no longer compiles say so, instead of passing off the defaults", async () => {
    const team = uniqueTeam("warn-broken");
    // As an older engine could have stored it: a document this engine refuses (an event it does not know).
    const record = { team, revision: 4, publishedAt: "2026-01-02T03:04:05.000Z", document: { hooks: { NoSuchEvent: [] } }, digest: "feedfacefeedface" };
    await env.HOOKGATE_KV.put(`policy:${team}:current`, JSON.stringify(record));
    const res = await admin("GET", `/teams/${team}/settings?url=https://hooks.example.com`);
    expect(res.status).toBe(200);
    expect(res.headers.get("hookgate-warning")).toMatch(/^revision 4 of team "warn-broken[^"]*" no longer compiles \(1 problem\(s\)\)/);
  });

  it("refuses a dryRun value it cannot read instead of publishing", async () => {
    const team = uniqueTeam("dry-bad");
    const e = await expectError(await admin("PUT", `/teams/${team}/policy?dryRun=yes`, lsPolicy("deny")), 400, "invalid_input");
    expect(e.error.problems!.map((p) => p.path)).toEqual(["dryRun"]);
    await expectError(await admin("GET", `/teams/${team}/policy`), 404, "not_found");
  });
});
