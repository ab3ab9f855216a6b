import type { EventSpec } from "../../engine/event/eventSpec";
import type { Problem } from "../../engine/policy/compilePolicy";
import { err, ok, type Result } from "../../engine/result";
import type { CallerDialect } from "../../gate/profile";
import { canonicalCall, COPILOT_BARE_ARGS, copilotArgs, copilotMcpNames } from "./tools";

/*
 * GitHub Copilot CLI (1.0.102) reads a repository's `.claude/settings.json` and calls its hooks with its own payload.
 * Configured under PascalCase event names (as Claude's settings are), it sends its "VS Code compatible" format:
 * `hook_event_name`, `session_id`, an ISO `timestamp`, `cwd`, and for tool events `tool_name` (its own tools:
 * `bash`, `view`, `edit`, `create`, …) and `tool_input` — no `transcript_path` and no `tool_use_id` on PreToolUse;
 * configured under camelCase names it sends `sessionId`, a numeric `timestamp`, `toolName` and `toolArgs` (a JSON
 * string). Both shapes are GitHub's "GitHub Copilot CLI hooks reference" (github/docs,
 * content/copilot/reference/copilot-cli-reference/cli-hooks-reference.md at 927566b0b7df8ea8be3ec136965f7f45ee24951b),
 * which also gives the answers it reads: preToolUse `permissionDecision` allow|deny|ask with
 * `permissionDecisionReason` (required with deny) and `modifiedArgs`; agentStop/subagentStop `decision: "block"` +
 * `reason`; permissionRequest `behavior` allow|deny + `message` (+ `interrupt`); notification `additionalContext`.
 * Every other event's output is not processed by Copilot.
 *
 * Refusing such a request would be a silent allow (Copilot runs the tool when its hook fails), so the Claude routes
 * recognise it, decide it by the team's policy in canonical terms (Copilot's tools through its tool table) and
 * answer in the shape Copilot reads.
 */

/** camelCase keys of Copilot's camelCase format, and the snake_case names the canonical input uses. */
const SNAKE: Readonly<Record<string, string>> = {
  sessionId: "session_id",
  transcriptPath: "transcript_path",
  toolName: "tool_name",
  toolArgs: "tool_input",
  // permissionRequest's own names (1.0.102 sends toolInput there, toolArgs elsewhere).
  toolInput: "tool_input",
  permissionSuggestions: "permission_suggestions",
  stopHookActive: "stop_hook_active",
  toolResult: "tool_response",
  tool_result: "tool_response",
  stopReason: "stop_reason",
  agentName: "agent_name",
  agentDisplayName: "agent_display_name",
  customInstructions: "custom_instructions",
  initialPrompt: "initial_prompt",
  errorContext: "error_context",
};

/** The fields Copilot sends on every event, in either of its formats. */
const COMMON = [["session_id", "sessionId"], ["timestamp"], ["cwd"]] as const;
/** And on tool events. */
const TOOL = [["tool_name", "toolName"], ["tool_input", "toolArgs"]] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Tool arguments as an object: Copilot may send them as a JSON string (its camelCase format always does), or bare. */
function argsOf(tool: string, value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  if (typeof value !== "string") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    // not JSON: the text itself, below
  }
  if (isObject(parsed)) return parsed;
  // Arguments that are not an object: a shell tool's are the command, apply_patch's the patch (either may come as a
  // JSON string of one). Inspected, never skipped.
  const field = Object.hasOwn(COPILOT_BARE_ARGS, tool) ? COPILOT_BARE_ARGS[tool] : undefined;
  return field === undefined ? {} : { [field]: typeof parsed === "string" ? parsed : value };
}

function missing(input: Record<string, unknown>, spec: EventSpec): Problem[] {
  const groups = spec.toolEvent ? [...COMMON, ...TOOL] : COMMON;
  const problems: Problem[] = [];
  for (const names of groups) if (!names.some((n) => input[n] !== undefined)) problems.push({ path: names.join(" or "), message: "required" });
  return problems;
}

function toClaudeInput(spec: EventSpec, input: Record<string, unknown>): Result<Record<string, unknown>, Problem[]> {
  const problems = missing(input, spec);
  if (problems.length > 0) return err(problems);
  return ok(copilotCanonical(spec, input));
}

/**
 * A Copilot input (either of its formats, on the Claude routes or its own) in canonical terms: Claude Code's field
 * names, its tools (Copilot's through its tool table), and the fields Claude Code always sends filled in.
 */
