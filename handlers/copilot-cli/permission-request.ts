import { z } from "zod";
import { jsonObject } from "../../src/engine/event/hookInput";
import { copilotEvent, copilotInput } from "../../src/clients/copilot-cli/native";

/** GitHub Copilot CLI's `permissionRequest` hook (1.0.102), the canonical PermissionRequest: its input as Copilot sends it, its answer kind. */
export default copilotEvent({
  native: "permissionRequest",
  canonical: "PermissionRequest",
  summary: "Copilot's permission flow is about to run for a call: allow or deny it first.",
  input: copilotInput({ toolName: z.string(), toolInput: z.union([jsonObject, z.string()]).optional(), hookName: z.string().optional() }),
  answer: "permissionRequest",
});
