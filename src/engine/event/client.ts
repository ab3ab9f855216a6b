import type { Aggregate } from "../answer/outcome";
import type { ToolCall } from "../match/callSubjects";
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
  /**
   * Events other clients have that a policy shared by every client may name: this client never sends them, so they
   * compile to nothing for it, with a warning (any other unknown event is an error).
   */
  readonly foreignEvents?: readonly string[];
  /**
   * The client takes policies written and validated for another (the first client, at publish): what one of its
   * events cannot carry (a field, an output, a verdict it cannot express) is a compile warning, not an error, and is
   * left out of its answers. Without it, one such field would make the whole policy fail closed for this client.
   */
  readonly lenient?: boolean;
  /** How the client's inputs are read and its answers written: the engine reads and writes no client field itself. */
  readonly protocol: ClientProtocol;
}

/**
 * The client's wire format, as the engine needs it: where an input's session and tool call are, when a stop is
 * already continuing because of a block, and how an aggregate becomes the client's answer for an event.
 */
export interface ClientProtocol {
  /** The session an input belongs to (`once` marks, the decision record), if it names one. */
  sessionOf(input: Record<string, unknown>): string | undefined;
  /** The tool call a tool event's input carries, in the names of the client's tool table. */
  toolCallOf(input: Record<string, unknown>): ToolCall;
  /** The input is of a stop already continuing because of a block: a failure of hookgate's must not block again. */
  looping(spec: EventSpec, input: Record<string, unknown>): boolean;
  /** The aggregate as the client's answer for the event: only fields the event takes, `{}` for no opinion. */
  answer(spec: EventSpec, aggregate: Aggregate): Record<string, unknown>;
  /**
   * A tool call that is several calls in canonical terms (Codex's `apply_patch`: an Edit or Write per file it
   * touches): one input per part, each evaluated on its own and the strictest verdict answered (engine/answer/parts.ts).
   * `[]`: the call could not be read into parts, and fails as unexamined. undefined (or no method): one call.
   */
  partsOf?(spec: EventSpec, input: Record<string, unknown>): readonly Record<string, unknown>[] | undefined;
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
