/**
 * The quote- and escape-aware scan every dialect reader needs: walk a command line's text and see only the
 * characters that are outside quotes and not escaped (to find the bracket that closes `$(`, or the first unquoted
 * `{`). Each dialect says what its quotes and escapes are (QuoteSyntax); the loop is written once.
 */

/** A dialect's quoting, as the scan needs it. */
interface QuoteSyntax {
  /** The character that makes the next one literal outside quotes, if the dialect has one there. */
  readonly escape: string | undefined;
  /** The quote characters (each closes itself), with the escape character honoured inside each, if any. */
  readonly quotes: Readonly<Record<string, string | undefined>>;
}

/** Bash's quotes as hookgate's tolerant readers take them: a backslash escapes the next character everywhere. */
export const BASH_QUOTES: QuoteSyntax = { escape: "\\", quotes: { "'": "\\", '"': "\\" } };

/** PowerShell's: `'…'` takes nothing as an escape, a backtick escapes inside `"…"`. */
export const POWERSHELL_QUOTES: QuoteSyntax = { escape: undefined, quotes: { "'": undefined, '"': "`" } };

/**
 * Calls `visit` with each character of `src` from `from` on that is outside quotes and not escaped, until `visit`
 * returns true; returns that character's index, or `src.length` when none did. The quote characters themselves
 * are not visited.
 */
export function scanUnquoted(src: string, from: number, syntax: QuoteSyntax, visit: (c: string, i: number) => boolean): number {
  let quote: string | undefined;
  for (let i = from; i < src.length; i++) {
    const c = src[i]!;
    if (quote !== undefined) {
      if (c === syntax.quotes[quote]) i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === syntax.escape) {
      i++;
      continue;
    }
    if (Object.hasOwn(syntax.quotes, c)) {
      quote = c;
      continue;
    }
    if (visit(c, i)) return i;
  }
  return src.length;
}

/**
 * Where the bracket that opens at `open` (`(`, `{` or `[`) closes, counting nested brackets of its kind outside
 * quotes; `src.length` when it does not.
 */
export function closingBracket(src: string, open: number, syntax: QuoteSyntax): number {
  const o = src[open]!;
  const c = o === "(" ? ")" : o === "{" ? "}" : "]";
  let depth = 0;
  return scanUnquoted(src, open, syntax, (ch) => {
    if (ch === o) depth++;
    else if (ch === c && --depth === 0) return true;
    return false;
  });
}
