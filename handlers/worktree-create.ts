import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput } from "../src/engine/hookInput";
import { answerSchema, text } from "../src/engine/hookOutput";

// The hook replaces `git worktree`: an answer without worktreePath (including {}) makes creation fail
// (contract §1.4 #25). A relative path is resolved by the client against the hook's directory, so any non-empty
// path is accepted. systemMessage and continue are discarded.
const topLevel = ["terminalSequence"] as const;
const outputFields = { worktreePath: text.min(1) };

export default {
  name: "WorktreeCreate",
  route: "worktree-create",
  input: eventInput({ name: z.string() }),
  matcher: null,
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel,
  outputFields,
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("WorktreeCreate", outputFields, topLevel, ["worktreePath"]),
} satisfies EventSpec;
