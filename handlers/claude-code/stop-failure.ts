import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";

/**
 * Claude Code's StopFailure hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * All output is ignored except terminalSequence. The matcher uses the narrow set.
 */
export default defineEvent({
  name: "StopFailure",
  summary: "The turn ended on an API error: notify only.",
  input: eventInput({
    error: openEnum([
      "rate_limit", "overloaded", "authentication_failed", "oauth_org_not_allowed", "billing_error",
      "invalid_request", "model_not_found", "server_error", "max_output_tokens", "unknown",
    ]),
    error_details: z.unknown().optional(),
    last_assistant_message: z.string().optional(),
  }),
  matcher: { field: "error", syntax: "narrow" },
  answer: "none",
  topLevel: ["terminalSequence"],
});
