import type { ClientModel } from "../engine/event/client";
import { nearest } from "../engine/policy/compilePolicy";
import type { EventSpec } from "../engine/event/eventSpec";
import { canonicalTool } from "../engine/event/toolTable";
import type { CaseDocument } from "./schema";
import { expandShorthand, SHORTHAND_TOOLS, SHORTHANDS } from "./shorthands";

/*
 * From what a case says (a shorthand, a tool call, a prompt, an event, input fields) to the hook input Claude Code
 * would send for it.
 */

type Json = Record<string, unknown>;
type Report = (field: string, message: string) => void;

/** The events a case is for when it does not say: a tool call is about to run; the user submits a prompt. */
const DEFAULT_TOOL_EVENT = "PreToolUse";
const DEFAULT_PROMPT_EVENT = "UserPromptSubmit";

/** The input fields every case gets unless its file's `defaults` or the case itself says otherwise. */
const INPUT_DEFAULTS = { cwd: "/home/dev/project", permission_mode: "default" } as const;
/** The default transcript_path, under the home directory path rules read `~` from. */
const defaultTranscriptPath = (sessionId: string) => `/home/dev/.claude/projects/-home-dev-project/${sessionId}.jsonl`;

/**
 * Values for fields an event's input requires (only where it does) and a case need not say: the id Claude Code
 * gives every tool call (PermissionRequest carries none), what a tool returned (PostToolUse), a stop that is not
 * already continuing because of a stop hook (Stop, SubagentStop). A case's `input` overrides any of them.
 */
const REQUIRED_FILLS: Record<string, (caseId: string) => unknown> = {
  tool_use_id: (caseId) => `toolu_test_${caseId}`,
  tool_response: () => ({}),
  stop_hook_active: () => false,
};

/** What a case calls: its event, and the tool (with its shorthand text, if written as one). */
export interface Call {
  spec: EventSpec;
  tool?: string;
  shorthand?: string;
}

/** The event and tool of a case, or undefined (with the problems reported) when they cannot be told. */
export function callOf(c: CaseDocument, client: ClientModel, problem: Report): Call | undefined {
  const shorthands = SHORTHAND_TOOLS.filter((t) => (c as Json)[t] !== undefined);
  if (shorthands.length > 1) problem(shorthands[1]!, `a case is one tool call; it also has ${shorthands[0]}`);
  if (shorthands.length > 0 && c.tool !== undefined) problem("tool", `give the tool once: as "${shorthands[0]}" or as "tool"`);
  const tool = shorthands[0] ?? c.tool;
  if (c.tool !== undefined && !client.tools.known.includes(canonicalTool(client.tools, c.tool)) && !c.tool.startsWith(client.tools.mcpPrefix)) {
    const near = nearest(c.tool, client.tools.known);
    problem("tool", `"${c.tool}" is not a ${client.title} tool${near ? ` (did you mean "${near}"?)` : ""}; MCP tools are named ${client.tools.mcpPrefix}<server>__<tool>`);
  }
  if (c.tool_input !== undefined && tool === undefined) problem("tool_input", 'tool_input needs the tool: add "tool"');
  if (c.prompt !== undefined && tool !== undefined) problem("prompt", "a case is either a tool call or a prompt");

  // The event: said, or implied by what the case holds.
  const inInput = typeof c.input?.hook_event_name === "string" ? c.input.hook_event_name : undefined;
  if (c.event !== undefined && c.input?.hook_event_name !== undefined && c.input.hook_event_name !== c.event)
    problem("input.hook_event_name", `is "${String(c.input.hook_event_name)}" but the case's event is "${c.event}"`);
  const eventName = c.event ?? inInput ?? (tool !== undefined ? DEFAULT_TOOL_EVENT : c.prompt !== undefined ? DEFAULT_PROMPT_EVENT : undefined);
  if (eventName === undefined) {
    problem("", `a case needs an input: a shorthand (${SHORTHAND_TOOLS.join(", ")}), "tool" with "tool_input", "prompt", "event" or a full "input"`);
    return undefined;
  }
  const spec = client.events.byName(eventName);
  if (!spec) {
    const near = nearest(eventName, client.events.list.map((e) => e.name));
    problem(c.event !== undefined ? "event" : "input.hook_event_name", `unknown event "${eventName}"${near ? ` (did you mean "${near}"?)` : ""}`);
    return undefined;
  }
  if (tool !== undefined && !spec.toolEvent) {
    const toolEvents = client.events.list.filter((e) => e.toolEvent).map((e) => e.name);
    problem(c.event !== undefined ? "event" : "", `${spec.name} is not a tool event (${toolEvents.join(", ")} are)`);
  }
  const shape = (spec.input as unknown as { shape?: Record<string, unknown> }).shape;
  if (c.prompt !== undefined && shape !== undefined && !("prompt" in shape)) problem("prompt", `${spec.name} has no prompt`);
  return { spec, ...(tool !== undefined ? { tool } : {}), ...(shorthands[0] !== undefined ? { shorthand: (c as Json)[shorthands[0]] as string } : {}) };
}

