import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";
import { z } from "zod";

/** Codex's PostToolUse hook contract: a block sends its reason to the model as feedback; context may be added. */
export default defineEvent({
  name: "PostToolUse",
  summary: "A tool call finished: give the model feedback (block) or context.",
  input: codexEventInput({ ...codexInput.tool, tool_use_id: z.string(), tool_response: z.unknown() }),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: "tool_name",
  toolEvent: true,
  answer: "block",
  additionalContext: true,
  topLevel: ["systemMessage", "continue"],
  prompt: true,
});
