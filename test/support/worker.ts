// Helpers for suites that talk to the real Worker (workerd, local KV/D1/Durable Objects) through its default
// export: `exports.default.fetch(url, init)`. Storage may be shared between test files, so every helper takes a
// team and every suite makes its own teams with `uniqueTeam()`.
import { env, exports } from "cloudflare:workers";
import type { DecisionRecord } from "../../src/services";
import { createExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { z } from "zod";
import type { HookEventName } from "../../src/clients/claude-code/events";
import worker from "../../src/index";

export const BASE = "http://hookgate.test";
export const ADMIN_TOKEN = env.ADMIN_TOKEN ?? "test-admin-token";
export const ONE_MIB = 1024 * 1024;

let counter = 0;
/** A team name no other test (or file) uses: lower case, within the 63-character TEAM_NAME limit. */
export function uniqueTeam(prefix = "t"): string {
  const rand = crypto.getRandomValues(new Uint32Array(2));
  return `${prefix}-${(counter++).toString(36)}-${rand[0]!.toString(36)}${rand[1]!.toString(36)}`.slice(0, 63);
}

/** fetch() against the Worker's default export; `path` is relative to BASE. */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(`${BASE}${path}`, init);
}

/**
 * The same default export called in-process: `worker.fetch(request, env, ctx)` with the real bindings. For suites
 * that send thousands of requests: `exports.default.fetch` gets slower with every request a workerd instance has
 * served (cloudflare/workers-sdk#15446), roughly quadratic in total. It skips the fetch boundary, so body-size and
 * header behaviour that depends on it (Content-Length) is tested through `call`.
 */
export function callDirect(path: string, init?: RequestInit): Promise<Response> {
  return worker.fetch(new Request(`${BASE}${path}`, init), env, createExecutionContext());
}

export const adminHeaders = (extra: Record<string, string> = {}): Record<string, string> => ({
  authorization: `Bearer ${ADMIN_TOKEN}`,
  "content-type": "application/json",
  ...extra,
});

/** An admin API call (`/v1/admin` + path) with the admin token; `body` is JSON-encoded unless it is a string. */
export function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const init: RequestInit = { method, headers: adminHeaders(headers) };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  return call(`/v1/admin${path}`, init);
}

export interface PublishResult {
  team: string;
  revision: number;
  publishedAt: string;
  digest: string;
  handlers: number;
  events: string[];
}

/** PUT the policy and insist it was published (201). */
export async function publish(team: string, policy: unknown): Promise<PublishResult> {
  const res = await admin("PUT", `/teams/${team}/policy`, policy);
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as PublishResult;
}

export interface MintedToken {
  id: string;
  token: string;
  team: string;
  prefix: string;
  createdAt: string;
}

/** Create a team token through the admin API; returns the full creation answer (the secret is in `token`). */
export async function mintTokenInfo(team: string, name?: string): Promise<MintedToken> {
  const res = await admin("POST", `/teams/${team}/tokens`, name === undefined ? undefined : { name });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text) as MintedToken;
}

export async function mintToken(team: string, name?: string): Promise<string> {
  return (await mintTokenInfo(team, name)).token;
}

/** A fresh team with a published policy and one token. */
export async function teamWith(policy: unknown, prefix = "t"): Promise<{ team: string; token: string; revision: number }> {
  const team = uniqueTeam(prefix);
  const { revision } = await publish(team, policy);
  const token = await mintToken(team);
  return { team, token, revision };
}

export const hookPath = (team: string, route?: string) => (route ? `/v1/hooks/${team}/${route}` : `/v1/hooks/${team}`);

/**
 * POST a hook request. `route` is the kebab-case event route, or undefined for the generic route. `body` is
 * JSON-encoded unless it is already a string, bytes or a stream. `token` undefined sends no Authorization header.
 * `direct: true` dispatches in-process (see callDirect).
 */
export function hook(
  team: string,
  route: string | undefined,
  body: unknown,
  token: string | undefined,
  init: RequestInit & { headers?: Record<string, string>; direct?: boolean } = {},
): Promise<Response> {
  const { direct, ...rest } = init;
  const headers: Record<string, string> = { "content-type": "application/json", ...(rest.headers ?? {}) };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const raw =
    typeof body === "string" || body instanceof Uint8Array || body instanceof ReadableStream || body instanceof ArrayBuffer
      ? (body as BodyInit)
      : JSON.stringify(body);
  return (direct ? callDirect : call)(hookPath(team, route), { method: "POST", ...rest, headers, body: raw });
}

