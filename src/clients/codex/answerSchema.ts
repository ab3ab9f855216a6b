import { z } from "zod";
import type { AnswerLayout } from "../../engine/event/defineEvent";
import { jsonObject } from "../../engine/event/hookInput";
import { text } from "../../engine/event/hookOutput";

/*
 * Codex's answer layout (0.169.0; codex-rs/hooks/schema/generated/*.command.output.schema.json, vendored under
 * test/fixtures/codex/, and the output parser codex-rs/hooks/src/engine/output_parser.rs). Codex's schemas have
 * `additionalProperties: false` everywhere and Codex treats an answer outside them, or one its parser calls
 * unsupported, as a failed hook and runs the tool. So each schema here is the subset Codex both accepts and honours:
 * - PreToolUse: `hookSpecificOutput.permissionDecision` "deny" with a non-empty reason, or "allow" only with
 *   `updatedInput` (a bare allow, "ask", `continue:false`, `stopReason`, `suppressOutput` are unsupported);
 * - PermissionRequest: `decision.behavior` allow|deny (+ message); no updatedInput/updatedPermissions/interrupt;
 * - Stop, SubagentStop, UserPromptSubmit, PostToolUse: top-level `decision: "block"` with a non-empty `reason`;
 * - `additionalContext` where the event's hookSpecificOutput has it; `continue`/`stopReason` where the event
 *   honours them; `systemMessage` on every event that has an output schema.
 */

/** A reason Codex takes: non-empty once trimmed (it ignores a blank one and then fails the hook). */
const reasonText = text.refine((s) => s.trim() !== "", "must not be blank");

export const codexAnswerLayout: AnswerLayout = (parts, fail) => {
  const { name } = parts;
  if (Object.keys(parts.outputFields).length > 0) fail("Codex events take no event-specific output fields");
  const top: Record<string, z.ZodType> = {};
  if (parts.topLevel.includes("systemMessage")) top.systemMessage = text.optional();
  if (parts.topLevel.includes("continue")) Object.assign(top, { continue: z.literal(false).optional(), stopReason: text.optional() });
  if (parts.topLevel.includes("terminalSequence")) fail("Codex has no terminalSequence");
  const specific: Record<string, z.ZodType> = {};
  if (parts.additionalContext) specific.additionalContext = text.optional();
  switch (parts.answer) {
    case "permission":
      specific.permissionDecision = z.enum(["deny", "allow"]).optional();
      specific.permissionDecisionReason = reasonText.optional();
      if (parts.updatedInput) specific.updatedInput = jsonObject.optional();
      break;
    case "permissionRequest":
      specific.decision = z
        .discriminatedUnion("behavior", [z.strictObject({ behavior: z.literal("allow") }), z.strictObject({ behavior: z.literal("deny"), message: reasonText.optional() })])
        .optional();
      break;
    case "block":
      Object.assign(top, { decision: z.literal("block").optional(), reason: reasonText.optional() });
      break;
    case "none":
      break;
  }
  if (Object.keys(specific).length > 0) top.hookSpecificOutput = z.strictObject({ hookEventName: z.literal(name), ...specific }).optional();
  return z.strictObject(top);
};
