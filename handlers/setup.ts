import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "terminalSequence"] as const;

// Like SessionStart, never sent to an http hook (contract §1.4 #2): command bridge only.
export default {
  name: "Setup",
  route: "setup",
  input: eventInput({ trigger: openEnum(["init", "maintenance"]) }),
  matcher: matchField("trigger"),
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
  httpDelivered: false,
  output: answerSchema("Setup", { additionalContext: text }, topLevel),
} satisfies EventSpec;
