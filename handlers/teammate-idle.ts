import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "continue", "terminalSequence"] as const;

// As TaskCompleted: block (keep working, with `reason` as feedback) is the undocumented exit-2 path (Q5);
// continue:false stops the teammate.
export default {
  name: "TeammateIdle",
  route: "teammate-idle",
  input: eventInput({ teammate_name: z.string(), team_name: z.string().optional() }),
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
  output: answerSchema("TeammateIdle", null, [...topLevel, "block"]),
} satisfies EventSpec;