/**
 * The hook input: the built-in defaults, then the file's, then the call, then the case's own `input` fields;
 * then what the event requires and nothing above said (REQUIRED_FILLS). `caseId` makes ids unique in the file.
 */
export function inputOf(c: CaseDocument, call: Call, defaults: Json, sessionId: string, caseId: string): Json {
  const input: Json = { session_id: sessionId, transcript_path: defaultTranscriptPath(sessionId), ...INPUT_DEFAULTS, ...defaults, hook_event_name: call.spec.name };
  if (call.tool !== undefined) {
    input.tool_name = call.tool;
    input.tool_input = call.shorthand !== undefined ? expandShorthand(call.tool, call.shorthand, c.tool_input) : { ...(c.tool_input ?? {}) };
  }
  if (c.prompt !== undefined) input.prompt = c.prompt;
  Object.assign(input, c.input ?? {});
  // The event's own schema says what is missing: only top-level fields hookgate knows a neutral value for are filled.
  const checked = call.spec.input.safeParse(input);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = issue.path.length === 1 ? String(issue.path[0]) : undefined;
      const fill = field !== undefined && input[field] === undefined ? REQUIRED_FILLS[field] : undefined;
      if (fill) input[field!] = fill(caseId);
    }
  return input;
}

/**
 * What a hand-written input gets wrong that the event's schema, which accepts any extra field, cannot catch: a
 * field one typo away from one the event has (`stop_hook_actve`), and a tool call missing the field Claude Code
 * always sends for that tool (`Read` without `file_path`) — either would test a call that never happens.
 */
export function inputProblems(c: CaseDocument, call: Call, input: Json, problem: Report): void {
  const shape = (call.spec.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  const known = Object.keys(shape);
  for (const key of Object.keys(c.input ?? {})) {
    if (key in shape) continue;
    const near = nearest(key, known);
    if (near !== undefined) problem(`input.${key}`, `${call.spec.name} has no field "${key}" (did you mean "${near}"?)`);
  }
  const row = call.tool !== undefined ? SHORTHANDS[call.tool] : undefined;
  const toolInput = input.tool_input as Json | undefined;
  if (row && toolInput !== undefined && toolInput[row.field] === undefined)
    problem(c.input?.tool_input !== undefined ? "input.tool_input" : "tool_input", `${call.tool}'s tool_input has no "${row.field}" (Claude Code always sends it); the shorthand is "${call.tool}": "<${row.what}>"`);
}

const shortText = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s).replace(/\s+/g, " ");

/** A name for a case that has none: the event when it is not the default one, the call, the decision. */
export function derivedName(c: CaseDocument, call: Call, input: Json, decision: string): string {
  const { spec, tool } = call;
  const subject =
    call.shorthand !== undefined
      ? `${tool}: ${shortText(call.shorthand)}`
      : tool !== undefined
        ? `${tool}: ${shortText(JSON.stringify(input.tool_input))}`
        : c.prompt !== undefined
          ? `prompt: ${shortText(c.prompt)}`
          : undefined;
  const implied = tool !== undefined ? DEFAULT_TOOL_EVENT : c.prompt !== undefined ? DEFAULT_PROMPT_EVENT : undefined;
  return [spec.name === implied ? undefined : spec.name, subject].filter(Boolean).join(" ").concat(` → ${decision}`);
}
