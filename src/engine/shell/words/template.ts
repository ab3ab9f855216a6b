/**
 * Text that may hold unknown parts ("holes"), and wildcard matching over it with a sound meaning.
 *
 * A shell word such as `"$HOME"/x`, `$(pwd)` or an unquoted glob `*.log` is not fixed text: the shell fills it in
 * when the command runs. hookgate represents such a word as a *template*: an ordinary string in which a hole is one
 * private-use character standing for text the shell will supply:
 * - {@link HOLE_ANY} any text at all, spaces and slashes included (a variable, a substitution);
 * - {@link HOLE_SEG} any text without `/` (an unquoted glob `*`, which never crosses a path separator);
 * - {@link HOLE_CHAR} exactly one character other than `/` (a glob `?` or `[…]`);
 * - {@link HOLE_NODOT} like HOLE_SEG, but not starting with `.` (a glob `*` at the start of a path segment, which
 *   the shell never lets match a hidden file);
 * - {@link HOLE_UNKNOWN} any text, but never empty (`${X:?}` refuses to run with X empty).
 * Literal private-use characters in a command are replaced by U+FFFD when templates are built, so a hole can only
 * come from the analyser.
 *
 * Two questions are asked of a template against a wildcard pattern (`*` = any text, as in permission rules):
 * - {@link matchSome}: could SOME filling of the holes match? Restricting rules (deny, ask, block, judges) ask this:
 *   `git push $REMOTE main` may be a push to anywhere, so `Bash(git push * main)` must fire.
 * - {@link matchEvery}: does EVERY filling match? Allow rules ask this. It is exactly "the pattern matches the
 *   template with each hole read as a character no literal of the pattern can equal": such a character can only be
 *   absorbed by a `*`, and whatever the hole holds, that `*` absorbs it too.
 *
 * matchSome is a bit-parallel simulation of the pattern's automaton over the template (Shift-And with wildcards):
 * O(template length × ⌈pattern length / 32⌉) with no backtracking, whatever the input.
 */
export const HOLE_ANY = "\uE000";
export const HOLE_SEG = "\uE001";
export const HOLE_CHAR = "\uE002";
export const HOLE_NODOT = "\uE003";
export const HOLE_UNKNOWN = "\uE004";
/** Text without `/` or `.` (effects read a glob `*` after a name this way: see match/callSubjects.effectPath). */
export const HOLE_NOEXT = "\uE005";
/** Everything below a directory a command writes recursively (`cp -r x dir`, `tar -x -C dir`): kept by effects. */
export const HOLE_BELOW = "\uE006";
/**
 * Text a program reads at run time from its input (xargs' stdin or `-a` file, parallel's `::::` files) when the
 * command line does not say what it is: any text, and — unlike HOLE_ANY, which effects read as empty (an unset
 * variable) — in an effect path any path at all, so a restricting rule fires where some input would make it match.
 * It occurs only in word values (the words' text holds HOLE_ANY), so permission rules read it as any text.
 */
export const HOLE_INPUT = "\uE007";
/**
 * The hole codes from `first` to `last` (consecutive code points) as the body of a regex character class: the one
 * place hole ranges are spelt, so every other module names the holes it means (`holeRange(HOLE_ANY, HOLE_UNKNOWN)`).
 */
export const holeRange = (first: string, last: string): string => `${first}-${last}`;
const HOLE_RE = new RegExp(`[${holeRange(HOLE_ANY, HOLE_INPUT)}]`);
const HOLE_RE_G = new RegExp(HOLE_RE.source, "g");
/** Is this UTF-16 unit a hole? */
export const isHoleCode = (c: number): boolean => c >= FIRST_HOLE && c <= LAST_HOLE;
const FIRST_HOLE = HOLE_ANY.charCodeAt(0);
const LAST_HOLE = HOLE_INPUT.charCodeAt(0);
const LAST_WORD_HOLE = HOLE_UNKNOWN.charCodeAt(0);

