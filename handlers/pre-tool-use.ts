import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, toolInputFields } from "../src/engine/hookInput";
import { answerSchema, permissionDecisionFields } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "continue", "terminalSequence"] as const;
const verdicts = ["allow", "deny", "ask", "defer"] as const;

// `permissionDisplay` (Appendix C) is not produced: its shape is undocumented.
export default {
  name: "PreToolUse",
  route: "pre-tool-use",
  input: eventInput(toolInputFields),
  matcher: matchField("tool_name"),
  toolEvent: true,
  answer: "permission",
  verdicts,
  reason: true,
  updatedInput: true,
  additionalContext: true,
  topLevel,
  outputFields: {},
  prompt: true,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema(
    "PreToolUse",
    permissionDecisionFields(verdicts, { updatedInput: true, additionalContext: true }),
    topLevel,
  ),
} satisfies EventSpec;
