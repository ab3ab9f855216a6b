import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput } from "../src/engine/hookInput";
import { answerSchema, watchPaths } from "../src/engine/hookOutput";

// systemMessage is a brief terminal notice; continue is discarded (contract §1.4 #22).
const topLevel = ["systemMessage", "terminalSequence"] as const;
const outputFields = { watchPaths };

export default {
  name: "CwdChanged",
  route: "cwd-changed",
  input: eventInput({ old_cwd: z.string(), new_cwd: z.string() }),
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
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("CwdChanged", outputFields, topLevel),
} satisfies EventSpec;
