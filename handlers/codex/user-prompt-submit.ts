import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";
import { z } from "zod";

/** Codex's UserPromptSubmit hook contract: a block (with a non-empty reason) drops the prompt. */
export default defineEvent({
  name: "UserPromptSubmit",
  summary: "The user submitted a prompt: block it or add context.",
  input: codexEventInput({ ...codexInput.turn, prompt: z.string() }),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: null,
  answer: "block",
  additionalContext: true,
  topLevel: ["systemMessage", "continue"],
  prompt: true,
});
