/**
 * Masking a string that is cut to what is kept: only its window (the kept part and CUT_MARGIN more) is scanned,
 * and nothing that straddles the cut leaks in part. The building block of maskText and of mask.ts' structured
 * masking.
 */
import { keptLength, truncationMarker, type CapLimits } from "../limits/cap";
import { MYSQL_P, RULE_SET_BUDGET, applyRanges, assignmentRanges, group, keyBlockRanges, shapeRanges, tokenish, type Range, push } from "./detectors";
import { secretRuleSetRanges } from "./secretRuleSet";
/**
 * The caps of what a judge's prompt and a forwarded body carry: each string up to 32 KiB, 128 KiB across the whole
 * value, 1,000 entries per array/object, 64 levels; whatever is past the caps is cut (with a
 * `…[truncated by hookgate: N chars]` marker) and never judged or forwarded. (The decision log keeps less:
 * DECISION_INPUT_LIMITS, maskForExport's default.)
 */
export const MASK_SCAN_LIMITS: CapLimits = Object.freeze({ maxString: 32 * 1024, maxTotal: 128 * 1024, maxEntries: 1000, maxDepth: 64 });

/**
 * How far past its cut a cut string is still scanned. More than the longest span of every detector here whose
 * match may hold whitespace or quotes before the secret ends (URL credentials ≤ 538 characters, `curl -u` ≤ 791,
 * the rule set's database URLs ≤ 1,020, `mysql -p` 259, the head of an assignment ≤ 161): such a match that starts
 * before the cut ends inside the window, and is found as it is in the whole string. What can run on further is
 * handled at the window's end (see tailRanges).
 */
export const CUT_MARGIN = 2048;

// ---------------------------------------------------------------------------------------------- cut, then masked
//
// A string longer than what is kept is not masked whole and then cut: only its first `keep` characters stay (then
// the `…[truncated by hookgate: N chars]` marker), and only those and CUT_MARGIN more — its window — are scanned. A
// secret that straddles the cut must not leak in part, so what the detectors find in the window is masked up to the
// cut, and where the window ends inside something that may go on past it (tailRanges):
//
// - a private key block whose END is past the window runs to the window's end (keyBlockRanges: `$`);
// - the run of characters other than whitespace and quotes that reaches the window's end, if it began before the
//   cut, is masked from its start to the cut: every token shape (here or in the rule set), a URL credential, a bare
//   assigned value, a JWT or a SendGrid key cut before its last segment has no whitespace or quote in it, so a
//   prefix that no longer has its shape is masked anyway;
// - a quoted value or an array under a secret name whose closing quote or bracket is past the window's end: a cut
//   window gets the open variants of the assignment patterns (the end of the text closes a quote too:
//   assignmentPatterns(true)), such a value is not a placeholder whatever its prefix looks like, and an open match
//   that is not masked does not hide what starts inside it (assignmentRanges);
// - `mysql -pPW`: a -p in the window's last command (no newline, `;`, `|` or `&` before its end) is masked even if
//   the `mysql` of that command is past the window.
//
// Every other detector's match either has a bounded span shorter than CUT_MARGIN (so one that starts before the
// cut ends inside the window, and the window shows it as the whole string does) or reaches the window's end only
// through one of the runs above. test/engine/maskCut.test.ts checks each shape at each cap the code uses, and a
// property test compares what is masked before the cut with masking the whole string.

/** One string of a value as it is masked. */
export interface Piece {
  /** What is scanned: the whole string, or (cut) its first `keep` characters and up to CUT_MARGIN more. */
  window: string;
  /** Characters of the string kept: window.length for a string kept whole. */
  keep: number;
  /** The string goes on past the window: something found at its end may run on. */
  open: boolean;
  /** The string's length (for the marker) and whether it was cut. */
  length: number;
  cut: boolean;
  /** The rule set scans it (not the input's own bookkeeping fields). */
  ruleSet: boolean;
}

/** `text` as a piece: whole if it fits in `max` (marker included), else cut to it. */
export function pieceOf(text: string, max: number, ruleSet: boolean): Piece {
  if (text.length <= max) return { window: text, keep: text.length, open: false, length: text.length, cut: false, ruleSet };
  const keep = keptLength(text, max);
  // Nothing kept (only the marker): nothing to scan.
  const window = keep === 0 ? "" : text.slice(0, keep + CUT_MARGIN);
  return { window, keep, open: keep > 0 && window.length < text.length, length: text.length, cut: true, ruleSet };
}

const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
/** Where the run of characters other than whitespace, `"` and `'` that ends at the end of `text` begins. */
function trailingRunStart(text: string): number {
  let i = text.length;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (isSpace(c) || c === 34 || c === 39) break;
    i--;
  }
  return i;
}
const COMMAND_END = /[\n;|&]/g;

/** What may run on past the end of a cut string's window (see "cut, then masked" above). */
function tailRanges(p: Piece, ranges: Range[]) {
  const w = p.window;
  const run = trailingRunStart(w);
  if (run < p.keep) push(ranges, run, p.keep);
  let last = -1;
  for (const m of w.matchAll(COMMAND_END)) last = m.index;
  if (last + 1 < p.keep) {
    const from = last + 1;
    for (const m of w.slice(from).matchAll(MYSQL_P)) {
      const r = group(m, 1)!;
      push(ranges, from + r[0], from + r[1]);
    }
  }
}

