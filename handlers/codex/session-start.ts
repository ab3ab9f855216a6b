import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";

/** Codex's SessionStart hook contract (session-start.command.{input,output}.schema.json, 0.169.0). */
export default defineEvent({
  name: "SessionStart",
  summary: "A session starts, resumes, clears or compacts: add context, or stop the session.",
  input: codexEventInput(codexInput.sessionStart),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: "source",
  answer: "none",
  additionalContext: true,
  topLevel: ["systemMessage", "continue"],
});
