import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput } from "../../src/engine/event/hookInput";

/**
 * Claude Code's Notification hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Only terminalSequence has an effect. The client does validate an additionalContext variant, but no behaviour is
 * documented for it, so hookgate never emits it and the answer schema has none.
 */
export default defineEvent({
  name: "Notification",
  summary: "Claude Code shows a notification: side effects only.",
  input: eventInput({ message: z.string(), title: z.string().optional(), notification_type: z.string() }),
  matcher: "notification_type",
  answer: "none",
  topLevel: ["terminalSequence"],
});
