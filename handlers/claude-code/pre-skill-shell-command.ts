import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum, toolInputFields } from "../../src/engine/event/hookInput";

/**
 * Claude Code's PreSkillShellCommand hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * A shell command a skill or slash command is about to run: permission answer with updatedInput but no
 * additionalContext; prompt and agent handlers do not run on it.
 */
export default defineEvent({
  name: "PreSkillShellCommand",
  summary: "A skill or slash command is about to run a shell command: allow, deny, ask or rewrite it.",
  input: eventInput({
    ...toolInputFields,
    tool_input: z.object({ command: z.string() }).loose(),
    command_name: z.string(),
    command_source: z.string().optional(),
    invoked_by: openEnum(["user", "claude", "other"]),
  }),
  matcher: "tool_name",
  toolEvent: true,
  answer: "permission",
  verdicts: ["allow", "deny", "ask"],
  updatedInput: true,
  topLevel: ["systemMessage", "terminalSequence"],
});
