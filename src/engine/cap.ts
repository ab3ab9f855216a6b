/**
 * Caps for what hookgate keeps or sends on (the decision log, the judge's prompt, a forwarded body): every value
 * that comes from a request is cut to a known size before it is stored, with a visible marker, so one request can
 * never make a record too big to write (D1 refuses a row over ~2 MB, and a batch fails whole) nor make masking or
 * serialising cost more than a bounded amount.
 */

/** What replaces the cut part of a string: N is the original length in UTF-16 code units (JS string length). */
export const truncationMarker = (originalLength: number) => `…[truncated by hookgate: ${originalLength} chars]`;

/** `text` cut to at most `max` characters (marker included), never inside a surrogate pair. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = truncationMarker(text.length);
  let keep = Math.max(0, max - marker.length);
  const code = text.charCodeAt(keep - 1);
  if (keep > 0 && code >= 0xd800 && code <= 0xdbff) keep--; // a high surrogate would be left without its pair
  return text.slice(0, keep) + marker;
}

export interface CapLimits {
  /** Longest string kept, marker included. */
  maxString: number;
  /** Characters kept across all strings and keys of the value; past it every string is only its marker. */
  maxTotal: number;
  /** Entries kept per array or object; the rest become one marker entry. */
  maxEntries: number;
  /** Nesting kept; deeper values become a marker. */
  maxDepth: number;
}

/** A copy of a JSON value within `limits`, and whether anything was cut. Pure; cost linear in what it keeps. */
export function capValue(value: unknown, limits: CapLimits): { value: unknown; truncated: boolean } {
  let budget = limits.maxTotal;
  let truncated = false;
  const text = (s: string): string => {
    const max = Math.min(limits.maxString, Math.max(0, budget));
    const out = capText(s, max);
    if (out !== s) {
      truncated = true;
      // An over-budget string still says what it was (the marker), never silently nothing.
      if (out.length === 0) return truncationMarker(s.length);
    }
    budget -= out.length;
    return out;
  };
  const visit = (v: unknown, depth: number): unknown => {
    if (typeof v === "string") return text(v);
    if (typeof v !== "object" || v === null) return v;
    if (depth >= limits.maxDepth) {
      truncated = true;
      return `…[truncated by hookgate: nested deeper than ${limits.maxDepth}]`;
    }
    if (Array.isArray(v)) {
      const out = v.slice(0, limits.maxEntries).map((x) => visit(x, depth + 1));
      if (v.length > limits.maxEntries) {
        truncated = true;
        out.push(`…[truncated by hookgate: ${v.length} entries]`);
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    let n = 0;
    let total = 0;
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      total++;
      if (n >= limits.maxEntries) continue;
      n++;
      out[text(key)] = visit((v as Record<string, unknown>)[key], depth + 1);
    }
    if (total > n) {
      truncated = true;
      out["…"] = `…[truncated by hookgate: ${total} entries]`;
    }
    return out;
  };
  return { value: visit(value, 0), truncated };
}
