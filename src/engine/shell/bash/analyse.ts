/**
 * Bash (and POSIX sh) front end: parses a command line with unbash and records every simple command anywhere in
 * it — in lists and pipelines, `$(…)`, backticks, `<(…)`, subshells, groups, if/while/for/case bodies, functions,
 * `[[ ]]`, arithmetic, here-docs, and in the code strings commands run (`bash -c '…'`, `eval …`, `su -c '…'`,
 * a here-doc fed to a shell, `find … -exec … ;`, `xargs …`, `trap '…'`, `alias x='…'`, `watch '…'`).
 *
 * Words become templates (template.ts): quotes removed, expansions and unquoted globs as holes. A variable the same
 * script assigned a literal (`X=/; rm -rf $X`) and a `for` loop over literal words are filled in for the word's
 * `value`; `$HOME` reads as `~` there.
 *
 * Work is bounded by counts (ShellLimits): characters parsed, nesting depth, commands, syntax nodes. Input that
 * would make the parser slow (very long, deeply bracketed, many here-doc openers) is not given to it; the tolerant
 * tokenizer of fallback.ts reads it instead, as it also does wherever the parser reports an error. When a cap is
 * hit the analysis says `truncated`, and restricting rules treat the command as unexamined (see evaluate.ts).
 *
 * This module parses; walker.ts walks the syntax tree, words.ts works out what words stand for, followCode.ts
 * follows the code commands run, and fallback.ts reads what the parser cannot.
 */
import { parse, type ParsedScript } from "unbash";
import type { Builder, Scope } from "../builder";
import { naiveFallback, tokenizeFallback } from "./fallback";
import { Walker } from "./walker";

/** Below this many characters unbash is fast on any input we measured; above it, the tolerant tokenizer. */
const MAX_PARSER_INPUT = 64 * 1024;
/** Bracket nesting beyond which unbash's lazy sub-parses would cost O(length) per level. */
const MAX_BRACKET_NESTING = 32;
/** unbash scans ahead for every here-doc opener; many of them make it quadratic. */
const MAX_HEREDOC_OPENERS = 64;

/** Parse `src` as script `scriptIndex` and record its commands. */
export function analyseScript(b: Builder, src: string, scriptIndex: number, depth: number, scope: Scope): void {
  if (depth > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
  if (src.trim() === "") return;
  b.parsedChars += src.length;
  if (b.parsedChars > b.limits.maxParsedChars) {
    b.truncated = true;
    return;
  }
  if (!parserSafe(src)) {
    // Too long or too pathological for the parser: the linear tokenizer reads it.
    b.parseErrors = true;
    tokenizeFallback(b, src, scriptIndex, depth);
    return;
  }
  let script: ParsedScript;
  try {
    script = parse(src);
  } catch {
    b.parseErrors = true;
    tokenizeFallback(b, src, scriptIndex, depth);
    naiveFallback(b, src, scriptIndex);
    return;
  }
  const walker = new Walker(b, src, scriptIndex, depth);
  walker.list(script.commands, scope, undefined);
  if (walker.errors || script.errors?.length) {
    // Where the parser gave up, a shell might not: read the text the tolerant ways too (stricter, never laxer).
    b.parseErrors = true;
    tokenizeFallback(b, src, scriptIndex, depth);
    naiveFallback(b, src, scriptIndex);
  }
}

function parserSafe(src: string): boolean {
  if (src.length > MAX_PARSER_INPUT) return false;
  let nesting = 0;
  let heredocs = 0;
  let backslashes = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 40 /* ( */ || c === 123 /* { */) {
      if (++nesting > MAX_BRACKET_NESTING) return false;
    } else if ((c === 41 || c === 125) && nesting > 0) nesting--;
    else if (c === 60 /* < */ && src.charCodeAt(i + 1) === 60 && src.charCodeAt(i + 2) !== 60) {
      if (++heredocs > MAX_HEREDOC_OPENERS) return false;
      i++;
    } else if (c === 96 /* ` */ && backslashes > 32) return false;
    backslashes = c === 92 ? backslashes + 1 : 0;
  }
  return true;
}
