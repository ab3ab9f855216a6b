import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, taskFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's TaskCreated hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * continue:false is ignored here; a block deletes the task and returns `reason` to Claude.
 */
export default defineEvent({
  name: "TaskCreated",
  summary: "A task is being created: refuse it, with the reason back to Claude.",
  input: eventInput(taskFields),
  matcher: null,
  answer: "block",
  topLevel: ["systemMessage", "terminalSequence"],
  prompt: true,
});
