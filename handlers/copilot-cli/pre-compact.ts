import { z } from "zod";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `preCompact` hook (1.0.102), the canonical PreCompact: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "preCompact",
  canonical: "PreCompact",
  summary: "Context compaction is about to begin: recorded only.",
  input: copilotInput({ trigger: z.string(), customInstructions: z.string().optional() }),
  answer: "none",
});
