/**
 * Two ways of reading Bash that never fail and run in linear time, for text the parser cannot or should not take.
 *
 * - {@link tokenizeFallback}: a quote-aware tokenizer. It knows quotes, backslashes, `$VAR`/`${…}`/`$(…)`/backticks
 *   (holes; substitutions are read as scripts of their own), unquoted globs, comments, redirections, here-docs
 *   (their bodies skipped to the delimiter line and kept as the command's stdin), and the list and pipe operators.
 *   It is what reads input that is too long or too deeply nested for the parser, and it also reads text the parser
 *   reported an error in.
 * - {@link naiveFallback}: splits on every operator and bracket with NO regard to quoting, so that nothing a
 *   forgiving shell might run is hidden inside a quote the parser misread. Stricter at the cost of junk commands;
 *   used only where the parser reported an error.
 */
import { BASH_QUOTES, closingBracket } from "../words/scan";
import type { ShellRedirect, ShellWord } from "../model";
import type { Builder } from "../builder";
import { followCode } from "./followCode";
import { HOLE_ANY, HOLE_CHAR, HOLE_NODOT, HOLE_SEG, HOLE_UNKNOWN, literal } from "../words/template";

interface Tok {
  text: string;
  value: string;
  raw: string;
  quoted: boolean;
  onlyExpansion: boolean;
  substs: number[];
}

const newTok = (): Tok => ({ text: "", value: "", raw: "", quoted: false, onlyExpansion: true, substs: [] });
const toWord = (t: Tok): ShellWord => ({
  text: t.text,
  value: t.value,
  raw: t.raw,
  splits: !t.quoted && t.onlyExpansion && t.text !== "",
  procsub: undefined,
  substs: t.substs,
});

