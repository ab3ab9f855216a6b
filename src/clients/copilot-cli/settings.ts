import type { EventTable } from "../../engine/event/client";
import { hookUrl } from "../../routes";
import type { NativeSpec } from "../native";
import { DEFAULT_TOKEN_ENV, type SettingsRequest } from "../../gate/profile";
import { hookedEvents, layersDeadlineMs, settingsLayers } from "../layers";

/** The canonical events a team usually starts with, when there is no policy to read them from. */
const DEFAULT_EVENTS: readonly string[] = ["PreToolUse", "PermissionRequest", "UserPromptSubmit", "Stop"];

/**
 * `.github/hooks/hookgate.json` for Copilot CLI: an `http` hook per event the policy (or the baseline) uses, under
 * Copilot's own event names, at the team's copilot-cli routes. The token goes in a header Copilot expands from the
 * environment (`allowedEnvVars`, as 1.0.102 was seen to do); Copilot refuses such a hook over plain http except to
 * localhost with COPILOT_HOOK_ALLOW_LOCALHOST=1. No matcher: Copilot's are anchored regexes on its own tool names,
 * and hookgate matches the canonical ones itself.
 */
export function buildCopilotSettings(events: EventTable, segment: string, options: SettingsRequest): { version: 1; hooks: Record<string, unknown[]> } {
  const envVar = options.tokenEnvVar ?? DEFAULT_TOKEN_ENV;
  const policies = settingsLayers(options);
  const used = hookedEvents(policies, DEFAULT_EVENTS);
  const hooks: Record<string, unknown[]> = {};
  for (const spec of events.list as readonly NativeSpec[]) {
    if (!used.has(spec.name)) continue;
    const deadlineMs = layersDeadlineMs(policies, spec);
    hooks[spec.native.native] = [
      {
        type: "http",
        url: hookUrl(options.url, options.team, spec.route, segment),
        headers: { Authorization: `Bearer $${envVar}` },
        allowedEnvVars: [envVar],
        // Just above the server's deadline, within Copilot's own budget: a timeout is a silent go-ahead there.
        timeoutSec: Math.min(Math.ceil(spec.clientTimeoutMs / 1000), Math.ceil(deadlineMs / 1000) + 2),
      },
    ];
  }
  return { version: 1, hooks };
}
