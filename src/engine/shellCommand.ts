/**
 * Splits a shell command into the simple commands a permission rule is checked against (contract §3.2/§3.3,
 * hookgate spec §3.2 — stricter than the client).
 *
 * Bash:
 * - The command is parsed with unbash. Every simple command anywhere in the tree is a subject: the parts of
 *   `&&`, `||`, `;`, `|`, `|&`, `&` and newline lists; the insides of `$()`, backticks, `<()`/`>()`,
 *   `( )`, `{ }`, if/while/for/case bodies, function bodies, `[[ ]]`, arithmetic, here-docs and parameter
 *   expansions.
 * - Command strings are parsed and recursed into too: `bash|sh|zsh|dash|ksh|… -c '…'`, `su -c '…'`,
 *   `eval …`, `env -S '…'`, a here-doc / here-string fed to a shell, and `find … -exec … ;` / `fd -x …`.
 * - Leading `VAR=value` assignments and the wrappers `timeout`, `time`, `nice`, `nohup`, `stdbuf`,
 *   `command`, `builtin`, `noglob`, `exec`, `env`, `sudo`, `doas`, `xargs` (all with their options) are
 *   stripped, repeatedly. A wrapper is recognised by its basename (`/usr/bin/env`).
 * - Each subject is tested in several forms, and a rule matches it if ANY form matches: for every stage of
 *   stripping (original, without assignments, without each wrapper in turn) the dequoted words joined by
 *   single spaces (`rm -rf "/"` → `rm -rf /`) and the raw source text from that word on; plus, for the final
 *   stage, the same words with the command's directory removed (`/bin/rm -rf /` → `rm -rf /`). Keeping the
 *   unstripped stages means a rule about the wrapper itself (`Bash(sudo *)`) still matches.
 * - Where unbash reports a syntax error (or throws), a naive split of the raw text is added as well: it splits
 *   on the list operators and on `$(`, `<(`, `>(`, backticks, parentheses and braces WITHOUT regard to
 *   quoting, so nothing is let through unparsed (at the cost of some junk subjects).
 * - Work is bounded: at most {@link MAX_DEPTH} nested scripts, {@link MAX_SUBJECTS} subjects, caps on visited
 *   AST nodes, tree depth and total characters parsed (nested `eval eval …`); input whose bracket nesting is
 *   pathological (> 32, counted naively) is not given to unbash at all, whose lazy sub-parses would cost
 *   O(length) per level. When a cap is hit the result is `truncated`: the naive split of the whole command is
 *   added (so a command nested below the depth cap is still seen) and then the whole raw command as one
 *   more subject. Nothing recurses without a depth bound, so the stack can't overflow; unbash exceptions are
 *   caught and handled like parse errors. Worst cases on 64 KiB adversarial input are tens of milliseconds
 *   (dominated by unbash's own parse); ordinary commands take a few microseconds.
 *
 * PowerShell (no parser available): a quote-aware tokenizer splits on `;`, `|`, `&&`, `||`, `&`, newlines,
 * parentheses, braces, `$(`/`@(`/`@{` and recurses into `"…$(…)…"`, `Invoke-Expression`/`iex` arguments,
 * `powershell`/`pwsh -Command`/`-EncodedCommand` and `cmd /c`. Forms are lower-cased (PowerShell rules are
 * case-insensitive) and common aliases get an extra canonical form (`rm` → `remove-item`).
 */
import { parse, forEachChild } from "unbash";
import type { Command, SyntaxNode } from "unbash";

export type ShellDialect = "bash" | "powershell";

export interface ShellSubject {
  /** Human-readable: the final stripped command, dequoted words joined by single spaces. */
  readonly display: string;
  /** Every string a rule is tested against (PowerShell: lower-cased). */
  readonly forms: readonly string[];
  /** `parsed` from the AST / tokenizer, `fallback` from the naive split, `whole` the entire raw command. */
  readonly origin: "parsed" | "fallback" | "whole";
}

export interface ShellSplit {
  readonly subjects: readonly ShellSubject[];
  /** A work cap was hit (the whole raw command was added as a subject). */
  readonly truncated: boolean;
  /** Some part didn't parse cleanly (the naive split was added). */
  readonly parseErrors: boolean;
}

export interface SplitOptions {
  dialect?: ShellDialect;
  maxDepth?: number;
  maxSubjects?: number;
}

