import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput } from "../../src/engine/event/hookInput";
import { watchPaths } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's CwdChanged hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * systemMessage is a brief terminal notice; continue is discarded.
 */
export default defineEvent({
  name: "CwdChanged",
  summary: "The working directory changed: replace the watch list.",
  input: eventInput({ old_cwd: z.string(), new_cwd: z.string() }),
  matcher: null,
  answer: "none",
  outputFields: { watchPaths },
  topLevel: ["systemMessage", "terminalSequence"],
});
