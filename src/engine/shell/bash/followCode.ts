/**
 * What a recorded Bash command runs as code: its wrappers' `-c` strings, a shell's `-c` string or here-doc, `eval`'s
 * arguments, aliases, script files the command line wrote, `find -exec`, git aliases, options whose value is a
 * command, and code for another dialect (`pwsh -c`, `cmd /c`), each examined as a script of its own.
 */
import { collapse } from "../builder";
import { HOLE_ANY, HOLE_CHAR, HOLE_INPUT_VARIABLE, HOLE_NODOT, HOLE_SEG, HOLE_VARIABLE, hasHoles, WORD_HOLES_G, HOLE_INPUT, hasUnknownValue } from "../words/template";
import { type Builder, MAX_FUNCTION_CALLS, type Scope } from "../builder";
import { makefileCode, makefilePaths } from "../commands/makefile";
import { UNKNOWN_COMMAND_LINE, receivedWords, commandName, isAssignmentWord, strippedCommand } from "../words/strip";
import type { ContainerView, ShellWord, SimpleCommand } from "../model";
import { staticCommandOf, staticOutput } from "../words/staticText";
import { EVALUATORS, SHELLS, SHELL_ARG_OPTIONS, SOURCERS } from "../commands/wrappers";
import { SHELL_CODE_READERS, STDIN_FILES, readsProgramFromStdin, scheduledCode } from "../commands/programs";
import { SOURCED_VARIABLES, hasOptionCode, optionCode } from "../commands/optionCode";
import { decodeUtf16Base64 } from "../powershell/cmdlets";
import { embeddedShellCode } from "../commands/interpreters";
import { printsDownload } from "../effects";
import { printsSetupCode } from "../commands/setupCode";
import { FIND_FILTERS } from "../commands/commands";
import { gitSubcommand } from "../commands/git";
import { chrootIn, containerRun, isContainerEngine } from "../commands/containerRun";
import { cmdSlashCLine } from "../cmd/commandLine";
import { CWD } from "./words";
import { fishAsBash } from "./fishCode";
import { isPackageManifest, packageJsonScripts, packageScriptCode, writesPackageScripts } from "../commands/packageScripts";

/** A heredoc body that is nothing but unknown text and blanks; a name that is nothing but `*` and segment holes. */
const ONLY_ANY_OR_SPACE = new RegExp(`^[${HOLE_ANY}\\s]*$`);
const ONLY_SEG_OR_STAR = new RegExp(`^[${HOLE_SEG}*]*$`);
/** An unquoted glob's holes, and the glob character each is read back as. */
const GLOB_HOLES_G = new RegExp(`[${HOLE_SEG}${HOLE_CHAR}${HOLE_NODOT}]`, "g");
const GLOB_CHAR: Readonly<Record<string, string>> = { [HOLE_SEG]: "*", [HOLE_NODOT]: "*", [HOLE_CHAR]: "?" };

/**
 * Turn a code string (a template) into parseable text: holes become a placeholder variable that reads back as one.
 * An unquoted glob's holes are read back as the glob (`watch rm -rf /[e]tc` hands the shell `/etc`, or the glob
 * itself when nothing matched, which that shell expands again): as a variable they would be what effects read as
 * empty, and `/[e]tc` would be `/tc`.
 * `replace`: the strings a wrapper puts each of its inputs in place of (`xargs -I% sh -c 'rm -rf %'`), which stand
 * for its input: any text when unknown, and code the text holds is run (a line `x; rm -rf /` is two commands).
 */
export function codeText(t: string, replace: readonly string[] = []): string {
  let s = t.replace(GLOB_HOLES_G, (h) => GLOB_CHAR[h]!).replace(WORD_HOLES_G, `\${${HOLE_VARIABLE}}`).replaceAll(HOLE_INPUT, `\${${HOLE_INPUT_VARIABLE}}`);
  for (const r of replace) s = s.split(r).join(`\${${HOLE_INPUT_VARIABLE}}`);
  return s;
}

