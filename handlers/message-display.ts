import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

// Display only: systemMessage and continue are discarded (contract §1.4 #6); the client holds the text on screen
// until the answer arrives, for at most 10 s.
const topLevel = ["terminalSequence"] as const;
const outputFields = { displayContent: text };

export default {
  name: "MessageDisplay",
  route: "message-display",
  input: eventInput({
    turn_id: z.string(),
    message_id: z.string(),
    index: z.number().int().nonnegative(),
    final: z.boolean(),
    delta: z.string(),
  }),
  matcher: null,
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields,
  prompt: false,
  clientTimeoutMs: 10_000,
  httpDelivered: true,
  output: answerSchema("MessageDisplay", outputFields, topLevel),
} satisfies EventSpec;
