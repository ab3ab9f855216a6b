import { createMiddleware } from "hono/factory";
import { ADMIN_TOKEN_PREFIX, allTeams, canSeeTeam, hasScope, ROOT_CALLER, type AdminCaller, type Scope } from "../access/scopes";
import { sha256Hex, timingSafeEqualText } from "../crypto";
import { TEAM_NAME, TEAM_NAME_RULE } from "../engine/limits/limits";
import { errorText, log } from "../log";
import type { AdminTokenInfo, AdminTokenStore } from "../services";
import { cacheTtlOf } from "../config";
import type { AppContext, AppEnv } from "./context";
import { HookgateError } from "./errors";

/**
 * What a route asks of its caller: a scope (or "any": every valid admin token, answered within what it may see)
 * and, for what is not one team's (the baseline, admin tokens, the log's health), that its teams be "*".
 */
export interface RouteAccess {
  scope: Scope | "any";
  orgWide?: boolean;
}

const bearer = (header: string | undefined): string | undefined => header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];

/**
 * The isolate's admin-token cache, like the hook tokens' (caches.ts): each entry is re-read after CACHE_TTL_MS, so a
 * revocation elsewhere takes effect within that bound; one made through this isolate at once (forgetAdminToken).
 * Expiry is checked on every request against the clock, never cached.
 */
const cached = new Map<string, { value: AdminTokenInfo | null; fetchedAt: number }>();
const MAX_ENTRIES = 1_000;

async function lookupAdminToken(store: AdminTokenStore, hash: string, now: number, ttlMs: number): Promise<AdminTokenInfo | null> {
  const hit = cached.get(hash);
  if (hit && now - hit.fetchedAt < ttlMs) return hit.value;
  const value = await store.lookup(hash);
  if (cached.size >= MAX_ENTRIES) cached.delete(cached.keys().next().value as string);
  cached.set(hash, { value, fetchedAt: now });
  return value;
}

export function forgetAdminToken(hash: string) {
  cached.delete(hash);
}

/**
 * Who is calling: ADMIN_TOKEN (the root credential, compared in constant time), else an admin token (`hga_…`, found
 * by its hash). Anything else — a hook token (`hg_…`), an unknown, revoked or expired token — is a 401.
 */
async function callerOf(c: AppContext): Promise<AdminCaller> {
  const expected = adminTokenOf(c);
  const vouched = vouchedCallers.get(c.req.raw);
  if (vouched) return vouched;
  const token = bearer(c.req.header("authorization"));
  if (!token) throw unauthorized();
  if (await timingSafeEqualText(token, expected)) return ROOT_CALLER;
  if (!token.startsWith(`${ADMIN_TOKEN_PREFIX}_`) || token.length > 128) throw unauthorized();
  return callerOfTokenHash(c, await sha256Hex(token));
}

const unauthorized = (why = "missing or invalid admin token") => new HookgateError("unauthorized", why);

function adminTokenOf(c: AppContext): string {
  const expected = c.env.ADMIN_TOKEN;
  if (!expected) throw new HookgateError("admin_disabled", "the admin API is off: set the ADMIN_TOKEN secret to turn it on");
  return expected;
}

/** The hash a session keeps in place of its token (sha256Hex of it, as the token stores key admin tokens by). */
export const adminTokenHash = (token: string): Promise<string> => sha256Hex(token);

/**
 * The caller whose token hashes to `hash`, checked as a bearer token is on every request (the root credential, or
 * an admin token neither revoked nor expired): the dashboard's sessions keep only the hash and are checked by this.
 */
export async function callerOfTokenHash(c: AppContext, hash: string): Promise<AdminCaller> {
  if (await timingSafeEqualText(hash, await sha256Hex(adminTokenOf(c)))) return ROOT_CALLER;
  const services = c.var.services;
  let info: AdminTokenInfo | null;
  try {
    info = await lookupAdminToken(services.adminTokens, hash, services.now(), cacheTtlOf(c.env));
  } catch (e) {
    log("error", { msg: "admin token lookup failed", error: errorText(e) });
    throw new HookgateError("internal", "the admin token could not be checked");
  }
  if (!info) throw unauthorized();
  // `!(… > now)`: an expiry that is no date (a record written by hand, or damaged) counts as passed, never as none.
  if (info.expiresAt !== undefined && !(Date.parse(info.expiresAt) > services.now())) throw unauthorized(`admin token ${info.id} has expired (expiresAt ${info.expiresAt})`);
  return { id: info.id, name: info.name, scopes: info.scopes, teams: info.teams };
}

/**
 * Requests made in this isolate by the dashboard (src/ui/), each for the caller its session was checked to be: the
 * admin routes then apply the very same scope and team checks as to a bearer token. A Request object made in code
 * cannot arrive over the wire, so nothing outside the Worker can be vouched for.
 */
const vouchedCallers = new WeakMap<Request, AdminCaller>();
export function vouchFor(request: Request, caller: AdminCaller): Request {
  vouchedCallers.set(request, caller);
  return request;
}

/** Refused for scope: the envelope names the scope (and the team) the token lacks. */
export function forbidden(caller: AdminCaller, scope: Scope | "any", team?: string): HookgateError {
  const what = scope === "any" ? "access" : `scope "${scope}"`;
  const where = team === undefined ? "for every team (teams: [\"*\"])" : `for team "${team}"`;
  return new HookgateError("forbidden", `admin token ${caller.id} (${caller.name}) lacks ${what} ${where}: it holds ${caller.scopes.join(", ")} for ${caller.teams.join(", ")}`);
}

/** May `caller` do what `scope` allows for `team`? Throws the 403 when not. */
function requireAccess(caller: AdminCaller, scope: Scope | "any", team?: string) {
  if (scope !== "any" && !hasScope(caller, scope)) throw forbidden(caller, scope, team);
  if (team !== undefined ? !canSeeTeam(caller, team) : !allTeams(caller)) throw forbidden(caller, scope, team);
}

/**
 * The admin API's guard, one per route (adminApi.ts declares each route's access): the token checked, the team
 * named by the path validated, the caller's scope and teams checked — all before the body is read, so a refused
 * request changes nothing.
 */
export const adminAuth = (access: RouteAccess) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const caller = await callerOf(c);
    const team = c.req.param("team");
    if (team !== undefined && !TEAM_NAME.test(team)) throw new HookgateError("invalid_input", TEAM_NAME_RULE);
    if (team !== undefined) {
      requireAccess(caller, access.scope, team);
      c.set("team", team);
    } else if (access.orgWide) requireAccess(caller, access.scope);
    else if (access.scope !== "any" && !hasScope(caller, access.scope)) throw forbidden(caller, access.scope, undefined);
    c.set("caller", caller);
    await next();
  });

/** What the route asks of its token, said in its description and its security requirement (OpenAPI 3.1 role names). */
export function accessText(access: RouteAccess): string {
  const scope = access.scope === "any" ? "Any admin token; the answer holds only what the token's teams may see." : `Scope \`${access.scope}\``;
  if (access.scope === "any") return scope;
  return `${scope}${access.orgWide ? ' for every team (`teams: ["*"]`)' : " for the team in the path"} (\`admin\` holds every scope; ADMIN_TOKEN is the root).`;
}
