import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, jsonObject, matchField, permissionSuggestion } from "../src/engine/hookInput";
import { answerSchema, permissionRequestDecision, updatedPermissions } from "../src/engine/hookOutput";

// `continue` is left out: interrupt (with deny) is this event's documented way to stop Claude (contract §1.4 #8).
const topLevel = ["systemMessage", "terminalSequence"] as const;

// No "ask" in the client's vocabulary: ask = no decision, the dialog shows (contract §1.4 #8).
// updatedPermissions ride on allow and interrupt on deny, inside hookSpecificOutput.decision.
export default {
  name: "PermissionRequest",
  route: "permission-request",
  input: eventInput({
    tool_name: z.string(),
    tool_input: jsonObject,
    // The request carries no tool_use_id (contract §1.4 #8); accepted if a later client adds one.
    tool_use_id: z.string().optional(),
    permission_suggestions: z.array(permissionSuggestion).optional(),
  }),
  matcher: matchField("tool_name"),
  toolEvent: true,
  answer: "permissionRequest",
  verdicts: ["allow", "deny", "ask"],
  reason: true,
  updatedInput: true,
  additionalContext: false,
  topLevel,
  outputFields: { updatedPermissions, interrupt: z.boolean() },
  prompt: true,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("PermissionRequest", { decision: permissionRequestDecision }, topLevel),
} satisfies EventSpec;