const NO_REPLACE: readonly string[] = [];

/**
 * The code strings and commands a recorded command runs (its wrappers' `-c` strings, a shell's `-c` string or
 * here-doc, `eval`'s arguments, `find -exec`, …), each examined as a script of its own.
 */
export function followCode(b: Builder, index: number, scope: Scope, depth: number): void {
  const cmd = b.commands[index]!;
  const words = cmd.words;
  if (words.length === 0) return;
  const s = strippedCommand(cmd);
  // `positional`: `$0`, `$1`, … of the code (`sh -c 'rm -rf "$1"' _ /`).
  const codes: { text: string; braces: readonly string[]; positional?: readonly ShellWord[] }[] = s.code.map((w) => ({ text: w.value, braces: s.replace }));
  const rest = receivedWords(words, s.start, s.end);
  const name = commandName(rest[0]?.value ?? "");
  // A file this command line wrote with known content: `echo 'rm -rf /' > x.sh`, `cat > x.sh <<EOF`.
  const writes = cmd.redirects.filter((r) => (r.op === ">" || r.op === ">>" || r.op === ">|") && r.target);
  if (writes.length > 0) {
    const written = staticCommandOf(cmd);
    const content = written ? staticOutput(written, b.ctx) : undefined;
    if (content !== undefined)
      for (const r of writes) {
        b.setFile(fileKey(r.target!.value), content);
        // A package.json with scripts: they run later (`npm install`, `npm test`), as code (packageScripts.ts).
        if (isPackageManifest(r.target!.value)) for (const text of packageJsonScripts(content)) codes.push({ text, braces: NO_REPLACE });
      }
  }
  // An alias defined earlier in the command line: its text runs with these arguments.
  const alias = b.aliases.get(rest[0]?.value ?? "");
  if (alias !== undefined && b.calls++ < MAX_FUNCTION_CALLS) codes.push({ text: `${alias} ${rest.slice(1).map((w) => w.value).join(" ")}`, braces: NO_REPLACE });
  // A script file the command line wrote, run by a shell, sourced, or run directly.
  // (no file written yet, the usual case: no key to work out for a lookup that cannot succeed)
  const scriptFile = (w: ShellWord | undefined) => (w && b.files.size > 0 ? b.files.get(fileKey(w.value)) : undefined);
  const direct = scriptFile(rest[0]);
  if (direct !== undefined) codes.push({ text: direct, braces: NO_REPLACE });
  // `make`: the recipes of a makefile the command line wrote (`cat > Makefile <<'EOF' … EOF && make`).
  if ((name === "make" || name === "gmake") && b.files.size > 0)
    for (const path of makefilePaths(rest.slice(1).map((w) => w.value))) {
      const text = b.files.get(fileKey(path));
      if (text !== undefined) codes.push({ text: makefileCode(text), braces: NO_REPLACE });
    }
  if (SHELLS.has(name) || SOURCERS.has(name) || SHELL_CODE_READERS.has(name)) {
    const operand = rest.slice(1).find((w) => !w.text.startsWith("-"));
    const file = scriptFile(operand);
    if (file !== undefined) codes.push({ text: scheduledCode(name, file), braces: NO_REPLACE });
    // `source <(…)`, `bash <(…)`: what the process substitution prints is the script (`cmd` in `source <(cmd)` is
    // examined as a script of its own already; this is its output, run).
    if (operand?.procsub !== undefined) codes.push({ text: scheduledCode(name, codePrinted(b, operand.procsub) ?? HOLE_ANY), braces: NO_REPLACE });
    // `source /dev/stdin <<< …`, `bash -s < <(…)`, `sh <<EOF`: what arrives on stdin is the script.
    if (readsProgramFromStdin(name, rest.slice(1))) for (const text of stdinCode(b, cmd)) codes.push({ text: scheduledCode(name, text), braces: NO_REPLACE });
  }
  if (name === "git") gitAliasesRun(b, rest, codes);
  // Options and variables whose value is a command (`git -c core.sshCommand=…`, `rsync -e …`, `PAGER=… git log`).
  // (index loops here and below: this runs for every simple command, and for-of made an iterator object each time)
  const assignments: ShellWord[] = [];
  for (let k = 0; k < words.length && isAssignmentWord(words[k]!); k++) assignments.push(words[k]!);
  if (assignments.length > 0 || hasOptionCode(name))
    for (const text of optionCode(name, rest.slice(1).map((w) => w.value), assignments.map((w) => w.value))) codes.push({ text, braces: NO_REPLACE });
  // Package scripts written to run later (`npm pkg set scripts.postinstall=…`, `npm set-script test …`).
  if (writesPackageScripts(name)) for (const text of packageScriptCode(name, rest.slice(1).map((w) => w.value))) codes.push({ text, braces: NO_REPLACE });
  // `BASH_ENV=<(…) bash -c …`, `ENV=x.sh sh -c …`: the shell sources that file first.
  if (SHELLS.has(name))
    assignments.forEach((w, k) => {
      if (!SOURCED_VARIABLES.has(w.value.slice(0, w.value.indexOf("=")))) return;
      // `BASH_ENV=<(…)` is read as `BASH_ENV=` and the process substitution as the next word.
      const procsub = w.procsub ?? (w.value.endsWith("=") ? words[k + 1]?.procsub : undefined);
      const sourced = procsub !== undefined ? (codePrinted(b, procsub) ?? HOLE_ANY) : b.files.get(fileKey(w.value.slice(w.value.indexOf("=") + 1)));
      if (sourced !== undefined) codes.push({ text: sourced, braces: NO_REPLACE });
    });
  if (SHELLS.has(name) || name === "busybox") {
    let k = 1;
    let cFlag = false;
    for (; k < rest.length; k++) {
      const w = rest[k]!.text;
      if (w === "--" || w === "-") {
        k++;
        break;
      }
      if (/^[-+][A-Za-z]+$/.test(w)) {
        if (w[0] === "-" && w.includes("c")) cFlag = true;
        if (SHELL_ARG_OPTIONS.has(w)) k++;
        continue;
      }
      if (w.startsWith("--")) {
        if (SHELL_ARG_OPTIONS.has(w)) k++;
        continue;
      }
      break;
    }
    if (cFlag && k < rest.length) {
      const text = codeOfWords(b, [rest[k]!]);
      codes.push({ text: name === "fish" ? fishAsBash(text) : text, braces: s.replace, positional: rest.slice(k + 1) });
    }
    // `… | xargs sh -c`, `xargs -a f bash -c`: the code string is the first input, any code unless known.
    else if (cFlag && s.appends) codes.push({ text: UNKNOWN_COMMAND_LINE.value, braces: NO_REPLACE });
  } else if (EVALUATORS.has(name)) {
    if (rest.length > 1) codes.push({ text: codeOfWords(b, rest.slice(1)), braces: s.replace });
  } else if (name === "trap") {
    if (rest[1] && !rest[1].text.startsWith("-")) codes.push({ text: rest[1].value, braces: NO_REPLACE });
  } else if (name === "alias") {
    for (const w of rest.slice(1)) {
      const eq = w.value.indexOf("=");
      if (eq > 0) {
        b.setAlias(w.value.slice(0, eq), w.value.slice(eq + 1));
        codes.push({ text: w.value.slice(eq + 1), braces: NO_REPLACE });
      }
    }
  } else if (name === "cmd" || name === "cmd.exe") {
    const k = rest.findIndex((w) => /^\/\/?[ck]$/i.test(w.value));
    // (`/?` is cmd's help switch: Git Bash passes the unmatched glob as written.)
    if (k >= 0) b.read.cmd(b, cmdSlashCLine(rest.slice(k + 1).map((w) => (w.raw === "/?" ? "/?" : w.value))), b.newScript({ command: index, how: "code" }, depth + 1), depth + 1);
  } else if (/^(?:powershell|pwsh)(?:\.exe)?$/i.test(name)) {
    const ps = rest.map((w) => w.value);
    const k = ps.findIndex((w) => /^[-/]c(o(m(m(a(n(d)?)?)?)?)?)?$/i.test(w) || /^[-/]e(c|nc|ncodedcommand)?$/i.test(w));
    if (k >= 0 && ps[k + 1] !== undefined) {
      const text = /^[-/]e/i.test(ps[k]!) ? (decodeUtf16Base64(ps[k + 1]!) ?? "") : ps.slice(k + 1).join(" ");
      b.read.powershell(b, text, b.newScript({ command: index, how: "code" }, depth + 1), depth + 1);
    }
  } else if (name === "find" || name === "fd" || name === "fdfind") {
    const scopes = name === "find" ? findScopes(rest) : fdScopes(rest);
    for (const argv of execArgvs(name, rest)) for (const sc of scopes) emitArgv(b, argv, index, depth, scope, sc);
  } else {
    const embedded = embeddedShellCode(name, rest, cmd.stdin);
    if (embedded.truncated) b.truncated = true;
    for (let k = 0; k < embedded.codes.length; k++) codes.push({ text: embedded.codes[k]!, braces: NO_REPLACE });
  }
  // `docker run -v /:/host alpine rm -rf /host`: the container's command, its paths mapped to the host's (effects.ts).
  if (isContainerEngine(name)) {
    const run = containerRun(name, rest.slice(1), cmd.cwd);
    if (run) emitInContainer(b, run.command, run.view, index, depth, scope);
  }
  for (let c = 0; c < codes.length; c++) {
    const code = codes[c]!;
    if (b.full) return;
    const si = b.newScript({ command: index, how: "code" }, depth + 1);
    const inner = new Map(scope);
    if (code.positional && code.positional.length > 0) {
      const known = (w: ShellWord) => (hasUnknownValue(w.value) ? null : w.value);
      inner.set("0", known(code.positional[0]!));
      code.positional.slice(1).forEach((w, k) => inner.set(String(k + 1), known(w)));
      inner.set("@", null);
    }
    b.read.bash(b, codeText(code.text, code.braces), si, depth + 1, inner);
  }
}

