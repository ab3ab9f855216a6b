// Every admin route answers what the OpenAPI document says it answers: one successful call per route definition
// (adminApi.ts), its body parsed with the schema the definition declares for that status, and error answers with
// the ErrorEnvelope schema. The document is generated from these same definitions, so a drift fails here.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import starter from "../../policies/default.json";
import * as api from "../../src/http/adminApi";
import { decisionRecord } from "../../src/http/adminSchemas";
import { PAYLOADS } from "../fixtures/payloads";
import { admin, lsPolicy, mintTokenInfo, publish, uniqueTeam } from "../support/worker";

type Route = (typeof api)[keyof typeof api];

function schemaFor(route: Route, status: number): z.ZodType {
  const r = (route.responses as Record<string, { content?: { "application/json"?: { schema: z.ZodType } } }>)[String(status)];
  const schema = r?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`${route.method.toUpperCase()} ${route.path} does not document status ${status}`);
  return schema;
}

async function expectConforms(route: Route, res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const parsed = schemaFor(route, status).safeParse(JSON.parse(text));
  expect(parsed.success, `${route.method.toUpperCase()} ${route.path} ${status}: ${JSON.stringify(parsed.error?.issues)}\n${text}`).toBe(true);
}

describe("admin answers match the documented schemas", () => {
  it("one successful call per route", async () => {
    const team = uniqueTeam("conform");
    const t = `/teams/${team}`;
    const covered = new Set<Route>();
    const check = async (route: Route, res: Response, status = 200) => {
      covered.add(route);
      await expectConforms(route, res, status);
    };

    await check(api.createToken, await admin("POST", `${t}/tokens`, { name: "a" }), 201); // before any policy: with a warning
    await check(api.putPolicy, await admin("PUT", `${t}/policy?dryRun=1`, starter));
    await check(api.putPolicy, await admin("PUT", `${t}/policy`, lsPolicy("deny", "one")), 201);
    await check(api.putPolicy, await admin("PUT", `${t}/policy`, lsPolicy("deny", "one"))); // unchanged
    await publish(team, lsPolicy("ask", "two"));
    await check(api.getPolicy, await admin("GET", `${t}/policy`));
    await check(api.listRevisions, await admin("GET", `${t}/policy/revisions`));
    await check(api.getRevision, await admin("GET", `${t}/policy/revisions/1`));
    await check(api.rollback, await admin("POST", `${t}/policy/rollback`, { revision: 1 }));
    const minted = await mintTokenInfo(team);
    await check(api.listTokens, await admin("GET", `${t}/tokens`));
    await check(api.revokeToken, await admin("DELETE", `${t}/tokens/${minted.id}`));
    await check(api.evaluate, await admin("POST", `${t}/evaluate`, { input: { ...PAYLOADS.PreToolUse, tool_input: { command: "ls" } } }));
    await check(api.settings, await admin("GET", `${t}/settings?url=https://hooks.example.com`));
    await check(api.decisions, await admin("GET", `${t}/decisions?limit=5`));
    await check(api.decisionRollups, await admin("GET", `${t}/decisions/rollups?since=2026-01-01T00:00:00Z`));
    await check(api.decisionLog, await admin("GET", "/decision-log"));
    // The export answers NDJSON, as documented: every line a DecisionRecord.
    covered.add(api.decisionsExport);
    const exported = await admin("GET", `${t}/decisions/export?since=2026-01-01T00:00:00Z`);
    expect(exported.status).toBe(200);
    expect(Object.keys((api.decisionsExport.responses[200] as { content: object }).content)).toEqual(["application/x-ndjson"]);
    expect(exported.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    for (const line of new TextDecoder().decode(await exported.arrayBuffer()).split("\n").filter(Boolean))
      expect(decisionRecord.safeParse(JSON.parse(line)).success, line).toBe(true);
    await check(api.listTeams, await admin("GET", "/teams"));
    await check(api.putBaseline, await admin("PUT", "/baseline/policy?dryRun=1", lsPolicy("ask", "org")));
    await check(api.putBaseline, await admin("PUT", "/baseline/policy", lsPolicy("ask", "org")), 201);
    await check(api.putBaseline, await admin("PUT", "/baseline/policy", lsPolicy("deny", "org")), 201);
    await check(api.getBaseline, await admin("GET", "/baseline/policy"));
    await check(api.listBaselineRevisions, await admin("GET", "/baseline/policy/revisions"));
    await check(api.getBaselineRevision, await admin("GET", "/baseline/policy/revisions/1"));
    await check(api.rollbackBaseline, await admin("POST", "/baseline/policy/rollback", { revision: 1 }));
    const adminToken = await admin("POST", "/tokens", { name: "owner", scopes: ["policy:read"], teams: [team], expiresIn: "90d" });
    const { id: adminTokenId } = (await adminToken.clone().json()) as { id: string };
    await check(api.createAdminToken, adminToken, 201);
    await check(api.listAdminTokens, await admin("GET", "/tokens"));
    await check(api.revokeAdminToken, await admin("DELETE", `/tokens/${adminTokenId}`));
    await check(api.audit, await admin("GET", `/audit?team=${team}&limit=10`));
    // The rollout (docs/rolling-out.md): impact, a shadow, a canary of it, promote; another shadow, aborted.
    await check(api.policyImpact, await admin("POST", `${t}/policy/impact`, { policy: lsPolicy("allow"), limit: 10 }));
    await check(api.putPolicy, await admin("PUT", `${t}/policy?stage=shadow`, lsPolicy("allow", "three")), 201);
    await check(api.getShadow, await admin("GET", `${t}/policy/shadow`));
    await check(api.getPolicy, await admin("GET", `${t}/policy`));
    await check(api.startCanary, await admin("POST", `${t}/policy/canary`, { revision: 3, percent: 10 }));
    await check(api.listRevisions, await admin("GET", `${t}/policy/revisions`));
    await check(api.promoteCanary, await admin("POST", `${t}/policy/promote`, {}));
    await admin("PUT", `${t}/policy?stage=shadow`, lsPolicy("ask", "four"));
    await check(api.abortRollout, await admin("POST", `${t}/policy/abort`));

    expect(Object.values(api).filter((r) => !covered.has(r)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("errors are the documented ErrorEnvelope under the documented status", async () => {
    const team = uniqueTeam("conform-err");
    const t = `/teams/${team}`;
    await expectConforms(api.getPolicy, await admin("GET", `${t}/policy`), 404);
    await expectConforms(api.getRevision, await admin("GET", `${t}/policy/revisions/x`), 400);
    await expectConforms(api.putPolicy, await admin("PUT", `${t}/policy`, { hooks: { Nope: [] } }), 400);
    await publish(team, lsPolicy("deny"));
    await expectConforms(api.rollback, await admin("POST", `${t}/policy/rollback`, { revision: 1 }), 409);
    await expectConforms(api.listTeams, await admin("GET", "/teams", undefined, { authorization: "Bearer wrong" }), 401);
  });
});
