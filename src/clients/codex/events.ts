import { eventTable } from "../../engine/event/client";
import { CODEX_EVENTS } from "../../../handlers/codex";

/** Codex 0.169.0's hook events, one module each in handlers/codex/. */
export { CODEX_EVENTS };

/** The table the engine is handed (through the profile). */
export const codexEvents = eventTable(CODEX_EVENTS);
