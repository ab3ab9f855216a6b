import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";

/**
 * Codex's PermissionRequest hook contract: approve or deny the approval Codex is about to ask for; ask (no decision)
 * leaves Codex's own prompt. No updatedInput, updatedPermissions or interrupt (Codex fails the hook on them).
 */
export default defineEvent({
  name: "PermissionRequest",
  summary: "Codex is about to ask for approval: approve or deny it for the user.",
  input: codexEventInput(codexInput.tool),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: "tool_name",
  toolEvent: true,
  answer: "permissionRequest",
  topLevel: ["systemMessage"],
  prompt: true,
});
