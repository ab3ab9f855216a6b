import { z } from "zod";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `sessionEnd` hook (1.0.102), the canonical SessionEnd: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "sessionEnd",
  canonical: "SessionEnd",
  summary: "The session ends: recorded only.",
  input: copilotInput({ reason: z.string() }),
  answer: "none",
});
