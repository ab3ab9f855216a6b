import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";

/**
 * Claude Code's InstructionsLoaded hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Observability only: the client discards the answer, so the only answer is {}.
 */
export default defineEvent({
  name: "InstructionsLoaded",
  summary: "An instructions file (CLAUDE.md, a rule) was loaded: observe only.",
  input: eventInput({
    file_path: z.string(),
    memory_type: openEnum(["User", "Project", "Local", "Managed"]),
    load_reason: openEnum(["session_start", "nested_traversal", "path_glob_match", "include", "compact"]),
    globs: z.array(z.string()).optional(),
    trigger_file_path: z.string().optional(),
    parent_file_path: z.string().optional(),
  }),
  matcher: "load_reason",
  answer: "none",
  topLevel: [],
});
