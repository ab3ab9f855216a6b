import { OpenAPIHono } from "@hono/zod-openapi";
import { ADMIN_BASE, hookRoutePath, UI_BASE } from "../routes";
import { dashboard } from "../ui/dashboard";
import { cacheTtlOf, forwardableSecrets } from "../config";
import { Gate } from "../gate/gate";
import type { ClientProfile } from "../gate/profile";
import type { Services } from "../services";
import { adminRoutes } from "./adminRoutes";
import { healthRoute, registerApiDocs } from "./apiDocs";
import { warmUpState } from "../warmup";
import { requestIdOf, type AppEnv, type Wiring } from "./context";
import { errorText, log } from "../log";
import { envelope, HookgateError } from "./errors";
import { registerHookDocs } from "./hookApi";
import { registerHookRoutes } from "./hookRoutes";
import { registerRoute } from "./openapiRoute";

export const VERSION = "0.1.0";

/**
 * One Gate per set of services and client profile (module scope: services are shared per env, and so is the Gate
 * built on them). Keyed by the profile too: a Gate decides in its profile's events, tools and answers, so apps for
 * two clients built on the same services each need their own.
 */
const gates = new WeakMap<Services, WeakMap<ClientProfile, Gate>>();
function gateFor(profile: ClientProfile, services: Services, env: Env): Gate {
  let byProfile = gates.get(services);
  if (!byProfile) gates.set(services, (byProfile = new WeakMap()));
  let gate = byProfile.get(profile);
  if (!gate) {
    gate = new Gate(profile, {
      policies: services.policies,
      state: services.state,
      decisions: services.decisions,
      dedup: services.dedup,
      callouts: services.callouts,
      now: services.now,
      policyCacheTtlMs: cacheTtlOf(env),
      forwardSecrets: forwardableSecrets(env.FORWARD_SECRETS),
    });
    byProfile.set(profile, gate);
  }
  return gate;
}

/**
 * The clients an app serves, checked: at least one, names and route segments unique, and only the first without a
 * segment — a segment equal to one of its event routes would make two routes of one path.
 */
function servedClients(given: ClientProfile | readonly ClientProfile[]): readonly ClientProfile[] {
  const profiles: readonly ClientProfile[] = Array.isArray(given) ? given : [given as ClientProfile];
  const [first, ...rest] = profiles;
  if (!first) throw new Error("createApp: no client profile");
  const taken = new Set(first.events.list.map((s) => s.route));
  const names = new Set([first.name]);
  for (const p of rest) {
    if (p.routeSegment === undefined || !/^[a-z]+(?:-[a-z]+)*$/.test(p.routeSegment)) throw new Error(`createApp: ${p.name} needs a kebab-case routeSegment`);
    if (taken.has(p.routeSegment) || names.has(p.name)) throw new Error(`createApp: ${p.name}'s routes clash with another client's`);
    taken.add(p.routeSegment);
    names.add(p.name);
  }
  return profiles;
}

const ROUTE_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/**
 * The methods `path` has a route for, asked of the app's own router (middleware, registered for every method, does
 * not count). The hook routes' patterns match any path of their depth, so those are answered by the hook table.
 */
function routeMethods(app: OpenAPIHono<AppEnv>, path: string): string[] {
  const hookPatterns = hookRoutePath("router");
  return ROUTE_METHODS.filter((method) =>
    (app.router.match(method, path)[0] as [[unknown, { method: string; path: string }], unknown][]).some(
      ([[, route]]) => route.method === method && !route.path.startsWith(hookPatterns),
    ),
  );
}

/**
 * The one app factory: error handling, not-found, request ids, services and the Gates are wired here once; the
 * Worker and the tests build the app the same way. It serves every client it is given (the Worker: CLIENT_PROFILES),
 * each on its own routes with its own Gate; the admin API compiles and publishes with the first client's Gate. An
 * OpenAPIHono (a Hono with an OpenAPI registry): routes added with plain `app.post` — the hook routes — run exactly
 * as on Hono, with no validator.
 */
export function createApp(clients: ClientProfile | readonly ClientProfile[], services: (env: Env) => Services): OpenAPIHono<AppEnv> {
  const profiles = servedClients(clients);
  const app = new OpenAPIHono<AppEnv>();
  const wiringFor =
    (profile: ClientProfile) =>
    (env: Env): Wiring => {
      const s = services(env);
      return { services: s, gate: gateFor(profile, s, env) };
    };
  const wiring = wiringFor(profiles[0]!);
  // Every route but the hook routes: those are one handler each, doing these steps themselves (hookRoutes.ts says
  // why). Every answer carries X-Request-Id; errors and not-found add it where they are written.
  for (const path of [`${ADMIN_BASE}/*`, "/healthz", UI_BASE, `${UI_BASE}/*`])
    app.use(path, async (c, next) => {
      c.header("X-Request-Id", requestIdOf(c));
      const w = wiring(c.env);
      c.set("services", w.services);
      c.set("gate", w.gate);
      await next();
    });

  registerRoute(app, healthRoute, async (c) => c.json({ ok: true, service: "hookgate", version: VERSION, warmUp: warmUpState() }));
  const isHookRoute = registerHookRoutes(app, profiles.map((client) => ({ client, wiring: wiringFor(client) })));
  registerApiDocs(app, { version: VERSION, documentHooks: () => registerHookDocs(app.openAPIRegistry, profiles) });
  app.route(ADMIN_BASE, adminRoutes());
  // The dashboard asks the admin API through this same app, in-process (src/ui/adminClient.ts).
  app.route(UI_BASE, dashboard((request, env, ctx) => app.fetch(request, env, ctx)) as never);

  // A path that is a route for other methods is a 405 naming them (with Allow), not a 404: a client that sends GET
  // to a hook URL, or POST where PUT publishes, is told what the path takes instead of that it does not exist.
  app.notFound((c) => {
    const requestId = requestIdOf(c);
    const path = new URL(c.req.url).pathname;
    const allowed = isHookRoute(path) ? ["POST"] : routeMethods(app, c.req.path);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      const e = new HookgateError("method_not_allowed", `${c.req.method} is not a method of ${path}: it takes ${allowed.join(", ")}`);
      return c.json(envelope(e, requestId), 405, { "X-Request-Id": requestId, Allow: allowed.join(", ") });
    }
    return c.json(envelope(new HookgateError("not_found", `no route for ${c.req.method} ${path}`), requestId), 404, { "X-Request-Id": requestId });
  });
  app.onError((e, c) => {
    const requestId = requestIdOf(c);
    if (e instanceof HookgateError) {
      if (e.options.detail) log("warn", { requestId, code: e.code, detail: e.options.detail });
      return c.json(envelope(e, requestId), e.status, { "X-Request-Id": requestId });
    }
    // Nothing internal leaves: the message is generic and the detail goes to the log with the request id.
    log("error", { requestId, msg: "unhandled error", error: errorText(e) });
    return c.json(envelope(new HookgateError("internal", "internal error"), requestId), 500, { "X-Request-Id": requestId });
  });
  return app;
}
