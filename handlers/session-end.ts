import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// Output discarded, and every SessionEnd hook shares a 1.5 s budget (contract §1.4 #29): acknowledge with {} at once
// and evaluate after the answer.
export default {
  name: "SessionEnd",
  route: "session-end",
  input: eventInput({ reason: openEnum(["clear", "resume", "logout", "prompt_input_exit", "other"]) }),
  matcher: matchField("reason"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel: [],
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 1_500,
  acknowledgeFirst: true,
  httpDelivered: true,
  output: answerSchema("SessionEnd", null, []),
} satisfies EventSpec;
