// The API reference: the OpenAPI document covers every route the app registers and is structurally OpenAPI 3.1, the
// page and its assets are served from the Worker (no CDN), both without the admin token, and the hook routes gained
// no validation layer. The page itself is exercised in a real Chromium by apiDocs.browser.node.test.ts.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CLIENT_PROFILES } from "../../src/clients";
import { createApp } from "../../src/http/app";
import { hookPaths } from "../../src/http/hookRoutes";
import { servicesFor } from "../../src/index";
import { hookRoutePath } from "../../src/routes";
import { ADMIN_TOKEN, admin, call, expectError } from "../support/worker";

type Json = Record<string, unknown>;
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

async function document(): Promise<Json> {
  const res = await call("/v1/admin/openapi.json"); // no Authorization header
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as Json;
}

/** Every route the app registered with a handler, as `METHOD /path/{param}` (Hono lists one entry per handler). */
const openapiStyle = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

/**
 * The routes the app serves: its router's, with the hook routes' patterns (one per depth, hookRoutes.ts) replaced by
 * the hook paths their table serves — each of which the app is asked, so a path listed but not served fails here.
 */
async function registeredRoutes(): Promise<Set<string>> {
  const app = createApp(CLIENT_PROFILES, servicesFor);
  const out = new Set<string>();
  for (const r of app.routes) {
    if (r.method === "ALL" || r.path.startsWith("/v1/hooks/")) continue; // app.use middleware; the hook patterns
    out.add(`${r.method} ${openapiStyle(r.path)}`);
  }
  for (const { path } of hookPaths(CLIENT_PROFILES)) {
    const res = await call(path.replace(":team", "no-such-team"), { method: "POST", body: "{}" });
    expect(res.status, path).toBe(401); // routed to a hook handler: its token check, not the app's not-found
    out.add(`POST ${openapiStyle(path)}`);
  }
  return out;
}

/** The value at a local JSON pointer (`#/components/schemas/X`), or undefined. */
function resolve(doc: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let at: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof at !== "object" || at === null || !(key in at)) return undefined;
    at = (at as Json)[key];
  }
  return at;
}

function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refsIn(n, out);
  else if (typeof node === "object" && node !== null)
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsIn(v, out);
    }
  return out;
}

