import type { EventSpec } from "../../src/engine/event/eventSpec";
import sessionStart from "./session-start";
import setup from "./setup";
import instructionsLoaded from "./instructions-loaded";
import userPromptSubmit from "./user-prompt-submit";
import userPromptExpansion from "./user-prompt-expansion";
import messageDisplay from "./message-display";
import preToolUse from "./pre-tool-use";
import permissionRequest from "./permission-request";
import postToolUse from "./post-tool-use";
import postToolUseFailure from "./post-tool-use-failure";
import postToolBatch from "./post-tool-batch";
import permissionDenied from "./permission-denied";
import notification from "./notification";
import subagentStart from "./subagent-start";
import subagentStop from "./subagent-stop";
import taskCreated from "./task-created";
import taskCompleted from "./task-completed";
import stop from "./stop";
import stopFailure from "./stop-failure";
import teammateIdle from "./teammate-idle";
import configChange from "./config-change";
import cwdChanged from "./cwd-changed";
import directoryAdded from "./directory-added";
import fileChanged from "./file-changed";
import worktreeCreate from "./worktree-create";
import worktreeRemove from "./worktree-remove";
import preCompact from "./pre-compact";
import postCompact from "./post-compact";
import sessionEnd from "./session-end";
import elicitation from "./elicitation";
import elicitationResult from "./elicitation-result";
import preModelSwitch from "./pre-model-switch";
import postModelSwitch from "./post-model-switch";
import preSkillShellCommand from "./pre-skill-shell-command";

/**
 * Claude Code 2.1.332's hook contracts, one module per lifecycle event, in the client's order. Adding an event is one
 * module here and its line below; defineEvent() derives the route, what the answer kind implies and the exact answer
 * schema; defaults (stated only where an event differs): no tool event, no additionalContext, no output fields, no
 * prompt judges, a 600 s client budget, delivered over HTTP.
 */
export const CLAUDE_CODE_EVENTS = [
  sessionStart,
  setup,
  instructionsLoaded,
  userPromptSubmit,
  userPromptExpansion,
  messageDisplay,
  preToolUse,
  permissionRequest,
  postToolUse,
  postToolUseFailure,
  postToolBatch,
  permissionDenied,
  notification,
  subagentStart,
  subagentStop,
  taskCreated,
  taskCompleted,
  stop,
  stopFailure,
  teammateIdle,
  configChange,
  cwdChanged,
  directoryAdded,
  fileChanged,
  worktreeCreate,
  worktreeRemove,
  preCompact,
  postCompact,
  sessionEnd,
  elicitation,
  elicitationResult,
  preModelSwitch,
  postModelSwitch,
  preSkillShellCommand,
] as const satisfies readonly EventSpec[];
