import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, jsonObject, permissionSuggestion } from "../../src/engine/event/hookInput";
import { interrupt, updatedPermissions } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's PermissionRequest hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * No "ask" in the client's vocabulary: ask = no decision, the dialog shows. updatedPermissions ride on allow and
 * interrupt on deny, inside hookSpecificOutput.decision. `continue` is left out: interrupt (with deny) is this
 * event's documented way to stop Claude.
 */
export default defineEvent({
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
  outputFields: { updatedPermissions, interrupt },
  topLevel: ["systemMessage", "terminalSequence"],
  prompt: true,
});
