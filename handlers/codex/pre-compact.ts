import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";

/** Codex's PreCompact hook contract: only the universal fields (stop the session, a message). */
export default defineEvent({
  name: "PreCompact",
  summary: "The conversation is about to be compacted.",
  input: codexEventInput(codexInput.compact),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: "trigger",
  answer: "none",
  topLevel: ["systemMessage", "continue"],
});
