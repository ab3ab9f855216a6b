import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput } from "../../src/engine/event/hookInput";
import { displayContent } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's MessageDisplay hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Display only: systemMessage and continue are discarded; the client holds the text on screen until the answer
 * arrives, for at most 10 s.
 */
export default defineEvent({
  name: "MessageDisplay",
  summary: "Assistant text is about to be shown: replace what the user sees.",
  input: eventInput({
    turn_id: z.string(),
    message_id: z.string(),
    index: z.number().int().nonnegative(),
    final: z.boolean(),
    delta: z.string(),
  }),
  matcher: null,
  answer: "none",
  outputFields: { displayContent },
  topLevel: ["terminalSequence"],
  clientTimeoutMs: 10_000,
});
