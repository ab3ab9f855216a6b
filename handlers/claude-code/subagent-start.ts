import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput } from "../../src/engine/event/hookInput";

/**
 * Claude Code's SubagentStart hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * additionalContext goes into the subagent's context, not the parent's.
 */
export default defineEvent({
  name: "SubagentStart",
  summary: "A subagent starts: add context to the subagent.",
  input: eventInput({ agent_id: z.string(), agent_type: z.string() }),
  matcher: "agent_type",
  answer: "none",
  additionalContext: true,
  topLevel: ["systemMessage", "terminalSequence"],
});
