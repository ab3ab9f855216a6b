import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_BASE } from "../routes";
import { z } from "zod";
import type { AppEnv } from "./context";
import { HookgateError } from "./errors";
import { json, registerRoute } from "./openapiRoute";

/*
 * The API reference: GET /v1/admin/openapi.json (generated from the route definitions' zod schemas) and an
 * interactive page at GET /v1/admin/docs. Both are readable without the admin token: the document describes shapes
 * only and holds no secret, no team name and no configuration, and the page asks for the token (kept in the page's
 * memory, not stored) to try requests.
 *
 * The page is Swagger UI (swagger-ui-dist, pinned), served from this Worker's static assets (wrangler.toml
 * [assets]), never from a CDN: it works on a machine with no internet, and the Worker bundle does not grow.
 */

const ASSET_FILES = ["swagger-ui.css", "swagger-ui-bundle.js"] as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>hookgate API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<noscript>This page needs JavaScript. The document itself is at <a href="openapi.json">openapi.json</a>.</noscript>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

// Separate from the page so the page's CSP can forbid inline scripts. "Authorize" asks for the admin token;
// persistAuthorization stays off, so it is never written to localStorage.
const INIT = `window.ui = SwaggerUIBundle({
  url: "openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: false,
  displayRequestDuration: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
`;

// Everything from this origin, nothing from anywhere else (which is also what makes it work offline). Swagger UI
// sets inline styles and shows data: images, hence those two allowances.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const noAuth = { security: [] as Record<string, string[]>[], tags: ["Reference"] };

const documentRoute = createRoute({
  ...noAuth,
  method: "get",
  path: `${ADMIN_BASE}/openapi.json`,
  summary: "This document",
  description: "OpenAPI 3.1, generated from the schemas the routes validate with. No token needed: it holds no secret.",
  responses: { 200: json(z.record(z.string(), z.unknown()), "The OpenAPI document.") },
});

const pageRoute = createRoute({
  ...noAuth,
  method: "get",
  path: `${ADMIN_BASE}/docs`,
  summary: "Interactive reference (Swagger UI)",
  description: "Served from the Worker's own assets, so it works offline. Authorize with the admin token to try requests.",
  responses: { 200: { description: "The page.", content: { "text/html": { schema: z.string() } } } },
});

/** GET /healthz, documented with the rest. */
export const healthRoute = createRoute({
  security: [],
  tags: ["Reference"],
  method: "get",
  path: "/healthz",
  summary: "Liveness and version",
  responses: {
    200: json(
      z.object({
        ok: z.literal(true),
        service: z.literal("hookgate"),
        version: z.string(),
        warmUp: z
          .enum(["done", "failed", "not run"])
          .meta({ description: "The isolate's warm-up (run from the Worker's global scope before its first request): `failed` means its first request paid for the first run of the code (the reason is logged)." }),
      }),
      "The service is up.",
    ),
  },
});

/**
 * `documentHooks` adds the hook routes to the registry: called on the first request for the document, not when the
 * app is built, so a cold isolate serving hooks pays nothing for their documentation (~4 ms measured in Node).
 */
export function registerApiDocs(app: OpenAPIHono<AppEnv>, info: { version: string; documentHooks: () => void }): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "adminToken", {
    type: "http",
    scheme: "bearer",
    description: "The ADMIN_TOKEN secret. With it unset the admin API answers 403 admin_disabled.",
  });

  let document: Record<string, unknown> | undefined;
  let hooksDocumented = false;
  // Built on first request, once per app: generation walks every schema (a few ms), which no hook request should pay.
  registerRoute(app, documentRoute, async (c) => {
    if (!hooksDocumented) {
      hooksDocumented = true; // once, even if the generation below were to throw
      info.documentHooks();
    }
    document ??= app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "hookgate",
        version: info.version,
        description:
          "A policy gate for Claude Code hooks. The admin API (`/v1/admin/…`) takes `Authorization: Bearer $ADMIN_TOKEN`; the hook routes (`/v1/hooks/…`) a team token. Every error is one envelope (ErrorEnvelope). This document contains no secrets.",
      },
      tags: [
        { name: "Teams" },
        { name: "Policy" },
        { name: "Tokens" },
        { name: "Decisions" },
        { name: "Hooks", description: "What Claude Code calls: one route per event." },
        { name: "Reference" },
      ],
    }) as unknown as Record<string, unknown>;
    return c.json(document, 200, { "Cache-Control": "no-cache" });
  });

  registerRoute(app, pageRoute, async (c) => c.html(PAGE, 200, { "Content-Security-Policy": CSP, "Cache-Control": "no-cache" }));

  // Not in the document: the page's own files.
  app.get(`${ADMIN_BASE}/docs/init.js`, (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  // One static route per file, not one `:file{a|b}` pattern: a regex route the RegExpRouter cannot take makes Hono's
  // SmartRouter fall back to the TrieRouter for every route, hook routes included (~3× the routing cost, bench/).
  for (const file of ASSET_FILES)
    app.get(`${ADMIN_BASE}/docs/${file}`, async (c) => {
      if (!c.env.ASSETS) throw new HookgateError("not_found", "the reference page's assets are not deployed with this Worker ([assets] in wrangler.toml)");
      const res = await c.env.ASSETS.fetch(new URL(`/${file}`, c.req.url));
      if (!res.ok) throw new HookgateError("not_found", `reference page asset ${file} is missing (is swagger-ui-dist installed?)`);
      return new Response(res.body, { status: 200, headers: { "Content-Type": res.headers.get("Content-Type") ?? "application/octet-stream", "Cache-Control": "public, max-age=3600" } });
    });
}
