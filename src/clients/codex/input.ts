import { z } from "zod";
import { openEnum } from "../../engine/event/hookInput";

/*
 * Codex's hook inputs (0.169.0; codex-rs/hooks/schema/generated/*.command.input.schema.json, vendored under
 * test/fixtures/codex/). Codex's own schemas are strict, but these are `.loose()`: a field a newer Codex adds must not
 * turn a hook call into a refusal (a refused call is Codex's go-ahead). `transcript_path` may be null; `tool_input`
 * is any JSON (the protocol reads an object's fields, a string as the command itself).
 */

const nullableString = z.string().nullable();
const permissionMode = openEnum(["default", "acceptEdits", "plan", "dontAsk", "bypassPermissions"]);

/** Every event: the session, its transcript (or null), where it runs. */
const common = {
  session_id: z.string(),
  transcript_path: nullableString,
  cwd: z.string(),
  hook_event_name: z.string(),
};

/** Turn-scoped events add the model, the turn and (mostly) the permission mode; inside a subagent, its id and type. */
const turn = {
  ...common,
  model: z.string(),
  turn_id: z.string(),
  agent_id: z.string().optional(),
  agent_type: z.string().optional(),
};

export const codexInput = {
  common,
  /** PreToolUse, PermissionRequest, PostToolUse. */
  tool: { ...turn, permission_mode: permissionMode, tool_name: z.string(), tool_input: z.unknown() },
  turn: { ...turn, permission_mode: permissionMode.optional() },
  sessionStart: { ...common, model: z.string(), permission_mode: permissionMode, source: openEnum(["startup", "resume", "clear", "compact", "fork"]) },
  compact: { ...turn, trigger: openEnum(["manual", "auto"]) },
  stop: { ...turn, permission_mode: permissionMode, stop_hook_active: z.boolean(), last_assistant_message: nullableString },
};

/** An event's input schema from its fields (unknown fields accepted). */
export const codexEventInput = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape).loose();

/**
 * The budget hookgate's Codex settings give every hook (`timeout`, seconds, in hooks.json and requirements.toml):
 * Codex kills a hook past it and goes ahead, so evaluation ends inside it and the command bridge gives up just before.
 */
export const CODEX_HOOK_TIMEOUT_MS = 30_000;
