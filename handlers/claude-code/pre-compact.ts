import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";

/**
 * Claude Code's PreCompact hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Block (v2.1.105+) stops compaction; blocking an `auto` compaction that recovers from a context-limit error fails
 * the request. systemMessage and continue are discarded.
 */
export default defineEvent({
  name: "PreCompact",
  summary: "Compaction is about to run: block it.",
  input: eventInput({
    trigger: openEnum(["manual", "auto"]),
    // "" for auto in the hooks reference, `string | null` in the SDK types.
    custom_instructions: z.string().nullable().optional(),
  }),
  matcher: "trigger",
  answer: "block",
  topLevel: ["terminalSequence"],
});
