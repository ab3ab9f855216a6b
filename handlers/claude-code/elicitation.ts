import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, jsonObject, openEnum } from "../../src/engine/event/hookInput";
import { elicitationAction, elicitationContent } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's Elicitation hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * The answer is an `action` (accept + content skips the dialog; decline/cancel refuse), set through `output`, not
 * a verdict. systemMessage and continue are discarded.
 */
export default defineEvent({
  name: "Elicitation",
  summary: "An MCP server asks the user for input: answer or refuse for them.",
  input: eventInput({
    mcp_server_name: z.string(),
    message: z.string(),
    mode: openEnum(["form", "url"]).optional(),
    url: z.string().optional(),
    elicitation_id: z.string().optional(),
    requested_schema: jsonObject.optional(),
  }),
  matcher: "mcp_server_name",
  answer: "none",
  outputFields: { action: elicitationAction, content: elicitationContent },
  topLevel: ["terminalSequence"],
});
