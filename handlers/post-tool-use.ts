import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, toolInputFields } from "../src/engine/hookInput";
import { answerSchema, MAX_CLASSIFIER_CONTEXT_CHARS, present, text } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "continue", "terminalSequence"] as const;
const outputFields = {
  // Must match the tool's own output shape; the client silently ignores a mismatch for built-ins (§1.4 #9).
  updatedToolOutput: present,
  updatedMCPToolOutput: present,
  classifierContext: z.string().max(MAX_CLASSIFIER_CONTEXT_CHARS),
};

// A block only puts `reason` next to the tool result (the tool already ran); continue:false stops Claude.
export default {
  name: "PostToolUse",
  route: "post-tool-use",
  input: eventInput({ ...toolInputFields, tool_response: z.unknown(), duration_ms: z.number().optional() }),
  matcher: matchField("tool_name"),
  toolEvent: true,
  answer: "block",
  verdicts: ["block"],
  reason: true,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields,
  prompt: true,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("PostToolUse", { additionalContext: text, ...outputFields }, [...topLevel, "block"]),
} satisfies EventSpec;
