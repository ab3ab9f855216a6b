import type { AdminCaller } from "../access/scopes";
import { vouchFor } from "../http/adminAuth";
import { ADMIN_BASE } from "../routes";

/** The Worker's own fetch: the dashboard asks the admin API in-process, through the same app, routes and guards. */
export type AppFetch = (request: Request, env: Env, ctx?: ExecutionContext) => Response | Promise<Response>;

export interface ApiError {
  code: string;
  message: string;
  problems?: { path: string; message: string }[];
}
type ApiResult<T> = { ok: true; status: number; value: T; warnings: string[] } | { ok: false; status: number; error: ApiError };

/**
 * The admin API as the signed-in caller: each call is a Request made here and vouched for (adminAuth.vouchFor), so
 * the route's own guard checks the caller's scopes and teams and the route's own handler filters what it may see.
 * The dashboard holds no authorisation logic of its own.
 */
export class AdminClient {
  constructor(
    private readonly appFetch: AppFetch,
    private readonly origin: string,
    private readonly env: Env,
    private readonly ctx: ExecutionContext | undefined,
    private readonly caller: AdminCaller,
    private readonly requestId: string,
  ) {}

  get<T>(path: string): Promise<ApiResult<T>> {
    return this.send<T>("GET", path);
  }

  async send<T>(method: string, path: string, body?: unknown, message?: string): Promise<ApiResult<T>> {
    const url = new URL(`${ADMIN_BASE}${path}`, this.origin);
    if (message) url.searchParams.set("message", message);
    const headers: Record<string, string> = { "x-request-id": this.requestId };
    // Bytes with their length declared, as a request off the wire has: routes tell an empty body by Content-Length.
    const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body));
    if (bytes) Object.assign(headers, { "content-type": "application/json", "content-length": String(bytes.byteLength) });
    const request = vouchFor(new Request(url, { method, headers, ...(bytes ? { body: bytes } : {}) }), this.caller);
    const res = await this.appFetch(request, this.env, this.ctx);
    const text = await res.text();
    let json: unknown;
    try {
      json = text === "" ? {} : JSON.parse(text);
    } catch {
      json = { error: { code: "internal", message: "the admin API answered something that is not JSON" } };
    }
    if (!res.ok) {
      const error = (json as { error?: ApiError }).error ?? { code: "internal", message: `HTTP ${res.status}` };
      return { ok: false, status: res.status, error };
    }
    const warnings = res.headers.get("hookgate-warning");
    return { ok: true, status: res.status, value: json as T, warnings: warnings ? warnings.split(/,\s*/) : [] };
  }
}
