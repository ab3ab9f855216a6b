import { z } from "zod";
import type { EventSpec } from "../src/engine/eventSpec";
import { eventInput } from "../src/engine/hookInput";
import { answerSchema } from "../src/engine/hookOutput";

// Output discarded (contract §1.4 #26): the only answer is {}.
export default {
  name: "WorktreeRemove",
  route: "worktree-remove",
  input: eventInput({ worktree_path: z.string() }),
  matcher: null,
  toolEvent: false,
  answer: "none",
  verdicts: [],
  reason: false,
  updatedInput: false,
  additionalContext: false,
  topLevel: [],
  outputFields: {},
  prompt: false,
  clientTimeoutMs: 600_000,
  httpDelivered: true,
  output: answerSchema("WorktreeRemove", null, []),
} satisfies EventSpec;
