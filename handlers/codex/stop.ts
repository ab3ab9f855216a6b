import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";

/** Codex's Stop hook contract: a block (with a reason, which becomes the next instruction) keeps Codex working. */
export default defineEvent({
  name: "Stop",
  summary: "Codex is about to end its turn: keep it working.",
  input: codexEventInput(codexInput.stop),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: null,
  answer: "block",
  stopLike: true,
  topLevel: ["systemMessage", "continue"],
  prompt: true,
});
