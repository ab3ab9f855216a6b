import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, taskFields } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "continue", "terminalSequence"] as const;

// decision:"block" is the HTTP equivalent of exit 2 through the client's blockingError path, which [HR] does not
// list (contract §5.2, Q5); continue:false stops the teammate instead.
export default {
  name: "TaskCompleted",
  route: "task-completed",
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
  output: answerSchema("TaskCompleted", null, [...topLevel, "block"]),
} satisfies EventSpec;
