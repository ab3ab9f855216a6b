import { TEAM_NAME } from "../engine/limits/limits";
import { cacheTtlOf } from "../config";
import { cachedToken, lookupToken, rememberedHash, rememberValidToken, tokenHash } from "./caches";
import type { Services, TokenInfo } from "../services";
import type { AppContext } from "./context";
import { errorText, log } from "../log";
import { HookgateError } from "./errors";

const bearer = (header: string | undefined): string | undefined => {
  const m = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return m?.[1];
};

/** Who a hook request is for, once its token is checked. */
interface HookCaller {
  team: string;
  /** the token store could not be read: the route answers the event's fail-closed verdict (contract §2.5) */
  authUnavailable: boolean;
}

/**
 * A team's bearer token, checked before the body is read. A missing, unknown, revoked or other team's token and
 * an unknown team all get the same 401. A function the hook handler calls, not a middleware: a hook route is one
 * handler, so Hono takes its one-handler path (no compose chain, ~40 µs of CPU per call on workerd; bench/).
 */
export function authenticateHook(c: AppContext, services: Services): HookCaller | Promise<HookCaller> {
  const team = c.req.param("team") ?? "";
  const token = bearer(c.req.header("authorization"));
  if (!token || !TEAM_NAME.test(team)) throw unauthorized();
  // The steady state: a token that proved valid, its entry read within the TTL. Answered with no promise (the hook
  // route awaits only what is a promise); anything else is checked as below.
  const hash = rememberedHash(token);
  const held = hash !== undefined ? cachedToken(hash, services.now(), cacheTtlOf(c.env)) : undefined;
  if (held) {
    if (!held.value || held.value.team !== team) throw unauthorized();
    return { team, authUnavailable: false };
  }
  return checkToken(team, token, services, c.env);
}

/** Built only when refusing: an Error captures a stack, which is most of what a successful check would cost. */
const unauthorized = () => new HookgateError("unauthorized", "missing or invalid hook token for this team");

async function checkToken(team: string, token: string, services: Services, env: Env): Promise<HookCaller> {
  let info: TokenInfo | null;
  const hash = await tokenHash(token);
  try {
    info = await lookupToken(services.tokens, hash, services.now(), cacheTtlOf(env));
  } catch (e) {
    // The token store is down. A 5xx would make the client go ahead unchecked (contract §2.5); the hook route
    // answers the event's fail-closed verdict instead, evaluating nothing for a caller it could not identify.
    log("error", { msg: "token lookup failed", error: errorText(e) });
    return { team, authUnavailable: true };
  }
  if (!info || info.team !== team) throw unauthorized();
  rememberValidToken(token, hash);
  return { team, authUnavailable: false };
}
