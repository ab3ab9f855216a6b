// The differential suite's scanner (for its could-some-expansion-match oracle, expansion.ts): command text to the
// simple commands in it, each a list of words written as patterns, literal characters and wildcards, every `$VAR`,
// `${…}`, `$(…)`, `$((…))` and backtick part of a word being "any text" (a STAR). It finds the commands inside
// compound operators, subshells, groups, `$(…)`, backticks and `<(…)` bodies; what it cannot read (unbalanced
// parentheses, nesting too deep) it marks as a parse error, and the oracle then reads a naive split of the text as
// well. The wrappers and shells it knows are here too: expansion.ts strips and unwraps them with the same lists.

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

export const lit = (s: string): Elem[] => [...s];

export interface Word {
  /** Quotes removed, expansions as STAR. */
  pat: Elem[];
  /** Quote characters kept, expansions as STAR. */
  rawPat: Elem[];
  raw: string;
  /** The word is exactly one unquoted expansion (so it may split into any number of words, or none). */
  splittable: boolean;
  hasStar: boolean;
}

export interface ScanState {
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

export function scan(src: string, st: ScanState, depth: number): void {
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
export const WRAPPERS: Readonly<Record<string, { argFlags: string; positional?: number }>> = {
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
export const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh"]);
export const ASSIGN = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