/**
 * The code a `$(…)` or `<(…)` prints, for a command that runs it (`eval "$(…)"`, `source <(…)`, `bash <(…)`):
 * - its text, when that is certainly known (`<(echo rm -rf /)`, `$(echo cm0g… | base64 -d)`);
 * - none (""), when it is a program's own setup code (setupCode.ts), or a file's content (`$(cat f)`, `$(< f)`):
 *   run as `source f` would run it, so the file's text when this command line wrote it, else nothing known;
 * - undefined when it is not known: any code, for the caller to examine as such.
 * So each spelling of "run what this prints" gets the verdict of the others.
 */
function codePrinted(b: Builder, script: number): string | undefined {
  const known = b.printed.get(script);
  if (known !== undefined) return known;
  const commands = b.commands.filter((c) => c.script === script);
  return commands.length === 1 ? codePrintedBy(b, commands[0]!) : undefined;
}

/**
 * Does this command print a download? What it prints comes from outside the command line, as a file's content
 * does: no more is claimed of it than of `sh x.sh` (the `run-download` effect is about exactly this).
 */
export function printsDownloadOf(c: SimpleCommand): boolean {
  const s = strippedCommand(c);
  const head = c.words[s.start];
  return head !== undefined && !hasHoles(head.value) && printsDownload(commandName(head.value), c.words.slice(s.start + 1, s.end));
}

