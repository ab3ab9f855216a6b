import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, modelSwitchFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's PreModelSwitch hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * PreToolUse's permission answer without defer, updatedInput or additionalContext; deny cancels the switch and a
 * headless session refuses `ask`.
 */
export default defineEvent({
  name: "PreModelSwitch",
  summary: "The model is about to switch: allow, deny or ask.",
  input: eventInput(modelSwitchFields),
  matcher: "to_model",
  answer: "permission",
  verdicts: ["allow", "deny", "ask"],
  updatedInput: false,
  topLevel: ["systemMessage", "terminalSequence"],
});
