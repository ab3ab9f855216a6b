import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, jsonObject } from "../../src/engine/event/hookInput";

/**
 * Claude Code's PostToolBatch hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Block or continue:false stops the agentic loop before the next model call.
 */
export default defineEvent({
  name: "PostToolBatch",
  summary: "A batch of parallel tool calls has run: stop the loop or add context.",
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
  answer: "block",
  additionalContext: true,
  topLevel: ["systemMessage", "continue", "terminalSequence"],
  prompt: true,
});
