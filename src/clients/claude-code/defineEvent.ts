import { eventDefiner } from "../../engine/event/defineEvent";
import { claudeCodeAnswerLayout } from "./answerSchema";

/** Claude Code's defineEvent: each handlers/claude-code/ module is one call, its answer schema in Claude's layout. */
export const defineEvent = eventDefiner(claudeCodeAnswerLayout);
