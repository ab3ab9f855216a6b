import type { z } from "zod";
import type { AnswerKind, EventSpec, TopLevelField, Verdict } from "./eventSpec";
import { matchBasename, matchField } from "./hookInput";
import type { OutputField } from "./outputField";

/*
 * One declaration per event; everything the engine needs that follows from it is derived here: the route, the
 * verdicts/reason/updatedInput an answer kind implies; the exact answer schema comes from the client's answer
 * layout. Client-agnostic: each client binds its layout once (eventDefiner(layout), e.g.
 * src/clients/claude-code/defineEvent.ts) and its handlers/<client>/ modules are calls of the result.
 */

/** The client's default budget for an http hook, ms: what an event has unless its declaration says otherwise. */
const DEFAULT_CLIENT_TIMEOUT_MS = 600_000;

type Syntax = NonNullable<EventSpec["matcher"]>["syntax"];

/**
 * What a matcher group's `matcher` is tested against: an input field's string value (`"tool_name"`, or
 * `{ field, syntax }`), or the basename of a path field (`{ basename: "file_path" }`). Syntax defaults to standard.
 */
type MatcherDecl = string | { field: string; syntax?: Syntax } | { basename: string; syntax?: Syntax };

/** The matcher of a defined event: EventSpec's, plus the field it reads (for docs and tooling). */
interface DeclaredMatcher extends NonNullable<EventSpec["matcher"]> {
  /** The input field the query reads. */
  field: string;
  /** Whether the query is the field's basename (`\` normalised) rather than its value. */
  basename: boolean;
}

type PermissionVerdict = Exclude<Verdict, "block">;

/** What the answer kind leaves to the declaration: only the `permission` kind has a choice of verdicts. */
type AnswerDecl =
  /** No verdict: the answer carries only outputs. */
  | { answer: "none"; acknowledgeFirst?: true }
  /** Top-level decision:"block" + reason. `stopLike`: a block keeps the agent working (Stop, SubagentStop). */
  | { answer: "block"; stopLike?: true }
  /** hookSpecificOutput.permissionDecision with the listed verdicts (+ permissionDecisionReason, updatedInput). */
  | { answer: "permission"; verdicts: readonly [PermissionVerdict, ...PermissionVerdict[]]; updatedInput: boolean }
  /** hookSpecificOutput.decision.behavior allow|deny, ask = no decision; updatedInput rides on allow. */
  | { answer: "permissionRequest" };

interface CommonDecl<O extends Record<string, OutputField>, N extends string = string> {
  /** The event's name as the client sends it in `hook_event_name` (PascalCase). */
  name: N;
  /** One line: what the event is for. */
  summary: string;
  /** The event's input schema (eventInput(…) from hookInput.ts). */
  input: z.ZodType<Record<string, unknown>>;
  /** null: the event has no matcher (a group's matcher is ignored). */
  matcher: MatcherDecl | null;
  /** Top-level fields the client honours (`decision`/`reason` come with the block answer kind). */
  topLevel: readonly TopLevelField[];
  /** Default false. */
  toolEvent?: boolean;
  /** hookSpecificOutput.additionalContext. Default false. */
  additionalContext?: boolean;
  /** Event-specific output fields, each with its schema and how values combine (outputField.ts). Default none. */
  outputFields?: O;
  /** Output fields every answer must carry (an answer without them is invalid). Default none. */
  required?: readonly (keyof O & string)[];
  /** Whether prompt (LLM judge) handlers may run. Default false. */
  prompt?: boolean;
  /** Default DEFAULT_CLIENT_TIMEOUT_MS. */
  clientTimeoutMs?: number;
  /** Default true; false when the client never calls an http hook for the event (command bridge only). */
  httpDelivered?: boolean;
}

export type EventDecl<O extends Record<string, OutputField> = Record<string, OutputField>, N extends string = string> = CommonDecl<O, N> & AnswerDecl;

/** An EventSpec built by defineEvent: the optional fields are always set, and the matcher names its field. */
interface DefinedEvent<N extends string = string> extends EventSpec {
  name: N;
  matcher: DeclaredMatcher | null;
  stopLike: boolean;
  summary: string;
}

/** `PreToolUse` → `pre-tool-use` (a run of capitals is one word: `MCPServer` → `mcp-server`). */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1-$2")
    .toLowerCase();
}

