import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, toolInputFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's PreToolUse hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * `permissionDisplay` is not produced: its shape is undocumented.
 */
export default defineEvent({
  name: "PreToolUse",
  summary: "A tool call is about to run: allow, deny, ask, defer or rewrite it.",
  input: eventInput(toolInputFields),
  matcher: "tool_name",
  toolEvent: true,
  answer: "permission",
  verdicts: ["allow", "deny", "ask", "defer"],
  updatedInput: true,
  additionalContext: true,
  topLevel: ["systemMessage", "continue", "terminalSequence"],
  prompt: true,
});
