import type { z } from "zod";
import type { Aggregate } from "../engine/answer/outcome";
import type { ClientProtocol, EventTable } from "../engine/event/client";
import { kebabCase } from "../engine/event/defineEvent";
import type { EventSpec, Verdict } from "../engine/event/eventSpec";
import { fastCheckOf } from "../engine/event/fastInput";
import type { Problem } from "../engine/policy/compilePolicy";
import { err, ok, type Result } from "../engine/result";
import type { CallerDialect } from "../gate/profile";

/*
 * A client that decides in canonical terms: its events are its own on the wire (names, camelCase fields, answer
 * layout) and Claude Code's events in the policy. One policy document serves every client: a team writes
 * `PreToolUse` with `Bash(rm *)` once, and GitHub Copilot CLI's `preToolUse` of its `bash` tool, Cursor's
 * `beforeShellExecution`, and Claude Code's own PreToolUse are each that event and that tool.
 *
 * Each of the client's events (handlers/<client>/<event>.ts) declares what is particular to it: its name on the
 * wire, the canonical event it is, its input as the client sends it, how that input reads in canonical terms, and
 * which of the client's answer writers it takes. From that, here: the EventSpecs the routes and the Gate use (the
 * canonical event's, with the client's route, budget and answer schema), the event table (by route the client's
 * events; by name the canonical table, so a policy compiles for this client exactly as for Claude Code and an event
 * the client never sends is simply never asked about), the caller dialect that reads every input on these routes
 * (validated as the client's, then in canonical terms), and the protocol that writes the client's answer.
 */

/** One of the client's events: its contract on the wire, and the canonical event it is. */
export interface NativeEvent<Kind extends string = string> {
  /** The event's name as the client configures and sends it (`preToolUse`, `beforeShellExecution`). */
  readonly native: string;
  /** The canonical event a policy hooks it under (Claude Code's name: `PreToolUse`). */
  readonly canonical: string;
  /** One line on what it is for (docs/clients.md). */
  readonly summary: string;
  /** The input as the client sends it: its documented fields typed, unknown fields accepted. */
  readonly input: z.ZodType<Record<string, unknown>>;
  /**
   * The validated input in canonical terms (Claude Code's fields and tool names), given the event's spec (the
   * canonical event's); hook_event_name is set after.
   */
  readonly toCanonical: (input: Record<string, unknown>, spec: EventSpec) => Record<string, unknown>;
  /** Which of the client's answer writers its answer takes. */
  readonly answer: Kind;
  /** The client's own budget for the hook, ms. */
  readonly clientTimeoutMs: number;
}

/** How one kind of the client's answers is written from an aggregate, and what it can say (docs/clients.md). */
export interface AnswerWriter {
  /** The exact answer the client reads: nothing it would ignore. */
  readonly output: z.ZodType<Record<string, unknown>>;
  /** The aggregate as the client's answer: `{}` for no opinion. */
  readonly write: (agg: Aggregate) => Record<string, unknown>;
  /** What each verdict becomes in the client (every verdict of the canonical event: one it cannot say is said here). */
  readonly verdicts: Partial<Record<Verdict, string>>;
  /** Whether an answer of this kind can stop what the event is about (a call, a prompt, the agent stopping). */
  readonly blocks: boolean;
  /** What else it carries besides a verdict (context, rewritten arguments), for the docs. */
  readonly carries: readonly string[];
}

/** An EventSpec of a native client: the canonical event's, on the client's route, with its declaration. */
export interface NativeSpec extends EventSpec {
  readonly native: NativeEvent;
  /** Its answer writer (the client's, for its answer kind). */
  readonly writer: AnswerWriter;
}

export const isNative = (spec: EventSpec): spec is NativeSpec => (spec as Partial<NativeSpec>).native !== undefined;

