import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, taskFields } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// continue:false is ignored here (contract §1.4 #16); a block deletes the task and returns `reason` to Claude.
const topLevel = ["systemMessage", "terminalSequence"] as const;

export default {
  name: "TaskCreated",
  route: "task-created",
  input: eventInput(taskFields),
  matcher: null,
  toolEvent: false,
  answer: "block",
  verdicts: ["block"],
  reason: true,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields: {},
  prompt: true,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("TaskCreated", null, [...topLevel, "block"]),
} satisfies EventSpec;
