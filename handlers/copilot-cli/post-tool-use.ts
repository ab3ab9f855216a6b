import { z } from "zod";
import { copilotEvent, copilotInput, toolFields } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `postToolUse` hook (1.0.102), the canonical PostToolUse: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "postToolUse",
  canonical: "PostToolUse",
  summary: "A tool call succeeded: add context for the model.",
  input: copilotInput({ ...toolFields, toolResult: z.unknown() }),
  answer: "context",
});
