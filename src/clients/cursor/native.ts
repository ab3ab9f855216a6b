import { z } from "zod";
import type { Aggregate } from "../../engine/answer/outcome";
import type { EventSpec } from "../../engine/event/eventSpec";
import { capped, type AnswerWriter, type NativeEvent } from "../native";
import { renamedCall, type ToolRenames } from "../toolRenames";

/*
 * Cursor's agent hooks (`.cursor/hooks.json`, command hooks only: JSON on stdin, the answer as JSON on stdout), as
 * Cursor documents them at https://cursor.com/docs/agent/hooks (the reference as vendored in pcomans/caruso,
 * reference/cursor_hooks.md at 0d41427e, for the Agent events and their answers; the page's newer event list for
 * preToolUse). No Cursor build runs here (it is a desktop app that needs an account), so these are the documented
 * shapes, checked by contract tests, not seen on the wire:
 * - every input: `conversation_id`, `generation_id`, `hook_event_name`, `workspace_roots`, and optionally `model`,
 *   `cursor_version`, `user_email`;
 * - beforeShellExecution (`command`, `cwd`), beforeMCPExecution (`tool_name`, `tool_input` — a JSON string —, `url`
 *   or `command`), preToolUse (`tool_name`, `tool_input`): `permission` allow|deny|ask, `user_message` (shown in the
 *   client), `agent_message` (sent to the agent); preToolUse also `updated_input`;
 * - beforeReadFile (`file_path`, `content`, `attachments`): `permission` allow|deny only;
 * - beforeSubmitPrompt (`prompt`, `attachments`): `continue` true|false, `user_message`;
 * - stop (`status`, `loop_count`): `followup_message`, submitted as the next user message (at most 5 in a row).
 */

/** The budget hookgate's bridge gives itself for a Cursor hook, ms (Cursor documents no default of its own). */
const CURSOR_TIMEOUT_MS = 30_000;

const base = {
  conversation_id: z.string(),
  generation_id: z.string(),
  hook_event_name: z.string(),
  workspace_roots: z.array(z.string()),
};

/** An input of one Cursor event: the common fields and its own, unknown fields accepted. */
export const cursorInput = (fields: Record<string, z.ZodType> = {}) => z.object({ ...base, ...fields }).loose();

/**
 * Cursor's tools on its generic preToolUse, as the canonical tools a policy names. Cursor documents the tool names
 * (its matchers: Shell, Read, Write, Grep, Delete, Task, `MCP:<tool>`) but not each tool's input; hooks written for
 * it read StrReplace and Delete as file edits, and a file tool's path in `file_path` or `path`. So a path in `path`
 * is also the canonical `file_path` (the sound reading: a rule on the path fires whichever field carries it), and
 * StrReplace and Delete are Edits of their file.
 */
export const CURSOR_TOOLS: ToolRenames = {
  Shell: { canonical: "Bash" },
  Read: { canonical: "Read", fields: { path: "file_path" } },
  Write: { canonical: "Write", fields: { path: "file_path" } },
  StrReplace: { canonical: "Edit", fields: { path: "file_path" } },
  Delete: { canonical: "Edit", fields: { path: "file_path" } },
  Grep: { canonical: "Grep" },
  Glob: { canonical: "Glob" },
  Task: { canonical: "Agent" },
};

/** The MCP server Cursor does not name: an MCP tool is `mcp__cursor__<tool>` in canonical terms. */
const CURSOR_MCP_SERVER = "cursor";
/** How preToolUse names an MCP tool (`MCP:<tool>`). */
const CURSOR_MCP_PREFIX = "MCP:";
const mcpTool = (tool: string) => `mcp__${CURSOR_MCP_SERVER}__${tool}`;

/** preToolUse's call in canonical terms: its tool through CURSOR_TOOLS, an `MCP:<tool>` as beforeMCPExecution's. */
function preToolUseCall(tool: string, args: Record<string, unknown>): { tool: string; input: Record<string, unknown> } {
  if (tool.startsWith(CURSOR_MCP_PREFIX)) return { tool: mcpTool(tool.slice(CURSOR_MCP_PREFIX.length)), input: args };
  return renamedCall(CURSOR_TOOLS, tool, args);
}

