import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, jsonObject, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema, elicitationAction } from "../src/engine/hookOutput";

// `action`/`content` override the user's response (contract §1.4 #31). Unlike Elicitation, the contract does not
// say systemMessage is discarded here, so it stays; continue has no documented effect.
const topLevel = ["systemMessage", "terminalSequence"] as const;
const outputFields = { action: elicitationAction, content: jsonObject };

export default {
  name: "ElicitationResult",
  route: "elicitation-result",
  input: eventInput({
    mcp_server_name: z.string(),
    action: openEnum(["accept", "decline", "cancel"]),
    content: jsonObject.optional(),
    mode: openEnum(["form", "url"]).optional(),
    elicitation_id: z.string().optional(),
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
  output: answerSchema("ElicitationResult", outputFields, topLevel),
} satisfies EventSpec;
