import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// Block (v2.1.105+) stops compaction; blocking an `auto` compaction that recovers from a context-limit error fails
// the request (contract §1.4 #27, §7.10). systemMessage and continue are discarded.
const topLevel = ["terminalSequence"] as const;

export default {
  name: "PreCompact",
  route: "pre-compact",
  input: eventInput({
    trigger: openEnum(["manual", "auto"]),
    // "" for auto in [HR], `string | null` in [SDK] (Q19).
    custom_instructions: z.string().nullable().optional(),
  }),
  matcher: matchField("trigger"),
  toolEvent: false,
  answer: "block",
  verdicts: ["block"],
  reason: true,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("PreCompact", null, [...topLevel, "block"]),
} satisfies EventSpec;