/** What one command prints, as code (see codePrinted): setup code, a file's content, or undefined (not known). */
export function codePrintedBy(b: Builder, c: SimpleCommand): string | undefined {
  if (printsDownloadOf(c)) return "";
  if (c.words.some((w) => hasHoles(w.value)) || c.stdin.length > 0 || c.stdinFrom?.length) return undefined;
  if (c.words.length === 0) {
    // `$(< f)`: the file's content.
    const from = c.redirects.length === 1 && c.redirects[0]!.op === "<" ? c.redirects[0]!.target : undefined;
    return from && !hasHoles(from.value) && from.procsub === undefined ? (b.files.get(fileKey(from.value)) ?? "") : undefined;
  }
  if (c.redirects.length > 0) return undefined;
  const name = commandName(c.words[0]!.value);
  const args = c.words.slice(1).map((w) => w.value);
  if (printsSetupCode(name, args)) return "";
  if (name === "cat" && args.length === 1 && !args[0]!.startsWith("-") && !STDIN_FILES.has(args[0]!)) return b.files.get(fileKey(args[0]!)) ?? "";
  return undefined;
}

/** Code given as words (`eval …`, `sh -c …`): one whole `$(…)` is what it prints (codePrinted), else the words. */
function codeOfWords(b: Builder, words: readonly ShellWord[]): string {
  const only = words.length === 1 ? words[0]! : undefined;
  if (only && only.text === HOLE_ANY && only.substs.length === 1) {
    const printed = codePrinted(b, only.substs[0]!);
    if (printed !== undefined) return printed;
  }
  return words.map((w) => w.value).join(" ");
}