/** Nested scripts (substitutions, `-c` strings, …) followed at most. */
export const MAX_DEPTH = 16;
/** Subjects produced at most (beyond that: truncated + whole command). */
export const MAX_SUBJECTS = 256;
const MAX_NODES = 10_000;
/** Total characters parsed across nested command strings (`eval eval eval …`): four times the input cap. */
const MAX_PARSED_CHARS = 4 * 65_536;
const MAX_TREE_DEPTH = 200;
/** Bracket nesting (naively counted) beyond which unbash is not used at all: its lazy sub-parses cost
 *  O(length) per level, so deep nesting of a long input would be quadratic. */
const MAX_BRACKET_NESTING = 32;
const MAX_STAGES = 32;
const DISPLAY_MAX = 300;

interface W {
  /** Dequoted value. */
  v: string;
  pos: number;
  end: number;
}

class Collector {
  readonly subjects: ShellSubject[] = [];
  private readonly seen = new Set<string>();
  truncated = false;
  parseErrors = false;
  nodes = 0;
  /** Characters handed to the parser so far (all nesting levels); capped by MAX_PARSED_CHARS. */
  parsedChars = 0;
  /** The naive split of the top-level command was done. */
  naiveTop = false;
  constructor(
    readonly dialect: ShellDialect,
    readonly maxDepth: number,
    readonly maxSubjects: number,
  ) {}
  /** No room for more subjects: stop working (and report truncation). */
  get full(): boolean {
    if (this.subjects.length < this.maxSubjects) return false;
    this.truncated = true;
    return true;
  }
  add(s: ShellSubject): void {
    const key = s.forms.join("\u0000");
    if (this.seen.has(key)) return;
    if (this.subjects.length >= this.maxSubjects) {
      this.truncated = true;
      return;
    }
    this.seen.add(key);
    this.subjects.push(s);
  }
}

export function splitShellCommand(command: string, opts: SplitOptions = {}): ShellSplit {
  const dialect = opts.dialect ?? "bash";
  const col = new Collector(dialect, opts.maxDepth ?? MAX_DEPTH, opts.maxSubjects ?? MAX_SUBJECTS);
  const src = typeof command === "string" ? command : "";
  try {
    if (dialect === "powershell") analyzePowerShell(src, 0, col);
    else analyzeBash(src, 0, col);
  } catch {
    // Never throw for bad data: fall back to the naive split.
    col.parseErrors = true;
    try {
      naiveSplit(src, 0, col);
    } catch {
      col.truncated = true;
    }
  }
  if (col.truncated) {
    // A cap was hit: what was skipped may still show up in the naive split (e.g. a command nested deeper than
    // MAX_DEPTH), then the whole command as one more subject.
    if (dialect === "bash" && !col.naiveTop) {
      try {
        naiveSplit(src, 0, col);
      } catch {
        // ignore: the whole command is still added
      }
    }
    const whole = src.trim();
    const form = dialect === "powershell" ? whole.toLowerCase() : whole;
    col.subjects.push({ display: clip(whole), forms: [form], origin: "whole" });
  }
  if (col.subjects.length === 0) {
    // An empty or comment-only command: one empty subject, so a whole-tool rule still has something to match.
    col.subjects.push({ display: "", forms: [""], origin: "parsed" });
  }
  return { subjects: col.subjects, truncated: col.truncated, parseErrors: col.parseErrors };
}

function clip(s: string): string {
  return s.length > DISPLAY_MAX ? `${s.slice(0, DISPLAY_MAX - 1)}…` : s;
}

// ---------------------------------------------------------------------------------------------------------
// Bash

function analyzeBash(src: string, depth: number, col: Collector): void {
  if (depth > col.maxDepth) {
    col.truncated = true;
    return;
  }
  if (src.trim() === "") return;
  col.parsedChars += src.length;
  if (depth > 0 && col.parsedChars > MAX_PARSED_CHARS) {
    col.truncated = true;
    return;
  }
  if (tooDeep(src)) {
    // Don't hand pathological nesting to the parser: naive split, and the whole command as a subject.
    col.truncated = true;
    col.parseErrors = true;
    naiveSplit(src, depth, col);
    return;
  }
  let errors = false;
  try {
    const script = parse(src);
    const visit = (node: SyntaxNode, source: string, level: number, treeDepth: number): void => {
      if (col.full) return;
      if (++col.nodes > MAX_NODES || treeDepth > MAX_TREE_DEPTH) {
        col.truncated = true;
        return;
      }
      if (node.type === "Script") {
        if (node !== script) {
          level++;
          if (level > col.maxDepth) {
            col.truncated = true;
            return;
          }
        }
        if ((node as { errors?: readonly unknown[] }).errors?.length) errors = true;
        if (node.source !== undefined) source = node.source;
      }
      if (node.type === "Command") emitBashCommand(node, source, level, col);
      // Leaf-ish nodes: only descend (and make unbash resolve their parts) when they can hold a command.
      if (LEAFISH.has(node.type) && !mayHoldCommand(source, node.pos, node.end)) return;
      forEachChild(node, (child) => visit(child, source, level, treeDepth + 1));
    };
    visit(script, src, depth, 0);
  } catch {
    errors = true;
  }
  if (errors) {
    col.parseErrors = true;
    naiveSplit(src, depth, col);
  }
}

