/**
 * PowerShell front end (its cmdlet table is cmdlets.ts). No PowerShell parser runs in workerd, so this is a tokenizer that knows
 * PowerShell's quoting ('…' literal with '' escapes, "…" expandable with backtick escapes, here-strings), comments,
 * statement separators and pipelines, `&`/`.` call operators, sub-expressions `(…)`, `$(…)`, `@(…)` and script
 * blocks `{…}` (each read as a script of its own: what a command does with a script block or a sub-expression's
 * output is over-approximated, never ignored), `-Command`/`-EncodedCommand` strings and `cmd /c`.
 *
 * Commands are matched case-insensitively with their aliases resolved (`rm`, `del`, `ri` → Remove-Item) and
 * parameters by unique prefix as PowerShell binds them (`-r`, `-Rec` → -Recurse; `-fo` → -Force). On Linux and
 * macOS, `rm`, `cat`, `cp`, … run the native commands rather than the aliases, so such a name gets the effects of
 * both readings.
 */
import { closingBracket, POWERSHELL_QUOTES } from "../words/scan";
import { cmdSlashCLine } from "../cmd/commandLine";
import type { Builder } from "../builder";
import type { ShellRedirect, ShellWord } from "../model";
import { bindPs, decodeUtf16Base64, psCommandName, psListing, psPath, type CmdletSpec, valuesOf } from "./cmdlets";
import { HOLE_ANY, HOLE_CHAR, HOLE_NODOT, HOLE_SEG, literal } from "../words/template";


// ---------------------------------------------------------------------------------------------------------
// Tokenizer

/** Where `$PROFILE` points (Windows' spelling; every profile path is in the starter's persistence set). */
const PROFILE_PATH = "~/Documents/PowerShell/Microsoft.PowerShell_profile.ps1";
const HOME_VARS = /^(?:home|env:userprofile|env:home|env:homepath)$/i;

/** What `$_`/`$PSItem` stand for inside a script block fed by a listing, and variables assigned a pipeline. */
interface PsScope {
  item?: string;
  itemRecursive?: boolean;
  /** Variable (lower case) → the script its value came from (`$s = irm …` → the `irm` script). */
  vars: Map<string, number>;
  /** Variable (lower case) → its value when the statement assigning it was a known string (`$p = 'C:' + '\Users'`). */
  values?: Map<string, string>;
  /** The command line builds an access rule that grants Everyone (or Users) full control, modify or write. */
  grantsEveryone?: boolean;
}

/** Environment variables whose value hookgate knows (lower case, without `env:`). */
const PS_ENV: Readonly<Record<string, string>> = { userprofile: "~", home: "~", homepath: "~", homedrive: "", systemdrive: "c:", windir: "c:/windows", systemroot: "c:/windows", programfiles: "c:/program files" };

/** The value of a PowerShell expression made of string literals and known variables joined by `+`, if known. */
function psConcat(expr: string, scope: PsScope): string | undefined {
  const parts: string[] = [];
  let i = 0;
  const e = expr.trim();
  if (e === "") return undefined;
  let expectTerm = true;
  while (i < e.length) {
    const c = e[i]!;
    if (c === " " || c === "\t") {
      i++;
      continue;
    }
    if (!expectTerm) {
      if (c !== "+") return undefined;
      expectTerm = true;
      i++;
      continue;
    }
    if (c === "'") {
      let j = i + 1;
      let t = "";
      while (j < e.length) {
        if (e[j] === "'" && e[j + 1] === "'") {
          t += "'";
          j += 2;
        } else if (e[j] === "'") break;
        else t += e[j++];
      }
      if (j >= e.length) return undefined;
      parts.push(t);
      i = j + 1;
    } else if (c === '"') {
      const j = e.indexOf('"', i + 1);
      if (j < 0) return undefined;
      const t = e.slice(i + 1, j);
      if (t.includes("$") || t.includes("`")) return undefined;
      parts.push(t);
      i = j + 1;
    } else if (c === "$") {
      const m = /^\$(?:env:)?([A-Za-z_]\w*)/i.exec(e.slice(i));
      if (!m) return undefined;
      const name = m[1]!.toLowerCase();
      const isEnv = /^\$env:/i.test(m[0]);
      const v = isEnv ? PS_ENV[name] : (scope.values?.get(name) ?? (name === "home" ? "~" : undefined));
      if (v === undefined) return undefined;
      parts.push(v);
      i += m[0].length;
    } else return undefined;
    expectTerm = false;
  }
  return expectTerm ? undefined : parts.join("");
}

