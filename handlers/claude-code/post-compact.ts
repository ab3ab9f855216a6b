import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";

/**
 * Claude Code's PostCompact hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * No output has an effect: the only answer is {}.
 */
export default defineEvent({
  name: "PostCompact",
  summary: "Compaction finished: observe only.",
  input: eventInput({ trigger: openEnum(["manual", "auto"]), compact_summary: z.string() }),
  matcher: "trigger",
  answer: "none",
  topLevel: [],
});
