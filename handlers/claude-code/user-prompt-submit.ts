import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput } from "../../src/engine/event/hookInput";
import { sessionTitle, suppressOriginalPrompt } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's UserPromptSubmit hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * A block erases the prompt and shows `reason` to the user only. The client's own budget is 30 s, after which it
 * drops the answer, additionalContext included.
 */
export default defineEvent({
  name: "UserPromptSubmit",
  summary: "The user submits a prompt: block it, add context, set the title.",
  input: eventInput({ prompt: z.string(), session_title: z.string().optional() }),
  matcher: null,
  answer: "block",
  additionalContext: true,
  outputFields: { sessionTitle, suppressOriginalPrompt },
  topLevel: ["systemMessage", "continue", "terminalSequence"],
  prompt: true,
  clientTimeoutMs: 30_000,
});
