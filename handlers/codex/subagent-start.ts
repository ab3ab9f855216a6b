import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";
import { z } from "zod";

/** Codex's SubagentStart hook contract: context for the subagent. */
export default defineEvent({
  name: "SubagentStart",
  summary: "A subagent starts: add context for it.",
  input: codexEventInput({ ...codexInput.turn, agent_id: z.string(), agent_type: z.string() }),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: "agent_type",
  answer: "none",
  additionalContext: true,
  topLevel: ["systemMessage", "continue"],
});
