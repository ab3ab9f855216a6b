/**
 * Linear-time pattern primitives for tenant-supplied text.
 *
 * Nothing here builds a backtracking JS `RegExp` from tenant text:
 * - {@link compileRegex} compiles with re2js (RE2 semantics: no backreferences or lookaround, guaranteed
 *   linear-time matching).
 * - {@link compileWildcard} matches `*` patterns (e.g. Bash permission rules) without any regex at all.
 *
 * Wildcard algorithm: the pattern is split on its unescaped `*` into literal pieces `p0 * p1 * … * pk`.
 * A subject matches iff it starts with `p0`, ends with `pk`, and the middle pieces occur in order,
 * non-overlapping, in between. Taking the leftmost occurrence of each middle piece is optimal (a later
 * occurrence can only leave less room for the rest), so there is no backtracking: the cost is a single
 * left-to-right pass of `indexOf` calls, O(n·m) in the worst case for a subject of length n and a pattern of
 * length m (and O(n) in practice).
 */
import { RE2JS } from "re2js";
import { translateJsRegex } from "./portableRegex";
import { ok, err, type Result } from "../result";

interface StringTest {
  test(s: string): boolean;
}

/** A compiled tenant regex (see {@link compileRegex}). */
export type LinearRegex = StringTest;

interface RegexOptions {
  ignoreCase?: boolean;
  /** `.` also matches newlines. */
  dotAll?: boolean;
  /** `^`/`$` match at line boundaries. */
  multiline?: boolean;
}

/** Longest regex source accepted; longer sources are rejected at compile time. */
const MAX_REGEX_SOURCE = 4096;
/** Largest compiled program accepted (RE2's own rough cost measure; `a{1000}` is ~1000). */
const MAX_REGEX_PROGRAM = 20_000;

/**
 * Compiles a tenant regex (JavaScript syntax, as written in a policy) for unanchored search, like
 * `new RegExp(src).test(s)`, but evaluated by re2js in linear time. Constructs RE2 cannot run in linear time
 * (backreferences, lookahead, lookbehind) are rejected with a message.
 */
export function compileRegex(src: string, opts: RegexOptions = {}): Result<StringTest, string> {
  if (typeof src !== "string") return err("regex must be a string");
  if (src.length > MAX_REGEX_SOURCE) return err(`regex is longer than ${MAX_REGEX_SOURCE} characters`);
  let flags = 0;
  if (opts.ignoreCase) flags |= RE2JS.CASE_INSENSITIVE;
  if (opts.dotAll) flags |= RE2JS.DOTALL;
  if (opts.multiline) flags |= RE2JS.MULTILINE;
  const portable = translateJsRegex(src);
  if (!portable.ok) return err(`regex /${clip(src)}/ is not portable: ${portable.error}`);
  try {
    const re = RE2JS.compile(portable.value, flags);
    if (re.programSize() > MAX_REGEX_PROGRAM) return err(`regex /${clip(src)}/ is too large`);
    return ok({
      test(s: string): boolean {
        try {
          return re.test(s);
        } catch {
          return false;
        }
      },
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return err(`invalid regex /${clip(src)}/: ${msg} (hookgate uses RE2 syntax: no backreferences or lookaround)`);
  }
}

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

interface WildcardOptions {
  /** Compare case-insensitively (both sides lower-cased). Default false. */
  ignoreCase?: boolean;
  /**
   * Backslash escapes as in Claude Code's Bash rules: `\*` is a literal star and `\\` a literal backslash;
   * any other backslash is literal. Default true. When false, every `*` is a wildcard.
   */
  escapes?: boolean;
  /**
   * Claude Code's Bash rule quirk: when the pattern ends in ` *` and that is its only wildcard, the trailing
   * space and arguments are optional (`git *` matches `git`). Default false.
   */
  trailingSpaceStarOptional?: boolean;
}

export interface Wildcard extends StringTest {
  /** The pattern as given. */
  readonly source: string;
  /** Number of unescaped `*` (0 = exact string comparison after escape processing). */
  readonly stars: number;
  /** The literal pieces between the stars (after escape processing and case folding). */
  readonly pieces: readonly string[];
}

/** Splits a pattern on its unescaped stars, resolving `\*` and `\\` when `escapes` is set. */
export function wildcardPieces(pattern: string, escapes = true): string[] {
  const pieces: string[] = [];
  let cur = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (escapes && c === "\\" && i + 1 < pattern.length) {
      const n = pattern[i + 1]!;
      if (n === "*" || n === "\\") {
        cur += n;
        i++;
        continue;
      }
    }
    if (c === "*") {
      pieces.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  pieces.push(cur);
  return pieces;
}

/** Tests `s` against pieces `p0 * p1 * … * pk` (see the module comment for the algorithm). */
function matchPieces(pieces: readonly string[], s: string): boolean {
  const k = pieces.length - 1;
  const first = pieces[0]!;
  if (k === 0) return s === first;
  const last = pieces[k]!;
  if (s.length < first.length + last.length) return false;
  if (!s.startsWith(first)) return false;
  const end = s.length - last.length;
  if (!s.endsWith(last)) return false;
  let pos = first.length;
  for (let i = 1; i < k; i++) {
    const p = pieces[i]!;
    if (p === "") continue;
    const at = s.indexOf(p, pos);
    if (at < 0 || at + p.length > end) return false;
    pos = at + p.length;
  }
  return true;
}

export function compileWildcard(pattern: string, opts: WildcardOptions = {}): Wildcard {
  const ignoreCase = opts.ignoreCase ?? false;
  const raw = wildcardPieces(pattern, opts.escapes ?? true);
  const pieces = ignoreCase ? raw.map((p) => p.toLowerCase()) : raw;
  const stars = pieces.length - 1;
  // `git *` also matches bare `git`.
  const bare =
    opts.trailingSpaceStarOptional && stars === 1 && pieces[1] === "" && pieces[0]!.endsWith(" ")
      ? pieces[0]!.slice(0, -1)
      : undefined;
  return {
    source: pattern,
    stars,
    pieces,
    test(s: string): boolean {
      const subject = ignoreCase ? s.toLowerCase() : s;
      if (bare !== undefined && subject === bare) return true;
      return matchPieces(pieces, subject);
    },
  };
}
