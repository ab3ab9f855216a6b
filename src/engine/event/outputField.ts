import type { z } from "zod";

/*
 * An event's output field (sessionTitle, action, updatedPermissions, …) is declared once, with its schema and how
 * values from several handlers combine: within one policy (aggregate.ts, and the parts of one call in parts.ts) and
 * across the org baseline and a team's policy (layers.ts). A field that can restrict must never be loosened by the
 * fold: the order handlers are declared in, or which layer set a value, cannot turn a refusal into an acceptance.
 * docs/policy.md "Event outputs" describes each field's rule for policy authors.
 */

/** How the values several handlers (or the two layers) set for one output field become the answer's value. */
type Combine =
  /** No notion of strictness: the first value set, in declaration order; across layers the baseline's. */
  | { readonly kind: "first" }
  /**
   * The values the client honours, loosest first: the strictest value set wins, whatever the order. A value outside
   * the list ranks below all of them (the answer never sends it, so it must not beat one that would be sent).
   */
  | { readonly kind: "strictest"; readonly order: readonly unknown[] }
  /**
   * Lists: every value's entries, deduplicated, in order. `teamMay`, when given: the only entries of a team's list
   * that survive under a baseline (the others could loosen what the baseline decides); within one policy all are kept.
   */
  | { readonly kind: "accumulate"; readonly teamMay?: (entry: unknown) => boolean }
  /** Text for the model or a classifier, like additionalContext: every value, joined in order. */
  | { readonly kind: "join"; readonly separator: string }
  /**
   * A replacement of the input field `of` (what is displayed, what the model sees). Within one policy the first
   * handler's (every handler saw the same input, so rewrites cannot be chained). Across layers the baseline always
   * has the last word: when the team rewrites `of`, the baseline is evaluated again on the team's version and its
   * rewrite of that, if any, is applied instead (layers.ts) — a baseline's masking is never undone by a team.
   * Fields rewriting the same `of` are one group: the answer's rewrite of `of` comes wholly from one source.
   */
  | { readonly kind: "rewrite"; readonly of: string };

export interface OutputField<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  readonly combine: Combine;
}

export const outputField = <S extends z.ZodType>(schema: S, combine: Combine): OutputField<S> => ({ schema, combine });

export const FIRST: Combine = { kind: "first" };
export const ACCUMULATE: Combine = { kind: "accumulate" };
/** Loosest first: `strictest(false, true)` — true restricts. */
export const strictest = (...order: readonly unknown[]): Combine => ({ kind: "strictest", order });
export const rewriteOf = (of: string): Combine => ({ kind: "rewrite", of });

/** Keys in an `output` that no event declares (terminalSequence, junk a forward answered): the first value set. */
const UNDECLARED: Combine = FIRST;

/** defineProperty, not assignment: a `__proto__` key is data here, never the object's prototype. */
const set = (o: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });

const rank = (order: readonly unknown[], v: unknown) => order.indexOf(v);

function accumulated(values: readonly unknown[]): unknown {
  const lists = values.filter(Array.isArray);
  // A non-list (junk the schema refuses) never beats a list; with no list at all, the first value stands.
  if (lists.length === 0) return values[0];
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (const list of lists)
    for (const entry of list) {
      const key = JSON.stringify(entry);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(entry);
      }
    }
  return out;
}

/** One field's values (in order, none undefined) as the answer's value. */
function combined(combine: Combine, values: readonly unknown[]): unknown {
  switch (combine.kind) {
    case "first":
    case "rewrite":
      return values[0];
    case "strictest": {
      let best = values[0];
      for (const v of values.slice(1)) if (rank(combine.order, v) > rank(combine.order, best)) best = v;
      return best;
    }
    case "accumulate":
      return accumulated(values);
    case "join": {
      const texts = values.filter((v): v is string => typeof v === "string" && v !== "");
      return texts.length === 0 ? values[0] : texts.join(combine.separator);
    }
  }
}

/** The combine rule of a key of `output` on an event with these fields. */
const combineOf = (fields: Readonly<Record<string, OutputField>>, key: string): Combine =>
  Object.hasOwn(fields, key) ? fields[key]!.combine : UNDECLARED;

/** Several handlers' outputs (declaration order; undefined = set nothing) folded field by field. */
export function foldOutputs(
  fields: Readonly<Record<string, OutputField>>,
  outputs: readonly (Readonly<Record<string, unknown>> | undefined)[],
): Record<string, unknown> {
  const byKey = new Map<string, unknown[]>();
  for (const o of outputs)
    for (const [key, value] of Object.entries(o ?? {})) {
      if (value === undefined) continue;
      const list = byKey.get(key);
      if (list) list.push(value);
      else byKey.set(key, [value]);
    }
  const out: Record<string, unknown> = {};
  for (const [key, values] of byKey) set(out, key, combined(combineOf(fields, key), values));
  return out;
}

/**
 * The baseline's and a team's outputs folded, the baseline first, each field by its rule; of a team's list only the
 * entries its field lets a team add under a baseline. Rewrites here are the baseline's when both set one; layers.ts
 * replaces them after judging the team's rewrite.
 */
export function layerOutputs(
  fields: Readonly<Record<string, OutputField>>,
  baseline: Readonly<Record<string, unknown>>,
  team: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(team)) {
    const c = combineOf(fields, key);
    if (c.kind === "accumulate" && c.teamMay && Array.isArray(value)) {
      const allowed = value.filter(c.teamMay);
      // A list with nothing left the team may add is no value at all (not an empty list).
      if (allowed.length > 0 || value.length === 0) set(kept, key, allowed);
    } else set(kept, key, value);
  }
  return foldOutputs(fields, [baseline, kept]);
}

/** The input fields an event's outputs can rewrite, each with the output fields that rewrite it. */
export function rewriteGroups(fields: Readonly<Record<string, OutputField>>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [key, f] of Object.entries(fields))
    if (f.combine.kind === "rewrite") groups.set(f.combine.of, [...(groups.get(f.combine.of) ?? []), key]);
  return groups;
}
