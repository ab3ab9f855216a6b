import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, toolInputFields } from "../../src/engine/event/hookInput";
import { classifierContext, updatedMCPToolOutput, updatedToolOutput } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's PostToolUse hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * A block only puts `reason` next to the tool result (the tool already ran); continue:false stops Claude.
 */
export default defineEvent({
  name: "PostToolUse",
  summary: "A tool call has run: feedback to Claude, replace the output it sees.",
  input: eventInput({ ...toolInputFields, tool_response: z.unknown(), duration_ms: z.number().optional() }),
  matcher: "tool_name",
  toolEvent: true,
  answer: "block",
  additionalContext: true,
  outputFields: {
    // Must match the tool's own output shape; the client silently ignores a mismatch for built-ins.
    updatedToolOutput,
    updatedMCPToolOutput,
    classifierContext,
  },
  topLevel: ["systemMessage", "continue", "terminalSequence"],
  prompt: true,
});
