import type { OpenAPIHono } from "@hono/zod-openapi";
import { hookRoutePath } from "../routes";
import { z } from "zod";
import type { EventSpec } from "../engine/event/eventSpec";
import { errorEnvelope } from "./adminSchemas";
import { json } from "./openapiRoute";

const teamParams = z.object({
  team: z.string().meta({ param: { name: "team", in: "path" }, description: "The team whose policy decides.", example: "acme" }),
});

const hookErrors = {
  400: json(errorEnvelope, "invalid_json, invalid_input (with `problems`), event_mismatch (the body's hook_event_name is not the route's) or unknown_event"),
  401: json(errorEnvelope, "unauthorized: a missing or wrong team token, or another team's (checked before the body is read)"),
  413: json(errorEnvelope, "payload_too_large"),
};

const answerHeaders = {
  "X-Hookgate-Decision-Id": { description: "The decision's id in the decision log.", schema: { type: "string" as const } },
  "X-Hookgate-Policy-Revision": { description: "The policy revision that decided.", schema: { type: "string" as const } },
};

/**
 * The event's schemas as named components. `.meta({ id })` makes a copy registered in zod's global registry, where ids
 * are unique: made once per event for the module, however many apps are built (the tests build many).
 */
const named = new WeakMap<EventSpec, { input: z.ZodType; answer: z.ZodType }>();
function componentsOf(spec: EventSpec) {
  let c = named.get(spec);
  if (!c) named.set(spec, (c = { input: spec.input.meta({ id: `${spec.name}Input` }), answer: spec.output.meta({ id: `${spec.name}Answer` }) }));
  return c;
}

/**
 * The hook routes in the OpenAPI document, one path per event of the client's table, each with the event's input
 * and answer schemas. Documentation only: the routes themselves (hookRoutes.ts) are plain Hono routes with no
 * zod-openapi validator, so the hot path is exactly what it was; the Gate validates the input as before.
 */
export function registerHookDocs(registry: OpenAPIHono["openAPIRegistry"], events: readonly EventSpec[]): void {
  registry.registerComponent("securitySchemes", "teamToken", {
    type: "http",
    scheme: "bearer",
    description: "A team token (`hg_…`, POST /v1/admin/teams/{team}/tokens), as the settings block sends it.",
  });
  for (const spec of events) {
    const { input, answer } = componentsOf(spec);
    registry.registerPath({
      method: "post",
      path: hookRoutePath("openapi", spec.route),
      tags: ["Hooks"],
      summary: spec.name,
      description: [
        spec.summary ?? "",
        spec.httpDelivered ? "" : "Claude Code never sends this event to an http hook: the settings block reaches it through a curl command bridge.",
        "`{}` is the answer for no opinion; every answer is checked against the event's answer schema before it leaves.",
      ]
        .filter(Boolean)
        .join(" "),
      security: [{ teamToken: [] }],
      request: { params: teamParams, body: { required: true, content: { "application/json": { schema: input } } } },
      responses: { 200: { ...json(answer, `The ${spec.name} answer for Claude Code.`), headers: answerHeaders }, ...hookErrors },
    });
  }
  registry.registerPath({
    method: "post",
    path: hookRoutePath("openapi"),
    tags: ["Hooks"],
    summary: "Any event",
    description: "Dispatched on the body's `hook_event_name`: the same as the event's own route.",
    security: [{ teamToken: [] }],
    request: {
      params: teamParams,
      body: { required: true, content: { "application/json": { schema: z.object({ hook_event_name: z.string() }).loose() } } },
    },
    responses: { 200: { ...json(z.record(z.string(), z.unknown()), "The event's answer."), headers: answerHeaders }, ...hookErrors },
  });
}
