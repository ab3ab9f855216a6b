import { z } from "zod";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `subagentStop` hook (1.0.102), the canonical SubagentStop: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "subagentStop",
  canonical: "SubagentStop",
  summary: "A subagent finished: keep it working.",
  input: copilotInput({ agentName: z.string(), transcriptPath: z.string().optional(), stopReason: z.string().optional() }),
  answer: "stopBlock",
});
