import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// No output has an effect (contract §1.4 #28): the only answer is {}.
export default {
  name: "PostCompact",
  route: "post-compact",
  input: eventInput({ trigger: openEnum(["manual", "auto"]), compact_summary: z.string() }),
  matcher: matchField("trigger"),
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel: [],
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("PostCompact", null, []),
} satisfies EventSpec;
