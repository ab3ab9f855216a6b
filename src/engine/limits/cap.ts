/**
 * Caps for what hookgate keeps or sends on (the decision log, the judge's prompt, a forwarded body): every value
 * that comes from a request is cut to a known size before it is stored, with a visible marker, so one request can
 * never make a record too big to write (D1 refuses a row over ~2 MB, and a batch fails whole) nor make masking or
 * serialising cost more than a bounded amount.
 */

/** What replaces the cut part of a string: N is the original length in UTF-16 code units (JS string length). */
export const truncationMarker = (originalLength: number) => `…[truncated by hookgate: ${originalLength} chars]`;
/** What stands for the entries of an array or object past the cap: N is how many there were. */
export const entriesMarker = (count: number) => `…[truncated by hookgate: ${count} entries]`;
/** What stands for a value nested deeper than the cap. */
export const depthMarker = (maxDepth: number) => `…[truncated by hookgate: nested deeper than ${maxDepth}]`;

/** A string that is one of the markers above and nothing else (what a cap already put there). */
const MARKER_ONLY = /^…\[truncated by hookgate: (?:\d{1,16} chars|\d{1,16} entries|nested deeper than \d{1,16})\]$/;
const ENTRIES_MARKER = /^…\[truncated by hookgate: \d{1,16} entries\]$/;
// (the first character first: every string of every input is asked, and almost none starts with "…")
export const isMarkerOnly = (s: string) => s.length <= 64 && s.charCodeAt(0) === 0x2026 && MARKER_ONLY.test(s);
export const isEntriesMarker = (v: unknown) => typeof v === "string" && v.length <= 64 && v.charCodeAt(0) === 0x2026 && ENTRIES_MARKER.test(v);
/** A string an earlier cap cut: it ends in its marker. */
const CUT_BEFORE = /…\[truncated by hookgate: \d{1,16} chars\]$/;
const wasCut = (s: string) => s.endsWith(" chars]") && CUT_BEFORE.test(s.slice(-48));

/**
 * How many characters of `text` capText(text, max) keeps before its marker: `max` less the marker, never splitting
 * a surrogate pair. Only meaningful when text.length > max.
 */
export function keptLength(text: string, max: number, originalLength = text.length): number {
  let keep = Math.max(0, max - truncationMarker(originalLength).length);
  const code = text.charCodeAt(keep - 1);
  if (keep > 0 && code >= 0xd800 && code <= 0xdbff) keep--; // a high surrogate would be left without its pair
  return keep;
}

/** `text` cut to at most `max` characters (marker included), never inside a surrogate pair. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, keptLength(text, max)) + truncationMarker(text.length);
}

export interface CapLimits {
  /** Longest string kept, marker included. */
  maxString: number;
  /** Characters kept across all strings and keys of the value (markers included); past it every string is only its marker. */
  maxTotal: number;
  /** Entries kept per array or object; the rest become one marker entry. */
  maxEntries: number;
  /** Nesting kept; deeper values become a marker. */
  maxDepth: number;
}

/**
 * What the decision log keeps of a request's input (d1DecisionLog's RECORD_LIMITS.input; docs/storage.md): per
 * string, in total, entries per array/object, depth. maskForExport caps to these unless told otherwise, so what the
 * log keeps is all that is masked.
 */
export const DECISION_INPUT_LIMITS: CapLimits = Object.freeze({ maxString: 4096, maxTotal: 32 * 1024, maxEntries: 200, maxDepth: 16 });

/**
 * A copy of a JSON value within `limits`, and whether anything was cut. Pure; cost linear in what it keeps.
 *
 * Idempotent: a value already capped to the same limits comes back as it was (its markers are kept, not cut or
 * recounted, and `truncated` is still true), so capping twice never changes what the first cap said. The budget counts everything a string of the
 * output holds, markers and the `…` key included.
 */
export function capValue(value: unknown, limits: CapLimits): { value: unknown; truncated: boolean } {
  let budget = limits.maxTotal;
  let truncated = false;
  const text = (s: string): string => {
    // A marker already says what was cut: never cut it again (it would then say how long the marker was).
    if (isMarkerOnly(s)) {
      truncated = true;
      budget -= s.length;
      return s;
    }
    const out = capText(s, Math.min(limits.maxString, Math.max(0, budget)));
    // (a string an earlier cap cut still counts as cut: the value as a whole is truncated)
    if (out !== s || wasCut(s)) truncated = true;
    budget -= out.length;
    return out;
  };
  const visit = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return text(v);
    if (typeof v !== "object" || v === null) return v;
    if (depth >= limits.maxDepth) {
      truncated = true;
      return text(depthMarker(limits.maxDepth));
    }
    if (Array.isArray(v)) {
      const out = v.slice(0, limits.maxEntries).map((x) => visit(x, depth + 1));
      if (v.length > limits.maxEntries) {
        truncated = true;
        const already = v.length === limits.maxEntries + 1 && isEntriesMarker(v[limits.maxEntries]);
        out.push(text(already ? (v[limits.maxEntries] as string) : entriesMarker(v.length)));
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    let n = 0;
    let total = 0;
    // The `…` entry an earlier cap left (its value an entries marker): kept last, as it was.
    let earlier: string | undefined;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      total++;
      const x = (v as Record<string, unknown>)[key];
      if (key === "…" && isEntriesMarker(x)) {
        earlier = x as string;
        continue;
      }
      if (n >= limits.maxEntries) continue;
      n++;
      out[text(key)] = visit(x, depth + 1);
    }
    const marker = total > n + (earlier === undefined ? 0 : 1) ? entriesMarker(total) : earlier;
    if (marker !== undefined) {
      truncated = true;
      budget -= 1; // the `…` key: counted, never cut (it is not the input's)
      out["…"] = text(marker);
    }
    return out;
  };
  return { value: visit(value, 0), truncated };
}
