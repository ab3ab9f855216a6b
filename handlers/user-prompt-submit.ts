import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "continue", "terminalSequence"] as const;
const outputFields = { sessionTitle: text, suppressOriginalPrompt: z.boolean() };

// A block erases the prompt and shows `reason` to the user only (contract §1.4 #4). The client's own budget is
// 30 s, after which it drops the answer, additionalContext included.
export default {
  name: "UserPromptSubmit",
  route: "user-prompt-submit",
  input: eventInput({ prompt: z.string(), session_title: z.string().optional() }),
  matcher: null,
  toolEvent: false,
  answer: "block",
  verdicts: ["block"],
  reason: true,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields,
  prompt: true,
  clientTimeoutMs: 30_000,
  httpDelivered: true,
  output: answerSchema("UserPromptSubmit", { additionalContext: text, ...outputFields }, [...topLevel, "block"]),
} satisfies EventSpec;
