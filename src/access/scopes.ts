import { TEAM_NAME } from "../engine/limits/limits";

/**
 * Who may do what on the admin API (docs/roles.md): the scopes an admin token holds and the teams it holds them
 * for. One source for the scope names, the team-pattern syntax and the rule that no token mints a wider one; the
 * routes, the CLI and the OpenAPI document read them from here.
 */
export const SCOPES = {
  "policy:read": "read a team's policy, revisions and settings, evaluate inputs, read the audit trail",
  "policy:write": "publish and roll back a team's policy; shadow, canary, promote and abort",
  "decisions:read": "read a team's decision log and a candidate's impact on it",
  "tokens:write": "mint, list and revoke a team's hook tokens",
  admin: "everything above, the org baseline and admin tokens",
} as const;
export type Scope = keyof typeof SCOPES;
export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];

/** The root credential's name in the audit trail and in answers: ADMIN_TOKEN itself, never stored. */
export const ROOT_ID = "root";

/** Admin tokens start with this, hook (team) tokens with `hg_`: one is never taken for the other. */
export const ADMIN_TOKEN_PREFIX = "hga";
export const HOOK_TOKEN_PREFIX = "hg";

/**
 * A team pattern: a team name, a prefix ending in `*` ("web-*": every team whose name starts with "web-"), or "*"
 * (every team, and what is not any one team's: the baseline, admin tokens, the log's health).
 */
export const TEAM_PATTERN = /^(?:\*|[a-z0-9][a-z0-9_-]{0,62}\*?)$/;
export const TEAM_PATTERN_RULE = 'a team name, a prefix ending in "*" (e.g. "web-*"), or "*" for every team';

/** Who is calling the admin API, once the token is checked. */
export interface AdminCaller {
  /** the token's id; "root" for ADMIN_TOKEN */
  id: string;
  name: string;
  scopes: readonly Scope[];
  teams: readonly string[];
}

export const ROOT_CALLER: AdminCaller = { id: ROOT_ID, name: ROOT_ID, scopes: ["admin"], teams: ["*"] };

function patternMatches(pattern: string, team: string): boolean {
  if (pattern === "*") return true;
  return pattern.endsWith("*") ? team.startsWith(pattern.slice(0, -1)) : team === pattern;
}

/** Every team `inner` names is one `outer` names too. */
function patternCovers(outer: string, inner: string): boolean {
  if (outer === "*") return true;
  if (inner === "*") return false;
  if (!outer.endsWith("*")) return outer === inner;
  return inner.startsWith(outer.slice(0, -1));
}

export const hasScope = (caller: AdminCaller, scope: Scope): boolean => caller.scopes.includes("admin") || caller.scopes.includes(scope);

export const canSeeTeam = (caller: AdminCaller, team: string): boolean => TEAM_NAME.test(team) && caller.teams.some((p) => patternMatches(p, team));

/** Holds every team: "*" among its patterns (what is not one team's — the baseline, admin tokens — needs it). */
export const allTeams = (caller: AdminCaller): boolean => caller.teams.includes("*");

/** Why `caller` may not hand out `scopes` for `teams`, or undefined when it may (no token mints a wider one). */
export function escalation(caller: AdminCaller, scopes: readonly Scope[], teams: readonly string[]): string | undefined {
  const missing = scopes.filter((s) => !hasScope(caller, s));
  if (missing.length > 0) return `this token cannot grant scope(s) it does not hold: ${missing.map((s) => `"${s}"`).join(", ")}`;
  const wider = teams.filter((t) => !caller.teams.some((p) => patternCovers(p, t)));
  if (wider.length > 0) return `this token cannot grant teams outside its own (${caller.teams.join(", ")}): ${wider.map((t) => `"${t}"`).join(", ")}`;
  return undefined;
}

/** Whether `caller` holds at least everything `token` does (to list or revoke it). */
export const covers = (caller: AdminCaller, token: { scopes: readonly Scope[]; teams: readonly string[] }): boolean =>
  escalation(caller, token.scopes, token.teams) === undefined;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** The longest an admin token may live: a year (longer is what no expiry is for; leave expiresIn out). */
const MAX_EXPIRY_MS = 366 * UNIT_MS.d;
export const EXPIRES_IN = /^([1-9]\d{0,5})([mhd])$/;
export const EXPIRES_IN_RULE = 'a whole number of minutes, hours or days: "30m", "12h", "90d" (at most 366d)';

/** `"90d"` → milliseconds; undefined when it is not one (or past a year). */
export function expiresInMs(text: string): number | undefined {
  const m = EXPIRES_IN.exec(text);
  if (!m) return undefined;
  const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  return ms <= MAX_EXPIRY_MS ? ms : undefined;
}
