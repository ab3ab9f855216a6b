import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";

/**
 * Claude Code's SessionEnd hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Output discarded, and every SessionEnd hook shares a 1.5 s budget: acknowledge with {} at once and evaluate after
 * the answer.
 */
export default defineEvent({
  name: "SessionEnd",
  summary: "The session ends: log it, run side effects (answered at once).",
  input: eventInput({ reason: openEnum(["clear", "resume", "logout", "prompt_input_exit", "other"]) }),
  matcher: "reason",
  answer: "none",
  acknowledgeFirst: true,
  topLevel: [],
  clientTimeoutMs: 1_500,
});
