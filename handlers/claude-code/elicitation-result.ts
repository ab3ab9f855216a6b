import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, jsonObject, openEnum } from "../../src/engine/event/hookInput";
import { elicitationAction, elicitationResultContent } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's ElicitationResult hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * `action`/`content` override the user's response. Unlike Elicitation, systemMessage is not documented as
 * discarded here, so it stays; continue has no documented effect.
 */
export default defineEvent({
  name: "ElicitationResult",
  summary: "The user answered an MCP elicitation: override the answer.",
  input: eventInput({
    mcp_server_name: z.string(),
    action: openEnum(["accept", "decline", "cancel"]),
    content: jsonObject.optional(),
    mode: openEnum(["form", "url"]).optional(),
    elicitation_id: z.string().optional(),
  }),
  matcher: "mcp_server_name",
  answer: "none",
  outputFields: { action: elicitationAction, content: elicitationResultContent },
  topLevel: ["systemMessage", "terminalSequence"],
});
