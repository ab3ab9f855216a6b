import { z } from "zod";
import type { EventSpec } from "./eventSpec";

/*
 * Building blocks for the 34 event input schemas (contract §1.1, §1.4, Appendix A.1).
 * Every object is `.loose()`: Claude Code adds input fields often (prompt_id, effort, duration_ms,
 * background_tasks …), and an unknown field must never turn a hook request into an error.
 * Enumerations whose set grows between client versions (permission_mode, effort level, sources, triggers,
 * reasons) are plain strings: a value newer than this build is still a valid request.
 */

/** A string field whose known values are listed for readers; any other string is accepted (values grow). */
export const openEnum = (known: readonly [string, ...string[]]) => z.string().describe(`known values: ${known.join(", ")}`);

/** A JSON object of any shape (tool_input, requested_schema, content, updatedInput …). */
export const jsonObject = z.record(z.string(), z.unknown());

/** `effort: { level }` (v2.1.133+). */
export const effort = z.object({ level: openEnum(["low", "medium", "high", "xhigh", "max"]) }).loose();

/** Contract §1.1: the fields every request carries. `hook_event_name` is a string here; the route compares it. */
export const baseFields = {
  session_id: z.string(),
  transcript_path: z.string(),
  cwd: z.string(),
  hook_event_name: z.string(),
  permission_mode: openEnum(["default", "plan", "acceptEdits", "auto", "dontAsk", "bypassPermissions"]).optional(),
  prompt_id: z.string().optional(),
  effort: effort.optional(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
};

const baseInput = z.object(baseFields).loose();

/** Tool events (PreToolUse, PostToolUse, PostToolUseFailure, PermissionDenied, PreSkillShellCommand). */
export const toolInputFields = {
  tool_name: z.string(),
  tool_input: jsonObject,
  tool_use_id: z.string(),
};

/** `background_tasks[]` of Stop/SubagentStop (v2.1.145). */
const backgroundTask = z
  .object({
    id: z.string(),
    type: z.string(),
    status: z.string(),
    description: z.string(),
    command: z.string().optional(),
    agent_type: z.string().optional(),
    server: z.string().optional(),
    tool: z.string().optional(),
    name: z.string().optional(),
  })
  .loose();

/** `session_crons[]` of Stop/SubagentStop (v2.1.145). */
const sessionCron = z
  .object({ id: z.string(), schedule: z.string(), recurring: z.boolean(), prompt: z.string() })
  .loose();

/** Stop and SubagentStop (contract §1.4 #15, #18). */
export const stopFields = {
  stop_hook_active: z.boolean(),
  last_assistant_message: z.string().optional(),
  background_tasks: z.array(backgroundTask).optional(),
  session_crons: z.array(sessionCron).optional(),
};

/** TaskCreated and TaskCompleted (contract §1.4 #16, #17); `team_name` is deprecated. */
export const taskFields = {
  task_id: z.string(),
  task_subject: z.string(),
  task_description: z.string().optional(),
  teammate_name: z.string().optional(),
  team_name: z.string().optional(),
};

/** PreModelSwitch and PostModelSwitch (Appendix C); PostModelSwitch sources add `auto` and `resume`. */
export const modelSwitchFields = {
  from_model: z.string(),
  to_model: z.string(),
  source: openEnum(["command", "picker", "sdk", "auto", "resume"]),
};

/** A PermissionUpdate entry as the client sends it in `permission_suggestions` (lenient: input side). */
export const permissionSuggestion = z.object({ type: z.string() }).loose();

/** The base plus an event's own fields; unknown fields accepted. */
export function eventInput<S extends z.core.$ZodLooseShape>(shape: S) {
  return baseInput.extend(shape).loose();
}

type Matcher = NonNullable<EventSpec["matcher"]>;

/** Matcher query: the string value of one input field (undefined when absent or not a string). */
export function matchField(field: string, syntax: Matcher["syntax"] = "standard"): Matcher {
  return {
    query: (input) => {
      const v = input[field];
      return typeof v === "string" ? v : undefined;
    },
    syntax,
  };
}

/** The last path segment, with Windows `\` separators normalised to `/` (contract Q18). */
export function basename(path: string): string {
  const parts = path.replace(/\\/g, "/").replace(/\/+$/, "").split("/");
  return parts[parts.length - 1] ?? "";
}

/** Matcher query: basename of a path field (FileChanged's `file_path`). */
export function matchBasename(field: string, syntax: Matcher["syntax"] = "standard"): Matcher {
  return {
    query: (input) => {
      const v = input[field];
      return typeof v === "string" ? basename(v) : undefined;
    },
    syntax,
  };
}
