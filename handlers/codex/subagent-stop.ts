import { defineEvent } from "../../src/clients/codex/defineEvent";
import { CODEX_HOOK_TIMEOUT_MS, codexEventInput, codexInput } from "../../src/clients/codex/input";
import { z } from "zod";

/** Codex's SubagentStop hook contract: a block (with a reason) keeps the subagent working. */
export default defineEvent({
  name: "SubagentStop",
  summary: "A subagent is about to finish: keep it working.",
  input: codexEventInput({ ...codexInput.stop, agent_id: z.string(), agent_type: z.string(), agent_transcript_path: z.string().nullable() }),
  clientTimeoutMs: CODEX_HOOK_TIMEOUT_MS,
  matcher: "agent_type",
  answer: "block",
  stopLike: true,
  topLevel: ["systemMessage", "continue"],
  prompt: true,
});
