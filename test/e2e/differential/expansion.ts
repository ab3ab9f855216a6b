// The suite's own, independent answer to "could some expansion of this command make this Bash rule match?", used
// only to decide whether a LAX pair may be excused. It is written to over-approximate (when unsure, "it could"):
// a wrong "could" only refuses an excuse, a wrong "could not" would hide a real gap.
//
// Model: a command is split into simple commands (compound operators, subshells, groups, `$(…)`, backticks and
// `<(…)` bodies, `bash -c '…'` / `eval` strings); every `$VAR`, `${…}`, `$(…)`, `$((…))` and backtick part of a
// word is "any text" (a STAR). Each simple command yields several forms (raw, quotes removed, whitespace collapsed,
// leading assignments stripped, each wrapper prefix stripped, unquoted dynamic words dropped); a dynamic command
// word may be any command at all. A rule is a pattern (literal characters and STARs, per the client's wildcard,
// exact and legacy `:*` forms, whitespace collapsed). "Could match" = some rule pattern and some command form
// accept a common string (a product-automaton search, so STARs on both sides are handled exactly).
import { parse } from "unbash";

/** A wildcard element: any run (possibly empty) of characters it accepts. */
export interface Wild {
  readonly wild: string;
  accepts(c: string): boolean;
}
/** One element of a pattern: a literal character or a wildcard. */
export type Elem = string | Wild;
export type Pat = readonly Elem[];
/** Any text. */
export const STAR: Wild = { wild: "*", accepts: () => true };
/** Any run of digits. */
export const DIGITS: Wild = { wild: "[0-9]*", accepts: (c) => c >= "0" && c <= "9" };

const lit = (s: string): Elem[] => [...s];