const jsonArgs = (v: unknown): Record<string, unknown> => {
  if (typeof v === "object" && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  if (typeof v === "string")
    try {
      const parsed: unknown = JSON.parse(v);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: the arguments are unknown (an empty object), the call is still matched by its tool
    }
  return {};
};

/** The fields every canonical input has, from Cursor's common ones. */
function common(input: Record<string, unknown>): Record<string, unknown> {
  const roots = Array.isArray(input.workspace_roots) ? input.workspace_roots : [];
  return {
    session_id: input.conversation_id,
    transcript_path: typeof input.transcript_path === "string" ? input.transcript_path : "",
    cwd: typeof input.cwd === "string" ? input.cwd : typeof roots[0] === "string" ? roots[0] : "",
  };
}

/** A tool call in canonical terms: the tool a policy names, its input as Claude Code's tool takes it. */
const toolCall = (input: Record<string, unknown>, tool: string, toolInput: Record<string, unknown>) => ({
  ...common(input),
  tool_name: tool,
  tool_input: toolInput,
  tool_use_id: typeof input.tool_use_id === "string" ? input.tool_use_id : String(input.generation_id ?? ""),
});

/** How each of Cursor's events reads in canonical terms. */
export const CURSOR_CANONICAL: Readonly<Record<string, (input: Record<string, unknown>, spec: EventSpec) => Record<string, unknown>>> = {
  beforeShellExecution: (input) => toolCall(input, "Bash", { command: input.command }),
  beforeMCPExecution: (input) => toolCall(input, mcpTool(String(input.tool_name)), jsonArgs(input.tool_input)),
  beforeReadFile: (input) => toolCall(input, "Read", { file_path: input.file_path }),
  preToolUse: (input) => {
    const call = preToolUseCall(String(input.tool_name), jsonArgs(input.tool_input));
    return toolCall(input, call.tool, call.input);
  },
  beforeSubmitPrompt: (input) => ({ ...common(input), prompt: input.prompt }),
  // loop_count: the follow-ups this stop hook already caused; past the first, the stop is one continuing because of a block.
  stop: (input) => ({ ...common(input), stop_hook_active: typeof input.loop_count === "number" && input.loop_count > 0 }),
};

/** One of Cursor's events: its input read by its canonical mapping, the bridge's budget. */
export function cursorEvent(decl: Omit<NativeEvent<CursorAnswer>, "toCanonical" | "clientTimeoutMs">): NativeEvent<CursorAnswer> {
  const toCanonical = CURSOR_CANONICAL[decl.native];
  if (!toCanonical) throw new Error(`cursor ${decl.native}: no canonical mapping`);
  return { ...decl, toCanonical, clientTimeoutMs: CURSOR_TIMEOUT_MS };
}

export const DEFAULT_DENY_REASON = "Denied by hookgate policy.";
const text = z.string().max(10_000);

type CursorAnswer = "permission" | "toolPermission" | "readPermission" | "prompt" | "stop";

/** allow|deny|ask from an aggregate: defer (and a stop of the agent, on a tool call) are the sound choices. */
function permissionOf(agg: Aggregate, canAsk: boolean): { permission?: string; reason?: string } {
  if (agg.stop) return { permission: "deny", reason: capped(agg.stop.reason ?? agg.reason) ?? DEFAULT_DENY_REASON };
  const v = agg.verdict === "block" ? "deny" : agg.verdict === "defer" ? "ask" : agg.verdict;
  // beforeReadFile takes no ask: a read a person would have to approve is denied (never less strict than the policy).
  const permission = v === "ask" && !canAsk ? "deny" : v;
  if (permission === undefined) return {};
  const reason = capped(agg.reason) ?? (permission === "deny" ? DEFAULT_DENY_REASON : undefined);
  return { permission, ...(reason !== undefined ? { reason } : {}) };
}

const permissionFields = { permission: z.enum(["allow", "deny", "ask"]).optional(), user_message: text.optional(), agent_message: text.optional() };

function permissionAnswer(agg: Aggregate): Record<string, unknown> {
  const { permission, reason } = permissionOf(agg, true);
  if (permission === undefined) return {};
  // The reason both for the person (shown in Cursor) and for the agent (so it does not try the same again).
  return { permission, ...(reason !== undefined ? { user_message: reason, agent_message: reason } : {}) };
}

const PERMISSION_VERDICTS = {
  allow: "permission: allow",
  deny: "permission: deny + user_message, agent_message",
  ask: "permission: ask",
  defer: "permission: ask (Cursor has no defer: a person decides)",
};

export const CURSOR_WRITERS: Readonly<Record<CursorAnswer, AnswerWriter>> = {
  permission: {
    output: z.strictObject(permissionFields),
    write: permissionAnswer,
    verdicts: PERMISSION_VERDICTS,
    blocks: true,
    carries: [],
  },
  toolPermission: {
    output: z.strictObject({ ...permissionFields, updated_input: z.record(z.string(), z.unknown()).optional() }),
    write: (agg) => {
      const out = permissionAnswer(agg);
      if (out.permission !== "deny" && agg.updatedInput !== undefined) return { ...out, permission: out.permission ?? "allow", updated_input: agg.updatedInput };
      return out;
    },
    verdicts: PERMISSION_VERDICTS,
    blocks: true,
    carries: ["updated_input"],
  },
  readPermission: {
    output: z.strictObject({ permission: z.enum(["allow", "deny"]).optional() }),
    write: (agg) => {
      const { permission } = permissionOf(agg, false);
      return permission === undefined ? {} : { permission };
    },
    verdicts: { allow: "permission: allow", deny: "permission: deny (no message: the event takes none)", ask: "permission: deny (the event cannot ask)", defer: "permission: deny (the event cannot ask)" },
    blocks: true,
    carries: [],
  },
  prompt: {
    output: z.strictObject({ continue: z.boolean().optional(), user_message: text.optional() }),
    write: (agg) => {
      if (agg.verdict === "block" || agg.stop) return { continue: false, user_message: capped(agg.stop?.reason ?? agg.reason) ?? "Blocked by hookgate policy." };
      return {};
    },
    verdicts: { block: "continue: false + user_message (the prompt is not sent)" },
    blocks: true,
    carries: [],
  },
  stop: {
    output: z.strictObject({ followup_message: text.optional() }),
    write: (agg) => (agg.verdict === "block" ? { followup_message: capped(agg.reason) ?? "Blocked by hookgate policy: keep working." } : {}),
    verdicts: { block: "followup_message: the reason, sent as the next user message (Cursor allows 5 in a row)" },
    blocks: true,
    carries: [],
  },
};
