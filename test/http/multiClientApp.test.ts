// One app serves every client profile (src/http/app.ts, src/clients/index.ts): Claude Code on its own paths
// (`/v1/hooks/:team/:event`, `/v1/hooks/:team`), every other client under its route segment
// (`/v1/hooks/:team/<segment>/:event`), each decided by its own Gate and recorded as its own client; the API
// document lists every client's routes; clients whose routes would clash are refused when the app is built.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import type { ClientProfile } from "../../src/gate/profile";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import { hookRoutePath, hookUrl, HOOK_URL } from "../../src/routes";
import { PAYLOADS } from "../fixtures/payloads";
import { lsPolicy, uniqueTeam } from "../support/worker";

const ADMIN = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };
/** A second client with Claude Code's events and its own segment and answer: the app must route to its Gate. */
const other: ClientProfile = {
  ...claudeCode,
  name: "other-client",
  title: "Other client",
  routeSegment: "other-client",
  protocol: { ...claudeCode.protocol, answer: (spec, agg) => ({ otherClientSays: agg.verdict ?? "nothing", event: spec.name }) },
  callers: [],
};

const services = servicesFor(env);
const app = createApp([claudeCode, other], () => services);
async function call(path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://hookgate.test${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function teamWithToken(prefix: string) {
  const team = uniqueTeam(prefix);
  expect((await call(`/v1/admin/teams/${team}/policy`, { method: "PUT", headers: ADMIN, body: JSON.stringify(lsPolicy("deny")) })).status).toBe(201);
  const { token } = (await (await call(`/v1/admin/teams/${team}/tokens`, { method: "POST", headers: ADMIN })).json()) as { token: string };
  return { team, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } };
}

describe("one app for every client", () => {
  it("answers a path of no client's table not found, at every depth", async () => {
    const { team, headers } = await teamWithToken("multi-404");
    const body = JSON.stringify({ ...PAYLOADS.PreToolUse, tool_input: { command: "ls" } });
    for (const path of [`/v1/hooks/${team}/no-client`, `/v1/hooks/${team}/no-client/pre-tool-use`, `/v1/hooks/${team}/pre-tool-use/other-client`, `/v1/hooks/${team}/other-client/pre-tool-use/x`]) {
      const res = await call(path, { method: "POST", headers, body });
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error?: { code?: string } }).error?.code).toBe("not_found");
    }
  });

  it("routes each client's paths to its own Gate: Claude Code's answer layout on its paths, the other's under its segment", async () => {
    const { team, headers } = await teamWithToken("multi");
    const body = JSON.stringify({ ...PAYLOADS.PreToolUse, tool_input: { command: "ls" } });
    const claude = await call(`/v1/hooks/${team}/pre-tool-use`, { method: "POST", headers, body });
    expect(claude.status).toBe(200);
    expect(((await claude.json()) as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision).toBe("deny");
    const claudeAny = await call(`/v1/hooks/${team}`, { method: "POST", headers, body });
    expect(((await claudeAny.json()) as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision).toBe("deny");

    for (const path of [`/v1/hooks/${team}/other-client/pre-tool-use`, `/v1/hooks/${team}/other-client`]) {
      const res = await call(path, { method: "POST", headers, body });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ otherClientSays: "deny", event: "PreToolUse" });
    }
    // The segment alone on Claude's route shape is no event of Claude's: not found, not a Claude answer.
    expect((await call(`/v1/hooks/${team}/other-client/no-such-event`, { method: "POST", headers, body })).status).toBe(404);
  });

  it("records each decision with the client whose route it came in on", async () => {
    const { team, headers } = await teamWithToken("multirec");
    const body = JSON.stringify({ ...PAYLOADS.PreToolUse, tool_input: { command: "ls" } });
    const ids: string[] = [];
    for (const path of [`/v1/hooks/${team}/pre-tool-use`, `/v1/hooks/${team}/other-client/pre-tool-use`]) {
      const res = await call(path, { method: "POST", headers, body });
      ids.push(res.headers.get("x-hookgate-decision-id") ?? "");
    }
    let clients: (string | undefined)[] = [];
    for (let tries = 0; tries < 100 && clients.filter(Boolean).length < 2; tries++) {
      const list = (await (await call(`/v1/admin/teams/${team}/decisions`, { headers: ADMIN })).json()) as { decisions: { decisionId: string; client?: string }[] };
      clients = ids.map((id) => list.decisions.find((d) => d.decisionId === id)?.client);
      if (clients.filter(Boolean).length < 2) await new Promise((r) => setTimeout(r, 25));
    }
    expect(clients).toEqual(["claude-code", "other-client"]);
  });

  it("the API document lists every client's routes, with component ids that do not collide", async () => {
    const doc = (await (await call("/v1/admin/openapi.json")).json()) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    for (const spec of claudeCode.events.list) {
      expect(doc.paths).toHaveProperty([`/v1/hooks/{team}/${spec.route}`]);
      expect(doc.paths).toHaveProperty([`/v1/hooks/{team}/other-client/${spec.route}`]);
    }
    expect(doc.paths).toHaveProperty(["/v1/hooks/{team}/other-client"]);
    expect(doc.components.schemas).toHaveProperty("PreToolUseAnswer");
    expect(doc.components.schemas).toHaveProperty("OtherClientPreToolUseAnswer");
  });

  it("refuses clients whose routes would clash", () => {
    expect(() => createApp([claudeCode, { ...other, routeSegment: "stop" }], () => services)).toThrow(/clash/);
    expect(() => createApp([claudeCode, { ...other, routeSegment: undefined }], () => services)).toThrow(/routeSegment/);
    expect(() => createApp([claudeCode, other, { ...other, name: "third" }], () => services)).toThrow(/clash/);
    expect(() => createApp([], () => services)).toThrow(/no client/);
  });

  it("builds every client's paths in src/routes.ts alone", () => {
    expect(hookRoutePath("router", "pre-tool-use")).toBe("/v1/hooks/:team/pre-tool-use");
    expect(hookRoutePath("router", "pre-tool-use", "codex")).toBe("/v1/hooks/:team/codex/pre-tool-use");
    expect(hookRoutePath("openapi", undefined, "codex")).toBe("/v1/hooks/{team}/codex");
    expect(hookUrl("https://h.example/", "acme", "stop", "codex")).toBe("https://h.example/v1/hooks/acme/codex/stop");
    for (const url of ["https://h.example/v1/hooks/acme/stop", "https://h.example/v1/hooks/acme/codex/pre-tool-use"]) expect(HOOK_URL.test(url)).toBe(true);
    expect(HOOK_URL.test("https://h.example/v1/hooks/acme/codex/pre-tool-use/extra")).toBe(false);
  });
});