const LEAFISH = new Set(["Word", "Assignment", "Redirect", "HereString", "HereDocBody", "ArrayValue"]);

/** Does source[pos, end) contain `$(`, `<(`, `>(` or a backtick? */
function mayHoldCommand(source: string, pos: number, end: number): boolean {
  const t = source.slice(pos, end);
  return t.includes("`") || t.includes("$(") || t.includes("<(") || t.includes(">(");
}

/** Naive maximum nesting of `(`/`{` (quotes ignored) or of escaped backticks. */
function tooDeep(src: string): boolean {
  let depth = 0;
  let bs = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 40 /* ( */ || c === 123 /* { */) {
      if (++depth > MAX_BRACKET_NESTING) return true;
    } else if ((c === 41 /* ) */ || c === 125) /* } */ && depth > 0) depth--;
    else if (c === 96 /* ` */ && bs > 2 * MAX_DEPTH) return true;
    bs = c === 92 /* \ */ ? bs + 1 : 0;
  }
  return false;
}

function emitBashCommand(cmd: Command, source: string, level: number, col: Collector): void {
  const words: W[] = [];
  for (const p of cmd.prefix) {
    if (p.type === "Assignment") words.push({ v: assignmentValue(p), pos: p.pos, end: p.end });
  }
  if (cmd.name) words.push({ v: cmd.name.value, pos: cmd.name.pos, end: cmd.name.end });
  const stdin: string[] = [];
  for (const s of cmd.suffix) {
    if (s.type === "Word") words.push({ v: s.value, pos: s.pos, end: s.end });
    else if (s.type === "Assignment") words.push({ v: assignmentValue(s), pos: s.pos, end: s.end });
    else if (s.type === "HereDoc") stdin.push(s.body.text);
    else if (s.type === "HereString" && s.target) stdin.push(s.target.value);
  }
  // Redirects before the name (`<<EOF bash`) live in prefix.
  for (const p of cmd.prefix) {
    if (p.type === "HereDoc") stdin.push(p.body.text);
    else if (p.type === "HereString" && p.target) stdin.push(p.target.value);
  }
  emitWords(words, source, cmd.end, level, col, "parsed", stdin);
}

function assignmentValue(a: { text: string; name: string; value: unknown }): string {
  const v = a.value as { type?: string; value?: string } | undefined;
  if (v && v.type === "Word" && typeof v.value === "string") {
    const op = a.text.slice(a.name.length).startsWith("+=") ? "+=" : "=";
    const idx = a.text.indexOf(op);
    return idx >= 0 ? `${a.text.slice(0, idx)}${op}${v.value}` : a.text;
  }
  return a.text;
}

const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh", "ash", "mksh", "fish", "yash", "posh", "rbash", "busybox"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
const FALLBACK_KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "time", "coproc", "function"]);

function basename(v: string): string {
  const i = v.lastIndexOf("/");
  return i >= 0 && i < v.length - 1 ? v.slice(i + 1) : v;
}

interface OptSpec {
  /** Short options that take a separate (or attached) argument. */
  argShort: string;
  /** Long options (without `--`) that take a separate argument when written without `=`. */
  argLong?: readonly string[];
}

