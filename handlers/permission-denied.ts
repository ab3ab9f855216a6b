import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, toolInputFields } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

const topLevel = ["systemMessage", "terminalSequence"] as const;
const outputFields = { retry: z.boolean() };

// Fires after the auto-mode classifier denied a call; the only lever is `retry` (contract §1.4 #12). Claude Code
// accepts prompt hooks here (§4.1) but discards what they say (§4.3), and a judge has no verdict to give on this
// event, so hookgate does not run them.
export default {
  name: "PermissionDenied",
  route: "permission-denied",
  input: eventInput({ ...toolInputFields, reason: z.string() }),
  matcher: matchField("tool_name"),
  toolEvent: true,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields,
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("PermissionDenied", outputFields, topLevel),
} satisfies EventSpec;