/**
 * The code a command reads on its stdin: here-docs and here-strings as written, and what the scripts it reads
 * from print (`< <(…)`, `<<< "$(…)"`: codePrinted, any code when not known). A here-string that is only such a
 * substitution is that script's output and is not counted twice.
 */
function stdinCode(b: Builder, c: SimpleCommand): string[] {
  const from = c.stdinFrom ?? [];
  const out: string[] = from.map((si) => codePrinted(b, si) ?? HOLE_ANY);
  for (const body of c.stdin) if (!(from.length > 0 && ONLY_ANY_OR_SPACE.test(body))) out.push(body);
  return out;
}

/** The key a written file is remembered under: `./x.sh`, `x.sh` and `"$PWD/x.sh"` alike. */
function fileKey(p: string): string {
  return p.replace(/^\.\/+/, "").replace(/\/{2,}/g, "/");
}

/**
 * git aliases: `git config [--global] alias.pf 'push --force'` and `git -c alias.pf='push -f' pf …` define one;
 * `git pf …` then runs `git push --force …` (or, for `!cmd`, the shell command).
 */
function gitAliasesRun(b: Builder, rest: readonly ShellWord[], codes: { text: string; braces: readonly string[] }[]): void {
  const args = rest.slice(1).map((w) => w.value);
  for (let k = 0; k < args.length; k++) {
    if (args[k] === "-c" && args[k + 1]) {
      const m = /^alias\.([^=]+)=(.*)$/s.exec(args[k + 1]!);
      if (m) b.setGitAlias(m[1]!, m[2]!);
      k++;
    }
  }
  const config = args.indexOf("config");
  if (config >= 0) {
    const kv = args.slice(config + 1).filter((a) => !a.startsWith("--"));
    const m = kv[0] ? /^alias\.(.+)$/.exec(kv[0]) : null;
    if (m && kv[1] !== undefined) b.setGitAlias(m[1]!, kv.slice(1).join(" "));
    return;
  }
  const sub = gitSubcommand(rest.slice(1));
  const alias = sub ? b.gitAliases.get(sub.sub) : undefined;
  if (alias === undefined || b.calls++ >= MAX_FUNCTION_CALLS) return;
  const tail = sub!.rest.map((w) => w.value).join(" ");
  codes.push({ text: alias.startsWith("!") ? `${alias.slice(1)} ${tail}` : `git ${alias} ${tail}`, braces: NO_REPLACE });
}

/**
 * `find … -exec CMD … {} ;` and `fd -x CMD …`: the commands they run, with `{}` standing for each found path. fd's
 * other placeholders (`{/}`, `{//}`, `{.}`, `{/.}`: parts of the path) are read as the path; a command with none
 * gets the path appended, as fd does.
 */