describe("GET /v1/admin/openapi.json", () => {
  it("is OpenAPI 3.1: operations with responses, path parameters declared, every $ref resolving", async () => {
    const doc = await document();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect((doc.info as Json).title).toBe("hookgate");
    const paths = doc.paths as Record<string, Record<string, Json>>;
    expect(Object.keys(paths).length).toBeGreaterThan(40);
    for (const [path, item] of Object.entries(paths)) {
      expect(path.startsWith("/")).toBe(true);
      const ops = Object.entries(item).filter(([m]) => METHODS.includes(m));
      expect(ops.length, path).toBeGreaterThan(0);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of ops) {
        const responses = op.responses as Record<string, Json>;
        expect(Object.keys(responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, r] of Object.entries(responses)) {
          expect(status, `${method} ${path}`).toMatch(/^[1-5]\d\d$/);
          expect(typeof r.description, `${method} ${path} ${status}`).toBe("string");
        }
        const declared = ((op.parameters as Json[] | undefined) ?? []).filter((p) => p.in === "path").map((p) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual([...templated].sort());
        for (const s of (op.security as Json[] | undefined) ?? [])
          for (const name of Object.keys(s)) expect((doc.components as Json).securitySchemes as Json).toHaveProperty(name);
      }
    }
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) expect(resolve(doc, ref), ref).toBeDefined();
  });

  it("lists every route the app registers (admin and hooks), and nothing it does not", async () => {
    const doc = await document();
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>))
      for (const m of Object.keys(item)) if (METHODS.includes(m)) documented.add(`${m.toUpperCase()} ${path}`);
    // The reference page's own files are assets, and the dashboard's pages (docs/dashboard.md) are HTML: not API.
    const routes = [...(await registeredRoutes())].filter((r) => !r.startsWith("GET /v1/admin/docs/") && !/^\w+ \/ui(\/|$)/.test(r));
    expect(routes.filter((r) => r.includes("/v1/admin/")).length).toBeGreaterThanOrEqual(15);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !routes.includes(r))).toEqual([]);
    for (const client of CLIENT_PROFILES)
      for (const e of client.events.list) expect(documented).toContain(`POST ${hookRoutePath("openapi", e.route, client.routeSegment)}`);
  });

  it("documents filters, bodies and the error envelope with descriptions and examples", async () => {
    const doc = await document();
    const paths = doc.paths as Record<string, Record<string, Json>>;
    const decisions = paths["/v1/admin/teams/{team}/decisions"]!.get!;
    const params = decisions.parameters as { name: string; in: string; description?: string; schema: Json }[];
    for (const name of ["limit", "verdict", "event", "tool", "client", "session", "since", "until"]) {
      const p = params.find((x) => x.name === name && x.in === "query");
      expect(p?.description, name).toBeTruthy();
    }
    const evaluate = paths["/v1/admin/teams/{team}/evaluate"]!.post!;
    const body = (evaluate.requestBody as Json).content as Record<string, { schema: Json }>;
    const schema = body["application/json"]!.schema;
    expect(Object.keys(schema.properties as Json).sort()).toEqual(["input", "policy"]);
    expect(schema.required).toEqual(["input"]);
    expect(schema.example).toBeDefined();
    const envelope = (doc.components as { schemas: Record<string, Json> }).schemas.ErrorEnvelope!;
    expect(envelope.example).toBeDefined();
    // every admin operation documents 401 and 403 as the envelope
    for (const [path, item] of Object.entries(paths))
      for (const [m, op] of Object.entries(item))
        if (path.startsWith("/v1/admin/teams") && METHODS.includes(m))
          for (const status of ["400", "401", "403"]) {
            const r = (op.responses as Record<string, { content: Record<string, { schema: Json }> }>)[status];
            expect(r?.content["application/json"]?.schema.$ref, `${m} ${path} ${status}`).toBe("#/components/schemas/ErrorEnvelope");
          }
    // the policy body is the compiler's schema, handlers included
    const put = paths["/v1/admin/teams/{team}/policy"]!.put!;
    expect(JSON.stringify(put.requestBody)).toContain("#/components/schemas/PolicyDocument");
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    for (const h of ["RuleHandler", "PromptHandler", "HttpHandler"]) expect(schemas, h).toHaveProperty(h);
    expect((schemas.RuleHandler!.properties as Json).decision).toBeDefined();
    // the hook routes carry the event's input and answer
    const pre = paths["/v1/hooks/{team}/pre-tool-use"]!.post!;
    expect(JSON.stringify(pre.requestBody)).toContain("#/components/schemas/PreToolUseInput");
    expect(JSON.stringify(pre.responses)).toContain("#/components/schemas/PreToolUseAnswer");
  });

  it("contains no secret: not the admin token, no team token, no team name", async () => {
    const text = JSON.stringify(await document());
    expect(text).not.toContain(String(env.ADMIN_TOKEN ?? ADMIN_TOKEN));
    expect(text).not.toMatch(/hg_[A-Za-z0-9_-]{20,}/);
  });
});

describe("validation through the route definitions", () => {
  it("answers bad path parameters and queries with hookgate's envelope and every problem, not zod-openapi's default", async () => {
    const e = await expectError(await admin("GET", "/teams/acme/policy/revisions/abc"), 400, "invalid_input");
    expect(e.error.problems).toEqual([{ path: "rev", message: "revision must be a positive integer" }]);
    const q = await expectError(await admin("GET", "/teams/acme/decisions?limit=0&since=yesterday"), 400, "invalid_input");
    expect(q.error.problems!.map((p) => p.path).sort()).toEqual(["limit", "since"]);
    expect(q.error.message).toMatch(/query parameter/);
  });
});

