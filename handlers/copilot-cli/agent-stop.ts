import { z } from "zod";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `agentStop` hook (1.0.102), the canonical Stop: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "agentStop",
  canonical: "Stop",
  summary: "The main agent finished a turn: keep it working.",
  input: copilotInput({ transcriptPath: z.string().optional(), stopReason: z.string().optional(), stop_hook_active: z.boolean().optional() }),
  answer: "stopBlock",
});
