import type { z } from "zod";
import { failVerdict, type EventSpec, type Verdict } from "../event/eventSpec";
import type { HandlerOutcome } from "../answer/outcome";
import type { CompiledHandlerBase, CompileOptions } from "../policy/compiledHandler";

/**
 * What a handler kind is (handlers/<kind>/kind.ts implements one; handlers/kinds.ts lists them): its schema, what
 * compiling it checks and keeps, how it runs, what it calls out to (its callouts: an interface the composition root
 * implements, so the engine does no I/O), its stand-in in a policy test, and what publishing reports when this
 * deployment cannot run it. Every member is required (`null` where a kind has none), so a kind that forgets one
 * does not type-check.
 */

/** What a handler contributes to the answer, before the evaluator adds its id and order. */
export type Contribution = Omit<HandlerOutcome, "id" | "order">;

/** A compiled handler of one kind: the base fields every handler has, its type, and its kind's own fields. */
export type CompiledOf<T extends string, Fields> = CompiledHandlerBase & { type: T } & Fields;

export interface KindContext {
  spec: EventSpec;
  /** The policy's failMode (what a failing handler without an onError contributes). */
  failMode: "open" | "closed";
  options: CompileOptions;
  /** Report a problem at a field of the handler ("" for the handler itself). */
  problem(field: string, message: string): void;
  /** Report a verdict the event cannot express. */
  checkVerdict(field: string, v: Verdict | "none" | undefined): void;
}

/**
 * The callouts a kind's run may find missing, with why (given by the composition root, which knows the
 * deployment: "no LLM is configured …"). Plain data, so the engine names no Worker variable.
 */
type Unavailable<C> = { readonly unavailable?: { readonly [K in keyof C]?: string } };

/** How a slow kind runs: after the rules, in parallel, until the deadline. */
export interface SlowRun<Compiled, Callouts> {
  /** The per-call timeout in seconds (the handler's own `timeout`, else the kind's default). */
  timeoutSeconds(h: Compiled): number;
  /**
   * The outcome of running it (an exception or an abort is a failure, handled by the caller), or a failure to
   * report (`{ failure }`) when it cannot run here.
   */
  run(h: Compiled, input: Record<string, unknown>, callouts: Partial<Callouts> & Unavailable<Callouts>, signal: AbortSignal, spec: EventSpec): Promise<Contribution | { failure: string }>;
}

/** A policy test's stand-in for a kind that calls out: what a case's `stubs` entry for it may say and answers. */
export interface StandIn<Shape extends z.ZodRawShape, Callouts> {
  /** What the messages call it ("judge"). */
  readonly what: string;
  /** The stub's fields (besides `fails`, which every stand-in takes). */
  readonly shape: Shape;
  /** A stub to suggest when a case has none. */
  readonly example: string;
  /** What a stub must say besides its fields' own types, or undefined when it is fine. */
  check(stub: StubOf<Shape>): string | undefined;
  /** The callouts answering from the case's stubs (`answer` throws for a missing or failing stub). */
  callouts(answer: (h: { id: string }) => StubOf<Shape>): Callouts;
}
type StubOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>> & { fails?: string };

export interface HandlerKind<T extends string, Doc, Fields, Callouts extends object, Shape extends z.ZodRawShape> {
  readonly type: T;
  /** The fields a policy writes for it: the base fields (baseSchema.ts) and its own, `type` its literal. */
  readonly schema: z.ZodType<Doc> & { readonly shape: { readonly type: z.ZodLiteral<T> } };
  /** What the trace and failure reasons call it. */
  readonly label: string;
  /**
   * Whether evaluating twice could differ or cost something (a judge, a forward), so a redelivered request is
   * answered from the dedup record.
   */
  readonly stateful: boolean;
  /**
   * The fields it adds to the base handler, in the order a compiled handler holds them (every kind's compiled
   * handler has every kind's fields, in one order: one object shape keeps the evaluation loop monomorphic).
   */
  readonly fields: { readonly [K in keyof Required<Fields>]: true };
  /** Its own checks and compiled fields; undefined when it reported a problem. */
  compile(doc: Doc, ctx: KindContext): Fields | undefined;
  /** A fast kind's contribution, decided from the call itself (written into `into`, which holds id and order). */
  readonly decide: ((h: CompiledOf<T, Fields>, into: HandlerOutcome) => HandlerOutcome) | null;
  /** A slow kind's run. */
  readonly slow: SlowRun<CompiledOf<T, Fields>, Callouts> | null;
  /** The callout it cannot run without: publishing warns when this deployment lacks it. */
  readonly needs: keyof Callouts | null;
  readonly standIn: StandIn<Shape, Callouts> | null;
}

/** onError: the handler's, else the policy's failMode verdict on this event. */
export function onErrorOf(onError: Verdict | "none" | undefined, ctx: KindContext): Verdict | "none" {
  const v = onError ?? failVerdict(ctx.spec, ctx.failMode);
  ctx.checkVerdict("onError", v);
  return v;
}
