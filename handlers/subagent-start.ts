import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "terminalSequence"] as const;

// additionalContext goes into the subagent's context, not the parent's (contract §1.4 #14).
export default {
  name: "SubagentStart",
  route: "subagent-start",
  input: eventInput({ agent_id: z.string(), agent_type: z.string() }),
  matcher: matchField("agent_type"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("SubagentStart", { additionalContext: text }, topLevel),
} satisfies EventSpec;
