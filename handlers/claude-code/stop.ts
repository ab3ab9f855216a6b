import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, stopFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's Stop hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Block needs a reason (it becomes Claude's next instruction): respond() supplies a default. additionalContext is
 * the non-error continuation of v2.1.163+.
 */
export default defineEvent({
  name: "Stop",
  summary: "Claude is about to end its turn: keep it working.",
  input: eventInput(stopFields),
  matcher: null,
  answer: "block",
  stopLike: true,
  additionalContext: true,
  topLevel: ["systemMessage", "continue", "terminalSequence"],
  prompt: true,
});
