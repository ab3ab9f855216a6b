import { z } from "zod";
import { defineEvent } from "../../engine/event/defineEvent";
import { eventTable } from "../../engine/event/client";
import type { EventSpec } from "../../engine/event/eventSpec";
import {
  eventInput,
  jsonObject,
  modelSwitchFields,
  openEnum,
  permissionSuggestion,
  stopFields,
  taskFields,
  toolInputFields,
} from "../../engine/event/hookInput";
import {
  elicitationAction,
  MAX_CLASSIFIER_CONTEXT_CHARS,
  present,
  text,
  updatedPermissions,
  watchPaths,
} from "../../engine/event/hookOutput";

/*
 * The 34 events of Claude Code 2.1.332, one declaration each, in the client's order. defineEvent() derives the
 * route, what the answer kind implies and the exact answer schema; defaults (stated only where an event differs):
 * no tool event, no additionalContext, no output fields, no prompt judges, a 600 s client budget, delivered over
 * HTTP. docs/events.md's table is generated from this list (`npm run docs`).
 */

const elicitationFields = { action: elicitationAction, content: jsonObject };

export const CLAUDE_CODE_EVENTS = [
  // Never POSTed to an http hook (client behaviour): it reaches hookgate only through the command bridge that
  // `hookgate settings` generates.
  defineEvent({
    name: "SessionStart",
    summary: "A session starts or resumes: add context, set the title, watch files.",
    input: eventInput({
      source: openEnum(["startup", "resume", "clear", "compact", "fork"]),
      model: z.string().optional(),
      session_title: z.string().optional(),
    }),
    matcher: "source",
    answer: "none",
    additionalContext: true,
    outputFields: { initialUserMessage: text, sessionTitle: text, watchPaths, reloadSkills: z.boolean() },
    topLevel: ["systemMessage", "terminalSequence"],
    httpDelivered: false,
  }),
  // Like SessionStart, command bridge only.
  defineEvent({
    name: "Setup",
    summary: "`--init-only`, `-p --init` or `-p --maintenance` runs: add context.",
    input: eventInput({ trigger: openEnum(["init", "maintenance"]) }),
    matcher: "trigger",
    answer: "none",
    additionalContext: true,
    topLevel: ["systemMessage", "terminalSequence"],
    httpDelivered: false,
  }),
  // Observability only: the client discards the answer, so the only answer is {}.
  defineEvent({
    name: "InstructionsLoaded",
    summary: "An instructions file (CLAUDE.md, a rule) was loaded: observe only.",
    input: eventInput({
      file_path: z.string(),
      memory_type: openEnum(["User", "Project", "Local", "Managed"]),
      load_reason: openEnum(["session_start", "nested_traversal", "path_glob_match", "include", "compact"]),
      globs: z.array(z.string()).optional(),
      trigger_file_path: z.string().optional(),
      parent_file_path: z.string().optional(),
    }),
    matcher: "load_reason",
    answer: "none",
    topLevel: [],
  }),
  // A block erases the prompt and shows `reason` to the user only. The client's own budget is 30 s, after which it
  // drops the answer, additionalContext included.
  defineEvent({
    name: "UserPromptSubmit",
    summary: "The user submits a prompt: block it, add context, set the title.",
    input: eventInput({ prompt: z.string(), session_title: z.string().optional() }),
    matcher: null,
    answer: "block",
    additionalContext: true,
    outputFields: { sessionTitle: text, suppressOriginalPrompt: z.boolean() },
    topLevel: ["systemMessage", "continue", "terminalSequence"],
    prompt: true,
    clientTimeoutMs: 30_000,
  }),
  // `continue` is left out: no effect of continue:false is documented here.
  defineEvent({
    name: "UserPromptExpansion",
    summary: "A slash command or MCP prompt expands: block it or add context.",
    input: eventInput({
      expansion_type: openEnum(["slash_command", "mcp_prompt"]),
      command_name: z.string(),
      command_args: z.string(),
      command_source: z.string().optional(),
      prompt: z.string(),
    }),
    matcher: "command_name",
    answer: "block",
    additionalContext: true,
    outputFields: { suppressOriginalPrompt: z.boolean() },
    topLevel: ["systemMessage", "terminalSequence"],
    prompt: true,
  }),
  // Display only: systemMessage and continue are discarded; the client holds the text on screen until the answer
  // arrives, for at most 10 s.
  defineEvent({
    name: "MessageDisplay",
    summary: "Assistant text is about to be shown: replace what the user sees.",
    input: eventInput({
      turn_id: z.string(),
      message_id: z.string(),
      index: z.number().int().nonnegative(),
      final: z.boolean(),
      delta: z.string(),
    }),
    matcher: null,
    answer: "none",
    outputFields: { displayContent: text },
    topLevel: ["terminalSequence"],
    clientTimeoutMs: 10_000,
  }),
  // `permissionDisplay` is not produced: its shape is undocumented.
  defineEvent({
    name: "PreToolUse",
    summary: "A tool call is about to run: allow, deny, ask, defer or rewrite it.",
    input: eventInput(toolInputFields),
    matcher: "tool_name",
    toolEvent: true,
    answer: "permission",
    verdicts: ["allow", "deny", "ask", "defer"],
    updatedInput: true,
    additionalContext: true,
    topLevel: ["systemMessage", "continue", "terminalSequence"],
    prompt: true,
  }),
  // No "ask" in the client's vocabulary: ask = no decision, the dialog shows. updatedPermissions ride on allow and
  // interrupt on deny, inside hookSpecificOutput.decision. `continue` is left out: interrupt (with deny) is this
  // event's documented way to stop Claude.
  defineEvent({
    name: "PermissionRequest",
    summary: "The permission dialog would show: allow or deny for the user, add permission rules.",
    input: eventInput({
      tool_name: z.string(),
      tool_input: jsonObject,
      // The request carries no tool_use_id (client behaviour); accepted if a later client adds one.
      tool_use_id: z.string().optional(),
      permission_suggestions: z.array(permissionSuggestion).optional(),
    }),
    matcher: "tool_name",
    toolEvent: true,
    answer: "permissionRequest",
    outputFields: { updatedPermissions, interrupt: z.boolean() },
    topLevel: ["systemMessage", "terminalSequence"],
    prompt: true,
  }),
  // A block only puts `reason` next to the tool result (the tool already ran); continue:false stops Claude.
  defineEvent({
    name: "PostToolUse",
    summary: "A tool call has run: feedback to Claude, replace the output it sees.",
    input: eventInput({ ...toolInputFields, tool_response: z.unknown(), duration_ms: z.number().optional() }),
    matcher: "tool_name",
    toolEvent: true,
    answer: "block",
    additionalContext: true,
    outputFields: {
      // Must match the tool's own output shape; the client silently ignores a mismatch for built-ins.
      updatedToolOutput: present,
      updatedMCPToolOutput: present,
      classifierContext: z.string().max(MAX_CLASSIFIER_CONTEXT_CHARS),
    },
    topLevel: ["systemMessage", "continue", "terminalSequence"],
    prompt: true,
  }),
  // additionalContext only; continue:false is not documented here. `prompt: true` although the event has no
  // verdict a judge's "no" could become: a policy with a prompt handler here does not compile.
  defineEvent({
    name: "PostToolUseFailure",
    summary: "A tool call failed: feedback to Claude.",
    input: eventInput({
      ...toolInputFields,
      error: z.string(),
      is_interrupt: z.boolean().optional(),
      duration_ms: z.number().optional(),
    }),
    matcher: "tool_name",
    toolEvent: true,
    answer: "none",
    additionalContext: true,
    topLevel: ["systemMessage", "terminalSequence"],
    prompt: true,
  }),
  // Block or continue:false stops the agentic loop before the next model call.
  defineEvent({
    name: "PostToolBatch",
    summary: "A batch of parallel tool calls has run: stop the loop or add context.",
    input: eventInput({
      tool_calls: z.array(
        z
          .object({
            tool_name: z.string(),
            tool_input: jsonObject,
            tool_use_id: z.string(),
            // The serialised tool_result the model sees: a string or content blocks.
            tool_response: z.unknown().optional(),
          })
          .loose(),
      ),
    }),
    matcher: null,
    answer: "block",
    additionalContext: true,
    topLevel: ["systemMessage", "continue", "terminalSequence"],
    prompt: true,
  }),
  // Fires after the auto-mode classifier denied a call; the only lever is `retry`. Claude Code accepts prompt hooks
  // here but discards what they say, and a judge has no verdict to give on this event, so hookgate does not run them.
  defineEvent({
    name: "PermissionDenied",
    summary: "The auto-mode classifier denied a tool call: let the model retry.",
    input: eventInput({ ...toolInputFields, reason: z.string() }),
    matcher: "tool_name",
    toolEvent: true,
    answer: "none",
    outputFields: { retry: z.boolean() },
    topLevel: ["systemMessage", "terminalSequence"],
  }),
  // Only terminalSequence has an effect. The client does validate an additionalContext variant, but no behaviour is
  // documented for it, so hookgate never emits it and the answer schema has none.
  defineEvent({
    name: "Notification",
    summary: "Claude Code shows a notification: side effects only.",
    input: eventInput({ message: z.string(), title: z.string().optional(), notification_type: z.string() }),
    matcher: "notification_type",
    answer: "none",
    topLevel: ["terminalSequence"],
  }),
  // additionalContext goes into the subagent's context, not the parent's.
  defineEvent({
    name: "SubagentStart",
    summary: "A subagent starts: add context to the subagent.",
    input: eventInput({ agent_id: z.string(), agent_type: z.string() }),
    matcher: "agent_type",
    answer: "none",
    additionalContext: true,
    topLevel: ["systemMessage", "terminalSequence"],
  }),
  // Same as Stop: block + a required reason keeps the subagent working.
  defineEvent({
    name: "SubagentStop",
    summary: "A subagent is about to finish: keep it working.",
    input: eventInput({
      ...stopFields,
      agent_id: z.string(),
      agent_type: z.string(),
      agent_transcript_path: z.string(),
    }),
    matcher: "agent_type",
    answer: "block",
    stopLike: true,
    additionalContext: true,
    topLevel: ["systemMessage", "continue", "terminalSequence"],
    prompt: true,
  }),
  // continue:false is ignored here; a block deletes the task and returns `reason` to Claude.
  defineEvent({
    name: "TaskCreated",
    summary: "A task is being created: refuse it, with the reason back to Claude.",
    input: eventInput(taskFields),
    matcher: null,
    answer: "block",
    topLevel: ["systemMessage", "terminalSequence"],
    prompt: true,
  }),
  // decision:"block" is the HTTP equivalent of exit 2 through the client's blockingError path, which the hooks
  // reference does not list; continue:false stops the teammate instead.
  defineEvent({
    name: "TaskCompleted",
    summary: "A task is being marked completed: keep the teammate working.",
    input: eventInput(taskFields),
    matcher: null,
    answer: "block",
    topLevel: ["systemMessage", "continue", "terminalSequence"],
    prompt: true,
  }),
  // Block needs a reason (it becomes Claude's next instruction): respond() supplies a default. additionalContext is
  // the non-error continuation of v2.1.163+.
  defineEvent({
    name: "Stop",
    summary: "Claude is about to end its turn: keep it working.",
    input: eventInput(stopFields),
    matcher: null,
    answer: "block",
    stopLike: true,
    additionalContext: true,
    topLevel: ["systemMessage", "continue", "terminalSequence"],
    prompt: true,
  }),
  // All output is ignored except terminalSequence. The matcher uses the narrow set.
  defineEvent({
    name: "StopFailure",
    summary: "The turn ended on an API error: notify only.",
    input: eventInput({
      error: openEnum([
        "rate_limit", "overloaded", "authentication_failed", "oauth_org_not_allowed", "billing_error",
        "invalid_request", "model_not_found", "server_error", "max_output_tokens", "unknown",
      ]),
      error_details: z.unknown().optional(),
      last_assistant_message: z.string().optional(),
    }),
    matcher: { field: "error", syntax: "narrow" },
    answer: "none",
    topLevel: ["terminalSequence"],
  }),
  // As TaskCompleted: block (keep working, with `reason` as feedback) is the undocumented exit-2 path;
  // continue:false stops the teammate.
  defineEvent({
    name: "TeammateIdle",
    summary: "A teammate is about to go idle: keep it working.",
    input: eventInput({ teammate_name: z.string(), team_name: z.string().optional() }),
    matcher: null,
    answer: "block",
    topLevel: ["systemMessage", "continue", "terminalSequence"],
    prompt: true,
  }),
  // Block keeps the new settings out of the session (not for policy_settings). `reason` is accepted but never
  // shown (it still reaches the decision log); systemMessage and continue are discarded.
  defineEvent({
    name: "ConfigChange",
    summary: "A settings file changed during the session: keep the change out.",
    input: eventInput({
      source: openEnum(["user_settings", "project_settings", "local_settings", "policy_settings", "skills"]),
      file_path: z.string().optional(),
    }),
    matcher: "source",
    answer: "block",
    topLevel: ["terminalSequence"],
  }),
  // systemMessage is a brief terminal notice; continue is discarded.
  defineEvent({
    name: "CwdChanged",
    summary: "The working directory changed: replace the watch list.",
    input: eventInput({ old_cwd: z.string(), new_cwd: z.string() }),
    matcher: null,
    answer: "none",
    outputFields: { watchPaths },
    topLevel: ["systemMessage", "terminalSequence"],
  }),
  // Runs in the background. systemMessage reaches Claude (not the user) when source is slash_command, the debug log
  // otherwise; continue is discarded.
  defineEvent({
    name: "DirectoryAdded",
    summary: "A directory was added to the session: a notice only.",
    input: eventInput({ directory: z.string(), source: openEnum(["slash_command", "register_repo_root"]) }),
    matcher: "source",
    answer: "none",
    topLevel: ["systemMessage", "terminalSequence"],
  }),
  // The matcher is tested against basename(file_path) with the narrow exact-match set.
  defineEvent({
    name: "FileChanged",
    summary: "A watched file changed: replace the watch list.",
    input: eventInput({ file_path: z.string(), event: openEnum(["change", "add", "unlink"]) }),
    matcher: { basename: "file_path", syntax: "narrow" },
    answer: "none",
    outputFields: { watchPaths },
    topLevel: ["systemMessage", "terminalSequence"],
  }),
  // The hook replaces `git worktree`: an answer without worktreePath (including {}) makes creation fail. A relative
  // path is resolved by the client against the hook's directory, so any non-empty path is accepted. systemMessage
  // and continue are discarded.
  defineEvent({
    name: "WorktreeCreate",
    summary: "A worktree is to be created: the hook creates it and answers its path.",
    input: eventInput({ name: z.string() }),
    matcher: null,
    answer: "none",
    outputFields: { worktreePath: text.min(1) },
    required: ["worktreePath"],
    topLevel: ["terminalSequence"],
  }),
  // Output discarded: the only answer is {}.
  defineEvent({
    name: "WorktreeRemove",
    summary: "A worktree is being removed: observe only.",
    input: eventInput({ worktree_path: z.string() }),
    matcher: null,
    answer: "none",
    topLevel: [],
  }),
  // Block (v2.1.105+) stops compaction; blocking an `auto` compaction that recovers from a context-limit error fails
  // the request. systemMessage and continue are discarded.
  defineEvent({
    name: "PreCompact",
    summary: "Compaction is about to run: block it.",
    input: eventInput({
      trigger: openEnum(["manual", "auto"]),
      // "" for auto in the hooks reference, `string | null` in the SDK types.
      custom_instructions: z.string().nullable().optional(),
    }),
    matcher: "trigger",
    answer: "block",
    topLevel: ["terminalSequence"],
  }),
  // No output has an effect: the only answer is {}.
  defineEvent({
    name: "PostCompact",
    summary: "Compaction finished: observe only.",
    input: eventInput({ trigger: openEnum(["manual", "auto"]), compact_summary: z.string() }),
    matcher: "trigger",
    answer: "none",
    topLevel: [],
  }),
  // Output discarded, and every SessionEnd hook shares a 1.5 s budget: acknowledge with {} at once and evaluate after
  // the answer.
  defineEvent({
    name: "SessionEnd",
    summary: "The session ends: log it, run side effects (answered at once).",
    input: eventInput({ reason: openEnum(["clear", "resume", "logout", "prompt_input_exit", "other"]) }),
    matcher: "reason",
    answer: "none",
    acknowledgeFirst: true,
    topLevel: [],
    clientTimeoutMs: 1_500,
  }),
  // The answer is an `action` (accept + content skips the dialog; decline/cancel refuse), set through `output`, not
  // a verdict. systemMessage and continue are discarded.
  defineEvent({
    name: "Elicitation",
    summary: "An MCP server asks the user for input: answer or refuse for them.",
    input: eventInput({
      mcp_server_name: z.string(),
      message: z.string(),
      mode: openEnum(["form", "url"]).optional(),
      url: z.string().optional(),
      elicitation_id: z.string().optional(),
      requested_schema: jsonObject.optional(),
    }),
    matcher: "mcp_server_name",
    answer: "none",
    outputFields: elicitationFields,
    topLevel: ["terminalSequence"],
  }),
  // `action`/`content` override the user's response. Unlike Elicitation, systemMessage is not documented as
  // discarded here, so it stays; continue has no documented effect.
  defineEvent({
    name: "ElicitationResult",
    summary: "The user answered an MCP elicitation: override the answer.",
    input: eventInput({
      mcp_server_name: z.string(),
      action: openEnum(["accept", "decline", "cancel"]),
      content: jsonObject.optional(),
      mode: openEnum(["form", "url"]).optional(),
      elicitation_id: z.string().optional(),
    }),
    matcher: "mcp_server_name",
    answer: "none",
    outputFields: elicitationFields,
    topLevel: ["systemMessage", "terminalSequence"],
  }),
  // PreToolUse's permission answer without defer, updatedInput or additionalContext; deny cancels the switch and a
  // headless session refuses `ask`.
  defineEvent({
    name: "PreModelSwitch",
    summary: "The model is about to switch: allow, deny or ask.",
    input: eventInput(modelSwitchFields),
    matcher: "to_model",
    answer: "permission",
    verdicts: ["allow", "deny", "ask"],
    updatedInput: false,
    topLevel: ["systemMessage", "terminalSequence"],
  }),
  defineEvent({
    name: "PostModelSwitch",
    summary: "The model switched: add context.",
    input: eventInput(modelSwitchFields),
    matcher: "to_model",
    answer: "none",
    additionalContext: true,
    topLevel: ["systemMessage", "terminalSequence"],
  }),
  // A shell command a skill or slash command is about to run: permission answer with updatedInput but no
  // additionalContext; prompt and agent handlers do not run on it.
  defineEvent({
    name: "PreSkillShellCommand",
    summary: "A skill or slash command is about to run a shell command: allow, deny, ask or rewrite it.",
    input: eventInput({
      ...toolInputFields,
      tool_input: z.object({ command: z.string() }).loose(),
      command_name: z.string(),
      command_source: z.string().optional(),
      invoked_by: openEnum(["user", "claude", "other"]),
    }),
    matcher: "tool_name",
    toolEvent: true,
    answer: "permission",
    verdicts: ["allow", "deny", "ask"],
    updatedInput: true,
    topLevel: ["systemMessage", "terminalSequence"],
  }),
] as const satisfies readonly EventSpec[];

/** The events' names, as the client sends them in `hook_event_name`. */
export type HookEventName = (typeof CLAUDE_CODE_EVENTS)[number]["name"];
export const HOOK_EVENTS: readonly HookEventName[] = CLAUDE_CODE_EVENTS.map((e) => e.name);

/** The table the engine is handed (through the profile): lookups by name and by route, derived once. */
export const claudeCodeEvents = eventTable(CLAUDE_CODE_EVENTS);

/** The spec of an event by its `hook_event_name` (exact, case-sensitive); undefined for an unknown name. */
export function eventByName(name: HookEventName): EventSpec;
export function eventByName(name: string): EventSpec | undefined;
export function eventByName(name: string): EventSpec | undefined {
  return claudeCodeEvents.byName(name);
}
