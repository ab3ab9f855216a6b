import preToolUse from "./pre-tool-use";
import permissionRequest from "./permission-request";
import postToolUse from "./post-tool-use";
import postToolUseFailure from "./post-tool-use-failure";
import userPromptSubmitted from "./user-prompt-submitted";
import sessionStart from "./session-start";
import sessionEnd from "./session-end";
import agentStop from "./agent-stop";
import subagentStart from "./subagent-start";
import subagentStop from "./subagent-stop";
import preCompact from "./pre-compact";
import notification from "./notification";

/** GitHub Copilot CLI's hook events on its own routes, one module each (errorOccurred has no canonical event: not routed). */
export const COPILOT_CLI_EVENTS = [
  preToolUse,
  permissionRequest,
  postToolUse,
  postToolUseFailure,
  userPromptSubmitted,
  sessionStart,
  sessionEnd,
  agentStop,
  subagentStart,
  subagentStop,
  preCompact,
  notification,
] as const;