const isSpace = (c: string) => c === " " || c === "\t";
const NAME = /[A-Za-z0-9_]/;
/** Characters the tokenizer's main loop decides on; every other character is plain text. */
const SPECIAL = /[\s\\'"$`#;&|(){}<>*?]/;

export function tokenizeFallback(b: Builder, src: string, scriptIndex: number, depth: number): void {
  const n = src.length;
  let words: ShellWord[] = [];
  let redirects: ShellRedirect[] = [];
  let stdin: string[] = [];
  let tok: Tok | undefined;
  let pendingRedirect: { op: string; fd: number | undefined } | undefined;
  const heredocs: { delim: string; strip: boolean; into: string[] }[] = [];
  let cmdStart = 0;
  let pipe: { id: number; index: number } | undefined;
  /** A limit was reached: what was read so far is dropped (the analysis is truncated) and reading stops. */
  let stop = false;

  const nested = (inner: string): number => {
    const si = b.newScript({ command: b.commands.length, how: "subst" }, depth + 1);
    // A substitution is read again as a script: its text counts against the characters parsed, so nesting
    // (`$($($(…` left open, each level scanning to the end) stays linear in the input.
    b.parsedChars += inner.length;
    if (depth + 1 > b.limits.maxDepth || b.full) b.truncated = true;
    else tokenizeFallback(b, inner, si, depth + 1);
    return si;
  };
  const endWord = () => {
    if (!tok) return;
    if (!b.roomFor(words.length + 1)) {
      tok = undefined;
      stop = true;
      return;
    }
    const w = toWord(tok);
    tok = undefined;
    if (pendingRedirect) {
      redirects.push({ op: pendingRedirect.op, fd: pendingRedirect.fd, target: w });
      pendingRedirect = undefined;
    } else words.push(w);
  };
  const endCommand = (end: number, next: "list" | "pipe") => {
    endWord();
    if ((words.length > 0 || redirects.length > 0) && !b.full) {
      if (next === "pipe" && !pipe) pipe = { id: b.newPipe(), index: 0 };
      const index = b.addCommand({
        words,
        redirects,
        stdin,
        raw: src.slice(cmdStart, end).replace(/\s+/g, " ").trim(),
        script: scriptIndex,
        pipe,
        origin: "fallback",
        dialect: "bash",
      });
      followCode(b, index, new Map(), depth);
    }
    pipe = next === "pipe" && pipe ? { id: pipe.id, index: pipe.index + 1 } : undefined;
    words = [];
    redirects = [];
    stdin = [];
  };
  const cur = (): Tok => (tok ??= newTok());
  const add = (text: string, value: string, raw: string, quoted: boolean, expansion: boolean) => {
    const t = cur();
    t.text += text;
    t.value += value;
    t.raw += raw;
    if (quoted) t.quoted = true;
    if (!expansion) t.onlyExpansion = false;
  };
  /** `$…` at i: returns the index after it. */
  const dollar = (i: number, quoted: boolean): number => {
    const next = src[i + 1];
    if (next === "(") {
      const close = closingBracket(src, i + 1, BASH_QUOTES);
      const si = nested(src.slice(i + 2, close));
      cur().substs.push(si);
      add(HOLE_ANY, HOLE_ANY, src.slice(i, close + 1), quoted, true);
      return close + 1;
    }
    if (next === "{") {
      const close = src.indexOf("}", i + 2);
      const end = close < 0 ? n : close + 1;
      const inner = src.slice(i + 2, end - 1);
      const home = /^HOME(?::?[-?].*)?$/.test(inner);
      add(HOLE_ANY, home ? "~" : /^[A-Za-z_][A-Za-z0-9_]*:?\?/.test(inner) ? HOLE_UNKNOWN : HOLE_ANY, src.slice(i, end), quoted, true);
      return end;
    }
    if (next === "'" && !quoted) {
      const close = src.indexOf("'", i + 2);
      const end = close < 0 ? n : close + 1;
      add(literal(src.slice(i + 2, end - 1)), literal(src.slice(i + 2, end - 1)), src.slice(i, end), true, false);
      return end;
    }
    let j = i + 1;
    if (j < n && /[#?$!@*0-9-]/.test(src[j]!)) j++;
    else while (j < n && NAME.test(src[j]!)) j++;
    if (j === i + 1) {
      add("$", "$", "$", quoted, false);
      return i + 1;
    }
    const name = src.slice(i + 1, j);
    add(HOLE_ANY, name === "HOME" ? "~" : HOLE_ANY, src.slice(i, j), quoted, true);
    return j;
  };

  let i = 0;
  let lineHasHeredoc = false;
  while (i < n) {
    if (stop || b.full) return;
    const c = src[i]!;
    if (c === "\n") {
      endCommand(i, "list");
      i++;
      if (lineHasHeredoc) {
        // Here-doc bodies follow this line, each up to its delimiter line.
        for (const h of heredocs) {
          const lines: string[] = [];
          while (i < n) {
            const eol = src.indexOf("\n", i);
            const line = src.slice(i, eol < 0 ? n : eol);
            i = eol < 0 ? n : eol + 1;
            if ((h.strip ? line.replace(/^\t+/, "") : line) === h.delim) break;
            lines.push(line);
          }
          h.into.push(literal(lines.join("\n")));
        }
        heredocs.length = 0;
        lineHasHeredoc = false;
      }
      cmdStart = i;
      continue;
    }
    if (isSpace(c)) {
      endWord();
      i++;
      continue;
    }
    if (c === "\\") {
      if (src[i + 1] === "\n") {
        i += 2;
        continue;
      }
      const ch = src[i + 1] ?? "";
      add(literal(ch), literal(ch), src.slice(i, i + 2), true, false);
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = src.indexOf("'", i + 1);
      const end = close < 0 ? n : close + 1;
      const body = literal(src.slice(i + 1, close < 0 ? n : close));
      add(body, body, src.slice(i, end), true, false);
      i = end;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      cur().quoted = true;
      while (j < n && src[j] !== '"' && !b.full) {
        const d = src[j]!;
        if (d === "\\" && j + 1 < n) {
          const e = src[j + 1]!;
          const keep = e === "$" || e === "`" || e === '"' || e === "\\" ? e : `\\${e}`;
          if (e !== "\n") add(literal(keep), literal(keep), src.slice(j, j + 2), true, false);
          j += 2;
        } else if (d === "$") j = dollar(j, true);
        else if (d === "`") {
          const close = src.indexOf("`", j + 1);
          const end = close < 0 ? n : close;
          cur().substs.push(nested(src.slice(j + 1, end)));
          add(HOLE_ANY, HOLE_ANY, src.slice(j, end + 1), true, true);
          j = end + 1;
        } else {
          add(literal(d), literal(d), d, true, false);
          j++;
        }
      }
      i = j + 1;
      continue;
    }
    if (c === "$") {
      i = dollar(i, false);
      continue;
    }
    if (c === "`") {
      const close = src.indexOf("`", i + 1);
      const end = close < 0 ? n : close;
      cur().substs.push(nested(src.slice(i + 1, end)));
      add(HOLE_ANY, HOLE_ANY, src.slice(i, end + 1), false, true);
      i = end + 1;
      continue;
    }
    if (c === "#" && !tok) {
      const eol = src.indexOf("\n", i);
      i = eol < 0 ? n : eol;
      continue;
    }
    if (c === ";" || c === "&" || c === "|") {
      const two = src.slice(i, i + 2);
      if (c === "&" && src[i + 1] === ">") {
        endWord();
        const op = src[i + 2] === ">" ? "&>>" : "&>";
        pendingRedirect = { op, fd: undefined };
        i += op.length;
        continue;
      }
      const pipeOp = c === "|" && two !== "||";
      endCommand(i, pipeOp ? "pipe" : "list");
      i += two === "&&" || two === "||" || two === "|&" || two === ";;" ? 2 : 1;
      cmdStart = i;
      continue;
    }
    if (c === "(" || c === ")" || ((c === "{" || c === "}") && !tok && (src[i + 1] === undefined || /\s/.test(src[i + 1]!)))) {
      if (c === "(" && tok && src[i - 1] === "<") {
        // handled below as process substitution
      } else {
        endCommand(i, "list");
        i++;
        cmdStart = i;
        continue;
      }
    }
    if ((c === "<" || c === ">") && src[i + 1] === "(" && !tok) {
      const close = closingBracket(src, i + 1, BASH_QUOTES);
      const si = nested(src.slice(i + 2, close));
      const t = cur();
      t.text += "/dev/fd/63";
      t.value += "/dev/fd/63";
      t.raw += src.slice(i, close + 1);
      t.onlyExpansion = false;
      endWord();
      const w = words[words.length - 1];
      if (w) words[words.length - 1] = { ...w, procsub: si };
      i = close + 1;
      continue;
    }
    if (c === "<" || c === ">") {
      // A redirection; a number just before it is its descriptor.
      let fd: number | undefined;
      if (tok && /^[0-9]+$/.test(tok.raw) && !tok.quoted) {
        fd = Number(tok.raw);
        tok = undefined;
      } else endWord();
      if (src.startsWith("<<<", i)) {
        i += 3;
        pendingRedirect = { op: "<<<", fd };
        // A here-string is stdin text: take the next word as it comes.
        while (i < n && isSpace(src[i]!)) i++;
        const start = i;
        while (i < n && !/[\s;&|]/.test(src[i]!)) i++;
        stdin.push(literal(src.slice(start, i).replace(/^['"]|['"]$/g, "")));
        pendingRedirect = undefined;
        continue;
      }
      if (src.startsWith("<<", i)) {
        const strip = src[i + 2] === "-";
        i += strip ? 3 : 2;
        while (i < n && isSpace(src[i]!)) i++;
        const start = i;
        while (i < n && !/[\s;&|<>]/.test(src[i]!)) i++;
        const delim = src.slice(start, i).replace(/['"\\]/g, "");
        heredocs.push({ delim, strip, into: stdin });
        lineHasHeredoc = true;
        continue;
      }
      const op = /^(>>|>\||>&|<&|<>|>|<)/.exec(src.slice(i, i + 2))![1]!;
      pendingRedirect = { op, fd };
      i += op.length;
      continue;
    }
    if (c === "*") {
      const atStart = !tok || tok.value === "" || tok.value.endsWith("/");
      add(atStart ? HOLE_NODOT : HOLE_SEG, atStart ? HOLE_NODOT : HOLE_SEG, c, false, false);
      i++;
      continue;
    }
    if (c === "?") {
      add(HOLE_CHAR, HOLE_CHAR, c, false, false);
      i++;
      continue;
    }
    // A run of ordinary characters at once (one string, not one per character).
    let j = i + 1;
    while (j < n && !SPECIAL.test(src[j]!)) j++;
    const run = src.slice(i, j);
    const lit = literal(run);
    add(lit, lit, run, false, false);
    i = j;
  }
  endCommand(n, "list");
}

/** The quote-unaware split (see the module comment): words are dequoted text, split on operators and brackets. */
export function naiveFallback(b: Builder, src: string, scriptIndex: number): void {
  const n = src.length;
  let start = 0;
  const flush = (end: number) => {
    if (end > start) naivePiece(b, src, start, end, scriptIndex);
  };
  for (let i = 0; i < n; i++) {
    if (b.full) return;
    const c = src[i]!;
    let len = 0;
    if (c === ";" || c === "\n" || c === "\r" || c === "`" || c === "(" || c === ")" || c === "{" || c === "}") len = 1;
    else if (c === "&" || c === "|") len = src[i + 1] === c || (c === "|" && src[i + 1] === "&") ? 2 : 1;
    else if ((c === "$" || c === "<" || c === ">") && src[i + 1] === "(") len = 2;
    if (len > 0) {
      flush(i);
      i += len - 1;
      start = i + 1;
    }
  }
  flush(n);
}

function naivePiece(b: Builder, src: string, start: number, end: number, scriptIndex: number): void {
  const words: ShellWord[] = [];
  let i = start;
  while (i < end) {
    while (i < end && /\s/.test(src[i]!)) i++;
    if (i >= end) break;
    const ws = i;
    let v = "";
    while (i < end && !/\s/.test(src[i]!)) {
      const c = src[i]!;
      if (c === "\\" && i + 1 < end) {
        v += src[i + 1];
        i += 2;
        continue;
      }
      if (c !== "'" && c !== '"') v += c;
      i++;
    }
    if (v.startsWith("#")) break;
    if (!b.roomFor(words.length + 1)) return;
    const t = literal(v);
    words.push({ text: t, value: t, raw: src.slice(ws, i), splits: false, procsub: undefined, substs: [] });
  }
  if (words.length === 0 || words.every((w) => w.text === "")) return;
  // Keywords a naive split leaves in front of a command.
  while (words.length > 1 && NAIVE_KEYWORDS.has(words[0]!.text)) words.shift();
  b.addCommand({
    words,
    redirects: [],
    stdin: [],
    raw: src.slice(start, end).replace(/\s+/g, " ").trim(),
    script: scriptIndex,
    pipe: undefined,
    origin: "fallback",
    dialect: "bash",
  });
}

const NAIVE_KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "time", "coproc", "function"]);
