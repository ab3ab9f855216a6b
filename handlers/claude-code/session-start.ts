import { z } from "zod";
import { defineEvent } from "../../src/clients/claude-code/defineEvent";
import { eventInput, openEnum } from "../../src/engine/event/hookInput";
import { initialUserMessage, reloadSkills, sessionTitle, watchPaths } from "../../src/clients/claude-code/outputFields";

/**
 * Claude Code's SessionStart hook contract (one declaration: routes, the answer schema and docs/events.md derive from it).
 *
 * Never POSTed to an http hook (client behaviour): it reaches hookgate only through the command bridge that
 * `hookgate settings` generates.
 */
export default defineEvent({
  name: "SessionStart",
  summary: "A session starts or resumes: add context, set the title, watch files.",
  input: eventInput({
    source: openEnum(["startup", "resume", "clear", "compact", "fork"]),
    model: z.string().optional(),
    session_title: z.string().optional(),
  }),
  matcher: "source",
  answer: "none",
  additionalContext: true,
  outputFields: { initialUserMessage, sessionTitle, watchPaths, reloadSkills },
  topLevel: ["systemMessage", "terminalSequence"],
  httpDelivered: false,
});
