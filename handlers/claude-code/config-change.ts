import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";

/**
 * Claude Code's ConfigChange hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Block keeps the new settings out of the session (not for policy_settings). `reason` is accepted but never
 * shown (it still reaches the decision log); systemMessage and continue are discarded.
 */
export default defineEvent({
  name: "ConfigChange",
  summary: "A settings file changed during the session: keep the change out.",
  input: eventInput({
    source: openEnum(["user_settings", "project_settings", "local_settings", "policy_settings", "skills"]),
    file_path: z.string().optional(),
  }),
  matcher: "source",
  answer: "block",
  topLevel: ["terminalSequence"],
});
