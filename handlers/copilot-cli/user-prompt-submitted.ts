import { z } from "zod";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `userPromptSubmitted` hook (1.0.102), the canonical UserPromptSubmit: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "userPromptSubmitted",
  canonical: "UserPromptSubmit",
  summary: "The user submitted a prompt: block it before the model sees it, or add context.",
  input: copilotInput({ prompt: z.string() }),
  answer: "promptBlock",
});
