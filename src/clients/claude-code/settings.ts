import type { EventTable } from "../../engine/event/client";
import { hookUrl } from "../../routes";
import type { CompiledPolicy } from "../../engine/policy/compilePolicy";
import type { EventSpec } from "../../engine/event/eventSpec";
import { err, ok, type Result } from "../../engine/result";
import { commandBridge, type BridgeConventions } from "../bridge";
import { DEFAULT_TOKEN_ENV, type SettingsRequest } from "../../gate/profile";
import { hookedEvents, layersDeadlineMs, layersFailClosed, settingsLayers } from "../layers";

/**
 * The service's base URL as the settings will carry it: http(s), a host, no credentials, query or fragment, and only
 * plain URL characters — it is pasted into the client's settings and into a shell word of the curl bridge.
 */
export function serviceBaseUrl(url: string): Result<string> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return err("must be an http(s) URL");
  }
  if ((u.protocol !== "https:" && u.protocol !== "http:") || u.hostname === "") return err("must be an http(s) URL");
  if (u.username || u.password) return err("must not carry credentials (the team token goes in a header)");
  if (u.search || u.hash || url.includes("?") || url.includes("#")) return err("must not have a query or fragment");
  if (!/^https?:\/\/[A-Za-z0-9.\-_~:/%[\]]+$/.test(url)) return err("must be made of plain URL characters");
  return ok(url.replace(/\/+$/, ""));
}

/** Without a policy, the gating events a team usually starts with. */
const DEFAULT_EVENTS: readonly string[] = ["PreToolUse", "PermissionRequest", "UserPromptSubmit", "Stop"];
/** Simple names only: the same set on the client (JS) and here (RE2), so the pre-filter can never drift. */
const EXACT = /^[A-Za-z0-9_\-, |]+$/;

/**
 * A client-side matcher that only pre-filters: the union of the exact names the policy's groups match, or none
 * (send everything) as soon as one group matches all or uses a regex, since the server re-checks anyway.
 */
function clientMatcher(policies: readonly CompiledPolicy[], spec: EventSpec): string | undefined {
  if (policies.length === 0 || spec.matcher === null) return undefined;
  const using = policies.filter((p) => p.events[spec.name] !== undefined);
  const groups = using.flatMap((p) => p.events[spec.name]?.groups ?? []);
  if (spec.name === "FileChanged") return watchList(groups.map((g) => g.matcherSource));
  const names = new Set<string>();
  for (const g of groups) {
    const m = g.matcherSource;
    if (m === undefined || m === "" || m === "*" || !EXACT.test(m) || spec.matcher.syntax === "narrow") return undefined;
    for (const piece of m.split(/[|,]/)) if (piece.trim()) names.add(piece.trim());
  }
  return names.size > 0 ? [...names].join("|") : undefined;
}

/**
 * FileChanged's matcher is also the client's watch list: it is split on `|` into file names to watch, so the policy's own matchers must reach the client or nothing is ever watched. When a group has no
 * matcher the policy relies on `watchPaths` from SessionStart/CwdChanged, and the client gets none either.
 */
function watchList(matchers: (string | undefined)[]): string | undefined {
  if (matchers.length === 0 || matchers.some((m) => m === undefined || m === "" || m === "*")) return undefined;
  const names = new Set(matchers.flatMap((m) => m!.split("|").map((p) => p.trim()).filter(Boolean)));
  return names.size > 0 ? [...names].join("|") : undefined;
}

/**
 * The command bridge that carries an event the client never sends over HTTP (SessionStart, Setup). It must fail
 * visibly and never block: exit 1, not 2 — for these events exit 2 blocks nothing (there is nothing to block),
 * while any other non-zero status is the client's "non-blocking error", shown to the user with stderr, and the
 * session goes on, which is what a missing or revoked token should do. Nothing on stdout then: the client would
 * take it as the hook's answer (an error envelope, as context).
 */
const CLAUDE_CODE_BRIDGE: BridgeConventions = { runtime: "sh", blockExit: 2, openExit: 1 };

/**
 * The Claude Code `hooks` settings block for a team: an `http` hook per event the policy uses,
 * a `command` bridge (sh + curl) for SessionStart and Setup, which the client never sends over HTTP.
 */
export function buildSettings(events: EventTable, options: SettingsRequest): { hooks: Record<string, unknown[]> } {
  const base = options.url.replace(/\/+$/, "");
  const envVar = options.tokenEnvVar ?? DEFAULT_TOKEN_ENV;
  // The org baseline is evaluated with the team's policy: the block must send every event either uses, pre-filtered
  // only by what both let through, or a baseline rule would never see its event.
  const policies = settingsLayers(options);
  const used = hookedEvents(policies, DEFAULT_EVENTS);
  const hooks: Record<string, unknown[]> = {};
  for (const spec of events.list) {
    if (!used.has(spec.name)) continue;
    const url = hookUrl(base, options.team, spec.route);
    const deadlineMs = layersDeadlineMs(policies, spec);
    // Just above the server's deadline, so the client never gives up on an answer that is on its way.
    const timeout = Math.ceil(deadlineMs / 1000) + 2;
    let handler: Record<string, unknown>;
    if (spec.httpDelivered) {
      handler = {
        type: "http",
        url,
        headers: { Authorization: `Bearer $${envVar}` },
        allowedEnvVars: [envVar],
        timeout,
      };
      const gating = spec.verdicts.includes("deny") || spec.verdicts.includes("block");
      // Fails closed when either layer does (and, with neither, by default).
      if (layersFailClosed(policies) && gating) handler.onFailure = "block";
    } else {
      handler = { type: "command", command: commandBridge(CLAUDE_CODE_BRIDGE, { url, envVar, timeoutSec: timeout }), timeout: timeout + 1 };
    }
    const matcher = clientMatcher(policies, spec);
    hooks[spec.name] = [matcher === undefined ? { hooks: [handler] } : { matcher, hooks: [handler] }];
  }
  return { hooks };
}
