import { EVENT_TABLE } from "../../../handlers";
import { eventTable } from "../../engine/client";
import type { ClientProfile } from "../../gate/profile";
import { buildSettings, serviceBaseUrl } from "./settings";
import { CLAUDE_CODE_TOOLS } from "./tools";

const events = eventTable(EVENT_TABLE);

/** Claude Code 2.1.332: its 34 hook events, its tools, and the settings block that points it at hookgate. */
export const claudeCode: ClientProfile = {
  name: "claude-code",
  title: "Claude Code",
  events,
  tools: CLAUDE_CODE_TOOLS,
  settings: (options) => buildSettings(events, options),
  serviceUrl: serviceBaseUrl,
};
