import { eventDefiner } from "../../engine/event/defineEvent";
import { codexAnswerLayout } from "./answerSchema";

/** Codex's defineEvent: each handlers/codex/ module is one call, its answer schema in Codex's layout. */
export const defineEvent = eventDefiner(codexAnswerLayout);