const SEP = "\n\u0000\n";
/**
 * Scan the windows of the pieces `which` joined (with a separator no detector matches across: a NUL between
 * newlines), at most `budget` characters of them, and add each range found to the piece it starts in (clipped to
 * it). One pass per detector over all the text, instead of one per string. `scan` gets the offsets where an open
 * piece's window ends.
 */
function scanJoined(pieces: readonly Piece[], which: readonly number[], budget: number, scan: (s: string) => Range[], out: Range[][]) {
  const starts: number[] = [];
  const owners: number[] = [];
  let joined = "";
  for (const i of which) {
    if (joined.length >= budget) break;
    const w = pieces[i]!.window;
    if (w.length === 0) continue;
    starts.push(joined.length);
    owners.push(i);
    joined += (w.length <= budget - joined.length ? w : w.slice(0, budget - joined.length)) + SEP;
  }
  if (owners.length === 0) return;
  const ranges = scan(joined).sort((a, b) => a[0] - b[0]);
  let k = 0;
  for (const [s, e] of ranges) {
    while (k + 1 < starts.length && starts[k + 1]! <= s) k++;
    const from = s - starts[k]!;
    const to = Math.min(e - starts[k]!, pieces[owners[k]!]!.window.length);
    if (to > from) out[owners[k]!]!.push([from, to]);
  }
}

/**
 * The ranges to mask in each piece, within what it keeps: hookgate's detectors on all of them, the rule set on
 * those that could hold a token, private key blocks string by string, and a cut string's tail.
 */
export function pieceRanges(pieces: readonly Piece[]): Range[][] {
  const perPiece: Range[][] = pieces.map(() => []);
  if (pieces.length === 0) return perPiece;
  const all = pieces.map((_, i) => i);
  scanJoined(pieces, all, Infinity, shapeRanges, perPiece);
  // Assignments: joined for the strings scanned whole; a cut string's window alone, with the open variants.
  scanJoined(pieces, all.filter((i) => !pieces[i]!.open), Infinity, (t) => assignmentRanges(t, false), perPiece);
  const candidates = all.filter((i) => pieces[i]!.ruleSet && tokenish(pieces[i]!.window));
  scanJoined(pieces, candidates, RULE_SET_BUDGET, secretRuleSetRanges, perPiece);
  pieces.forEach((p, i) => {
    keyBlockRanges(p.window, perPiece[i]!);
    if (p.open) {
      assignmentRanges(p.window, true, perPiece[i]!);
      tailRanges(p, perPiece[i]!);
    }
  });
  return perPiece.map((ranges, i) => {
    const keep = pieces[i]!.keep;
    const kept: Range[] = [];
    for (const [s, e] of ranges) if (s < keep) kept.push([s, Math.min(e, keep)]);
    return kept;
  });
}

/**
 * A piece as it is kept: masked, then (cut) its marker. If masking made it longer than `max` (a short secret
 * becomes MASK), the masked text is cut again, the marker still saying how long the string was.
 */
export function finish(p: Piece, ranges: Range[], max: number): string {
  const masked = applyRanges(p.keep === p.window.length ? p.window : p.window.slice(0, p.keep), ranges);
  if (!p.cut && masked.length <= max) return masked;
  const whole = p.cut ? masked + truncationMarker(p.length) : masked;
  if (whole.length <= max) return whole;
  return masked.slice(0, keptLength(masked, max, p.length)) + truncationMarker(p.length);
}

/** Masked strings, each cut to its max first (marker included): the building block of maskText and maskForExport. */
function maskStrings(texts: readonly string[], max: number, ruleSet: readonly boolean[]): string[] {
  const pieces = texts.map((t, i) => pieceOf(t, max, ruleSet[i] ?? true));
  const ranges = pieceRanges(pieces);
  return pieces.map((p, i) => finish(p, ranges[i]!, max));
}

/** One string masked, cut first to `max` characters (MASK_SCAN_LIMITS.maxString unless told). */
export function maskText(text: string, max = MASK_SCAN_LIMITS.maxString): string {
  return maskStrings([text], max, [true])[0]!;
}

/** Several strings masked in one pass per detector, each cut first to `max` characters, as maskText cuts one. */
export function maskTexts(texts: readonly string[], max = MASK_SCAN_LIMITS.maxString): string[] {
  return maskStrings(texts, max, texts.map(() => true));
}

/**
 * For tests: the ranges masked in `text` kept to `keep` characters (scanning its window only), or in the whole of it.
 * A cut string's ranges end at most at `keep`.
 */
export function maskedRanges(text: string, keep?: number): Range[] {
  const piece: Piece =
    keep === undefined || keep >= text.length
      ? { window: text, keep: text.length, open: false, length: text.length, cut: false, ruleSet: true }
      : { window: text.slice(0, keep + CUT_MARGIN), keep, open: keep + CUT_MARGIN < text.length, length: text.length, cut: true, ruleSet: true };
  return pieceRanges([piece])[0]!;
}

