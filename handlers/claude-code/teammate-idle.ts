import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput } from "../../src/engine/event/hookInput";

/**
 * Claude Code's TeammateIdle hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * As TaskCompleted: block (keep working, with `reason` as feedback) is the undocumented exit-2 path;
 * continue:false stops the teammate.
 */
export default defineEvent({
  name: "TeammateIdle",
  summary: "A teammate is about to go idle: keep it working.",
  input: eventInput({ teammate_name: z.string(), team_name: z.string().optional() }),
  matcher: null,
  answer: "block",
  topLevel: ["systemMessage", "continue", "terminalSequence"],
  prompt: true,
});