/** The holes a word's unknown text leaves (HOLE_ANY to HOLE_UNKNOWN; not the effect-only NOEXT, BELOW, INPUT). */
const WORD_HOLE = new RegExp(`[${holeRange(HOLE_ANY, HOLE_UNKNOWN)}]`);
/** The same, every one (for `replace`). */
export const WORD_HOLES_G = new RegExp(WORD_HOLE.source, "g");
/** Does the text hold a word hole (some of it unknown)? */
export const hasWordHole = (s: string): boolean => WORD_HOLE.test(s);
const isWordHoleCode = (c: number): boolean => c >= FIRST_HOLE && c <= LAST_WORD_HOLE;
/** Does the text start with a word hole? */
export const startsWithWordHole = (s: string): boolean => isWordHoleCode(s.charCodeAt(0));
/** Is the text nothing but word holes (and not empty)? */
export function onlyWordHoles(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isWordHoleCode(s.charCodeAt(i))) return false;
  return s !== "";
}
/** Is the value unknown somewhere: a hole for any text or for an unknown value (HOLE_ANY, HOLE_UNKNOWN)? */
export const hasUnknownValue = (s: string): boolean => s.includes(HOLE_ANY) || s.includes(HOLE_UNKNOWN);

/** A placeholder variable that reads back as a hole: how holes survive being re-parsed inside a code string. */
export const HOLE_VARIABLE = "__hookgate_unknown__";
/** The same for HOLE_INPUT: a program's unknown input put into a code string (`xargs -I% sh -c 'rm -rf %'`). */
export const HOLE_INPUT_VARIABLE = "__hookgate_input__";

export const hasHoles = (s: string): boolean => HOLE_RE.test(s);

/** Literal text made safe to put in a template (private-use hole characters cannot be forged). */
export const literal = (s: string): string => (HOLE_RE.test(s) ? s.replace(HOLE_RE_G, "\uFFFD") : s);

/**
 * A file glob (`*.ts`, `src/**​/*.{ts,tsx}`, `.env*`) as a path template: `*` and `?` become holes (a `*` that starts
 * a segment never matches a hidden file), `**` directories are left out (the shallowest files it matches stand for
 * all: matching is by name at any depth anyway), `{a,b}` becomes one hole.
 */
export function globTemplate(glob: string): string {
  let g = literal(glob).replace(/(?:^|\/)\*\*(?:\/|$)/g, "/").replace(/\{[^}]*\}/g, HOLE_SEG);
  g = g.replace(/(^|\/)\*/g, `$1${HOLE_NODOT}`).replace(/\*/g, HOLE_SEG).replace(/\?/g, HOLE_CHAR);
  return g.replace(/^\/+/, glob.startsWith("/") ? "/" : "");
}

/** The template as a person would read it: every hole shown as `…`. */
export const displayTemplate = (s: string): string => (HOLE_RE.test(s) ? s.replace(HOLE_RE_G, "…") : s);

/** The template with every hole read as one character that no pattern literal equals (see matchEvery). */
export const opaque = (s: string): string => (HOLE_RE.test(s) ? s.replace(HOLE_RE_G, HOLE_ANY) : s);

/** A compiled wildcard pattern for matchSome: literal characters and `*` (any text). */
export interface SomePattern {
  /** Pattern length in tokens (consecutive stars merged). */
  readonly n: number;
  /** Bit i set when token i is `*`. */
  readonly star: Uint32Array;
  /** Bit i set when token i is a literal `/` (HOLE_SEG cannot produce one). */
  readonly slash: Uint32Array;
  /** For each literal character, the positions holding it. */
  readonly byChar: ReadonlyMap<number, Uint32Array>;
  readonly words: number;
}

/**
 * Compile pattern pieces (the literal texts between the stars: `p0 * p1 * … * pk`, as wildcardPieces makes them) for
 * matchSome.
 */
