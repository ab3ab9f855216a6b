import type { EventSpec, HookEventName } from "../src/engine/eventSpec";
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

/** Every event hookgate serves, in HOOK_EVENTS order (one handler file per event). */
export const EVENT_TABLE: readonly EventSpec[] = [
  sessionStart, setup, instructionsLoaded, userPromptSubmit, userPromptExpansion, messageDisplay, preToolUse,
  permissionRequest, postToolUse, postToolUseFailure, postToolBatch, permissionDenied, notification, subagentStart,
  subagentStop, taskCreated, taskCompleted, stop, stopFailure, teammateIdle, configChange, cwdChanged,
  directoryAdded, fileChanged, worktreeCreate, worktreeRemove, preCompact, postCompact, sessionEnd, elicitation,
  elicitationResult, preModelSwitch, postModelSwitch, preSkillShellCommand,
];

const BY_NAME: ReadonlyMap<string, EventSpec> = new Map(EVENT_TABLE.map((s) => [s.name, s]));
const BY_ROUTE: ReadonlyMap<string, EventSpec> = new Map(EVENT_TABLE.map((s) => [s.route, s]));

/** The spec of an event by its `hook_event_name` (exact, case-sensitive); undefined for an unknown name. */
export function eventByName(name: HookEventName): EventSpec;
export function eventByName(name: string): EventSpec | undefined;
export function eventByName(name: string): EventSpec | undefined {
  return BY_NAME.get(name);
}

/** The spec of an event by its kebab-case route segment (`pre-tool-use`); undefined for an unknown route. */
export function eventByRoute(route: string): EventSpec | undefined {
  return BY_ROUTE.get(route);
}
