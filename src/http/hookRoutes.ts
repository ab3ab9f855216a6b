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

/**
 * One route per event of the client, plus the generic route that dispatches on hook_event_name, under the client's
 * route segment (none for Claude Code). Each is a single
 * handler with no middleware in front (the app's middleware is scoped away from /v1/hooks/): the token check, the
 * request id and the services are steps of the handler, so Hono runs it on its one-handler path — a compose chain
 * of three middlewares measured ~40 µs of CPU per hook call on workerd (bench/), the largest single cost left.
 */
export function registerHookRoutes(app: Hono<AppEnv>, client: ClientProfile, wiring: (env: Env) => Wiring) {
  const segment = client.routeSegment;
  for (const spec of client.events.list) app.post(hookRoutePath("router", spec.route, segment), (c) => handleHook(c, spec, wiring(c.env)));
  app.post(hookRoutePath("router", undefined, segment), (c) => handleHook(c, undefined, wiring(c.env)));
}
