/**
 * The service's route paths, one builder for each: the router (hookRoutes.ts, app.ts), the API document
 * (hookApi.ts), the client's settings generator (clients/…/settings.ts) and `hookgate settings --merge`
 * (cli/settingsMerge.ts) all take them from here, so a path cannot be written two ways.
 */

/** Where the hook routes live: `/v1/hooks/<team>` (any event, by its `hook_event_name`) and `/v1/hooks/<team>/<event-route>`. */
const HOOKS_BASE = "/v1/hooks";
/** Where the admin API lives (its paths in adminApi.ts are relative to it). */
export const ADMIN_BASE = "/v1/admin";
/** Where the dashboard lives (src/ui/): mounted under this prefix only, so no hook request passes its routes. */
export const UI_BASE = "/ui";

/** How a path parameter is written: Hono's router (`:team`) or OpenAPI (`{team}`). */
type PathStyle = "router" | "openapi";

/** The hook route for `route` (an event's kebab-case segment), or the one for every event without it. */
export function hookRoutePath(style: PathStyle, route?: string): string {
  const team = style === "router" ? ":team" : "{team}";
  return route === undefined ? `${HOOKS_BASE}/${team}` : `${HOOKS_BASE}/${team}/${route}`;
}

/** A team's hook URL for one event route, on the service at `base` (an origin, trailing slashes ignored). */
export function hookUrl(base: string, team: string, route: string): string {
  return `${base.replace(/\/+$/, "")}${HOOKS_BASE}/${team}/${route}`;
}

/** A URL (or the end of a command's target) that is a hookgate hook route: `…/v1/hooks/<team>/<event-route>`. */
export const HOOK_URL = new RegExp(`${HOOKS_BASE.replace(/\//g, "\\/")}\\/[a-z0-9][a-z0-9_-]{0,62}\\/[a-z]+(?:-[a-z]+)*$`);
