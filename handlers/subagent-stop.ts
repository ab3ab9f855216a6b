import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, stopFields } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "continue", "terminalSequence"] as const;

// Same as Stop (contract §1.4 #15): block + a required reason keeps the subagent working.
export default {
  name: "SubagentStop",
  route: "subagent-stop",
  input: eventInput({
    ...stopFields,
    agent_id: z.string(),
    agent_type: z.string(),
    agent_transcript_path: z.string(),
  }),
  matcher: matchField("agent_type"),
  toolEvent: false,
  answer: "block",
  verdicts: ["block"],
  reason: true,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields: {},
  prompt: true,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("SubagentStop", { additionalContext: text }, [...topLevel, "block"]),
  stopLike: true,
} satisfies EventSpec;