/** Skips options from words[i]; returns the index of the first non-option word. */
function skipOptions(words: readonly W[], i: number, spec: OptSpec, onArg?: (opt: string, value: string) => void): number {
  while (i < words.length) {
    const w = words[i]!.v;
    if (w === "--") return i + 1;
    if (w.startsWith("--") && w.length > 2) {
      const eq = w.indexOf("=");
      const name = eq >= 0 ? w.slice(2, eq) : w.slice(2);
      if (eq >= 0) {
        onArg?.(name, w.slice(eq + 1));
        i++;
      } else if (spec.argLong?.includes(name)) {
        onArg?.(name, words[i + 1]?.v ?? "");
        i += 2;
      } else i++;
      continue;
    }
    if (w.startsWith("-") && w.length > 1) {
      let consumed = 1;
      for (let j = 1; j < w.length; j++) {
        const ch = w[j]!;
        if (spec.argShort.includes(ch)) {
          if (j < w.length - 1) onArg?.(ch, w.slice(j + 1));
          else {
            onArg?.(ch, words[i + 1]?.v ?? "");
            consumed = 2;
          }
          break;
        }
      }
      i += consumed;
      continue;
    }
    return i;
  }
  return i;
}

function skipAssignments(words: readonly W[], i: number): number {
  while (i < words.length && ASSIGNMENT.test(words[i]!.v)) i++;
  return i;
}

const DURATION = /^[0-9]*\.?[0-9]+[smhd]?$/;

/**
 * Strips one layer (assignments or one wrapper with its options) starting at words[i]. Returns the new start
 * index (=== i when there is nothing to strip). Command strings found on the way (env -S) go to `nested`.
 */
function stripOnce(words: readonly W[], i: number, fallback: boolean, nested: string[]): number {
  const first = words[i];
  if (!first) return i;
  if (ASSIGNMENT.test(first.v)) return skipAssignments(words, i);
  const name = basename(first.v);
  if (fallback && FALLBACK_KEYWORDS.has(first.v)) return i + 1;
  switch (name) {
    case "timeout": {
      let j = skipOptions(words, i + 1, { argShort: "sk", argLong: ["signal", "kill-after"] });
      if (j < words.length && DURATION.test(words[j]!.v)) j++;
      return j;
    }
    case "time":
      return skipOptions(words, i + 1, { argShort: "fo", argLong: ["format", "output"] });
    case "nice":
      return skipOptions(words, i + 1, { argShort: "n", argLong: ["adjustment"] });
    case "nohup":
    case "builtin":
    case "noglob":
      return skipOptions(words, i + 1, { argShort: "" });
    case "command":
      return skipOptions(words, i + 1, { argShort: "" });
    case "exec":
      return skipOptions(words, i + 1, { argShort: "a" });
    case "stdbuf":
      return skipOptions(words, i + 1, { argShort: "ioe", argLong: ["input", "output", "error"] });
    case "env": {
      const j = skipOptions(
        words,
        i + 1,
        { argShort: "uCSP", argLong: ["unset", "chdir", "split-string", "default-signal", "ignore-signal", "block-signal"] },
        (opt, value) => {
          if (opt === "S" || opt === "split-string") nested.push(value);
        },
      );
      return skipAssignments(words, j);
    }
    case "sudo": {
      const j = skipOptions(words, i + 1, {
        argShort: "ugCDhprtTUR",
        argLong: ["user", "group", "close-from", "chdir", "prompt", "role", "type", "command-timeout", "other-user", "host", "chroot"],
      });
      return skipAssignments(words, j);
    }
    case "doas":
      return skipOptions(words, i + 1, { argShort: "uC" });
    case "xargs":
      return skipOptions(words, i + 1, {
        argShort: "nPILsdEa",
        argLong: ["max-args", "max-procs", "delimiter", "arg-file", "max-chars", "process-slot-var"],
      });
    default:
      return i;
  }
}

/**
 * Builds one subject from a simple command's words (all stripping stages), then follows the command strings
 * it runs (`sh -c`, `eval`, `find -exec`, …).
 */
function emitWords(
  words: readonly W[],
  source: string,
  end: number,
  level: number,
  col: Collector,
  origin: "parsed" | "fallback",
  stdin: readonly string[] = [],
): void {
  if (words.length === 0) return;
  const nested: string[] = [];
  const starts = [0];
  let i = 0;
  for (let guard = 0; guard < MAX_STAGES; guard++) {
    const n = stripOnce(words, i, origin === "fallback", nested);
    if (n === i || n >= words.length) break;
    i = n;
    starts.push(i);
  }
  const forms: string[] = [];
  const push = (f: string) => {
    if (!forms.includes(f)) forms.push(f);
  };
  let display = "";
  for (const s of starts) {
    const joined = joinWords(words, s);
    display = joined;
    push(joined);
    push(source.slice(words[s]!.pos, Math.max(end, words[s]!.end)).trim());
  }
  const last = starts[starts.length - 1]!;
  const head = words[last]!.v;
  if (head.includes("/") && !head.endsWith("/")) {
    push([basename(head), ...words.slice(last + 1).map((w) => w.v)].join(" "));
  }
  col.add({ display: clip(display), forms, origin });

  // Command strings this command runs.
  const rest = words.slice(last);
  followCommandStrings(rest, level, col, stdin, nested);
}

