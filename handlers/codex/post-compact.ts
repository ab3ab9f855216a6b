import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";

/** Codex's PostCompact hook contract: only the universal fields. */
export default defineEvent({
  name: "PostCompact",
  summary: "The conversation was compacted.",
  input: codexEventInput(codexInput.compact),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: "trigger",
  answer: "none",
  topLevel: ["systemMessage", "continue"],
});