/** A ReadableStream of `total` bytes in `chunk`-sized pieces, with no length known up front (a chunked body). */
export function byteStream(bytes: Uint8Array, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

/** `base` as JSON, padded with an extra string field so the encoded body is exactly `size` bytes. */
export function paddedJson(base: Record<string, unknown>, size: number): string {
  const empty = JSON.stringify({ ...base, padding: "" });
  const need = size - new TextEncoder().encode(empty).byteLength;
  if (need < 0) throw new Error("base is already larger than size");
  const text = JSON.stringify({ ...base, padding: "x".repeat(need) });
  expect(new TextEncoder().encode(text).byteLength).toBe(size);
  return text;
}

// --- The error envelope ---------------------------------------------------------------------------------------

export const ERROR_CODES = [
  "unauthorized", "admin_disabled", "not_found", "method_not_allowed", "invalid_json", "invalid_input",
  "event_mismatch", "unknown_event", "policy_invalid", "conflict", "payload_too_large", "unsupported_media_type",
  "internal", "forbidden",
] as const;

const problem = z.strictObject({ path: z.string(), message: z.string().min(1) });
/** Exactly the documented envelope: nothing else at either level. */
export const envelopeSchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string().min(1).max(2000),
    requestId: z.string().min(1),
    problems: z.array(problem).min(1).optional(),
  }),
});
export type Envelope = z.output<typeof envelopeSchema>;

/** Things that must never reach a caller: stack frames, source paths, runtime error names, parser messages. */
const INTERNALS =
  /\bat [\w.<>]+ \(|\bat .+:\d+:\d+|\.ts:\d+|\/src\/|node_modules|SyntaxError|TypeError|ReferenceError|RangeError|Unexpected token|Unexpected end|in JSON at position|JSON\.parse|undefined is not|Cannot read prop|stack/;

export function assertNoInternals(text: string) {
  expect(text, "the error leaks internal detail").not.toMatch(INTERNALS);
}

/** Parse and check an error answer: the status, JSON content type, exact envelope shape, code, no internals. */
export async function expectError(res: Response, status: number, code?: (typeof ERROR_CODES)[number]): Promise<Envelope> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  const parsed = envelopeSchema.safeParse(JSON.parse(text));
  expect(parsed.success, `not the error envelope: ${text}`).toBe(true);
  const env = parsed.data!;
  if (code) expect(env.error.code, text).toBe(code);
  const rid = res.headers.get("x-request-id");
  if (rid !== null) expect(env.error.requestId).toBe(rid);
  assertNoInternals(env.error.message);
  for (const p of env.error.problems ?? []) assertNoInternals(p.message);
  return env;
}

/** Read a 200 JSON answer (asserting the status and content type). */
export async function expectAnswer(res: Response, status = 200): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  return JSON.parse(text) as Record<string, unknown>;
}

// --- The decision log -----------------------------------------------------------------------------------------

/** A decision as the admin API returns it: the Worker's own record type, with the event typed. */
export type LoggedDecision = DecisionRecord & { event: HookEventName };

export async function decisions(team: string, query: Record<string, string> = {}): Promise<LoggedDecision[]> {
  const qs = new URLSearchParams(query).toString();
  const res = await admin("GET", `/teams/${team}/decisions${qs ? `?${qs}` : ""}`);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { decisions: LoggedDecision[] }).decisions;
}

/**
 * The log is written in waitUntil, after the answer: poll until `done` holds (or give up after `timeoutMs`, and
 * return what was last seen so the caller's assertion reports it).
 */
export async function pollDecisions(
  team: string,
  done: (list: LoggedDecision[]) => boolean,
  query: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<LoggedDecision[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await decisions(team, query);
    if (done(list) || Date.now() > until) return list;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The log's record of one hook call: the call made, its decision id read, the log polled until it holds it. */
export async function loggedDecision(team: string, route: string, body: unknown, token: string): Promise<LoggedDecision | undefined> {
  const res = await hook(team, route, body, token);
  const id = res.headers.get("x-hookgate-decision-id");
  await res.text();
  const list = await pollDecisions(team, (l) => l.some((d) => d.decisionId === id));
  return list.find((d) => d.decisionId === id);
}

/**
 * The answer of a client's own route (`<segment>/<route>`), checked against that event's exact answer schema: a
 * field the client would not read fails the test.
 */
export function nativeAnswerer(segment: string, byRoute: (route: string) => { output: { safeParse(v: unknown): { success: boolean } } } | undefined) {
  return async (team: string, route: string, body: unknown, token: string): Promise<Record<string, unknown>> => {
    const a = await expectAnswer(await hook(team, `${segment}/${route}`, body, token));
    const spec = byRoute(route);
    expect(spec, `no ${segment} route ${route}`).toBeDefined();
    expect(spec!.output.safeParse(a).success, JSON.stringify(a)).toBe(true);
    return a;
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The rule policy most suites start from: `ls` → deny with a fixed reason (or allow), nothing else. */
export function lsPolicy(decision: "deny" | "allow" | "ask", reason = `ls is ${decision} by test policy`) {
  return {
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: `ls-${decision}`, if: ["Bash(ls)", "Bash(ls *)"], decision, reason }] }],
    },
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
