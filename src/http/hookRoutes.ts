import type { Hono } from "hono";
import { hookRoutePath } from "../routes";
import type { EventSpec } from "../engine/event/eventSpec";
import type { ClientProfile } from "../gate/profile";
import { authenticateHook } from "./auth";
import { readJsonBody, requestIdOf, type AppContext, type AppEnv, type Wiring } from "./context";
import { refusal } from "./errors";

async function handleHook(c: AppContext, route: EventSpec | undefined, wiring: Wiring) {
  const started = performance.now();
  const requestId = requestIdOf(c);
  const { services, gate } = wiring;
  const checked = authenticateHook(c, services);
  const caller = checked instanceof Promise ? await checked : checked;
  const { text: rawBody, value: body } = await readJsonBody(c);
  const event = gate.eventOf(body.hook_event_name, route, body);
  if (!event.ok) throw refusal(event.error);
  const decided = await gate.decide({ team: caller.team, event: event.value, input: body, rawBody, authUnavailable: caller.authUnavailable });
  if (!decided.ok) throw refusal(decided.error);
  const d = decided.value;
  c.executionCtx.waitUntil(d.after);
  // Response.json, not c.json: workerd writes a Response.json body natively, where c.json's string body costs ~20 µs
  // more CPU per answer. The headers are set on the made answer rather than passed in its init: a headers dict in
  // the init costs ~10 µs more CPU per answer on workerd (bench/ floor variants, 15 interleaved reps).
  const answer = Response.json(d.answer);
  const headers = answer.headers;
  headers.set("X-Request-Id", requestId);
  headers.set("X-Hookgate-Decision-Id", d.decisionId);
  headers.set("X-Hookgate-Policy-Revision", String(d.revision));
  if (d.baselineRevision !== undefined) headers.set("X-Hookgate-Baseline-Revision", String(d.baselineRevision));
  if (d.dedup) headers.set("X-Hookgate-Dedup", "hit");
  headers.set("Server-Timing", `eval;dur=${(performance.now() - started).toFixed(3)}`);
  return answer;
}

/** A client served on the hook routes, with its Gate's wiring. */
interface HookClient {
  client: ClientProfile;
  wiring: (env: Env) => Wiring;
}

/**
 * Every client's hook routes: per client, one route per event plus the generic route that dispatches on
 * hook_event_name, under the client's route segment (none for Claude Code). Their paths come from hookRoutePath;
 * the router gets only one pattern per depth below `/v1/hooks/:team`, and the handler finds the event by the rest of
 * the path in a table: Hono's RegExpRouter builds its matcher from every route on an isolate's first request, and
 * ~140 hook routes made that ~¼ of the JavaScript a cold starter request ran (bench/README.md). A path in no
 * client's table is the app's not-found, as before. Each route is a single handler with no middleware in front (the
 * app's middleware is scoped away from /v1/hooks/): the token check, the request id and the services are steps of
 * the handler, so Hono runs it on its one-handler path — a compose chain of three middlewares measured ~40 µs of CPU
 * per hook call on workerd (bench/). Returns whether a path is one of these routes (whatever its method): the app's
 * not-found tells a wrong method on one from a path that is none.
 */
export function registerHookRoutes(app: Hono<AppEnv>, clients: readonly HookClient[]): (path: string) => boolean {
  const base = hookRoutePath("router");
  const byRest = new Map<string, { route: EventSpec | undefined; wiring: (env: Env) => Wiring }>();
  for (const { path, client, route } of hookPaths(clients.map((c) => c.client))) {
    if (!path.startsWith(base)) throw new Error(`hook route ${path} is not under ${base}`);
    const rest = path.slice(base.length);
    // Two clients (or a client and an event) spelling one path would make one of them unreachable.
    if (byRest.has(rest)) throw new Error(`hook route ${path} is declared twice`);
    byRest.set(rest, { route, wiring: clients.find((c) => c.client === client)!.wiring });
  }
  const depths = new Set([...byRest.keys()].map((rest) => rest.split("/").length - 1));
  for (const depth of depths) {
    const pattern = base + Array.from({ length: depth }, (_, i) => `/:p${i}`).join("");
    app.post(pattern, (c) => {
      let rest = "";
      for (let i = 0; i < depth; i++) rest += `/${c.req.param(`p${i}` as never) as string}`;
      const found = byRest.get(rest);
      return found ? handleHook(c, found.route, found.wiring(c.env)) : c.notFound();
    });
  }
  const prefix = base.slice(0, base.indexOf(":"));
  return (path) => {
    if (!path.startsWith(prefix)) return false;
    const afterTeam = path.indexOf("/", prefix.length);
    return byRest.has(afterTeam < 0 ? "" : path.slice(afterTeam));
  };
}

/** Every hook path the clients are served on (router style), with the event each is for (none: the generic route). */
export function hookPaths(clients: readonly ClientProfile[]): { path: string; client: ClientProfile; route: EventSpec | undefined }[] {
  return clients.flatMap((client) => [
    ...client.events.list.map((route) => ({ path: hookRoutePath("router", route.route, client.routeSegment), client, route })),
    { path: hookRoutePath("router", undefined, client.routeSegment), client, route: undefined },
  ]);
}
