import type { Verdict } from "../event/eventSpec";
import { foldOutputs, type OutputField } from "../event/outputField";
import type { Aggregate, HandlerOutcome } from "./outcome";

/** deny > defer > ask > allow (contract §6.4); block is the blocking events' only verdict and always wins. */
const RANK: Record<Verdict, number> = { block: 5, deny: 4, defer: 3, ask: 2, allow: 1 };

export const strongerVerdict = (a: Verdict | undefined, b: Verdict | undefined): Verdict | undefined =>
  a === undefined ? b : b === undefined ? a : RANK[b] > RANK[a] ? b : a;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** RFC 7386 JSON merge patch: objects merge recursively, `null` removes a key, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    // defineProperty, not assignment: a `__proto__` key is data here, never the object's prototype.
    else Object.defineProperty(out, key, { value: mergePatch(out[key], value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const joinIn = (values: (string | undefined)[], sep: string): string | undefined => {
  const present = values.filter((v): v is string => v !== undefined && v !== "");
  return present.length > 0 ? present.join(sep) : undefined;
};

/**
 * Fold every handler that fired into one aggregate (hookgate spec §3.2). Outcomes are taken in declaration order,
 * so the result does not depend on which handler finished first; event outputs combine by each field's rule
 * (`fields`: the event's outputFields), so a restricting value is never lost to one declared before it.
 */
export function aggregate(outcomes: readonly HandlerOutcome[], fields: Readonly<Record<string, OutputField>>, toolInput?: Record<string, unknown>): Aggregate {
  const ordered = [...outcomes].sort((a, b) => a.order - b.order);
  let verdict: Verdict | undefined;
  for (const o of ordered) verdict = strongerVerdict(verdict, o.verdict);

  const result: Aggregate = { output: foldOutputs(fields, ordered.map((o) => o.output)) };
  if (verdict !== undefined) {
    result.verdict = verdict;
    const reason = joinIn(ordered.filter((o) => o.verdict === verdict).map((o) => o.reason), "\n");
    if (reason !== undefined) result.reason = reason;
  }
  const context = joinIn(ordered.map((o) => o.additionalContext), "\n\n");
  if (context !== undefined) result.additionalContext = context;
  const message = joinIn(ordered.map((o) => o.systemMessage), "\n");
  if (message !== undefined) result.systemMessage = message;

  // A rewrite never rides on a denial, and only handlers that did not themselves deny/block may rewrite.
  if (verdict !== "deny" && verdict !== "block" && verdict !== "defer") {
    const patches = ordered.filter(
      (o) => o.updatedInput !== undefined && (o.verdict === undefined || o.verdict === "allow" || o.verdict === "ask"),
    );
    if (patches.length > 0) {
      let merged: unknown = toolInput ?? {};
      for (const p of patches) merged = mergePatch(merged, p.updatedInput);
      result.updatedInput = merged as Record<string, unknown>;
    }
  }

  const stoppers = ordered.filter((o) => o.stop);
  if (stoppers.length > 0) {
    const reason = joinIn(stoppers.map((o) => o.stopReason), "\n");
    result.stop = reason === undefined ? {} : { reason };
  }

  return result;
}
