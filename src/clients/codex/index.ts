import type { ClientProfile } from "../../gate/profile";
import { HOOK_EVENTS } from "../claude-code/events";
import { serviceBaseUrl } from "../claude-code/settings";
import { codexEvents as events } from "./events";
import { CODEX_PROTOCOL } from "./protocol";
import { buildCodexSettings } from "./settings";
import { CODEX_TOOLS } from "./tools";

/**
 * OpenAI Codex CLI 0.169.0: its hook events (command hooks only, reached through hookgate's command bridge), its
 * tools in canonical terms (apply_patch read as Edit/Write of each file), and its answer layout. Routes:
 * `/v1/hooks/<team>/codex/<event>`. A policy's Claude-only events compile to nothing for it, with a warning.
 */
export const codex: ClientProfile = {
  name: "codex",
  title: "Codex",
  routeSegment: "codex",
  events,
  tools: CODEX_TOOLS,
  protocol: CODEX_PROTOCOL,
  foreignEvents: HOOK_EVENTS.filter((name) => !events.byName(name)),
  lenient: true,
  settings: (options) => buildCodexSettings(events, options),
  serviceUrl: serviceBaseUrl,
};
