import type { OpenAPIHono } from "@hono/zod-openapi";
import { hookRoutePath } from "../routes";
import { z } from "zod";
import type { EventSpec } from "../engine/event/eventSpec";
import type { ClientProfile } from "../gate/profile";
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
const named = new WeakMap<EventSpec, Map<string, { input: z.ZodType; answer: z.ZodType }>>();
function componentsOf(spec: EventSpec, prefix: string) {
  let byPrefix = named.get(spec);
  if (!byPrefix) named.set(spec, (byPrefix = new Map()));
  let c = byPrefix.get(prefix);
  if (!c) byPrefix.set(prefix, (c = { input: spec.input.meta({ id: `${prefix}${spec.name}Input` }), answer: spec.output.meta({ id: `${prefix}${spec.name}Answer` }) }));
  return c;
}

/** `codex` → `Codex`, `copilot-cli` → `CopilotCli`: a client's prefix of its component ids (none for the first client). */
const pascal = (segment: string) => segment.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

/**
 * The hook routes in the OpenAPI document: for each client, one path per event of its table, each with the event's
 * input and answer schemas, and its any-event route. Documentation only: the routes themselves (hookRoutes.ts) are plain Hono routes with no
 * zod-openapi validator, so the hot path is exactly what it was; the Gate validates the input as before.
 */
export function registerHookDocs(registry: OpenAPIHono["openAPIRegistry"], clients: readonly ClientProfile[]): void {
  registry.registerComponent("securitySchemes", "teamToken", {
    type: "http",
    scheme: "bearer",
    description: "A team token (`hg_…`, POST /v1/admin/teams/{team}/tokens), as the settings block sends it.",
  });
  for (const client of clients) registerClientDocs(registry, client);
}

function registerClientDocs(registry: OpenAPIHono["openAPIRegistry"], client: ClientProfile): void {
  const segment = client.routeSegment;
  const tags = [segment === undefined ? "Hooks" : `Hooks: ${client.title}`];
  for (const spec of client.events.list) {
    const { input, answer } = componentsOf(spec, segment === undefined ? "" : pascal(segment));
    registry.registerPath({
      method: "post",
      path: hookRoutePath("openapi", spec.route, segment),
      tags,
      summary: spec.name,
      description: [
        spec.summary ?? "",
        spec.httpDelivered ? "" : `${client.title} never sends this event to an http hook: the settings block reaches it through a command bridge.`,
        "`{}` is the answer for no opinion; every answer is checked against the event's answer schema before it leaves.",
      ]
        .filter(Boolean)
        .join(" "),
      security: [{ teamToken: [] }],
      request: { params: teamParams, body: { required: true, content: { "application/json": { schema: input } } } },
      responses: { 200: { ...json(answer, `The ${spec.name} answer for ${client.title}.`), headers: answerHeaders }, ...hookErrors },
    });
  }
  registry.registerPath({
    method: "post",
    path: hookRoutePath("openapi", undefined, segment),
    tags,
    summary: segment === undefined ? "Any event" : `Any ${client.title} event`,
    description: "Dispatched on the body's `hook_event_name`: the same as the event's own route.",
    security: [{ teamToken: [] }],
    request: {
      params: teamParams,
      body: { required: true, content: { "application/json": { schema: z.object({ hook_event_name: z.string() }).loose() } } },
    },
    responses: { 200: { ...json(z.record(z.string(), z.unknown()), "The event's answer."), headers: answerHeaders }, ...hookErrors },
  });
}