const GRANTS_EVERYONE = /FileSystemAccessRule\s*\(\s*["'](?:Everyone|BUILTIN\\Users|Users|Authenticated Users|\*S-1-1-0)["']\s*,\s*["'](?:FullControl|Modify|Write)/i;

export function analysePowerShell(b: Builder, src: string, scriptIndex: number, depth: number, given?: PsScope): void {
  if (depth > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
  // Code run from a string (`iex '…'`, `[scriptblock]::Create('…')`) builds its rule in that string, its quotes
  // unescaped: the grant is seen there as well as in the script around it.
  const grants = given?.grantsEveryone === true || GRANTS_EVERYONE.test(src);
  const scope: PsScope = given === undefined ? { vars: new Map(), grantsEveryone: grants } : grants === given.grantsEveryone ? given : { ...given, grantsEveryone: grants };
  b.parsedChars += src.length;
  if (b.full) return;
  const n = src.length;
  let words: ShellWord[] = [];
  let redirects: ShellRedirect[] = [];
  let cur: { text: string; value: string; raw: string; substs: number[]; quoted: boolean; onlyExp: boolean } | undefined;
  let pendingRedirect: string | undefined;
  let pipe: { id: number; index: number } | undefined;
  let start = 0;
  /** A limit was reached: reading stops (the analysis is truncated). */
  let stop = false;
  const pendingNested: { text: string; how: "subst" | "code" }[] = [];

  const word = () => (cur ??= { text: "", value: "", raw: "", substs: [], quoted: false, onlyExp: true });
  const add = (text: string, value: string, raw: string, expansion: boolean) => {
    const w = word();
    w.text += text;
    w.value += value;
    w.raw += raw;
    if (!expansion) w.onlyExp = false;
  };
  const endWord = () => {
    if (!cur) return;
    if (!b.roomFor(words.length + 1)) {
      cur = undefined;
      stop = true;
      return;
    }
    const w: ShellWord = { text: cur.text, value: cur.value, raw: cur.raw, splits: !cur.quoted && cur.onlyExp, procsub: undefined, substs: cur.substs };
    cur = undefined;
    if (pendingRedirect) {
      redirects.push({ op: pendingRedirect, fd: undefined, target: { ...w, value: psPath(w.value) } });
      pendingRedirect = undefined;
    } else words.push(w);
  };
  /** Sub-expressions become scripts of their own once the command that holds them is recorded. */
  const nested = (text: string, how: "subst" | "code"): number => {
    const si = b.newScript({ command: b.commands.length, how }, depth + 1);
    pendingNested.push({ text, how });
    (pendingNested[pendingNested.length - 1] as { si?: number }).si = si;
    return si;
  };
  const endCommand = (at: number, next: "list" | "pipe") => {
    endWord();
    // `& cmd` and `. script`: the call operators are not the command.
    let invoked = false;
    while (words.length > 1 && (words[0]!.value === "&" || words[0]!.value === ".")) {
      words.shift();
      invoked = true;
    }
    // `foreach ($p in Get-ChildItem …)`: the header's pipeline after `in` runs; `$p in` is not part of it.
    if (words.length > 2 && /^\$[A-Za-z_][\w:]*$/.test(words[0]!.raw) && words[1]!.value.toLowerCase() === "in") {
      const at = src.slice(start).search(/\s+in\s+/i);
      if (at >= 0) start += at + (/\s+in\s+/i.exec(src.slice(start + at))?.[0].length ?? 0);
      words = words.slice(2);
    }
    const queued = pendingNested.splice(0);
    // `$s = irm …`: the variable holds what the rest of the statement produces.
    const assigned = words.length >= 3 && /^\$[A-Za-z_][\w:]*$/.test(words[0]!.raw) && words[1]!.value === "=" ? words[0]!.raw.slice(1).toLowerCase() : undefined;
    if (assigned !== undefined && !b.full) {
      const rhs = src.slice(start, at).replace(/^\s*\$[A-Za-z_][\w:]*\s*=\s*/, "");
      const si = b.newScript(undefined, depth + 1);
      analysePowerShell(b, rhs, si, depth + 1, scope);
      scope.vars.set(assigned, si);
      const value = psConcat(rhs, scope);
      if (value !== undefined) (scope.values ??= new Map()).set(assigned, value);
      else scope.values?.delete(assigned);
      for (const q of queued) analysePowerShell(b, q.text, (q as { si?: number }).si!, depth + 1, scope);
    } else if ((words.length > 0 || redirects.length > 0) && !b.full) {
      if (next === "pipe" && !pipe) pipe = { id: b.newPipe(), index: 0 };
      const index = b.addCommand({
        words,
        redirects,
        stdin: [],
        raw: src.slice(start, at).replace(/\s+/g, " ").trim(),
        script: scriptIndex,
        pipe,
        origin: "parsed",
        dialect: "powershell",
        ...(invoked ? { invoked } : {}),
        ...(scope.itemRecursive ? { everyPathUnder: true } : {}),
        ...(scope.grantsEveryone ? { grantsEveryone: true } : {}),
      });
      // A ForEach-Object block fed by a listing runs for each listed item: `$_` is that item.
      const { cmdlet } = psCommandName(words[0]?.value ?? "");
      const previous = pipe && pipe.index > 0 ? b.commands[index - 1] : undefined;
      const listing = cmdlet === "foreach-object" || cmdlet === "where-object" ? psListing(previous) : undefined;
      const inner: PsScope = listing ? { ...scope, item: `${listing.path.replace(/\/+$/, "")}/${HOLE_SEG}`, itemRecursive: listing.recursive } : scope;
      for (const q of queued) {
        const si = (q as { si?: number }).si!;
        b.scripts[si] = { parent: { command: index, how: q.how }, depth: depth + 1 };
        analysePowerShell(b, q.text, si, depth + 1, inner);
      }
      followPowerShell(b, index, depth, scope);
    } else
      for (const q of queued) {
        const si = (q as { si?: number }).si!;
        analysePowerShell(b, q.text, si, depth + 1, scope);
      }
    pipe = next === "pipe" && pipe ? { id: pipe.id, index: pipe.index + 1 } : undefined;
    words = [];
    redirects = [];
  };
  /** Index of the bracket closing the one at `open` (quotes skipped). */
  const closing = (open: number): number => closingBracket(src, open, POWERSHELL_QUOTES);
  const variable = (i: number, quoted: boolean): number => {
    // `$name`, `$env:NAME`, `${…}`, `$(…)`.
    if (src[i + 1] === "(") {
      const close = closing(i + 1);
      word().substs.push(nested(src.slice(i + 2, close), "subst"));
      add(HOLE_ANY, HOLE_ANY, src.slice(i, close + 1), true);
      return close + 1;
    }
    let j = i + 1;
    let name: string;
    if (src[j] === "{") {
      const close = src.indexOf("}", j);
      name = src.slice(j + 1, close < 0 ? n : close);
      j = close < 0 ? n : close + 1;
    } else {
      while (j < n && /[\w:?]/.test(src[j]!)) j++;
      name = src.slice(i + 1, j);
    }
    if (name === "") {
      add("$", "$", "$", false);
      return i + 1;
    }
    // `$PROFILE`, `$PROFILE.CurrentUserAllHosts`: a PowerShell profile, code every new session runs.
    if (name.toLowerCase() === "profile") {
      const which = /^\.(?:AllUsersAllHosts|AllUsersCurrentHost|CurrentUserAllHosts|CurrentUserCurrentHost)\b/i.exec(src.slice(j, j + 24));
      const end = which ? j + which[0].length : j;
      add(HOLE_ANY, PROFILE_PATH, src.slice(i, end), true);
      return end;
    }
    // `$_.FullName`, `$item.Path`: the item itself.
    const prop = /^\.(?:FullName|Path|PSPath|FullPath)\b/i.exec(src.slice(j, j + 12));
    const end = prop ? j + prop[0].length : j;
    const lower = name.toLowerCase();
    const fromScript = scope.vars.get(lower);
    if (fromScript !== undefined) word().substs.push(fromScript);
    const known = /^env:/i.test(name) ? PS_ENV[lower.slice(4)] : scope.values?.get(lower);
    if (known !== undefined) add(HOLE_ANY, literal(known), src.slice(i, end), true);
    else if ((lower === "_" || lower === "psitem") && scope.item !== undefined) add(HOLE_ANY, scope.item, src.slice(i, end), true);
    else add(HOLE_ANY, HOME_VARS.test(name) ? "~" : HOLE_ANY, src.slice(i, end), true);
    void quoted;
    return end;
  };

  let i = 0;
  while (i < n) {
    if (stop || b.full) return;
    const c = src[i]!;
    if (c === "\n" || c === "\r" || c === ";") {
      endCommand(i, "list");
      i++;
      start = i;
      continue;
    }
    if (c === " " || c === "\t") {
      endWord();
      i++;
      continue;
    }
    if (c === "|" || (c === "&" && src[i + 1] === "&")) {
      const pipeOp = c === "|" && src[i + 1] !== "|";
      endCommand(i, pipeOp ? "pipe" : "list");
      i += pipeOp ? 1 : 2;
      start = i;
      continue;
    }
    if (c === "<" && src[i + 1] === "#") {
      const e = src.indexOf("#>", i + 2);
      i = e < 0 ? n : e + 2;
      continue;
    }
    if (c === "#" && !cur) {
      const e = src.indexOf("\n", i);
      i = e < 0 ? n : e;
      continue;
    }
    if (c === "`") {
      if (src[i + 1] === "\n") {
        i += 2;
        continue;
      }
      add(literal(src[i + 1] ?? ""), literal(src[i + 1] ?? ""), src.slice(i, i + 2), false);
      i += 2;
      continue;
    }
    if (c === "'" || c === "\u2018" || c === "\u2019") {
      let j = i + 1;
      let s = "";
      while (j < n) {
        const d = src[j]!;
        if (d === "'" || d === "\u2018" || d === "\u2019") {
          if (src[j + 1] === d) {
            s += d;
            j += 2;
            continue;
          }
          break;
        }
        s += d;
        j++;
      }
      word().quoted = true;
      add(literal(s), literal(s), src.slice(i, j + 1), false);
      i = j + 1;
      continue;
    }
    if (c === '"' || c === "\u201c" || c === "\u201d") {
      let j = i + 1;
      word().quoted = true;
      const closes = (d: string | undefined) => d === '"' || d === "\u201c" || d === "\u201d";
      while (j < n) {
        const d = src[j]!;
        if (closes(d)) {
          // Two quotes inside a double-quoted string are one quote character (`"del /q ""C:\Program Files\x"""`).
          if (!closes(src[j + 1])) break;
          add('"', '"', src.slice(j, j + 2), false);
          j += 2;
        } else if (d === "`" && j + 1 < n) {
          add(literal(src[j + 1]!), literal(src[j + 1]!), src.slice(j, j + 2), false);
          j += 2;
        } else if (d === "$") j = variable(j, true);
        else {
          add(literal(d), literal(d), d, false);
          j++;
        }
      }
      i = j + 1;
      continue;
    }
    if (c === "$") {
      i = variable(i, false);
      continue;
    }
    if (c === "(" || (c === "@" && (src[i + 1] === "(" || src[i + 1] === "{"))) {
      // In command mode `iex(…)` is the command `iex` with an argument: a bare word ends here.
      if (cur && c === "(" && !cur.value.includes(".") && !cur.value.endsWith("]")) endWord();
      const open = c === "@" ? i + 1 : i;
      const close = closing(open);
      const inner = src.slice(open + 1, close);
      word().substs.push(nested(inner, src[open] === "{" ? "code" : "subst"));
      // `('Remove-' + 'Item …')`: a string built from known pieces is that string.
      const built = src[open] === "(" ? psConcat(inner, scope) : undefined;
      add(HOLE_ANY, built !== undefined ? literal(built) : HOLE_ANY, src.slice(i, close + 1), true);
      i = close + 1;
      continue;
    }
    if (c === "{") {
      // A script block: code that the command may run.
      const close = closing(i);
      word().substs.push(nested(src.slice(i + 1, close), "code"));
      add(HOLE_ANY, HOLE_ANY, src.slice(i, close + 1), true);
      i = close + 1;
      continue;
    }
    if ((c === ">" || (c === "*" && src[i + 1] === ">") || (/[1-6]/.test(c) && src[i + 1] === ">")) && !(cur && c !== ">")) {
      endWord();
      let j = i;
      if (c !== ">") j++;
      const append = src[j + 1] === ">";
      j += append ? 2 : 1;
      if (src[j] === "&") {
        i = j + 2;
        continue;
      }
      pendingRedirect = append ? ">>" : ">";
      i = j;
      continue;
    }
    if (c === "*") {
      const atStart = !cur || cur.value === "" || /[\\/]$/.test(cur.value);
      add(atStart ? HOLE_NODOT : HOLE_SEG, atStart ? HOLE_NODOT : HOLE_SEG, c, false);
      i++;
      continue;
    }
    if (c === "?" && cur) {
      add(HOLE_CHAR, HOLE_CHAR, c, false);
      i++;
      continue;
    }
    // A run of ordinary characters at once (one string, not one per character).
    let j = i + 1;
    while (j < n && !PS_SPECIAL.test(src[j]!)) j++;
    const run = src.slice(i, j);
    const lit = literal(run);
    add(lit, lit, run, false);
    i = j;
  }
  endCommand(n, "list");
}

/** Characters the PowerShell reader's main loop decides on; every other character is plain text. */
const PS_SPECIAL = /[\s;|&<#`'"\u2018\u2019\u201c\u201d$(@{>*?1-6]/;

/** .NET calls that delete, read or write files, written as the cmdlets that do the same. */
const DOTNET: readonly { re: RegExp; line: (a: string, b: string) => string }[] = [
  { re: /\[(?:System\.)?IO\.Directory\]::Delete\(\s*(['"])(.*?)\1\s*(,\s*\$true)?/gi, line: (p, r) => `Remove-Item ${r ? "-Recurse " : ""}-LiteralPath '${p}'` },
  { re: /\[(?:System\.)?IO\.File\]::Delete\(\s*(['"])(.*?)\1()/gi, line: (p) => `Remove-Item -LiteralPath '${p}'` },
  { re: /\[(?:System\.)?IO\.File\]::(?:ReadAllText|ReadAllBytes|ReadAllLines|ReadLines|OpenRead|OpenText)\(\s*(['"])(.*?)\1()/gi, line: (p) => `Get-Content -LiteralPath '${p}'` },
  { re: /\[(?:System\.)?IO\.File\]::(?:WriteAllText|WriteAllBytes|WriteAllLines|AppendAllText|AppendAllLines|OpenWrite|Create)\(\s*(['"])(.*?)\1()/gi, line: (p) => `Set-Content -LiteralPath '${p}'` },
  { re: /\[(?:System\.)?IO\.File\]::(?:Copy|Move)\(\s*(['"])(.*?)\1()/gi, line: (p) => `Get-Content -LiteralPath '${p}'` },
];

/**
 * A .NET call whose string argument is code, and that string: single-quoted (group 1, `''` an escaped quote) or
 * double-quoted (group 2, `""` and `` `" `` escaped quotes), so that `[scriptblock]::Create('rm ''C:\x'' -r')` is
 * code up to its closing quote, not up to its first doubled one.
 */
const CODE_STRING_CALL = /(?:\[scriptblock\]::Create|\.InvokeScript|\.NewScriptBlock)\(\s*(?:'((?:[^']|'')*)'|"((?:[^"`]|`[\s\S]|"")*)")\s*[,)]/gi;

/** `powershell -Command …`, `-EncodedCommand …`, `Invoke-Expression …`, `Start-Process …`, `cmd /c …`, .NET calls. */
function followPowerShell(b: Builder, index: number, depth: number, scope: PsScope): void {
  const c = b.commands[index]!;
  const ws = c.words;
  const { base, cmdlet } = psCommandName(ws[0]?.value ?? "");
  const run = (text: string, dialect: "powershell" | "cmd") => {
    const si = b.newScript({ command: index, how: "code" }, depth + 1);
    if (dialect === "cmd") b.read.cmd(b, text, si, depth + 1);
    else analysePowerShell(b, text, si, depth + 1, scope);
  };
  for (const d of DOTNET) for (const m of c.raw.matchAll(d.re)) run(d.line(m[2]!, m[3] ?? ""), "powershell");
  // `[scriptblock]::Create('…')`, `$ExecutionContext.InvokeCommand.InvokeScript('…')` and `.NewScriptBlock('…')`:
  // the string is code.
  for (const m of c.raw.matchAll(CODE_STRING_CALL)) run(m[1] !== undefined ? m[1].replaceAll("''", "'") : m[2]!.replace(/""|`"/g, '"'), "powershell");
  // `'…' | iex`: a string piped into Invoke-Expression is code, as `iex '…'` is.
  const previous = c.pipe && c.pipe.index > 0 ? b.commands.findLast((x, k) => k < index && x.pipe?.id === c.pipe!.id && x.pipe.index === c.pipe!.index - 1) : undefined;
  if (cmdlet === "invoke-expression" && ws.length === 1 && previous?.words.length === 1 && /^(['"]).*\1$/s.test(previous.raw)) run(previous.words[0]!.value, "powershell");
  if (cmdlet === "start-process") {
    const spec: CmdletSpec = { positional: ["filepath", "argumentlist"], values: ["verb", "workingdirectory", "credential", "windowstyle", "redirectstandardinput", "redirectstandardoutput", "redirectstandarderror"], switches: ["wait", "passthru", "nonewwindow", "loaduserprofile", "usenewenvironment"], effects: () => [] };
    const p = bindPs(spec, ws.slice(1));
    const file = valuesOf(p, "filepath")[0];
    // -ArgumentList 'push','--force' is an array: its items are the arguments.
    const args = valuesOf(p, "argumentlist").flatMap((a) => a.split(/\s*,\s*/)).join(" ");
    if (file !== undefined) run(`${file} ${args}`, "powershell");
    // The argument list is the new process's command line, read by it: a shell's `-c`/`/c` takes all of the rest
    // as its code, `|` and `;` included (`Start-Process powershell -ArgumentList "-c irm x | iex"`).
    const shell = file !== undefined ? psCommandName(file).base : "";
    const code = shell === "powershell" || shell === "pwsh" ? /(?:^|\s)[-/]c(?:o(?:m(?:m(?:a(?:n(?:d)?)?)?)?)?)?\s+([\s\S]+)$/i.exec(args) : shell === "cmd" ? /(?:^|\s)\/[ck]\s*([\s\S]+)$/i.exec(args) : null;
    if (code) run(code[1]!, shell === "cmd" ? "cmd" : "powershell");
  }
  // `wsl rm -rf ~`, `bash -c '…'`, `sh -c '…'`: Linux commands, in Bash.
  if (base === "wsl" || base === "bash" || base === "sh") {
    const args = ws.slice(1).map((w) => w.value);
    let k = 0;
    if (base === "wsl") {
      while (k < args.length && /^(?:-d|--distribution|-u|--user|--cd)$/.test(args[k]!)) k += 2;
      if (args[k] === "-e" || args[k] === "--exec" || args[k] === "--") k++;
    } else {
      const c = args.indexOf("-c");
      k = c >= 0 ? c + 1 : args.length;
    }
    if (k < args.length) {
      const si = b.newScript({ command: index, how: "code" }, depth + 1);
      b.read.bash(b, args.slice(k).join(" "), si, depth + 1, new Map());
    }
  }
  if (cmdlet === "invoke-expression") {
    const code = ws.slice(1).filter((w) => !/^-command$/i.test(w.value)).map((w) => w.value).join(" ");
    if (code.trim()) run(code, "powershell");
  } else if (base === "powershell" || base === "pwsh") {
    for (let k = 1; k < ws.length; k++) {
      const w = ws[k]!.value.toLowerCase();
      if (/^[-/]c(o(m(m(a(n(d)?)?)?)?)?)?$/.test(w)) {
        run(ws.slice(k + 1).map((x) => x.value).join(" "), "powershell");
        break;
      }
      if (w === "-" && c.pipe && c.pipe.index > 0) break;
      if (/^[-/]e(c|n(c(o(d(e(d(c(o(m(m(a(n(d)?)?)?)?)?)?)?)?)?)?)?)?)?$/.test(w) && ws[k + 1]) {
        const decoded = decodeUtf16Base64(ws[k + 1]!.value);
        if (decoded !== undefined) run(decoded, "powershell");
        break;
      }
      if (/^[-/]f(i(l(e)?)?)?$/.test(w)) break;
    }
  } else if (base === "cmd") {
    for (let k = 1; k < ws.length; k++) {
      if (/^\/[ck]$/i.test(ws[k]!.value)) {
        run(cmdSlashCLine(ws.slice(k + 1).map((x) => x.value)), "cmd");
        break;
      }
    }
  }
}