function joinWords(words: readonly W[], from: number): string {
  let s = "";
  for (let k = from; k < words.length; k++) s += (k > from ? " " : "") + words[k]!.v;
  return s;
}

function followCommandStrings(rest: readonly W[], level: number, col: Collector, stdin: readonly string[], nested: string[]): void {
  const name = basename(rest[0]!.v);
  if (SHELLS.has(name)) {
    let k = 1;
    if (name === "busybox" && rest[1] && SHELLS.has(basename(rest[1].v))) k = 2;
    else if (name === "busybox") k = rest.length;
    let cFlag = false;
    for (; k < rest.length; k++) {
      const w = rest[k]!.v;
      if (w === "--" || w === "-") {
        k++;
        break;
      }
      if (/^[-+][A-Za-z]+$/.test(w)) {
        if (w[0] === "-" && w.includes("c")) cFlag = true;
        if (/[oO]/.test(w)) k++;
        continue;
      }
      if (w.startsWith("--")) {
        if (w === "--rcfile" || w === "--init-file") k++;
        continue;
      }
      break;
    }
    if (k < rest.length) {
      if (cFlag) nested.push(rest[k]!.v);
    } else {
      // No script operand: the shell reads its script from stdin (a here-doc / here-string).
      nested.push(...stdin);
    }
  } else if (name === "eval") {
    if (rest.length > 1) nested.push(joinWords(rest, 1));
  } else if (name === "su") {
    for (let k = 1; k < rest.length; k++) {
      const w = rest[k]!.v;
      if ((w === "-c" || w === "--command") && rest[k + 1]) nested.push(rest[k + 1]!.v);
      else if (w.startsWith("--command=")) nested.push(w.slice("--command=".length));
    }
  } else if (name === "find") {
    for (let k = 1; k < rest.length; k++) {
      const w = rest[k]!.v;
      if (w === "-exec" || w === "-execdir" || w === "-ok" || w === "-okdir") {
        const start = k + 1;
        let e = start;
        while (e < rest.length && rest[e]!.v !== ";" && rest[e]!.v !== "+") e++;
        if (e > start) nested.push(joinQuoted(rest.slice(start, e)));
        k = e;
      }
    }
  } else if (name === "fd" || name === "fdfind") {
    for (let k = 1; k < rest.length; k++) {
      const w = rest[k]!.v;
      if (w === "-x" || w === "--exec" || w === "-X" || w === "--exec-batch") {
        let e = k + 1;
        while (e < rest.length && rest[e]!.v !== ";") e++;
        if (e > k + 1) nested.push(joinQuoted(rest.slice(k + 1, e)));
        k = e;
      }
    }
  }
  for (const s of nested) {
    if (col.full) return;
    analyzeBash(s, level + 1, col);
  }
}

/** Re-quotes words so that re-parsing yields the same words (used for `find -exec` argument lists). */
function joinQuoted(ws: readonly W[]): string {
  return ws.map((w) => (/^[A-Za-z0-9_@%+=:,./{}-]+$/.test(w.v) ? w.v : `'${w.v.replace(/'/g, `'\\''`)}'`)).join(" ");
}

// ---------------------------------------------------------------------------------------------------------
// Naive fallback split (not quote-aware; stricter)

function naiveSplit(src: string, level: number, col: Collector): void {
  if (level === 0) col.naiveTop = true;
  // Separators: list operators, newlines, and the openers/closers of substitutions, subshells and groups.
  const n = src.length;
  let pieceStart = 0;
  const flush = (pieceEnd: number) => {
    if (pieceEnd > pieceStart) naivePiece(src, pieceStart, pieceEnd, level, col);
  };
  for (let i = 0; i < n; i++) {
    if (col.full) return;
    const c = src[i]!;
    let sepLen = 0;
    if (c === ";" || c === "\n" || c === "\r" || c === "`" || c === "(" || c === ")" || c === "{" || c === "}") sepLen = 1;
    else if (c === "&" || c === "|") sepLen = src[i + 1] === c || (c === "|" && src[i + 1] === "&") ? 2 : 1;
    else if ((c === "$" || c === "<" || c === ">") && src[i + 1] === "(") sepLen = 2;
    if (sepLen > 0) {
      flush(i);
      i += sepLen - 1;
      pieceStart = i + 1;
    }
  }
  flush(n);
}

function naivePiece(src: string, start: number, end: number, level: number, col: Collector): void {
  const words: W[] = [];
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
    if (v.startsWith("#")) break; // comment
    words.push({ v, pos: ws, end: i });
  }
  if (words.every((w) => w.v === "")) return;
  emitWords(words, src, end, level, col, "fallback");
}

