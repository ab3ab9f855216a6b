/**
 * The segments of a path glob and their matching: a segment's tokens (literal characters, `?`, `*`, classes
 * `[a-z]`/`[!x]`), a whole-segment `**`, and the greedy-star matching of a segment's text and of a path's
 * segments, both with a single resume point (no recursion, no regex).
 */
export type Tok =
  | { t: "lit"; c: string }
  | { t: "any" } // ?
  | { t: "star" }
  | { t: "cls"; neg: boolean; items: Array<[string, string]> };

export type Seg = { t: "globstar" } | { t: "seg"; toks: Tok[]; literal: string | undefined };

/** A segment's tokens. It cannot fail: an unclosed `[` is a literal, as in gitignore. */
export function parseSegment(s: string): Tok[] {
  const toks: Tok[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\" && i + 1 < s.length) {
      toks.push({ t: "lit", c: s[i + 1]!.toLowerCase() });
      i++;
    } else if (c === "*") {
      if (toks.length === 0 || toks[toks.length - 1]!.t !== "star") toks.push({ t: "star" });
    } else if (c === "?") {
      toks.push({ t: "any" });
    } else if (c === "[") {
      const cls = parseClass(s, i);
      if (cls === undefined) toks.push({ t: "lit", c: "[" });
      else {
        toks.push(cls.tok);
        i = cls.end;
      }
    } else toks.push({ t: "lit", c: c.toLowerCase() });
  }
  return toks;
}

/** Parses `[...]` starting at `start`; undefined if unclosed (then `[` is literal, as in gitignore). */
function parseClass(s: string, start: number): { tok: Tok; end: number } | undefined {
  let i = start + 1;
  let neg = false;
  if (s[i] === "!" || s[i] === "^") {
    neg = true;
    i++;
  }
  const items: Array<[string, string]> = [];
  let first = true;
  for (; i < s.length; i++) {
    let c = s[i]!;
    if (c === "]" && !first) return { tok: { t: "cls", neg, items }, end: i };
    first = false;
    if (c === "\\" && i + 1 < s.length) c = s[++i]!;
    if (s[i + 1] === "-" && i + 2 < s.length && s[i + 2] !== "]") {
      let hi = s[i + 2]!;
      let skip = 2;
      if (hi === "\\" && i + 3 < s.length) {
        hi = s[i + 3]!;
        skip = 3;
      }
      items.push([c.toLowerCase(), hi.toLowerCase()]);
      i += skip;
    } else items.push([c.toLowerCase(), c.toLowerCase()]);
  }
  return undefined;
}

export function tokMatches(t: Tok, ch: string): boolean {
  switch (t.t) {
    case "lit":
      return t.c === ch;
    case "any":
      return true;
    case "cls": {
      let hit = false;
      for (const [lo, hi] of t.items) {
        if (ch >= lo && ch <= hi) {
          hit = true;
          break;
        }
      }
      return hit !== t.neg;
    }
    default:
      return false;
  }
}

/** Greedy-star matching of one (lower-cased) path segment. */
function matchSegment(toks: readonly Tok[], s: string): boolean {
  let ti = 0;
  let si = 0;
  let starT = -1;
  let starS = 0;
  while (si < s.length) {
    const t = toks[ti];
    if (t !== undefined && t.t === "star") {
      starT = ti++;
      starS = si;
    } else if (t !== undefined && tokMatches(t, s[si]!)) {
      ti++;
      si++;
    } else if (starT >= 0) {
      ti = starT + 1;
      si = ++starS;
    } else return false;
  }
  while (ti < toks.length && toks[ti]!.t === "star") ti++;
  return ti === toks.length;
}

function segMatches(seg: Seg, s: string): boolean {
  if (seg.t === "globstar") return false;
  if (seg.literal !== undefined) return seg.literal === s;
  return matchSegment(seg.toks, s);
}

/** Greedy-globstar matching of pattern segments against target[from..]. */
export function matchSegments(pat: readonly Seg[], target: readonly string[], from: number): boolean {
  let pi = 0;
  let ti = from;
  let starP = -1;
  let starT = 0;
  while (ti < target.length) {
    const p = pat[pi];
    if (p !== undefined && p.t === "globstar") {
      starP = pi++;
      starT = ti;
    } else if (p !== undefined && segMatches(p, target[ti]!)) {
      pi++;
      ti++;
    } else if (starP >= 0) {
      pi = starP + 1;
      ti = ++starT;
    } else return false;
  }
  while (pi < pat.length && pat[pi]!.t === "globstar") pi++;
  return pi === pat.length;
}

