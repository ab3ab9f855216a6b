import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";
import { watchPaths } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's FileChanged hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * The matcher is tested against basename(file_path) with the narrow exact-match set.
 */
export default defineEvent({
  name: "FileChanged",
  summary: "A watched file changed: replace the watch list.",
  input: eventInput({ file_path: z.string(), event: openEnum(["change", "add", "unlink"]) }),
  matcher: { basename: "file_path", syntax: "narrow" },
  answer: "none",
  outputFields: { watchPaths },
  topLevel: ["systemMessage", "terminalSequence"],
});
