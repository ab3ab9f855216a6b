import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";
import { z } from "zod";

/**
 * Codex's PreToolUse hook contract. A policy may say allow, deny, ask or defer; Codex honours only a deny with a
 * reason and an allow that rewrites the input, so its protocol answers ask and defer as a deny saying a person must
 * run the call, and a bare allow as no opinion (src/clients/codex/answer.ts). `continue:false` is unsupported here.
 */
export default defineEvent({
  name: "PreToolUse",
  summary: "A tool call is about to run: deny it (ask and defer are denied too), or rewrite it.",
  input: codexEventInput({ ...codexInput.tool, tool_use_id: z.string() }),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: "tool_name",
  toolEvent: true,
  answer: "permission",
  verdicts: ["allow", "deny", "ask", "defer"],
  updatedInput: true,
  additionalContext: true,
  topLevel: ["systemMessage"],
  prompt: true,
});
