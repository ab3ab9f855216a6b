import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput, matchField, openEnum } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// All output is ignored except terminalSequence (contract §1.4 #19). The matcher uses the narrow set (§3.1).
const topLevel = ["terminalSequence"] as const;

export default {
  name: "StopFailure",
  route: "stop-failure",
  input: eventInput({
    error: openEnum([
      "rate_limit", "overloaded", "authentication_failed", "oauth_org_not_allowed", "billing_error",
      "invalid_request", "model_not_found", "server_error", "max_output_tokens", "unknown",
    ]),
    error_details: z.unknown().optional(),
    last_assistant_message: z.string().optional(),
  }),
  matcher: matchField("error", "narrow"),
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
  output: answerSchema("StopFailure", null, topLevel),
} satisfies EventSpec;
