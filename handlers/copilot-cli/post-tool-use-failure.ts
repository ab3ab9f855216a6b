import { z } from "zod";
import { copilotEvent, copilotInput, toolFields } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `postToolUseFailure` hook (1.0.102), the canonical PostToolUseFailure: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "postToolUseFailure",
  canonical: "PostToolUseFailure",
  summary: "A tool call failed: add recovery guidance for the model.",
  input: copilotInput({ ...toolFields, error: z.unknown() }),
  answer: "context",
});
