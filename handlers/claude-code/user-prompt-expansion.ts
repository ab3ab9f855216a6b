import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";
import { suppressOriginalPrompt } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's UserPromptExpansion hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * `continue` is left out: no effect of continue:false is documented here.
 */
export default defineEvent({
  name: "UserPromptExpansion",
  summary: "A slash command or MCP prompt expands: block it or add context.",
  input: eventInput({
    expansion_type: openEnum(["slash_command", "mcp_prompt"]),
    command_name: z.string(),
    command_args: z.string(),
    command_source: z.string().optional(),
    prompt: z.string(),
  }),
  matcher: "command_name",
  answer: "block",
  additionalContext: true,
  outputFields: { suppressOriginalPrompt },
  topLevel: ["systemMessage", "terminalSequence"],
  prompt: true,
});
