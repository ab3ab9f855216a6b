import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import type { Handler } from "hono";
import type { z } from "zod";
import { type AppContext, type AppEnv, issuesToProblems } from "./context";
import { HookgateError } from "./errors";
import { errorEnvelope } from "./adminSchemas";

/** A JSON answer or body of the document. */
export const json = <S extends z.ZodType>(schema: S, description: string) => ({ description, content: { "application/json": { schema } } });

const ERRORS: Record<number, string> = {
  400: "invalid_input (with `problems`), invalid_json, policy_invalid (with `problems`), unknown_event or event_mismatch",
  401: "unauthorized: a missing or wrong token",
  403: "forbidden: the admin token lacks the scope or the team the route needs (the message names both); admin_disabled: the ADMIN_TOKEN secret is not set, so the admin API is off",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large: the body is over BODY_LIMIT_BYTES (default 1 MiB)",
  500: "internal (the detail is in the service's log under the request id), or the decision log's database is unavailable",
};

/** The error envelope under each status a route can answer with (every admin route: 400, 401, 403). */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    [...new Set([400, 401, 403, ...statuses])].sort().map((s) => [String(s), json(errorEnvelope, ERRORS[s] ?? "error")]),
  );
}

/**
 * The one translation of a failed zod-openapi validation (path parameters, query) into hookgate's envelope:
 * `invalid_input` with every problem, instead of the validator's default 400 answer.
 */
function validationHook(result: { success: boolean; target?: string; error?: z.ZodError }): void {
  if (result.success || !result.error) return;
  const where = result.target === "param" ? "path parameter" : result.target === "query" ? "query parameter" : (result.target ?? "input");
  const problems = issuesToProblems(result.error);
  throw new HookgateError("invalid_input", `invalid ${where}: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`, { problems });
}

/**
 * Register an admin route: the whole definition (body included) goes into the OpenAPI document, and zod-openapi
 * validates its path parameters and query with `validationHook`. The body is left out of what zod-openapi
 * validates, on purpose: its JSON validator reads the body before hookgate's size limit, skips it on a non-JSON
 * Content-Type, and answers malformed JSON with its own 400. The handler validates the body with the same schema
 * through `validatedBody` (context.ts), which reads it bounded, as UTF-8, whatever the Content-Type.
 */
export function registerRoute(app: OpenAPIHono<AppEnv>, config: RouteConfig, handler: (c: AppContext) => Promise<Response>): void {
  // The middleware (adminAuth) runs first, from `config`; the document gets the rest.
  const { middleware: _runOnly, ...documented } = config as RouteConfig & { middleware?: unknown };
  app.openAPIRegistry.registerPath(documented);
  const { body: _documentedOnly, ...request } = config.request ?? {};
  app.openapi({ ...config, request, hide: true } as RouteConfig, handler as unknown as Handler<AppEnv>, validationHook as never);
}

/** The validated path parameters or query, typed by the schema the route declares. */
export const validParams = <S extends z.ZodType>(c: AppContext, _schema: S): z.output<S> => c.req.valid("param" as never) as z.output<S>;
export const validQuery = <S extends z.ZodType>(c: AppContext, _schema: S): z.output<S> => c.req.valid("query" as never) as z.output<S>;
