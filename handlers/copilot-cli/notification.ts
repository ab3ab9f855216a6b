import { z } from "zod";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `notification` hook (1.0.102), the canonical Notification: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "notification",
  canonical: "Notification",
  summary: "Copilot emitted a notification: add context.",
  input: copilotInput({ message: z.string(), notification_type: z.string(), title: z.string().optional() }),
  answer: "context",
});
