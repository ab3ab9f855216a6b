import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, jsonObject, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema, elicitationAction } from "../src/engine/hookOutput";

// The answer is an `action` (accept + content skips the dialog; decline/cancel refuse), set through `output`, not a
// verdict (contract §1.4 #30). systemMessage and continue are discarded.
const topLevel = ["terminalSequence"] as const;
const outputFields = { action: elicitationAction, content: jsonObject };

export default {
  name: "Elicitation",
  route: "elicitation",
  input: eventInput({
    mcp_server_name: z.string(),
    message: z.string(),
    mode: openEnum(["form", "url"]).optional(),
    url: z.string().optional(),
    elicitation_id: z.string().optional(),
    requested_schema: jsonObject.optional(),
  }),
  matcher: matchField("mcp_server_name"),
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
  output: answerSchema("Elicitation", outputFields, topLevel),
} satisfies EventSpec;
