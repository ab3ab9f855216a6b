import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, toolInputFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's PostToolUseFailure hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * additionalContext only; continue:false is not documented here. `prompt: true` although the event has no
 * verdict a judge's "no" could become: a policy with a prompt handler here does not compile.
 */
export default defineEvent({
  name: "PostToolUseFailure",
  summary: "A tool call failed: feedback to Claude.",
  input: eventInput({
    ...toolInputFields,
    error: z.string(),
    is_interrupt: z.boolean().optional(),
    duration_ms: z.number().optional(),
  }),
  matcher: "tool_name",
  toolEvent: true,
  answer: "none",
  additionalContext: true,
  topLevel: ["systemMessage", "terminalSequence"],
  prompt: true,
});
