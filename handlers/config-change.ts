import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// Block keeps the new settings out of the session (not for policy_settings). `reason` is accepted but never
// shown (it still reaches the decision log); systemMessage and continue are discarded (contract §1.4 #21).
const topLevel = ["terminalSequence"] as const;

export default {
  name: "ConfigChange",
  route: "config-change",
  input: eventInput({
    source: openEnum(["user_settings", "project_settings", "local_settings", "policy_settings", "skills"]),
    file_path: z.string().optional(),
  }),
  matcher: matchField("source"),
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
  output: answerSchema("ConfigChange", null, [...topLevel, "block"]),
} satisfies EventSpec;
