import { z } from "zod";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `sessionStart` hook (1.0.102), the canonical SessionStart: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "sessionStart",
  canonical: "SessionStart",
  summary: "A session starts or resumes: add context.",
  input: copilotInput({ source: z.string(), initialPrompt: z.string().optional() }),
  answer: "context",
});
