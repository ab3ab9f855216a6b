import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, stopFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's SubagentStop hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Same as Stop: block + a required reason keeps the subagent working.
 */
export default defineEvent({
  name: "SubagentStop",
  summary: "A subagent is about to finish: keep it working.",
  input: eventInput({
    ...stopFields,
    agent_id: z.string(),
    agent_type: z.string(),
    agent_transcript_path: z.string(),
  }),
  matcher: "agent_type",
  answer: "block",
  stopLike: true,
  additionalContext: true,
  topLevel: ["systemMessage", "continue", "terminalSequence"],
  prompt: true,
});