interface NativeClientDecl<Kind extends string> {
  name: string;
  title: string;
  /** The canonical events (Claude Code's table): what the policy's event names are. */
  canonical: EventTable;
  /** The canonical protocol: how a canonical input's session, tool call and loop flag are read. */
  canonicalProtocol: ClientProtocol;
  events: readonly NativeEvent<Kind>[];
  writers: Readonly<Record<Kind, AnswerWriter>>;
  /** The answer as the client finally reads it, from the canonical input (Copilot: arguments back in its names). */
  finish?: (spec: NativeSpec, answer: Record<string, unknown>, canonicalInput: Record<string, unknown>) => Record<string, unknown>;
}

interface NativeClient {
  events: EventTable;
  protocol: ClientProtocol;
  /** Reads every input on the client's routes: the client's own format is the only one they take. */
  dialect: CallerDialect;
  /** The answer writer of each event (docs/clients.md, the contract tests). */
  writerOf(spec: EventSpec): AnswerWriter | undefined;
}

/** The parsed input: the value itself when the compiled check passes it (as the Gate does), else zod's data. */
function parsed(schema: z.ZodType<Record<string, unknown>>, input: Record<string, unknown>): Result<Record<string, unknown>, Problem[]> {
  if (fastCheckOf(schema)?.(input)) return ok(input);
  const r = schema.safeParse(input);
  if (r.success) return ok(r.data);
  return err(r.error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(input)", message: i.message })));
}

/** A client deciding in canonical terms, from its events and its answer writers. Throws on a table that contradicts itself. */
export function nativeClient<Kind extends string>(decl: NativeClientDecl<Kind>): NativeClient {
  const specs: NativeSpec[] = decl.events.map((e) => {
    const canonical = decl.canonical.byName(e.canonical);
    if (!canonical) throw new Error(`${decl.name} ${e.native}: no canonical event ${e.canonical}`);
    const writer = decl.writers[e.answer];
    if (!writer) throw new Error(`${decl.name} ${e.native}: no answer writer ${e.answer}`);
    return { ...canonical, route: kebabCase(e.native), clientTimeoutMs: e.clientTimeoutMs, summary: e.summary, httpDelivered: true, output: writer.output, native: e, writer };
  });
  const routes = new Set<string>();
  for (const s of specs) {
    if (routes.has(s.route)) throw new Error(`${decl.name}: two events on route ${s.route}`);
    routes.add(s.route);
  }
  const byRoute = new Map(specs.map((s) => [s.route, s]));
  const events: EventTable = {
    list: specs,
    // By name, the canonical events: a policy's event names are Claude Code's, and one this client never sends
    // compiles as it does there and is never asked about.
    byName: (name) => decl.canonical.byName(name),
    byRoute: (route) => byRoute.get(route),
  };
  const writerOf = (spec: EventSpec) => (isNative(spec) ? spec.writer : undefined);

  const protocol: ClientProtocol = {
    ...decl.canonicalProtocol,
    answer: (spec, agg) => {
      const writer = writerOf(spec);
      // Only the client's own routes reach here with its specs; anything else has no answer in its layout.
      return writer ? writer.write(agg) : {};
    },
  };

  const dialect: CallerDialect = {
    name: decl.name,
    title: decl.title,
    // The route is the client's own: every input on it is the client's, read as such (and refused as such).
    claims: () => true,
    nativeName: (spec) => (isNative(spec) ? spec.native.native : undefined),
    toRouteInput: (spec, input) => {
      if (!isNative(spec)) return err([{ path: "(route)", message: `send ${decl.title}'s events to their own routes (${specs.map((s) => s.route).join(", ")})` }]);
      const read = parsed(spec.native.input, input);
      if (!read.ok) return read;
      return ok({ ...spec.native.toCanonical(read.value, spec), hook_event_name: spec.name });
    },
    answer: (spec, answer, canonicalInput) => (decl.finish && isNative(spec) ? decl.finish(spec, answer, canonicalInput) : answer),
  };

  return { events, protocol, dialect, writerOf };
}

/** A string field cut to `max` characters (the clients cap what they show; hookgate never sends more). */
export const capped = (s: string | undefined, max = 10_000): string | undefined => (s === undefined || s === "" ? undefined : s.length > max ? `${s.slice(0, max - 1)}…` : s);
