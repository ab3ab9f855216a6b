/**
 * The service's route paths, one builder for each: the router (hookRoutes.ts, app.ts), the API document
 * (hookApi.ts), the clients' settings generators (clients/…/settings.ts) and `hookgate settings --merge`
 * (cli/settingsMerge.ts) all take them from here, so a path cannot be written two ways.
 */

/**
 * Where the hook routes live: `/v1/hooks/<team>` (any event, by its `hook_event_name`) and
 * `/v1/hooks/<team>/<event-route>` for Claude Code, the first client; every other client's beside them under its
 * own segment, `/v1/hooks/<team>/<client>` and `/v1/hooks/<team>/<client>/<event-route>` (its profile's
 * `routeSegment`, e.g. `codex`).
 */
const HOOKS_BASE = "/v1/hooks";
/** Where the admin API lives (its paths in adminApi.ts are relative to it). */
export const ADMIN_BASE = "/v1/admin";
/** Where the dashboard lives (src/ui/): mounted under this prefix only, so no hook request passes its routes. */
export const UI_BASE = "/ui";

/** How a path parameter is written: Hono's router (`:team`) or OpenAPI (`{team}`). */
type PathStyle = "router" | "openapi";

const withClient = (client: string | undefined, route: string | undefined) =>
  [client, route].filter((s): s is string => s !== undefined).map((s) => `/${s}`).join("");

/**
 * The hook route for `route` (an event's kebab-case segment), or the one for every event without it; `client` is the
 * client's route segment (none for Claude Code).
 */
export function hookRoutePath(style: PathStyle, route?: string, client?: string): string {
  const team = style === "router" ? ":team" : "{team}";
  return `${HOOKS_BASE}/${team}${withClient(client, route)}`;
}

/** A team's hook URL for one event route (of the client with that route segment), on the service at `base`. */
export function hookUrl(base: string, team: string, route: string, client?: string): string {
  return `${base.replace(/\/+$/, "")}${HOOKS_BASE}/${team}${withClient(client, route)}`;
}

/**
 * A URL (or the end of a command's target) that is a hookgate hook route: `…/v1/hooks/<team>/<event-route>`, or
 * `…/v1/hooks/<team>/<client>/<event-route>` for a client with a route segment.
 */
export const HOOK_URL = new RegExp(`${HOOKS_BASE.replace(/\//g, "\\/")}\\/[a-z0-9][a-z0-9_-]{0,62}(?:\\/[a-z]+(?:-[a-z]+)*){1,2}$`);
