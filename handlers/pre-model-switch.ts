import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, modelSwitchFields } from "../src/engine/hookInput";
import { answerSchema, permissionDecisionFields } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "terminalSequence"] as const;
const verdicts = ["allow", "deny", "ask"] as const;

// Appendix C: PreToolUse's permission contract without defer, updatedInput or additionalContext; deny cancels the
// switch and a headless session refuses `ask`.
export default {
  name: "PreModelSwitch",
  route: "pre-model-switch",
  input: eventInput(modelSwitchFields),
  matcher: matchField("to_model"),
  toolEvent: false,
  answer: "permission",
  verdicts,
  reason: true,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema(
    "PreModelSwitch",
    permissionDecisionFields(verdicts, { updatedInput: false, additionalContext: false }),
    topLevel,
  ),
} satisfies EventSpec;
