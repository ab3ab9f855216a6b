import type { EventSpec } from "../event/eventSpec";
import type { ToolTable } from "../event/toolTable";
import type { CompiledHandler, HandlerDocument } from "../handlers/kinds";
import { effectTools } from "../match/callSubjects";
import type { CompiledMatcher } from "../match/matcher";
import { ruleForHint, type RuleForHint } from "../match/permissionRule";
import { indexGroup, ruleHint, whenHint, type GroupIndex, type RuleHint } from "../match/ruleIndex";

/*
 * A compiled matcher group and its handlers: compiled with the policy (a publish, a policy test), or compiled each on
 * its first use (a stored revision loaded with CompileOptions' lazyHandlers, what a cold isolate does: with 1,000
 * handlers compiling them all was most of a cold start's CPU, bench/README.md). Either way the group is indexed by
 * the same hints, read by one function (handlerHint), so the same handlers are visited and the same verdicts given.
 */

/** A field that takes one text or a list of them, as a list. */
export const asList = (v: string | string[] | undefined): string[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export interface CompiledGroup {
  index: number;
  matcherSource: string | undefined;
  matcher: CompiledMatcher;
  /** The clients the group applies to (its `clients`); undefined: every client. Checked per input's client at evaluation. */
  clients?: ReadonlySet<string>;
  /**
   * Every handler of the group, compiled. In a deferred group (a stored revision loaded with `lazyHandlers`) reading
   * this compiles those not compiled yet, and throws HandlerCompileError if one does not compile: the hot path reads
   * `handler(i)` for the handlers the index picks instead.
   */
  readonly handlers: readonly CompiledHandler[];
  /** How many handlers the group has. */
  readonly size: number;
  /** Each handler's index hint, known without compiling it (the same as its compiled `hint`). */
  readonly hints: readonly (RuleHint | undefined)[];
  /** The handler at position `i`, compiled on its first use in a deferred group (HandlerCompileError if it does not compile). */
  handler(i: number): CompiledHandler;
  /** The handlers indexed by their rule hints (tool, Bash first word), so big groups are not walked in full. */
  lookup: GroupIndex;
}

/**
 * A handler of a stored revision that did not compile on its first use (deferred compilation, CompileOptions'
 * lazyHandlers). Only a stored document this engine version did not validate can do that (edited by hand, or a
 * compiler that started refusing it without ENGINE_VERSION being bumped). Thrown out of evaluate: the caller answers
 * as it does a revision that no longer compiles (the Gate: the failure verdict, failing closed), never as if the
 * handler were not there.
 */
export class HandlerCompileError extends Error {
  /** Its problems as compilePolicy reports them (a Problem each: written out here, which compilePolicy.ts imports). */
  constructor(readonly problems: readonly { readonly path: string; readonly message: string }[]) {
    super(`the policy does not compile: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}`);
    this.name = "HandlerCompileError";
  }
}

/**
 * A handler's index hint (match/ruleIndex.ts), from its `if` rules (compiled, or read for the index alone), its
 * `when` patterns and whether it has `effect` conditions. One function for both, so that a handler indexed before it
 * is compiled (deferredHint) is indexed exactly as the compiled handler would be.
 */
export function handlerHint(
  h: HandlerDocument,
  ifRules: readonly RuleForHint[],
  when: readonly { segments: readonly string[]; fansOut: boolean; source: string }[],
  hasEffects: boolean,
  tools: ToolTable,
): RuleHint | undefined {
  if (hasEffects && ifRules.length === 0) return { tools: effectTools(tools) };
  if (ifRules.length === 0 && asList(h.unless).length === 0 && (h.secrets ?? []).length === 0) return whenHint(when);
  return ruleHint(ifRules);
}

/**
 * The hint of a handler not compiled yet, read from its document as compileHandler would compile it, for a document
 * this engine version validated. Where the document would not compile (a rule that does not read, a field its event
 * cannot take) there is no hint: the handler is visited for every call, and compiling it there fails loudly.
 */
export function deferredHint(h: HandlerDocument, spec: EventSpec, tools: ToolTable): RuleHint | undefined {
  const ifTexts = asList(h.if);
  const hasRules = ifTexts.length > 0 || asList(h.unless).length > 0;
  if (!spec.toolEvent && (hasRules || h.effect !== undefined)) return undefined;
  const ifRules: RuleForHint[] = [];
  for (const text of ifTexts) {
    const rule = ruleForHint(text, tools);
    if (rule === undefined) return undefined;
    ifRules.push(rule);
  }
  const when = Object.entries(h.when ?? {}).map(([p, source]) => {
    const segments = p.split(".");
    return { segments, fansOut: segments.includes("*"), source };
  });
  return handlerHint(h, ifRules, when, h.effect !== undefined, tools);
}

/** A handler of a deferred group: its document, its place, its hint, and the handler once compiled (a judge's or a forward's: at load). */
export interface DeferredHandler {
  doc: HandlerDocument;
  at: { id: string; path: string; order: number };
  hint: RuleHint | undefined;
  compiled: CompiledHandler | undefined;
}

type GroupHead = Pick<CompiledGroup, "index" | "matcherSource" | "matcher" | "clients">;

export function eagerGroup(head: GroupHead, handlers: CompiledHandler[]): CompiledGroup {
  const hints = handlers.map((h) => h.hint);
  return { ...head, handlers, size: handlers.length, hints, handler: (i) => handlers[i]!, lookup: indexGroup(hints) };
}

/**
 * A group whose handlers are compiled on first use (CompileOptions' lazyHandlers), indexed by hints read from their
 * documents. A handler that does not compile stays failed: each use throws its HandlerCompileError again.
 */
export function deferredGroup(head: GroupHead, deferred: readonly DeferredHandler[], compile: (d: DeferredHandler) => CompiledHandler | HandlerCompileError): CompiledGroup {
  const compiled: (CompiledHandler | HandlerCompileError | undefined)[] = deferred.map((d) => d.compiled);
  const handler = (i: number): CompiledHandler => {
    const c = (compiled[i] ??= compile(deferred[i]!));
    if (c instanceof HandlerCompileError) throw c;
    return c;
  };
  const hints = deferred.map((d) => d.hint);
  let all: CompiledHandler[] | undefined;
  return {
    ...head,
    get handlers() {
      return (all ??= deferred.map((_, i) => handler(i)));
    },
    size: deferred.length,
    hints,
    handler,
    lookup: indexGroup(hints),
  };
}
