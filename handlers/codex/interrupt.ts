import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";

/** Codex's Interrupt hook contract (the user interrupted a turn): a message is all it takes. */
export default defineEvent({
  name: "Interrupt",
  summary: "The user interrupted the turn.",
  input: codexEventInput(codexInput.turn),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: null,
  answer: "none",
  topLevel: ["systemMessage"],
});
