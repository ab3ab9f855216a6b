import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, taskFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's TaskCompleted hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * decision:"block" is the HTTP equivalent of exit 2 through the client's blockingError path, which the hooks
 * reference does not list; continue:false stops the teammate instead.
 */
export default defineEvent({
  name: "TaskCompleted",
  summary: "A task is being marked completed: keep the teammate working.",
  input: eventInput(taskFields),
  matcher: null,
  answer: "block",
  topLevel: ["systemMessage", "continue", "terminalSequence"],
  prompt: true,
});
