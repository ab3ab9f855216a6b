import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, modelSwitchFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's PostModelSwitch hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 */
export default defineEvent({
  name: "PostModelSwitch",
  summary: "The model switched: add context.",
  input: eventInput(modelSwitchFields),
  matcher: "to_model",
  answer: "none",
  additionalContext: true,
  topLevel: ["systemMessage", "terminalSequence"],
});