/** Whether some string is accepted by both patterns. */
export function intersects(a: Pat, b: Pat): boolean {
  const seen = new Set<number>();
  const stack: [number, number][] = [[0, 0]];
  const w = b.length + 1;
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    const key = i * w + j;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    const x = i < a.length ? a[i] : undefined;
    const y = j < b.length ? b[j] : undefined;
    // A wildcard may match nothing more.
    if (typeof x === "object") stack.push([i + 1, j]);
    if (typeof y === "object") stack.push([i, j + 1]);
    if (x === undefined || y === undefined) continue;
    if (typeof x === "string" && typeof y === "string") {
      if (x === y) stack.push([i + 1, j + 1]);
    } else if (typeof y === "string") {
      if ((x as Wild).accepts(y)) stack.push([i, j + 1]); // x's wildcard eats y's character
    } else if (typeof x === "string") {
      if (y.accepts(x)) stack.push([i + 1, j]);
    }
    // Two wildcards: either may end first (the moves above); running on together gains nothing.
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// Rules

export type BashRuleShape =
  | { kind: "any" }
  /** A rule on another parameter (`run_in_background:true`): not about the command text. */
  | { kind: "param"; name: string; value: Pat }
  | { kind: "patterns"; patterns: Pat[]; namesMore: boolean; collapsed: string };

function splitRule(rule: string): { tool: string; content: string | undefined } {
  const r = rule.trim();
  let open = -1;
  for (let i = 0; i < r.length; i++)
    if (r[i] === "(" && r[i - 1] !== "\\") {
      open = i;
      break;
    }
  if (open === -1 || !r.endsWith(")")) return { tool: r, content: undefined };
  return { tool: r.slice(0, open), content: r.slice(open + 1, -1) };
}

/** The shape of a Bash rule, or undefined for a rule on another tool. */
export function bashRuleShape(rule: string): BashRuleShape | undefined {
  const { tool, content } = splitRule(rule);
  if (tool !== "Bash") return undefined;
  if (content === undefined || content.trim() === "" || content.trim() === "*") return { kind: "any" };
  const unescaped = content.replace(/\\\(/g, "(").replace(/\\\)/g, ")");
  const collapsed = unescaped.replace(/\s+/g, " ").trim();
  if (collapsed.endsWith(":*")) {
    const prefix = collapsed.slice(0, -2).trim();
    return { kind: "patterns", patterns: [lit(prefix), [...lit(`${prefix} `), STAR]], namesMore: /\s/.test(prefix), collapsed };
  }
  const param = /^([A-Za-z_][A-Za-z0-9_]*):(.*)$/.exec(collapsed);
  if (param) return { kind: "param", name: param[1]!, value: [...param[2]!].map((c) => (c === "*" ? STAR : c)) };
  const pat: Elem[] = [];
  let stars = 0;
  for (let i = 0; i < collapsed.length; i++) {
    const c = collapsed[i]!;
    if (c === "\\" && (collapsed[i + 1] === "*" || collapsed[i + 1] === "\\")) {
      pat.push(collapsed[++i]!);
    } else if (c === "*") {
      pat.push(STAR);
      stars++;
    } else pat.push(c);
  }
  const patterns: Pat[] = [pat];
  // `git *` also matches bare `git` when that trailing ` *` is the only wildcard.
  if (stars === 1 && pat.at(-1) === STAR && pat.at(-2) === " ") patterns.push(pat.slice(0, -2));
  // "Names more than the command": anything but `cmd *`, `cmd:*` and `cmd*` with one command word.
  const namesMore = !/^[^\s*]+( \*|\*)$/.test(collapsed);
  return { kind: "patterns", patterns, namesMore, collapsed };
}

// ---------------------------------------------------------------------------------------------------------------
// Commands

interface Word {
  /** Quotes removed, expansions as STAR. */
  pat: Elem[];
  /** Quote characters kept, expansions as STAR. */
  rawPat: Elem[];
  raw: string;
  /** The word is exactly one unquoted expansion (so it may split into any number of words, or none). */
  splittable: boolean;
  hasStar: boolean;
}

interface ScanState {
  commands: Word[][];
  parseError: boolean;
  dynamic: boolean;
}

/** Index of the `)` closing the `(` at `open`, respecting quotes, nesting and backslashes; -1 if none. */
function matchParen(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "'") {
      const e = s.indexOf("'", i + 1);
      if (e === -1) return -1;
      i = e;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === "\\" ? 2 : 1;
      if (j >= s.length) return -1;
      i = j;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}

function matchBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === "{") depth++;
    else if (s[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Whether a command (its words so far) reads its standard input as a script: a shell, maybe behind wrappers. */
function feedsShell(words: Word[]): boolean {
  for (const w of words) {
    if (w.hasStar) return true; // a dynamic command word may be a shell
    const t = w.pat.join("");
    if (ASSIGN.test(w.raw) || t.startsWith("-") || /^\d+[smhd]?$/.test(t)) continue;
    const name = t.replace(/^.*\//, "");
    if (SHELLS.has(name)) return true;
    if (name in WRAPPERS) continue;
    return false;
  }
  return false;
}

function scan(src: string, st: ScanState, depth: number): void {
  if (depth > 6) {
    st.parseError = true;
    return;
  }
  let cmd: Word[] = [];
  let word: Word | undefined;
  let discard = false; // the next word is a redirection target
  const w = (): Word => (word ??= { pat: [], rawPat: [], raw: "", splittable: false, hasStar: false });
  const star = (raw: string, quoted: boolean) => {
    const cur = w();
    const empty = cur.raw === "";
    cur.pat.push(STAR);
    cur.rawPat.push(STAR);
    cur.raw += raw;
    cur.hasStar = true;
    st.dynamic = true;
    cur.splittable = !quoted && empty;
    return cur;
  };
  const litc = (c: string, raw = c, keepInRaw = true) => {
    const cur = w();
    cur.pat.push(c);
    if (keepInRaw) for (const r of raw) cur.rawPat.push(r);
    cur.raw += raw;
    cur.splittable = false;
  };
  const quoteChar = (q: string) => {
    const cur = w();
    cur.rawPat.push(q);
    cur.raw += q;
    cur.splittable = false;
  };
  const endWord = () => {
    if (word && !discard) cmd.push(word);
    if (word) discard = false;
    word = undefined;
  };
  const endCmd = () => {
    endWord();
    discard = false;
    if (cmd.length > 0) st.commands.push(cmd);
    cmd = [];
  };
  /** `$…` at i (src[i] === "$"); returns the index after it. */
  const dollar = (i: number, quoted: boolean): number => {
    const n = src[i + 1];
    if (n === "(") {
      if (src[i + 2] === "(") {
        const e = src.indexOf("))", i + 3);
        if (e === -1) st.parseError = true;
        const end = e === -1 ? src.length : e + 2;
        star(src.slice(i, end), quoted);
        return end;
      }
      const e = matchParen(src, i + 1);
      if (e === -1) {
        st.parseError = true;
        scan(src.slice(i + 2), st, depth + 1);
        star(src.slice(i), quoted);
        return src.length;
      }
      scan(src.slice(i + 2, e), st, depth + 1);
      star(src.slice(i, e + 1), quoted);
      return e + 1;
    }
    if (n === "{") {
      const e = matchBrace(src, i + 1);
      if (e === -1) st.parseError = true;
      const end = e === -1 ? src.length : e + 1;
      // `${X:-$(cmd)}`: the inside may hold commands too.
      const inner = src.slice(i + 2, end - 1);
      if (inner.includes("$(") || inner.includes("`")) scan(inner.replace(/^[^$`]*/, "echo "), st, depth + 1);
      star(src.slice(i, end), quoted);
      return end;
    }
    if (n !== undefined && /[A-Za-z_]/.test(n)) {
      let j = i + 1;
      while (j < src.length && /[A-Za-z0-9_]/.test(src[j]!)) j++;
      star(src.slice(i, j), quoted);
      return j;
    }
    if (n !== undefined && /[0-9@*#?$!-]/.test(n)) {
      star(src.slice(i, i + 2), quoted);
      return i + 2;
    }
    litc("$");
    return i + 1;
  };
  const backtick = (i: number, quoted: boolean): number => {
    let j = i + 1;
    while (j < src.length && src[j] !== "`") j += src[j] === "\\" ? 2 : 1;
    if (j >= src.length) st.parseError = true;
    scan(src.slice(i + 1, Math.min(j, src.length)), st, depth + 1);
    star(src.slice(i, j + 1), quoted);
    return j + 1;
  };

  let parens = 0;
  const heredocs: { delim: string; dash: boolean }[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\\") {
      if (src[i + 1] === "\n") {
        i += 2;
        continue;
      }
      if (i + 1 >= src.length) {
        litc("\\");
        i++;
        continue;
      }
      litc(src[i + 1]!, `\\${src[i + 1]}`);
      i += 2;
      continue;
    }
    if (c === " " || c === "\t") {
      endWord();
      i++;
      continue;
    }
    if (c === "\n" && heredocs.length > 0) {
      // Here-document bodies follow this line: commands only when fed to a shell.
      endWord();
      const fed = feedsShell(cmd);
      let at = i + 1;
      for (const h of heredocs) {
        let body = "";
        for (;;) {
          if (at >= src.length) break;
          const nl = src.indexOf("\n", at);
          const line = src.slice(at, nl === -1 ? src.length : nl);
          at = nl === -1 ? src.length : nl + 1;
          if ((h.dash ? line.replace(/^\t+/, "") : line) === h.delim) break;
          body += `${line}\n`;
        }
        if (fed) scan(body, st, depth + 1);
      }
      heredocs.length = 0;
      endCmd();
      i = at;
      continue;
    }
    if (c === "\n" || c === ";") {
      endCmd();
      i++;
      continue;
    }
    if (c === "<" && src[i + 1] === "<" && src[i + 2] !== "<") {
      endWord();
      i += 2;
      const dash = src[i] === "-";
      if (dash) i++;
      while (src[i] === " " || src[i] === "\t") i++;
      let delim = "";
      while (i < src.length && !/[\s;|&<>()]/.test(src[i]!)) {
        if (src[i] !== "'" && src[i] !== '"' && src[i] !== "\\") delim += src[i];
        i++;
      }
      heredocs.push({ delim, dash });
      continue;
    }
    if (c === "&" && src[i + 1] === ">") {
      endWord();
      i += 2;
      if (src[i] === ">") i++;
      discard = true;
      continue;
    }
    if (c === "&" || c === "|") {
      endCmd();
      while (src[i] === "&" || src[i] === "|") i++;
      continue;
    }
    if (c === "(" && word === undefined) {
      endCmd();
      parens++;
      i++;
      continue;
    }
    if (c === "(" || c === ")") {
      if (c === ")" && parens > 0) parens--;
      else st.parseError = true;
      endCmd();
      i++;
      continue;
    }
    if ((c === "{" || c === "}") && word === undefined && (i + 1 >= src.length || /[\s;]/.test(src[i + 1]!))) {
      endCmd();
      i++;
      continue;
    }
    if (c === "#" && word === undefined) {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (c === "<" || c === ">") {
      if (src[i + 1] === "(") {
        const e = matchParen(src, i + 1);
        if (e === -1) st.parseError = true;
        const end = e === -1 ? src.length : e;
        scan(src.slice(i + 2, end), st, depth + 1);
        // `<(…)` expands to the path bash picks on Linux: /dev/fd/<n>.
        const cur = w();
        cur.pat.push(...lit("/dev/fd/"), DIGITS);
        cur.rawPat.push(...lit("/dev/fd/"), DIGITS);
        cur.raw += src.slice(i, end + 1);
        cur.hasStar = true;
        cur.splittable = false;
        st.dynamic = true;
        i = end + 1;
        continue;
      }
      if (word && /^\d+$/.test(word.raw)) word = undefined;
      else endWord();
      while (src[i] === "<" || src[i] === ">" || src[i] === "&" || src[i] === "|") i++;
      while (src[i] === " " || src[i] === "\t") i++;
      discard = true;
      continue;
    }
    if (c === "'") {
      const e = src.indexOf("'", i + 1);
      if (e === -1) st.parseError = true;
      const end = e === -1 ? src.length : e;
      quoteChar("'");
      for (const ch of src.slice(i + 1, end)) litc(ch);
      if (e !== -1) quoteChar("'");
      i = end + 1;
      continue;
    }
    if (c === "$" && src[i + 1] === "'") {
      const e = src.indexOf("'", i + 2);
      if (e === -1) st.parseError = true;
      const end = e === -1 ? src.length : e;
      for (const ch of src.slice(i + 2, end)) litc(ch);
      i = end + 1;
      continue;
    }
    if (c === '"') {
      quoteChar('"');
      let j = i + 1;
      for (;;) {
        if (j >= src.length) {
          st.parseError = true;
          break;
        }
        const d = src[j]!;
        if (d === '"') {
          quoteChar('"');
          j++;
          break;
        }
        if (d === "\\" && j + 1 < src.length && '"\\$`\n'.includes(src[j + 1]!)) {
          if (src[j + 1] !== "\n") litc(src[j + 1]!, `\\${src[j + 1]}`);
          j += 2;
        } else if (d === "$") j = dollar(j, true);
        else if (d === "`") j = backtick(j, true);
        else {
          litc(d);
          j++;
        }
      }
      if (word) word.splittable = false;
      i = j;
      continue;
    }
    if (c === "$") {
      i = dollar(i, false);
      continue;
    }
    if (c === "`") {
      i = backtick(i, false);
      continue;
    }
    litc(c);
    i++;
  }
  if (parens !== 0) st.parseError = true;
  endCmd();
}

// Wrappers the client (or hookgate) may strip, with the options that take an argument.
const WRAPPERS: Readonly<Record<string, { argFlags: string; positional?: number }>> = {
  timeout: { argFlags: "sk", positional: 1 },
  nice: { argFlags: "n" },
  nohup: { argFlags: "" },
  time: { argFlags: "fo" },
  stdbuf: { argFlags: "ioe" },
  command: { argFlags: "" },
  builtin: { argFlags: "" },
  noglob: { argFlags: "" },
  exec: { argFlags: "a" },
  xargs: { argFlags: "nIiPdLaEs" },
  sudo: { argFlags: "ugCDhprtUT" },
  doas: { argFlags: "uC" },
  env: { argFlags: "uCS" },
  ionice: { argFlags: "cnp" },
  chrt: { argFlags: "", positional: 1 },
  taskset: { argFlags: "", positional: 1 },
  setsid: { argFlags: "" },
  unbuffer: { argFlags: "" },
  caffeinate: { argFlags: "tw" },
};
const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh"]);
const ASSIGN = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;

const text = (w: Word) => (w.hasStar ? undefined : w.pat.join(""));

/** Every way of reading one simple command that the client or an expansion could produce. */
function commandForms(words: Word[], out: Pat[], st: { anyCommand: boolean }, depth: number): void {
  let ws = words;
  const stages: Word[][] = [ws];
  for (let guard = 0; guard < 16 && ws.length > 0; guard++) {
    const first = text(ws[0]!);
    if (ASSIGN.test(ws[0]!.raw)) {
      ws = ws.slice(1);
      stages.push(ws);
      continue;
    }
    const wrap = first !== undefined ? WRAPPERS[first.replace(/^.*\//, "")] : undefined;
    if (!wrap) break;
    let k = 1;
    let positional = wrap.positional ?? 0;
    while (k < ws.length) {
      const t = text(ws[k]!) ?? "";
      if (t === "--") {
        k++;
        break;
      }
      if (t.startsWith("-") && t.length > 1) {
        const flag = t.startsWith("--") ? "" : t.slice(1);
        if (!t.includes("=") && flag.length === 1 && wrap.argFlags.includes(flag)) k++;
        k++;
        stages.push(ws.slice(k));
        continue;
      }
      if (first === "env" && ASSIGN.test(ws[k]!.raw)) {
        k++;
        stages.push(ws.slice(k));
        continue;
      }
      if (positional > 0) {
        positional--;
        k++;
        stages.push(ws.slice(k));
        continue;
      }
      break;
    }
    ws = ws.slice(k);
    stages.push(ws);
  }
  for (const stage of stages) {
    if (stage.length === 0) continue;
    const head = stage[0]!;
    if (head.pat[0] === STAR) st.anyCommand = true; // a dynamic command word may be any command
    const name = text(head)?.replace(/^.*\//, "");
    // `eval …`, `bash -c '…'`, `su -c '…'`: the string is a command too.
    let script: Word[] = [];
    if (name === "eval") script = stage.slice(1);
    else if (name !== undefined && (SHELLS.has(name) || name === "su")) {
      const c = stage.findIndex((x, idx) => idx > 0 && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(text(x) ?? ""));
      if (c !== -1) script = stage.slice(c + 1, c + 2);
    }
    if (script.some((x) => x.hasStar)) st.anyCommand = true;
    else if (script.length > 0) {
      const inner = analyse(script.map((x) => x.pat.join("")).join(" "), depth + 1);
      out.push(...inner.subjects);
      if (inner.anyCommand) st.anyCommand = true;
    }
    // Unquoted expansions may vanish: the form without them as well (up to 4 of them).
    const splittable = stage.map((x, idx) => (x.splittable ? idx : -1)).filter((x) => x >= 0).slice(0, 4);
    for (let mask = 0; mask < 1 << splittable.length; mask++) {
      const drop = new Set(splittable.filter((_, b) => mask & (1 << b)));
      const kept = stage.filter((_, idx) => !drop.has(idx));
      if (kept.length === 0) continue;
      for (const key of ["pat", "rawPat"] as const) {
        const p: Elem[] = [];
        kept.forEach((x, idx) => {
          if (idx > 0) p.push(" ");
          p.push(...x[key]);
        });
        out.push(p, collapse(p));
      }
    }
  }
}

/** Runs of blanks to one space, trimmed. */
function collapse(p: Pat): Elem[] {
  const out: Elem[] = [];
  for (const e of p) {
    const blank = e === " " || e === "\t" || e === "\n";
    if (blank) {
      if (out.length > 0 && out.at(-1) !== " ") out.push(" ");
    } else out.push(e);
  }
  while (out.at(-1) === " ") out.pop();
  return out;
}

export interface CommandAnalysis {
  /** The command holds `$` or a backtick. */
  dynamic: boolean;
  /** Our scanner or unbash found a syntax error. */
  parseError: boolean;
  /** Some command word is dynamic (or a shell/eval runs dynamic text): it may be any command. */
  anyCommand: boolean;
  /** Every form of every part. */
  subjects: Pat[];
}

export function analyse(command: string, depth = 0): CommandAnalysis {
  const st: ScanState = { commands: [], parseError: false, dynamic: false };
  scan(command, st, depth);
  let unbashError = false;
  try {
    unbashError = (parse(command).errors?.length ?? 0) > 0;
  } catch {
    unbashError = true;
  }
  const flags = { anyCommand: false };
  const subjects: Pat[] = [];
  if (depth < 4) for (const c of st.commands) commandForms(c, subjects, flags, depth);
  // The whole text as written too (blanks collapsed), in case a rule is matched against the full command.
  subjects.push(lit(command.replace(/\s+/g, " ").trim()));
  const parseError = st.parseError || unbashError;
  if (parseError) {
    // A command that doesn't parse: a naive split as well, quotes kept and removed.
    for (const part of command.split(/&&|\|\||[;|&\n(){}]/)) {
      const p = part.replace(/\s+/g, " ").trim();
      if (p === "") continue;
      subjects.push(lit(p), lit(p.replace(/["']/g, "")));
      if (/[$`]/.test(p)) flags.anyCommand ||= /^\S*[$`]/.test(p);
    }
  }
  return { dynamic: /[$`]/.test(command), parseError, anyCommand: flags.anyCommand, subjects };
}

/**
 * Whether some expansion of the command's dynamic words could make the rule match some part of it (`input`: the
 * call's other parameters, for parameter rules, which no expansion changes).
 */
export function couldMatch(rule: string, command: string, input: Record<string, unknown> = {}): boolean {
  const shape = bashRuleShape(rule);
  if (shape === undefined) return false;
  if (shape.kind === "any") return true;
  if (shape.kind === "param") {
    const v = input[shape.name];
    const text = typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;
    // An absent parameter matches only a bare `*` (if that); no expansion of the command sets it.
    return text === undefined ? shape.value.every((e) => e === STAR) : intersects(shape.value, lit(text));
  }
  const a = analyse(command);
  if (a.anyCommand) return true;
  return shape.patterns.some((rp) => a.subjects.some((sp) => intersects(rp, sp)));
}

/**
 * How the client treated one call's `if` rules, read from two canary rules that can match no command at all:
 * `all` when even a rule naming only a command word (`Bash(canary *)`) ran (the client examined nothing), `more`
 * when a rule naming more than a command word ran (the client's fail-open for `$`, backticks, …), else `examined`.
 */
export type ClientExamination = "all" | "more" | "examined";

/** Why the command may not have been examined, in words (for the report). */
export function unexaminedBecause(command: string): string {
  const a = analyse(command);
  const why: string[] = [];
  if (command.includes("$")) why.push("holds $");
  if (command.includes("`")) why.push("holds backticks");
  if (a.parseError) why.push("does not parse");
  if (/[<>]\(/.test(command)) why.push("holds a process substitution");
  return why.length > 0 ? why.join(", ") : "parses, yet the client did not examine it";
}

/**
 * The excuse for a LAX Bash pair, or undefined. Excused only where the client ran the hook unexamined (its canary
 * rules fired on this call: for a rule that names more than the command word, the `more` canary; for any rule, the
 * `all` canary) AND no expansion of the command's dynamic words could make the rule match any part of it.
 */
export function excuse(rule: string, command: string, client: ClientExamination, input: Record<string, unknown> = {}): string | undefined {
  const shape = bashRuleShape(rule);
  if (shape === undefined || shape.kind === "any") return undefined;
  const namesMore = shape.kind === "param" || shape.namesMore;
  if (client === "examined" || (client === "more" && !namesMore)) return undefined;
  if (couldMatch(rule, command, input)) return undefined;
  const ran = client === "all" ? "ran every hook of this call unexamined" : "ran every hook whose rule names more than the command word unexamined";
  const what =
    shape.kind === "param"
      ? `the call's ${shape.name} is ${JSON.stringify(input[shape.name] ?? null)}, which no expansion of the command changes`
      : `no expansion of its dynamic words can make "${shape.collapsed}" match any part of it`;
  return `the client ${ran} (the command ${unexaminedBecause(command)}); ${what}`;
}
