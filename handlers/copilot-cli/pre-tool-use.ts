import { copilotEvent, copilotInput, toolFields } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `preToolUse` hook (1.0.102), the canonical PreToolUse: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "preToolUse",
  canonical: "PreToolUse",
  summary: "A tool call is about to run: allow, deny, ask or rewrite its arguments.",
  input: copilotInput(toolFields),
  answer: "permission",
});
