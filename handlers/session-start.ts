import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema, text, watchPaths } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "terminalSequence"] as const;
const outputFields = { initialUserMessage: text, sessionTitle: text, watchPaths, reloadSkills: z.boolean() };

// Claude Code never POSTs SessionStart to an http hook (contract §1.4 #1, Appendix B); it reaches hookgate only
// through the command bridge that `hookgate settings` generates.
export default {
  name: "SessionStart",
  route: "session-start",
  input: eventInput({
    source: openEnum(["startup", "resume", "clear", "compact", "fork"]),
    model: z.string().optional(),
    session_title: z.string().optional(),
  }),
  matcher: matchField("source"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: true,
  topLevel,
  outputFields,
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: false,
  output: answerSchema("SessionStart", { additionalContext: text, ...outputFields }, topLevel),
} satisfies EventSpec;
