import type { Hono } from "hono";
import type { EventSpec } from "../engine/eventSpec";
import type { GateRefusal } from "../gate/gate";
import { teamAuth } from "./auth";
import { readJsonBody, type AppContext, type AppEnv } from "./context";
import { HookgateError } from "./errors";

/** A refusal of the Gate as the one error envelope: 400 with the problems, the route named where it helps. */
export function refusal(r: GateRefusal, prefix = ""): HookgateError {
  const problems = r.problems?.map((p) => ({ path: prefix ? `${prefix}.${p.path}` : p.path, message: p.message }));
  return new HookgateError(r.code, r.message, problems ? { problems } : {});
}

async function handleHook(c: AppContext, route: EventSpec | undefined) {
  const started = performance.now();
  // c.get, not c.var: Hono's c.var builds a new object of every variable on each access.
  const gate = c.get("gate");
  const { text: rawBody, value: body } = await readJsonBody(c);
  const event = gate.eventOf(body.hook_event_name, route);
  if (!event.ok) throw refusal(event.error);
  const decided = await gate.decide({ team: c.get("team"), event: event.value, input: body, rawBody, authUnavailable: c.get("authUnavailable") ?? false });
  if (!decided.ok) throw refusal(decided.error);
  const d = decided.value;
  c.executionCtx.waitUntil(d.after);
  return c.json(d.answer, 200, {
    "X-Hookgate-Decision-Id": d.decisionId,
    "X-Hookgate-Policy-Revision": String(d.revision),
    ...(d.dedup ? { "X-Hookgate-Dedup": "hit" } : {}),
    "Server-Timing": `eval;dur=${(performance.now() - started).toFixed(3)}`,
  });
}

/** One route per event of the client, plus the generic route that dispatches on hook_event_name. */
export function registerHookRoutes(app: Hono<AppEnv>, events: readonly EventSpec[]) {
  for (const spec of events) app.post(`/v1/hooks/:team/${spec.route}`, teamAuth, (c) => handleHook(c, spec));
  app.post("/v1/hooks/:team", teamAuth, (c) => handleHook(c, undefined));
}