function execArgvs(name: string, rest: readonly ShellWord[]): ShellWord[][] {
  const out: ShellWord[][] = [];
  const starts = name === "find" ? ["-exec", "-execdir", "-ok", "-okdir"] : ["-x", "--exec", "-X", "--exec-batch"];
  for (let k = 1; k < rest.length; k++) {
    if (!starts.includes(rest[k]!.text)) continue;
    let e = k + 1;
    while (e < rest.length && rest[e]!.text !== ";" && !(name === "find" && rest[e]!.text === "+" && rest[e - 1]?.text === "{}")) e++;
    if (e > k + 1) {
      let argv = [...rest.slice(k + 1, e)];
      if (name !== "find") {
        const placed = (w: ShellWord) => ({ ...w, text: w.text.replace(FD_PLACEHOLDERS, "{}"), value: w.value.replace(FD_PLACEHOLDERS, "{}") });
        argv = argv.map(placed);
        if (!argv.some((w) => w.text.includes("{}"))) argv.push({ text: "{}", value: "{}", raw: "{}", splits: false, procsub: undefined, substs: [] });
      }
      out.push(argv);
    }
    k = e;
  }
  return out;
}

const FD_PLACEHOLDERS = /\{(?:\/|\/\/|\.|\/\.)\}/g;
/** fd's options that take a value (the rest of its words are the pattern and the paths to search). */
const FD_VALUE_OPTIONS = new Set(["-d", "--max-depth", "--min-depth", "--exact-depth", "-t", "--type", "-e", "--extension", "-E", "--exclude", "-S", "--size", "--changed-within", "--changed-before", "--change-newer-than", "--change-older-than", "-o", "--owner", "-j", "--threads", "-c", "--color", "--max-results", "--base-directory", "--search-path", "--path-separator", "--ignore-file", "--and", "--format", "--batch-size", "--max-buffer-time"]);
/** fd's options that narrow what it finds to some of the paths (beside a pattern that is not "anything"). */
const FD_FILTERS = new Set(["-e", "--extension", "-E", "--exclude", "-S", "--size", "--changed-within", "--changed-before", "--change-newer-than", "--change-older-than", "-o", "--owner", "--and", "-g", "--glob"]);

/**
 * What `{}` stands for in `fd [PATTERN] [PATH…] -x CMD`: every path under each PATH (the working directory by
 * default, or `--base-directory`'s) when the pattern matches anything (none, `.`, `^`, `.*`) and no filter narrows
 * it; else some path under it.
 */
function fdScopes(rest: readonly ShellWord[]): { path: string; every: boolean }[] {
  const positional: string[] = [];
  const paths: string[] = [];
  let base: string | undefined;
  let narrowed = false;
  for (let k = 1; k < rest.length; k++) {
    const t = rest[k]!.text;
    const v = rest[k]!.value;
    if (t === "-x" || t === "--exec" || t === "-X" || t === "--exec-batch") break;
    const long = t.startsWith("--") && t.includes("=") ? t.slice(0, t.indexOf("=")) : t;
    if (FD_FILTERS.has(long)) narrowed = true;
    if (FD_VALUE_OPTIONS.has(t)) {
      const value = rest[k + 1]?.value;
      if (t === "--search-path" && value !== undefined) paths.push(value);
      if (t === "--base-directory" && value !== undefined) base = value;
      k++;
      continue;
    }
    if (long === "--search-path") paths.push(v.slice(v.indexOf("=") + 1));
    else if (long === "--base-directory") base = v.slice(v.indexOf("=") + 1);
    if (t.startsWith("-") && t !== "-") continue;
    positional.push(v);
  }
  const pattern = positional[0];
  paths.push(...positional.slice(1));
  if (paths.length === 0) paths.push(".");
  const every = !narrowed && (pattern === undefined || /^(?:\.|\^|\.\*|)$/.test(pattern));
  return paths.map((p) => {
    const at = base !== undefined && !p.startsWith("/") && !p.startsWith("~") ? `${base.replace(/\/+$/, "")}/${p}` : p;
    return every ? { path: at, every: true } : { path: `${at.replace(/\/+$/, "")}/${HOLE_ANY}`, every: false };
  });
}

