import type { EventTable } from "../../engine/event/client";
import type { EventSpec } from "../../engine/event/eventSpec";
import type { CompiledPolicy } from "../../engine/policy/compilePolicy";
import { hookUrl } from "../../routes";
import { commandBridge, type BridgeConventions } from "../bridge";
import { DEFAULT_TOKEN_ENV, type SettingsRequest } from "../../gate/profile";
import { hookedEvents, layersFailClosed, settingsLayers } from "../layers";
import { CODEX_HOOK_TIMEOUT_MS } from "./input";

/*
 * What points Codex at hookgate. Codex runs command hooks only, so every event is a command bridge: a small Node
 * program (Codex is an npm package: node is there) that posts the hook's stdin to the event's route with the team
 * token from the environment and prints the answer on stdout. Codex blocks on a schema-exact deny or on exit code 2
 * with the reason on stderr, and goes ahead on anything else (exit 1, a timeout, an answer outside its schema), so
 * when hookgate cannot be reached and the event fails closed the bridge exits 2; otherwise it reports on stderr and
 * exits 1 (Codex shows it and goes on). Its HTTP timeout is a second under the hook's, so Codex never kills it first.
 *
 * Two forms: `.codex/hooks.json` (Codex runs it only once a person has reviewed and trusted it: a `trusted_hash` in
 * the user's config) and the managed `requirements.toml` form (`[[hooks.PreToolUse]]` tables, e.g. in
 * /etc/codex/requirements.toml), which runs at once and which users cannot turn off.
 */

const DEFAULT_EVENTS: readonly string[] = ["PreToolUse", "PermissionRequest", "UserPromptSubmit", "Stop"];
/** Codex's hook timeout, seconds, as the settings write it. */
const CODEX_TIMEOUT_S = CODEX_HOOK_TIMEOUT_MS / 1000;

/** Codex's command hooks: a node program; exit 2 (the reason on stderr) blocks, exit 1 is an error it shows and goes on. */
const CODEX_BRIDGE: BridgeConventions = { runtime: "node", blockExit: 2, openExit: 1 };

/** Whether the bridge for this event blocks (exit 2) when hookgate cannot answer: a gating event failing closed. */
function failsClosed(spec: EventSpec, policies: readonly CompiledPolicy[]): boolean {
  const gating = spec.verdicts.includes("deny") || (spec.verdicts.includes("block") && !spec.stopLike);
  return gating && layersFailClosed(policies);
}

/** Codex's settings for a team: the hooks.json form and the managed requirements.toml form of the same hooks. */
export function buildCodexSettings(events: EventTable, options: SettingsRequest): { hooks: Record<string, unknown[]>; requirementsToml: string } {
  const envVar = options.tokenEnvVar ?? DEFAULT_TOKEN_ENV;
  const policies = settingsLayers(options);
  const used = hookedEvents(policies, DEFAULT_EVENTS);
  const hooks: Record<string, unknown[]> = {};
  const toml: string[] = [];
  for (const spec of events.list) {
    if (!used.has(spec.name)) continue;
    // Its HTTP budget a second under the hook's, so Codex never kills it first.
    const command = commandBridge(CODEX_BRIDGE, {
      url: hookUrl(options.url, options.team, spec.route, "codex"),
      envVar,
      timeoutSec: CODEX_TIMEOUT_S - 1,
      ...(failsClosed(spec, policies) ? { closed: {} } : {}),
    });
    // No client-side pre-filter: hookgate's matchers decide (a tool name Codex spells its own way still reaches them).
    hooks[spec.name] = [{ hooks: [{ type: "command", command, timeout: CODEX_TIMEOUT_S }] }];
    toml.push(`[[hooks.${spec.name}]]`, `[[hooks.${spec.name}.hooks]]`, `type = "command"`, `command = ${tomlString(command)}`, `timeout = ${CODEX_TIMEOUT_S}`, "");
  }
  return { hooks, requirementsToml: toml.join("\n") };
}

/** A TOML basic string. */
function tomlString(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\t/g, "\\t")}"`;
}
