import type { EventSpec } from "../../src/engine/event/eventSpec";
import sessionStart from "./session-start";
import userPromptSubmit from "./user-prompt-submit";
import preToolUse from "./pre-tool-use";
import permissionRequest from "./permission-request";
import postToolUse from "./post-tool-use";
import preCompact from "./pre-compact";
import postCompact from "./post-compact";
import subagentStart from "./subagent-start";
import subagentStop from "./subagent-stop";
import stop from "./stop";
import interrupt from "./interrupt";
import sessionEnd from "./session-end";

/**
 * The hook events of Codex 0.169.0 (one module each; the events with schemas in codex-rs/hooks/schema/generated/),
 * in the order of a turn. Codex runs command hooks only: each reaches hookgate through the command bridge.
 */
export const CODEX_EVENTS = [
  sessionStart,
  userPromptSubmit,
  preToolUse,
  permissionRequest,
  postToolUse,
  preCompact,
  postCompact,
  subagentStart,
  subagentStop,
  stop,
  interrupt,
  sessionEnd,
] as const satisfies readonly EventSpec[];