// ---------------------------------------------------------------------------------------------------------
// PowerShell (quote-aware tokenizer)

const PS_ALIASES: Record<string, string> = {
  ls: "get-childitem", dir: "get-childitem", gci: "get-childitem",
  rm: "remove-item", del: "remove-item", erase: "remove-item", rd: "remove-item", rmdir: "remove-item", ri: "remove-item",
  cat: "get-content", gc: "get-content", type: "get-content",
  cp: "copy-item", copy: "copy-item", cpi: "copy-item",
  mv: "move-item", move: "move-item", mi: "move-item",
  ren: "rename-item", rni: "rename-item",
  iwr: "invoke-webrequest", curl: "invoke-webrequest", wget: "invoke-webrequest",
  irm: "invoke-restmethod", iex: "invoke-expression", icm: "invoke-command",
  sc: "set-content", ac: "add-content", ni: "new-item", md: "mkdir",
  echo: "write-output", write: "write-output",
  cd: "set-location", sl: "set-location", chdir: "set-location", pwd: "get-location", gl: "get-location",
  ps: "get-process", gps: "get-process", kill: "stop-process", spps: "stop-process",
  start: "start-process", saps: "start-process",
  sp: "set-itemproperty", gp: "get-itemproperty", si: "set-item", gi: "get-item",
  sv: "set-variable", set: "set-variable", gv: "get-variable",
  "%": "foreach-object", foreach: "foreach-object", "?": "where-object", where: "where-object",
  select: "select-object", sort: "sort-object", measure: "measure-object",
  clear: "clear-host", cls: "clear-host", h: "get-history", history: "get-history",
};