function derivedMatcher(m: MatcherDecl | null): DeclaredMatcher | null {
  if (m === null) return null;
  if (typeof m === "string") return { ...matchField(m), field: m, basename: false };
  if ("basename" in m) return { ...matchBasename(m.basename, m.syntax), field: m.basename, basename: true };
  return { ...matchField(m.field, m.syntax), field: m.field, basename: false };
}

/** Whether a spec's matcher is one defineEvent built (and so names its field). */
export function isDeclaredMatcher(m: EventSpec["matcher"]): m is DeclaredMatcher {
  return m !== null && typeof (m as Partial<DeclaredMatcher>).field === "string";
}

/** What a client's answer layout is handed to build an event's exact answer schema: the declaration, as derived. */
export interface AnswerParts {
  name: string;
  answer: AnswerKind;
  verdicts: readonly Verdict[];
  updatedInput: boolean;
  additionalContext: boolean;
  topLevel: readonly TopLevelField[];
  outputFields: Readonly<Record<string, z.ZodType>>;
  required: readonly string[];
}

/**
 * A client's answer layout: the exact schema of an event's answer in that client's wire format. Calls `fail` (which
 * throws) on a declaration its layout cannot carry (an output field where the answer kind writes its own).
 */
export type AnswerLayout = (parts: AnswerParts, fail: (why: string) => never) => z.ZodType<Record<string, unknown>>;

/**
 * The defineEvent of a client: the EventSpec of one declaration, its answer schema in the client's layout. Throws
 * on a declaration that contradicts itself (duplicates, a required field that is not an output field, whatever
 * the layout refuses), so a bad table fails when it is loaded, not when an answer is checked.
 */
export function eventDefiner(layout: AnswerLayout) {
  return function defineEvent<const N extends string, const O extends Record<string, OutputField> = Record<never, OutputField>>(decl: EventDecl<O, N>): DefinedEvent<N> {
    const { name } = decl;
    const fail = (why: string): never => {
      throw new Error(`defineEvent(${name}): ${why}`);
    };
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) fail("the name must be PascalCase");
    if (!decl.summary.trim() || /[\r\n]/.test(decl.summary)) fail("the summary must be one non-empty line");

    const outputFields: Record<string, OutputField> = decl.outputFields ?? {};
    const outputSchemas = Object.fromEntries(Object.entries(outputFields).map(([k, f]) => [k, f.schema]));
    const required: readonly string[] = decl.required ?? [];
    const additionalContext = decl.additionalContext ?? false;
    const dup = (xs: readonly string[]) => xs.find((x, i) => xs.indexOf(x) !== i);

    if (dup(decl.topLevel) !== undefined) fail(`topLevel lists ${dup(decl.topLevel)} twice`);
    for (const key of required) if (!(key in outputFields)) fail(`required field ${key} is not an output field`);
    if (decl.answer === "permissionRequest" && required.length > 0) fail("the decision's fields cannot be required");

    let verdicts: readonly Verdict[];
    let updatedInput: boolean;
    switch (decl.answer) {
      case "none":
        verdicts = [];
        updatedInput = false;
        break;
      case "block":
        verdicts = ["block"];
        updatedInput = false;
        break;
      case "permission":
        if (dup(decl.verdicts) !== undefined) fail(`verdicts lists ${dup(decl.verdicts)} twice`);
        verdicts = decl.verdicts;
        updatedInput = decl.updatedInput;
        break;
      case "permissionRequest":
        verdicts = ["allow", "deny", "ask"];
        updatedInput = true;
        break;
    }
    const output = layout({ name, answer: decl.answer, verdicts, updatedInput, additionalContext, topLevel: decl.topLevel, outputFields: outputSchemas, required }, fail);

    return {
      name,
      route: kebabCase(name),
      input: decl.input,
      matcher: derivedMatcher(decl.matcher),
      toolEvent: decl.toolEvent ?? false,
      answer: decl.answer,
      verdicts,
      reason: decl.answer !== "none",
      updatedInput,
      additionalContext,
      topLevel: decl.topLevel,
      outputFields,
      prompt: decl.prompt ?? false,
      clientTimeoutMs: decl.clientTimeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS,
      ...(decl.answer === "none" && decl.acknowledgeFirst ? { acknowledgeFirst: true } : {}),
      httpDelivered: decl.httpDelivered ?? true,
      output,
      stopLike: decl.answer === "block" && decl.stopLike === true,
      summary: decl.summary,
    };
  };
}