describe("GET /v1/admin/docs", () => {
  it("serves the page without the admin token, under a CSP that allows this origin only", async () => {
    const res = await call("/v1/admin/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\//); // nothing from a CDN
    for (const src of ["docs/swagger-ui-bundle.js", "docs/swagger-ui.css", "docs/init.js"]) expect(html).toContain(src);
  });

  it("serves Swagger UI's files from the Worker's assets, and nothing else from them", async () => {
    const js = await call("/v1/admin/docs/swagger-ui-bundle.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    expect((await js.text()).length).toBeGreaterThan(100_000);
    const css = await call("/v1/admin/docs/swagger-ui.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/css/);
    await css.arrayBuffer();
    const init = await call("/v1/admin/docs/init.js");
    expect(await init.text()).toContain('url: "openapi.json"');
    // run_worker_first: the asset directory's other files are not reachable, at the root or under docs/
    for (const path of ["/index.html", "/swagger-ui-bundle.js", "/package.json", "/v1/admin/docs/package.json", "/v1/admin/docs/index.html"])
      await expectError(await call(path), 404, "not_found");
  });

  it("stays readable when the admin API is off (ADMIN_TOKEN unset): it describes, it grants nothing", async () => {
    const app = createApp(CLIENT_PROFILES, servicesFor);
    const off = { ...env, ADMIN_TOKEN: undefined };
    const ctx = createExecutionContext();
    for (const path of ["/v1/admin/openapi.json", "/v1/admin/docs"])
      expect((await app.fetch(new Request(`http://hookgate.test${path}`), off, ctx)).status, path).toBe(200);
    await expectError(await app.fetch(new Request("http://hookgate.test/v1/admin/teams", { headers: { authorization: "Bearer x" } }), off, ctx), 403, "admin_disabled");
    await waitOnExecutionContext(ctx);
  });

  it("the admin API itself still needs the token", async () => {
    await expectError(await call("/v1/admin/teams"), 401, "unauthorized");
    expect((await admin("GET", "/teams")).status).toBe(200);
  });
});

describe("the hook hot path", () => {
  it("each hook route is one handler (Hono's one-handler path: no middleware, no zod-openapi validator in front)", () => {
    const app = createApp(CLIENT_PROFILES, servicesFor);
    const hookRoutes = app.routes.filter((r) => r.path.startsWith("/v1/hooks/"));
    expect(hookRoutes.length).toBeGreaterThan(0);
    const handlersPerRoute = new Map<string, number>();
    for (const r of hookRoutes) handlersPerRoute.set(`${r.method} ${r.path}`, (handlersPerRoute.get(`${r.method} ${r.path}`) ?? 0) + 1);
    // One pattern per depth below /v1/hooks/:team (hookRoutes.ts), however many events and clients.
    const depths = new Set(hookPaths(CLIENT_PROFILES).map(({ path }) => path.split("/").length));
    expect(handlersPerRoute.size).toBe(depths.size);
    // A middleware matching /v1/hooks/ (an app.use on "*") would show up here as a second handler on every route.
    for (const [route, n] of handlersPerRoute) expect(n, route).toBe(1);
  });

  it("every other route is under the paths the app's middleware covers (services, Gate, X-Request-Id)", () => {
    const app = createApp(CLIENT_PROFILES, servicesFor);
    const others = app.routes.filter((r) => !r.path.startsWith("/v1/hooks/") && r.method !== "ALL");
    expect(others.length).toBeGreaterThan(10);
    // A route added elsewhere would get no services and no request id: it must go under one of these (app.ts).
    for (const r of others)
      expect(r.path === "/healthz" || r.path.startsWith("/v1/admin/") || r.path === "/ui" || r.path.startsWith("/ui/"), `${r.method} ${r.path}`).toBe(true);
    expect(others.some((r) => r.path.startsWith("/ui/"))).toBe(true);
  });
});