function analyzePowerShell(src: string, depth: number, col: Collector): void {
  if (depth > col.maxDepth) {
    col.truncated = true;
    return;
  }
  const n = src.length;
  let words: W[] = [];
  let cur = "";
  let curStart = -1;
  let pieceEnd = 0;
  const nestedScripts: string[] = [];
  const flushWord = (at: number) => {
    if (curStart >= 0) {
      words.push({ v: cur, pos: curStart, end: at });
      pieceEnd = at;
    }
    cur = "";
    curStart = -1;
  };
  const endPiece = (at: number) => {
    flushWord(at);
    if (words.length > 0) emitPowerShell(words, src, pieceEnd, depth, col);
    words = [];
  };
  const begin = (at: number) => {
    if (curStart < 0) curStart = at;
  };
  let i = 0;
  while (i < n) {
    if (col.full) return;
    const c = src[i]!;
    if (c === " " || c === "\t") {
      flushWord(i);
      i++;
    } else if (c === "\n" || c === "\r" || c === ";" || c === "(" || c === ")" || c === "{" || c === "}") {
      endPiece(i);
      i++;
    } else if (c === "|" || c === "&") {
      endPiece(i);
      i += src[i + 1] === c ? 2 : 1;
    } else if ((c === "$" || c === "@") && (src[i + 1] === "(" || (c === "@" && src[i + 1] === "{"))) {
      endPiece(i);
      i += 2;
    } else if (c === "<" && src[i + 1] === "#") {
      endPiece(i);
      const close = src.indexOf("#>", i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === "#" && curStart < 0) {
      endPiece(i);
      while (i < n && src[i] !== "\n") i++;
    } else if (c === "`") {
      if (src[i + 1] === "\n" || (src[i + 1] === "\r" && src[i + 2] === "\n")) {
        // Line continuation.
        flushWord(i);
        i += src[i + 1] === "\r" ? 3 : 2;
      } else {
        begin(i);
        if (i + 1 < n) cur += src[i + 1];
        i += 2;
      }
    } else if (c === "'" || c === "\u2018" || c === "\u2019") {
      begin(i);
      i++;
      while (i < n) {
        const d = src[i]!;
        if (d === "'" || d === "\u2018" || d === "\u2019") {
          if (src[i + 1] === d) {
            cur += d;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cur += d;
        i++;
      }
    } else if (c === '"' || c === "\u201c" || c === "\u201d") {
      begin(i);
      i++;
      while (i < n) {
        const d = src[i]!;
        if (d === "`" && i + 1 < n) {
          cur += src[i + 1];
          i += 2;
          continue;
        }
        if (d === '"' || d === "\u201c" || d === "\u201d") {
          if (src[i + 1] === d) {
            cur += d;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (d === "$" && src[i + 1] === "(") {
          // Sub-expression inside a string: find its end by parenthesis depth (naive) and recurse.
          let depthP = 0;
          let j = i + 1;
          for (; j < n; j++) {
            if (src[j] === "(") depthP++;
            else if (src[j] === ")" && --depthP === 0) break;
          }
          nestedScripts.push(src.slice(i + 2, Math.min(j, n)));
          cur += src.slice(i, Math.min(j + 1, n));
          i = j + 1;
          continue;
        }
        cur += d;
        i++;
      }
    } else {
      begin(i);
      cur += c;
      i++;
    }
  }
  endPiece(n);
  for (const s of nestedScripts) {
    if (col.full) return;
    analyzePowerShell(s, depth + 1, col);
  }
}

function emitPowerShell(words: readonly W[], source: string, end: number, level: number, col: Collector): void {
  // Leading call / dot-source operators.
  let s = 0;
  while (s < words.length - 1 && (words[s]!.v === "." || words[s]!.v === "&")) s++;
  const ws = words.slice(s);
  const joined = ws.map((w) => w.v).join(" ");
  const forms: string[] = [];
  const push = (f: string) => {
    const l = f.toLowerCase();
    if (!forms.includes(l)) forms.push(l);
  };
  push(joined);
  push(source.slice(ws[0]!.pos, Math.max(end, ws[ws.length - 1]!.end)).trim());
  let head = ws[0]!.v.replace(/\\/g, "/");
  head = basename(head).toLowerCase().replace(/\.exe$/, "");
  const canonical = PS_ALIASES[head];
  const tail = ws.slice(1).map((w) => w.v);
  if (canonical) push([canonical, ...tail].join(" "));
  if (head !== ws[0]!.v.toLowerCase()) push([head, ...tail].join(" "));
  col.add({ display: clip(joined), forms, origin: "parsed" });

  const nested: string[] = [];
  const cmd = canonical ?? head;
  if (cmd === "invoke-expression") {
    if (tail.length > 0) nested.push(tail.filter((t) => !/^-command$/i.test(t)).join(" "));
  } else if (cmd === "powershell" || cmd === "pwsh") {
    for (let k = 1; k < ws.length; k++) {
      const w = ws[k]!.v.toLowerCase();
      if (/^[-/]c(o(m(m(a(n(d)?)?)?)?)?)?$/.test(w)) {
        nested.push(ws.slice(k + 1).map((x) => x.v).join(" "));
        break;
      }
      if (/^[-/]e(c|n(c(o(d(e(d(c(o(m(m(a(n(d)?)?)?)?)?)?)?)?)?)?)?)?)?$/.test(w) && ws[k + 1]) {
        const decoded = decodeUtf16Base64(ws[k + 1]!.v);
        if (decoded !== undefined) nested.push(decoded);
        break;
      }
      if (/^[-/]f(i(l(e)?)?)?$/.test(w)) break;
    }
  } else if (cmd === "cmd") {
    for (let k = 1; k < ws.length; k++) {
      if (/^\/[ck]$/i.test(ws[k]!.v)) {
        nested.push(ws.slice(k + 1).map((x) => x.v).join(" "));
        break;
      }
    }
  }
  for (const n of nested) {
    if (col.full) return;
    analyzePowerShell(n, level + 1, col);
  }
}

function decodeUtf16Base64(b64: string): string | undefined {
  try {
    const bin = atob(b64.replace(/\s+/g, ""));
    let out = "";
    for (let i = 0; i + 1 < bin.length; i += 2) out += String.fromCharCode(bin.charCodeAt(i) | (bin.charCodeAt(i + 1) << 8));
    return out;
  } catch {
    return undefined;
  }
}
