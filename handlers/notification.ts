import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

const topLevel = ["terminalSequence"] as const;

// Only terminalSequence has an effect (contract §1.4 #13). Appendix C does validate an additionalContext variant,
// but no client behaviour is documented for it (Q9), so hookgate never emits it and the answer schema has none.
export default {
  name: "Notification",
  route: "notification",
  input: eventInput({ message: z.string(), title: z.string().optional(), notification_type: z.string() }),
  matcher: matchField("notification_type"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("Notification", null, topLevel),
} satisfies EventSpec;
