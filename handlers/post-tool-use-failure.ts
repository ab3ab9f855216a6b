import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, toolInputFields } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

// The contract gives this event additionalContext only (§1.4 #10); continue:false is not documented here.
const topLevel = ["systemMessage", "terminalSequence"] as const;

export default {
  name: "PostToolUseFailure",
  route: "post-tool-use-failure",
  input: eventInput({
    ...toolInputFields,
    error: z.string(),
    is_interrupt: z.boolean().optional(),
    duration_ms: z.number().optional(),
  }),
  matcher: matchField("tool_name"),
  toolEvent: true,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields: {},
  prompt: true,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("PostToolUseFailure", { additionalContext: text }, topLevel),
} satisfies EventSpec;