/**
 * What `{}` stands for in `find START… EXPR -exec CMD {} ;`: without a narrowing filter, every path under each
 * start point (so CMD acts on the start point recursively); with `-name PATTERN`, paths under it ending in the
 * pattern; with another filter, some path under it.
 */
function findScopes(rest: readonly ShellWord[]): { path: string; every: boolean }[] {
  let i = 1;
  while (i < rest.length && ["-H", "-L", "-P"].includes(rest[i]!.text)) i++;
  const starts: string[] = [];
  for (; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (t.startsWith("-") || t === "(" || t === "!" || t === ",") break;
    starts.push(rest[i]!.value);
  }
  if (starts.length === 0) starts.push(".");
  const expr = rest.slice(i);
  const nameAt = expr.findIndex((w) => w.text === "-name" || w.text === "-iname");
  const name = nameAt >= 0 ? expr[nameAt + 1]?.value : undefined;
  const everything = name === undefined || ONLY_SEG_OR_STAR.test(name);
  const narrowed = expr.some((w, k) => FIND_FILTERS.has(w.text) && !((w.text === "-name" || w.text === "-iname") && k === nameAt && everything));
  return starts.map((s) => {
    const base = s.replace(/\/+$/, "") || "/";
    if (!narrowed) return { path: s, every: true };
    const tail = name !== undefined && !everything ? name.replace(/\*/g, HOLE_SEG).replace(/\?/g, HOLE_CHAR) : "";
    return { path: `${base === "/" ? "" : base}/${HOLE_ANY}${tail}`, every: false };
  });
}

/**
 * Record the command a container runs, in a script of its own that carries how the container sees the host, and
 * follow what it runs. It starts in the container's working directory, not the host's (the scope's `cd` is left
 * behind). `chroot DIR CMD` inside the container (`-v /:/host … chroot /host rm -rf /`) runs CMD with DIR as its
 * `/`: the view is moved under DIR.
 */
function emitInContainer(b: Builder, argv: readonly ShellWord[], view: ContainerView, parent: number, depth: number, scope: Scope): void {
  const chrooted = chrootIn(argv, view);
  const [words, at] = chrooted ?? [argv, view];
  if (words.length === 0) return;
  if (b.full || depth + 1 > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
  const si = b.newScript({ command: parent, how: "code" }, depth + 1, at);
  const index = b.addCommand({ words, redirects: [], stdin: [], raw: collapse(words.map((w) => w.raw).join(" ")), script: si, pipe: undefined, origin: "parsed", dialect: "bash" });
  const inner = new Map(scope);
  inner.delete(CWD);
  followCode(b, index, inner, depth + 1);
}

/** Record a command given as words (find -exec), `{}` read as the paths it stands for, and follow what it runs. */
function emitArgv(b: Builder, argv: ShellWord[], parent: number, depth: number, scope: Scope, at: { path: string; every: boolean }): void {
  if (b.full || depth + 1 > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
  const si = b.newScript({ command: parent, how: "code" }, depth + 1);
  const cwd = b.commands[parent]?.cwd;
  const words = argv.map((w) =>
    w.text.includes("{}") ? { ...w, text: w.text.split("{}").join(HOLE_ANY), value: w.value.split("{}").join(at.path) } : w,
  );
  const index = b.addCommand({
    words,
    redirects: [],
    stdin: [],
    raw: collapse(argv.map((w) => w.raw).join(" ")),
    script: si,
    pipe: undefined,
    origin: "parsed",
    dialect: "bash",
    ...(at.every ? { everyPathUnder: true } : {}),
    // It runs where find does (`cd ~ && find . -exec rm -rf {} +` deletes home's entries): `{}` is relative to that.
    ...(cwd !== undefined ? { cwd } : {}),
  });
  followCode(b, index, scope, depth + 1);
}
