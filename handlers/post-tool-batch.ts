import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, jsonObject } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "continue", "terminalSequence"] as const;

// Block or continue:false stops the agentic loop before the next model call (contract §1.4 #11).
export default {
  name: "PostToolBatch",
  route: "post-tool-batch",
  input: eventInput({
    tool_calls: z.array(
      z
        .object({
          tool_name: z.string(),
          tool_input: jsonObject,
          tool_use_id: z.string(),
          // The serialised tool_result the model sees: a string or content blocks.
          tool_response: z.unknown().optional(),
        })
        .loose(),
    ),
  }),
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
  output: answerSchema("PostToolBatch", { additionalContext: text }, [...topLevel, "block"]),
} satisfies EventSpec;
