import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";
import { z } from "zod";

/** Codex's SessionEnd hook contract: it has no output schema; hookgate acknowledges and records. */
export default defineEvent({
  name: "SessionEnd",
  summary: "The session ends (recorded; nothing to answer).",
  input: codexEventInput({ ...codexInput.common, reason: z.string() }),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: null,
  answer: "none",
  acknowledgeFirst: true,
  topLevel: [],
});
