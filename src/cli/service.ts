import { claudeCode } from "../clients/claude-code";
import { TEAM_NAME, TEAM_NAME_RULE } from "../engine/limits/limits";
import type { CommandContext } from "./command";
import { printable } from "./printable";
import { ServerRefused, ServiceUnreachable, UsageError, type ServerProblem } from "./errors";

/** How long one request may take before the CLI says the service did not answer (exit 2). */
const REQUEST_TIMEOUT_MS = 30_000;

/** A flag's value, else its environment variable's; and which one it came from, for the message. */
function flagOrEnv(ctx: CommandContext, flag: string, env: string): { value: string | undefined; from: string } {
  const given = ctx.values[flag];
  if (typeof given === "string") return { value: given, from: `--${flag}` };
  const fromEnv = ctx.io.env[env];
  return fromEnv ? { value: fromEnv, from: env } : { value: undefined, from: `--${flag}` };
}

/** The service's base URL from --url or HOOKGATE_URL, checked as the settings will carry it. */
export function serviceUrl(ctx: CommandContext): string {
  const { value, from } = flagOrEnv(ctx, "url", "HOOKGATE_URL");
  if (value === undefined)
    throw new UsageError("--url is required (or set HOOKGATE_URL): the service's base URL, e.g. http://127.0.0.1:8787", ctx.path);
  const base = claudeCode.serviceUrl(value);
  if (!base.ok) throw new UsageError(`${from} must be the service's base URL: it ${base.error}`, ctx.path);
  return base.value;
}

export function teamName(ctx: CommandContext): string {
  const { value, from } = flagOrEnv(ctx, "team", "HOOKGATE_TEAM");
  if (value === undefined) throw new UsageError("--team is required (or set HOOKGATE_TEAM)", ctx.path);
  if (!TEAM_NAME.test(value)) throw new UsageError(`${from} must be a team name: ${TEAM_NAME_RULE}`, ctx.path);
  return value;
}

export function adminToken(ctx: CommandContext): string {
  const token = ctx.io.env.HOOKGATE_ADMIN_TOKEN;
  if (!token) throw new UsageError("set HOOKGATE_ADMIN_TOKEN to the service's admin token (npm start prints it; .dev.vars holds it)", ctx.path);
  return token;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * `Hookgate-Warning` headers, one warning each. Fetch joins repeated headers with ", ", so a warning is sent as a
 * quoted string when it may hold a comma; unquoted values are taken whole (never split where a comma might be text).
 */
function warningHeaders(headers: Headers): string[] {
  const joined = headers.get("hookgate-warning");
  if (joined === null) return [];
  const quoted = /^\s*"(?:[^"\\]|\\.)*"\s*(?:,\s*"(?:[^"\\]|\\.)*"\s*)*$/;
  if (!quoted.test(joined)) return [joined.trim()];
  return [...joined.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
}

/** The admin API, as one command sees it: the base URL and admin token resolved once, errors made into the CLI's. */
export class AdminApi {
  readonly url: string;
  private readonly token: string;

  constructor(private readonly ctx: CommandContext) {
    this.url = serviceUrl(ctx);
    this.token = adminToken(ctx);
  }

  /**
   * A GET of `/v1/admin/<path>` whose 2xx answer is read as a stream (the export): its body, else ServerRefused.
   * No overall timeout (an export of months takes as long as it takes); the connection's own errors still end it.
   */
  async stream(path: string): Promise<ReadableStream<Uint8Array>> {
    const res = await this.send("GET", path, undefined, undefined);
    if (res.ok && res.body) return res.body;
    return this.answer("GET", path, res).then(() => new ReadableStream<Uint8Array>({ start: (c) => c.close() }));
  }

  private async send(method: string, path: string, body: unknown, timeoutMs: number | undefined): Promise<Response> {
    const target = `${this.url}/v1/admin/${path}`;
    try {
      return await this.ctx.io.fetch(target, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
      });
    } catch (e) {
      const error = e as Error & { cause?: Error & { code?: string } };
      if (error.name === "TimeoutError") throw new ServiceUnreachable(`the service at ${this.url} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
      throw new ServiceUnreachable(`cannot reach the service at ${this.url}: ${error.cause?.message ?? error.message}`);
    }
  }

  /** A request to `/v1/admin/<path>`; a 2xx answer's JSON body, else ServerRefused (the error envelope). */
  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.answer(method, path, await this.send(method, path, body, REQUEST_TIMEOUT_MS));
  }

  private async answer(method: string, path: string, res: Response): Promise<Answer> {
    for (const w of warningHeaders(res.headers)) this.ctx.io.err(`warning: ${printable(w)}`);
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      // Not hookgate at that URL (a proxy's HTML page, another service): say so rather than guess.
      throw new ServiceUnreachable(
        `the service at ${this.url} answered ${method} /v1/admin/${path} with HTTP ${res.status} and no JSON: is --url hookgate's base URL?${
          res.status >= 500 ? " (on Cloudflare, error 1102 is the Worker over its CPU limit, which a publish can be on the Free plan: docs/deploy.md)" : ""
        }`,
      );
    }
    if (res.ok) return { status: res.status, body: parsed };
    const envelope = (parsed as { error?: { code?: unknown; message?: unknown; requestId?: unknown; problems?: unknown } } | undefined)?.error;
    const problems = Array.isArray(envelope?.problems)
      ? (envelope.problems as unknown[]).filter((p): p is ServerProblem => typeof (p as ServerProblem)?.message === "string")
      : [];
    throw new ServerRefused(
      res.status,
      typeof envelope?.code === "string" ? envelope.code : undefined,
      typeof envelope?.message === "string" ? envelope.message : `HTTP ${res.status} with no error message`,
      typeof envelope?.requestId === "string" ? envelope.requestId : (res.headers.get("x-request-id") ?? undefined),
      problems,
    );
  }
}

/** The admin API for one team: the team resolved once too. */
export class TeamApi extends AdminApi {
  readonly team: string;
  constructor(ctx: CommandContext) {
    super(ctx);
    this.team = teamName(ctx);
  }
  teamCall(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.call(method, `teams/${this.team}${path}`, body);
  }
  teamStream(path: string): Promise<ReadableStream<Uint8Array>> {
    return this.stream(`teams/${this.team}${path}`);
  }
}
