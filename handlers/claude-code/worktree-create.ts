import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput } from "../../src/engine/event/hookInput";
import { worktreePath } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's WorktreeCreate hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * The hook replaces `git worktree`: an answer without worktreePath (including {}) makes creation fail. A relative
 * path is resolved by the client against the hook's directory, so any non-empty path is accepted. systemMessage
 * and continue are discarded.
 */
export default defineEvent({
  name: "WorktreeCreate",
  summary: "A worktree is to be created: the hook creates it and answers its path.",
  input: eventInput({ name: z.string() }),
  matcher: null,
  answer: "none",
  outputFields: { worktreePath },
  required: ["worktreePath"],
  topLevel: ["terminalSequence"],
});
