import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, stopFields } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "continue", "terminalSequence"] as const;

// Block needs a reason (it becomes Claude's next instruction; contract §1.4 #18): respond() supplies a default.
// additionalContext is the non-error continuation of v2.1.163+.
export default {
  name: "Stop",
  route: "stop",
  input: eventInput(stopFields),
  matcher: null,
  toolEvent: false,
  answer: "block",
  verdicts: ["block"],
  reason: true,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields: {},
  prompt: true,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("Stop", { additionalContext: text }, [...topLevel, "block"]),
  stopLike: true,
} satisfies EventSpec;