export function somePattern(pieces: readonly string[]): SomePattern {
  const tokens: (string | null)[] = [];
  pieces.forEach((piece, i) => {
    if (i > 0 && tokens[tokens.length - 1] !== null) tokens.push(null);
    for (const ch of piece) tokens.push(ch);
  });
  const n = tokens.length;
  const words = ((n + 1) >>> 5) + 1;
  const star = new Uint32Array(words);
  const slash = new Uint32Array(words);
  const byChar = new Map<number, Uint32Array>();
  tokens.forEach((t, i) => {
    const bit = 1 << (i & 31);
    const w = i >>> 5;
    if (t === null) {
      star[w]! |= bit;
      return;
    }
    if (t === "/") slash[w]! |= bit;
    // Characters are compared as UTF-16 units; a pattern's astral character becomes two tokens.
    for (let k = 0; k < t.length; k++) {
      const code = t.charCodeAt(k);
      let mask = byChar.get(code);
      if (!mask) byChar.set(code, (mask = new Uint32Array(words)));
      mask[w]! |= bit;
    }
  });
  return { n, star, slash, byChar, words };
}

const EMPTY = new Uint32Array(0);

/** D |= (D & star) << 1: a `*` may match nothing, so the position after it is reachable too. */
function closeStars(d: Uint32Array, p: SomePattern): void {
  let carry = 0;
  for (let w = 0; w < p.words; w++) {
    const s = d[w]! & p.star[w]!;
    const shifted = ((s << 1) | carry) >>> 0;
    carry = s >>> 31;
    d[w] = (d[w]! | shifted) >>> 0;
  }
}

/** Can some filling of the holes make `subject` match the pattern (every character consumed, pattern done)? */
export function matchSome(p: SomePattern, subject: string): boolean {
  const words = p.words;
  let d = new Uint32Array(words);
  let next = new Uint32Array(words);
  d[0] = 1;
  closeStars(d, p);
  for (let i = 0; i < subject.length; i++) {
    const code = subject.charCodeAt(i);
    if (code === 0xe000 || code === 0xe001 || code === 0xe003 || code === 0xe004 || code === 0xe006 || code === 0xe007) {
      // (HOLE_BELOW only occurs in effect paths, which never reach this matcher; read it as any text here.)
      // A hole can produce any text (HOLE_SEG: without `/`): from the lowest reachable position, every later one
      // is reachable (any stretch of the pattern matches some text), up to the first literal `/` for HOLE_SEG.
      let low = -1;
      for (let w = 0; w < words && low < 0; w++) if (d[w]! !== 0) low = (w << 5) + (31 - Math.clz32(d[w]! & -d[w]!));
      if (low < 0) return false;
      next.fill(0);
      const stop = p.n;
      if (code === 0xe001 || code === 0xe003) {
        // Every reachable position, each up to the next `/` literal after it (not beyond).
        for (let pos = low; pos <= p.n; pos++) {
          const reach = (d[pos >>> 5]! >>> (pos & 31)) & 1;
          if (!reach) continue;
          let q = pos;
          for (; q <= p.n; q++) {
            next[q >>> 5]! |= 1 << (q & 31);
            if (q < p.n && (p.slash[q >>> 5]! >>> (q & 31)) & 1) break;
          }
          pos = q;
        }
      } else {
        for (let q = low; q <= stop; q++) next[q >>> 5]! |= 1 << (q & 31);
      }
      [d, next] = [next, d];
      continue;
    }
    const mask = code === 0xe002 ? undefined : (p.byChar.get(code) ?? EMPTY);
    let carry = 0;
    let any = 0;
    for (let w = 0; w < words; w++) {
      const cur = d[w]!;
      // A literal at the current position consumes the character (→ position + 1); a star absorbs it (stays).
      // HOLE_CHAR is one character other than `/`: any literal but `/` consumes it.
      const lit = mask === undefined ? cur & ~p.star[w]! & ~p.slash[w]! : cur & (mask[w] ?? 0);
      const shifted = ((lit << 1) | carry) >>> 0;
      carry = lit >>> 31;
      next[w] = (shifted | (cur & p.star[w]!)) >>> 0;
      any |= next[w]!;
    }
    if (any === 0) return false;
    // Positions past the pattern's end are not states.
    const endWord = p.n >>> 5;
    next[endWord] = next[endWord]! & (p.n % 32 === 31 ? 0xffffffff : ((1 << ((p.n & 31) + 1)) - 1) >>> 0);
    for (let w = endWord + 1; w < words; w++) next[w] = 0;
    closeStars(next, p);
    [d, next] = [next, d];
  }
  return ((d[p.n >>> 5]! >>> (p.n & 31)) & 1) === 1;
}
