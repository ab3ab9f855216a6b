import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";

/**
 * Claude Code's DirectoryAdded hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Runs in the background. systemMessage reaches Claude (not the user) when source is slash_command, the debug log
 * otherwise; continue is discarded.
 */
export default defineEvent({
  name: "DirectoryAdded",
  summary: "A directory was added to the session: a notice only.",
  input: eventInput({ directory: z.string(), source: openEnum(["slash_command", "register_repo_root"]) }),
  matcher: "source",
  answer: "none",
  topLevel: ["systemMessage", "terminalSequence"],
});
