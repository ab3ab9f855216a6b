import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";

/**
 * Claude Code's Setup hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Like SessionStart, command bridge only.
 */
export default defineEvent({
  name: "Setup",
  summary: "`--init-only`, `-p --init` or `-p --maintenance` runs: add context.",
  input: eventInput({ trigger: openEnum(["init", "maintenance"]) }),
  matcher: "trigger",
  answer: "none",
  additionalContext: true,
  topLevel: ["systemMessage", "terminalSequence"],
  httpDelivered: false,
});
