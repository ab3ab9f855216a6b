import { z } from "zod";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `subagentStart` hook (1.0.102), the canonical SubagentStart: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "subagentStart",
  canonical: "SubagentStart",
  summary: "A subagent is about to run: add context to its prompt.",
  input: copilotInput({ agentName: z.string(), transcriptPath: z.string().optional() }),
  answer: "context",
});