export function copilotCanonical(spec: EventSpec, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) out[SNAKE[key] ?? key] = value;
  out.hook_event_name = spec.name;
  if (typeof out.transcript_path !== "string") out.transcript_path = "";
  if (spec.toolEvent) {
    const tool = String(out.tool_name);
    const call = canonicalCall(tool, argsOf(tool, out.tool_input));
    // An MCP tool with one reading is that tool; with several, the name stays Copilot's and each reading is a part
    // of the call (canonicalParts.ts).
    const mcp = copilotMcpNames(tool);
    out.tool_name = mcp?.length === 1 ? mcp[0] : call.tool;
    out.tool_input = call.input;
    if (typeof out.tool_use_id !== "string") out.tool_use_id = "";
  }
  // 1.0.102 sends `stop_hook_active` on agentStop (true on the stop after a block); without one, a stop is not taken
  // for one already continuing because of a block.
  if (spec.stopLike && typeof out.stop_hook_active !== "boolean") out.stop_hook_active = false;
  if (spec.name === "SubagentStop") {
    const agent = typeof out.agent_name === "string" ? out.agent_name : "";
    out.agent_id ??= agent;
    out.agent_type ??= agent;
    out.agent_transcript_path ??= out.transcript_path;
  }
  if (spec.name === "SubagentStart") {
    const agent = typeof out.agent_name === "string" ? out.agent_name : "";
    out.agent_id ??= agent;
    out.agent_type ??= agent;
  }
  if (spec.name === "PreCompact") out.custom_instructions ??= "";
  return out;
}

const DEFAULT_DENY_REASON = "Denied by hookgate policy.";

/** Claude's answer for the event, as Copilot reads it (see the header for where each field comes from). */
function toCopilotAnswer(spec: EventSpec, answer: Record<string, unknown>, canonical: Record<string, unknown>): Record<string, unknown> {
  const specific = isObject(answer.hookSpecificOutput) ? answer.hookSpecificOutput : {};
  const stopped = answer.continue === false;
  switch (spec.answer) {
    case "permission": {
      // Copilot has no "defer": the human decides (ask). A stop of the whole agent (continue:false) has no Copilot
      // form on preToolUse: the call it came with is denied.
      let decision = typeof specific.permissionDecision === "string" ? specific.permissionDecision : undefined;
      if (decision === "defer") decision = "ask";
      if (stopped && decision !== "deny") decision = "deny";
      if (decision === undefined) return {};
      const out: Record<string, unknown> = { permissionDecision: decision };
      const reason = specific.permissionDecisionReason ?? (stopped ? answer.stopReason : undefined);
      if (typeof reason === "string" && reason !== "") out.permissionDecisionReason = reason;
      else if (decision === "deny") out.permissionDecisionReason = DEFAULT_DENY_REASON;
      if (decision !== "deny" && isObject(specific.updatedInput)) out.modifiedArgs = copilotArgs(String(canonical.tool_name), specific.updatedInput, isObject(canonical.tool_input) ? canonical.tool_input : {});
      // The same verdict in the VS Code hook layout this payload format is named for, so a deny is read whichever
      // way Copilot parses a PascalCase-configured hook's answer.
      out.hookSpecificOutput = {
        hookEventName: spec.name,
        permissionDecision: decision,
        ...(out.permissionDecisionReason !== undefined ? { permissionDecisionReason: out.permissionDecisionReason } : {}),
      };
      return out;
    }
    case "permissionRequest": {
      const decision = isObject(specific.decision) ? specific.decision : undefined;
      if (stopped) return { behavior: "deny", interrupt: true, ...(typeof answer.stopReason === "string" ? { message: answer.stopReason } : {}) };
      if (!decision || (decision.behavior !== "allow" && decision.behavior !== "deny")) return {};
      const out: Record<string, unknown> = { behavior: decision.behavior };
      if (typeof decision.message === "string") out.message = decision.message;
      if (decision.interrupt === true) out.interrupt = true;
      return out;
    }
    default:
      if (spec.stopLike && answer.decision === "block") return { decision: "block", reason: typeof answer.reason === "string" ? answer.reason : DEFAULT_DENY_REASON };
      if (spec.name === "Notification" && typeof specific.additionalContext === "string") return { additionalContext: specific.additionalContext };
      // Copilot processes no output for this event: nothing it would ignore is sent.
      return {};
  }
}

/** Claude Code's transcripts live under `~/.claude/projects/`; Copilot's do not (it sends none on most events). */
const claudeTranscript = (input: Record<string, unknown>) =>
  typeof input.transcript_path === "string" && input.transcript_path.replace(/\\/g, "/").includes("/.claude/");

/**
 * Copilot's calls to the Claude routes: a payload with Copilot's `timestamp` or its camelCase fields is its — unless
 * it carries a Claude Code transcript path (were Claude Code to add a `timestamp`, its requests stay its own).
 */
export const copilotOnClaudeRoutes: CallerDialect = {
  name: "copilot-cli",
  title: "GitHub Copilot CLI",
  claims: (input) =>
    (typeof input.timestamp === "string" || typeof input.timestamp === "number" || "sessionId" in input || "toolName" in input || "toolArgs" in input) &&
    !claudeTranscript(input),
  toRouteInput: toClaudeInput,
  answer: toCopilotAnswer,
};
