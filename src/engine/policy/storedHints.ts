import type { RuleHint } from "../match/ruleIndex";
import { ENGINE_DIGEST } from "./engineDigest";

/*
 * A policy's rule-index hints (match/ruleIndex.ts), worked out at publish and stored with its prepared form, so that
 * a cold isolate loading a stored revision indexes its handlers without reading each rule again. Reading them was most
 * of what loading a 1,000-handler policy still cost once its handlers were compiled on first use (the canonical form
 * of every Bash rule, the literal of every `when` pattern: bench/README.md).
 *
 * An index hint decides which handlers a call visits, so a stale one is a rule that silently does not fire. They are
 * used only by the code that computed them, for the document they were computed from: each client's hints carry
 * ENGINE_DIGEST, the fingerprint of the engine's and the clients' code and the engine's libraries
 * (scripts/engine-digest.mjs), and the prepared document's digest; hints under any other fingerprint, for another
 * client, or not shaped exactly like the policy's groups are ignored: the hints are then read from the documents, as
 * without them.
 */

/** One handler's hint as stored: `[tools, literals, literalTool, when]`, or null for none (visited for every call). */
type StoredHint =
  | [tools: string[] | null, literals: [prefix: string, suffix: string | null][] | null, literalTool: string | null, when: [segments: string[], fansOut: boolean, literal: string] | null]
  | null;

/** One client's hints for a policy: per event, per group, per handler, in document order. */
export interface StoredHints {
  /** The code that computed them (ENGINE_DIGEST); any other: ignored. */
  engine: string;
  /** The prepared document they were computed from (documentDigest); any other (a stored form edited since): ignored. */
  document: string;
  events: Record<string, StoredHint[][]>;
}

/**
 * The hints stored with a prepared form, per client: its own, or the name of the client whose hints are the same (a
 * publish stores each set once: the clients' hints are mostly alike, and with 1,000 handlers a set is ~50 KB of the
 * value a cold isolate reads and parses).
 */
export type StoredHintsByClient = Record<string, StoredHints | string>;

/** One client's stored hints, a name followed (one step) to the client that holds them; undefined when there are none. */
export function clientHints(byClient: StoredHintsByClient | undefined, client: string): StoredHints | undefined {
  const own = byClient?.[client];
  const held = typeof own === "string" ? byClient?.[own] : own;
  return typeof held === "object" && held !== null ? held : undefined;
}

/**
 * A fingerprint of a prepared document, the same at publish and when read back from its JSON: two 32-bit FNV-1a
 * hashes of its JSON text (sync, ~0.5 ms for 1,000 handlers; a guard against a stored form changed since its hints
 * were made, not against someone who can write the store, who could write any policy).
 */
export function documentDigest(document: unknown): string {
  const text = JSON.stringify(document);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

function encode(h: RuleHint | undefined): StoredHint {
  if (h === undefined) return null;
  return [
    h.tools ? [...h.tools] : null,
    h.literals ? h.literals.map((l) => [l.prefix, l.suffix ?? null]) : null,
    h.literalTool ?? null,
    h.when ? [[...h.when.segments], h.when.fansOut, h.when.literal] : null,
  ];
}

function decode(s: StoredHint): RuleHint | undefined {
  if (s === null) return undefined;
  const [tools, literals, literalTool, when] = s;
  const hint: RuleHint = {};
  if (tools) hint.tools = new Set(tools);
  if (literals) hint.literals = literals.map(([prefix, suffix]) => ({ prefix, suffix: suffix ?? undefined }));
  if (literalTool !== null) hint.literalTool = literalTool;
  if (when) hint.when = { segments: when[0], fansOut: when[1], literal: when[2] };
  return hint;
}

/** The hints of a policy compiled in full (a publish): what is stored for its client. */
export function storedHintsOf(events: Partial<Record<string, { groups: readonly { hints: readonly (RuleHint | undefined)[] }[] }>>, document: unknown): StoredHints {
  const out: Record<string, StoredHint[][]> = {};
  for (const [name, event] of Object.entries(events)) if (event) out[name] = event.groups.map((g) => g.hints.map(encode));
  return { engine: ENGINE_DIGEST, document: documentDigest(document), events: out };
}

/** The stored hints when this code made them from this very document; undefined otherwise (they are then not used). */
export function hintsFor(stored: StoredHints | undefined, document: unknown): StoredHints | undefined {
  return stored?.engine === ENGINE_DIGEST && stored.document === documentDigest(document) ? stored : undefined;
}

/**
 * The stored hints of one event's groups (already checked by hintsFor) as a lookup by group and handler position;
 * undefined when they are not shaped like `sizes` (handlers per group) or not as encode writes them.
 */
export function usableHints(stored: StoredHints | undefined, event: string, sizes: readonly number[]): ((group: number, handler: number) => RuleHint | undefined) | undefined {
  if (stored === undefined) return undefined;
  const groups = stored.events?.[event];
  if (!Array.isArray(groups) || groups.length !== sizes.length) return undefined;
  for (let g = 0; g < sizes.length; g++) {
    const handlers = groups[g];
    if (!Array.isArray(handlers) || handlers.length !== sizes[g]) return undefined;
    for (const h of handlers) if (!wellFormed(h)) return undefined;
  }
  return (g, h) => decode(groups[g]![h]!);
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

/** A stored hint of the shape encode writes (a value read back from storage is checked before it steers the index). */
function wellFormed(s: unknown): s is StoredHint {
  if (s === null) return true;
  if (!Array.isArray(s) || s.length !== 4) return false;
  const [tools, literals, literalTool, when] = s as unknown[];
  if (tools !== null && !isStrings(tools)) return false;
  if (literals !== null && !(Array.isArray(literals) && literals.every((l) => Array.isArray(l) && l.length === 2 && typeof l[0] === "string" && (l[1] === null || typeof l[1] === "string"))))
    return false;
  if (literalTool !== null && typeof literalTool !== "string") return false;
  if (when !== null && !(Array.isArray(when) && when.length === 3 && isStrings(when[0]) && typeof when[1] === "boolean" && typeof when[2] === "string")) return false;
  return true;
}
