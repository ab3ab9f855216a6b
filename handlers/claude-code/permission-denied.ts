import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, toolInputFields } from "../../src/engine/event/hookInput";
import { retry } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's PermissionDenied hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Fires after the auto-mode classifier denied a call; the only lever is `retry`. Claude Code accepts prompt hooks
 * here but discards what they say, and a judge has no verdict to give on this event, so hookgate does not run them.
 */
export default defineEvent({
  name: "PermissionDenied",
  summary: "The auto-mode classifier denied a tool call: let the model retry.",
  input: eventInput({ ...toolInputFields, reason: z.string() }),
  matcher: "tool_name",
  toolEvent: true,
  answer: "none",
  outputFields: { retry },
  topLevel: ["systemMessage", "terminalSequence"],
});
