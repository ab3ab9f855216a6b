import { eventTable } from "../../engine/event/client";
import type { EventSpec } from "../../engine/event/eventSpec";
import { CLAUDE_CODE_EVENTS } from "../../../handlers/claude-code";

/** The 34 events of Claude Code 2.1.332, one module each in handlers/claude-code/ (docs/events.md is generated from them). */
export { CLAUDE_CODE_EVENTS };

/** The events' names, as the client sends them in `hook_event_name`. */
export type HookEventName = (typeof CLAUDE_CODE_EVENTS)[number]["name"];
export const HOOK_EVENTS: readonly HookEventName[] = CLAUDE_CODE_EVENTS.map((e) => e.name);

/** The table the engine is handed (through the profile): lookups by name and by route, derived once. */
export const claudeCodeEvents = eventTable(CLAUDE_CODE_EVENTS);

/** The spec of an event by its `hook_event_name` (exact, case-sensitive); undefined for an unknown name. */
export function eventByName(name: HookEventName): EventSpec;
export function eventByName(name: string): EventSpec | undefined;
export function eventByName(name: string): EventSpec | undefined {
  return claudeCodeEvents.byName(name);
}
