import type { EventSpec } from "./eventSpec";
import type { ToolTable } from "./toolTable";

/**
 * What the engine knows of a client: its events and its tools. The engine imports no client; a client profile
 * (src/clients/…) builds one of these and everything that compiles or evaluates a policy is handed it.
 */
export interface ClientModel {
  /** A short name (`claude-code`), for messages and stored revisions. */
  readonly name: string;
  /** The client's display name (`Claude Code`), for messages a user reads. */
  readonly title: string;
  readonly events: EventTable;
  readonly tools: ToolTable;
}

export interface EventTable {
  /** Every event, in the client's order. */
  readonly list: readonly EventSpec[];
  byName(name: string): EventSpec | undefined;
  /** By its kebab-case route segment (`pre-tool-use`). */
  byRoute(route: string): EventSpec | undefined;
}

/** An event table from its events: lookups by name and by route derived once. */
export function eventTable(list: readonly EventSpec[]): EventTable {
  const byName = new Map(list.map((s) => [s.name as string, s]));
  const byRoute = new Map(list.map((s) => [s.route, s]));
  return { list, byName: (name) => byName.get(name), byRoute: (route) => byRoute.get(route) };
}
