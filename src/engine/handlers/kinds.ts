import type { z } from "zod";
import type { CompiledOf } from "./handlerKind";
import { httpKind } from "./http/kind";
import { promptKind } from "./prompt/kind";
import { ruleKind } from "./rule/kind";

/**
 * The handler kinds: one list, keyed by `type`. A kind is one folder (handlers/<kind>/: its schema, compile, run,
 * callouts, policy-test stand-in and what publishing reports); adding one is that folder and one entry here
 * (docs/handler-kinds.md). Everything else is derived from this list — the policy schema's handler union, the
 * compiled handler union, the callouts the composition root provides, the stub fields a policy test takes — and
 * the mapped type below makes the compiler insist that each entry is a whole kind filed under its own type.
 */
export const HANDLER_KINDS = kindList({ rule: ruleKind, prompt: promptKind, http: httpKind });

/**
 * The list as it must be: each key's entry filed under its own type (each kind's module checks that its entry is
 * a whole HandlerKind, with `satisfies`).
 */
export function kindList<const L extends { readonly [K in keyof L]: { readonly type: K } }>(list: L): L {
  return list;
}

type Kinds = typeof HANDLER_KINDS;
type HandlerType = keyof Kinds;

type DocumentOf<T extends HandlerType> = z.output<Kinds[T]["schema"]>;
type FieldsOf<T extends HandlerType> = NonNullable<ReturnType<Kinds[T]["compile"]>>;
/** The compiled handler of each kind, by type. */
type CompiledByType = { [T in HandlerType]: CompiledOf<T, FieldsOf<T>> };

/** A handler as the policy writes it (any kind). */
export type HandlerDocument = { [T in HandlerType]: DocumentOf<T> }[HandlerType];
/** A compiled handler (any kind). */
export type CompiledHandler = CompiledByType[HandlerType];

/** A slow kind's callouts: what its run is handed (less the `unavailable` reasons). A fast kind has none. */
type CalloutsOf<T extends HandlerType> = Kinds[T]["slow"] extends { run: (...args: infer A) => unknown } ? Required<Omit<A[2], "unavailable">> : never;
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** A callout any kind needs, by name (`judge`, `forward`). */
type CalloutName = keyof Intersection<{ [T in HandlerType]: CalloutsOf<T> }[HandlerType]>;
/**
 * What the slow kinds call out to (every kind's callouts together), each optional so a rule-only evaluation needs
 * none, and `unavailable`: why one is missing on this deployment (the composition root's words).
 */
export type HandlerCallouts = Partial<Intersection<{ [T in HandlerType]: CalloutsOf<T> }[HandlerType]>> & {
  readonly unavailable?: { readonly [K in CalloutName]?: string };
};

/** The handler kinds' schemas, in the list's order (the discriminated union and an unknown type's message). */
export const HANDLER_SCHEMAS = Object.values(HANDLER_KINDS).map((k) => k.schema) as unknown as [Kinds[HandlerType]["schema"], ...Kinds[HandlerType]["schema"][]];

/** The fields of every kind's compiled part, in one order (compilePolicy's handlerObject writes them all). */
export const KIND_FIELDS: readonly string[] = [...new Set(Object.values(HANDLER_KINDS).flatMap((k) => Object.keys(k.fields)))];

type StandInShapes = { [T in HandlerType]: Kinds[T]["standIn"] extends { shape: infer S } ? S : never }[HandlerType];
/** Every stand-in's stub fields together (what a policy test's `stubs` entry may hold; each kind takes its own). */
export const STUB_FIELDS = Object.assign({}, ...Object.values(HANDLER_KINDS).map((k) => k.standIn?.shape ?? {})) as Intersection<StandInShapes>;

/** The kind of a compiled or written handler. */
export function kindOf<T extends HandlerType>(h: { type: T }): Kinds[T] {
  return HANDLER_KINDS[h.type];
}
