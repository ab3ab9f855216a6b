import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput } from "../../src/engine/event/hookInput";

/**
 * Claude Code's WorktreeRemove hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Output discarded: the only answer is {}.
 */
export default defineEvent({
  name: "WorktreeRemove",
  summary: "A worktree is being removed: observe only.",
  input: eventInput({ worktree_path: z.string() }),
  matcher: null,
  answer: "none",
  topLevel: [],
});
