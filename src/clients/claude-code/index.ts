import type { ClientProfile } from "../../gate/profile";
import { claudeCodeEvents as events } from "./events";
import { buildSettings, serviceBaseUrl } from "./settings";
import { CLAUDE_CODE_TOOLS } from "./tools";

/** Claude Code 2.1.332: its 34 hook events, its tools, and the settings block that points it at hookgate. */
export const claudeCode: ClientProfile = {
  name: "claude-code",
  title: "Claude Code",
  events,
  tools: CLAUDE_CODE_TOOLS,
  settings: (options) => buildSettings(events, options),
  serviceUrl: serviceBaseUrl,
};
