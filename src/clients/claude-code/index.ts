import type { ClientProfile } from "../../gate/profile";
import { CODEX_EVENTS } from "../codex/events";
import { copilotOnClaudeRoutes } from "../copilot-cli/claudeRoutes";
import { claudeCodeEvents as events } from "./events";
import { CLAUDE_CODE_PROTOCOL } from "./protocol";
import { buildSettings, serviceBaseUrl } from "./settings";
import { CLAUDE_CODE_TOOLS } from "./tools";

/**
 * Claude Code 2.1.332: its 34 hook events, its tools, and the settings block that points it at hookgate. Its routes
 * also answer GitHub Copilot CLI, which reads the same settings file.
 */
export const claudeCode: ClientProfile = {
  name: "claude-code",
  title: "Claude Code",
  events,
  tools: CLAUDE_CODE_TOOLS,
  protocol: CLAUDE_CODE_PROTOCOL,
  settings: (options) => buildSettings(events, options),
  serviceUrl: serviceBaseUrl,
  callers: [copilotOnClaudeRoutes],
  // Codex's own events (Interrupt), named in a policy shared by every client: none of Claude Code's.
  foreignEvents: CODEX_EVENTS.map((e) => e.name).filter((name) => !events.byName(name)),
  // Copilot CLI sends no transcript_path on most events; Claude Code sends it on every one.
  marks: ["transcript_path"],
};
