import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, modelSwitchFields } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "terminalSequence"] as const;

export default {
  name: "PostModelSwitch",
  route: "post-model-switch",
  input: eventInput(modelSwitchFields),
  matcher: matchField("to_model"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("PostModelSwitch", { additionalContext: text }, topLevel),
} satisfies EventSpec;
