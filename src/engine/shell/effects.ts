/**
 * The effects of a shell command line: what it would do, whichever way it is spelled.
 *
 * - Each simple command's effects come from its table entry (commands/commands.ts for Bash, powershell/cmdlets.ts
 *   and cmd/effects.ts for the other dialects), read from the command finally run (wrappers stripped) with its options parsed the way the
 *   command itself parses them, plus its redirections (`> f` writes f, `< f` reads it).
 * - A dynamic command word (`$X -rf /`, `r$()m`) may be any command: it gets the effects of every known command
 *   whose name fits it.
 * - `run-download`: a download (curl, wget, … writing to stdout) reaching an interpreter that reads its program
 *   from stdin, through a pipeline (`curl … | sudo bash`, `… | tee x | sh`), a process substitution
 *   (`bash <(curl …)`, `source <(curl …)`) or a substitution run as code (`eval "$(curl …)"`, `sh -c "$(wget …)"`).
 * - `force-push` (git), `fork-bomb` (a function that calls itself through a pipe or twice).
 */
import { setNewest } from "../limits/lru";
import { COMMAND_NAMES, COMMANDS, commandSpec } from "./commands/commands";
import type { DeclaredEffect } from "./commands/declared";
import type { EffectKind } from "./effectKinds";
import type { ContainerView, ShellAnalysis, ShellWord, SimpleCommand } from "./model";
import { hostPaths } from "./commands/containerRun";
import { parseArgs } from "./words/args";
import { UNKNOWN_ARGS, receivedWords, commandName, strippedCommand } from "./words/strip";
import { pipedText } from "./words/staticText";
import { HOLE_ANY, HOLE_INPUT, globTemplate, hasHoles, matchSome, somePattern, WORD_HOLES_G, HOLE_SEG, HOLE_NOEXT } from "./words/template";
import { STDIN_INTERPRETERS, readsProgramFromStdin } from "./commands/programs";
import { WINDOWS_PROGRAMS, bashWindowsProgram, cmdEffects, isWindowsProgram } from "./cmd/effects";
import { isPsExpression, psEffects, psRole } from "./powershell/cmdlets";
import { SHELLS, SOURCERS, WRAPPERS } from "./commands/wrappers";
import { asksForHelp } from "./commands/helpFlags";
import { loadedAndPrinted } from "./commands/envLoaders";
import { isKnown } from "./commands/isKnown";
import { NAMES_ONLY } from "./commands/namesOnly";
import { credentialReads, outputShown } from "./commands/credentialCommands";

export interface Effect {
  readonly kind: EffectKind;
  readonly path?: string;
  readonly recursive?: boolean;
  readonly mode?: string;
  readonly via: string;
  /** The simple command it comes from (index into ShellAnalysis.commands). */
  readonly command: number;
  /** The working directory relative paths are resolved against, when a `cd` moved it (see SimpleCommand.cwd). */
  readonly cwd?: string;
  /** A write's text, when it is known (`echo TEXT >> f`, the Write tool's content): what it adds and what it replaces. */
  readonly text?: WrittenText;
}

/** What a write puts in a file (`added`) in place of what (`replaced`: an edit's old text; none for an append). */
interface WrittenText {
  readonly added: string;
  readonly replaced?: string;
}

/** Does this command print what it downloads (`curl URL`, `wget -O- URL`)? `name` is its base name. */
export function printsDownload(name: string, args: readonly ShellWord[]): boolean {
  return DOWNLOADERS[name]?.(args) ?? false;
}

/** What a command the downloads of which reach stdout looks like (curl without -o, wget -O -, …). */
const DOWNLOADERS: Readonly<Record<string, (args: readonly ShellWord[]) => boolean>> = {
  curl: (args) => {
    const a = parseArgs(args, COMMANDS.curl!.options!);
    const out = a.options.get("output") ?? [];
    return a.unknown || out.length === 0 || out.some((o) => o === "-" || o === "/dev/stdout") ? !a.options.has("remote-name") || a.unknown : false;
  },
  wget: (args) => {
    const a = parseArgs(args, COMMANDS.wget!.options!);
    return a.unknown || (a.options.get("output-document") ?? []).some((o) => o === "-" || o === "/dev/stdout");
  },
  fetch: (args) => args.some((w, k) => (/^-[A-Za-z]*o$/.test(w.text) && args[k + 1]?.text === "-") || /^-[A-Za-z]*o-$/.test(w.text)),
  http: () => true,
  https: () => true,
  xh: () => true,
  xhs: () => true,
  httpie: () => true,
  lynx: (args) => args.some((w) => /^-(source|dump)$/.test(w.text)),
  links: (args) => args.some((w) => /^-(source|dump)$/.test(w.text)),
  w3m: (args) => args.some((w) => /^-dump/.test(w.text)),
  nc: () => true,
  ncat: () => true,
  netcat: () => true,
  socat: () => true,
  telnet: () => true,
  openssl: (args) => args[0]?.text === "s_client",
  gh: (args) => args[0]?.text === "api",
  aria2c: (args) => args.some((w, k) => (w.text === "-o" || w.text === "--out") && args[k + 1]?.text === "-"),
};

/**
 * The command a simple command finally runs: its name and arguments. xargs-style wrappers append arguments at run
 * time: the words the previous pipeline stage is known to produce (`echo ~ | xargs rm -rf`, `find / | xargs …`),
 * else an unknown word.
 */
interface FinalCommand {
  readonly name: string;
  readonly args: readonly ShellWord[];
  readonly start: number;
}

/**
 * finalCommand(c) without produced words, once per recorded command (effectsOf asks for it several times): kept on
 * the command under a symbol, not enumerable, as strippedCommand keeps its strip (`null`: the command runs none).
 */
const FINAL = Symbol("finalCommand");

function finalCommand(c: SimpleCommand, produced?: readonly ShellWord[]): FinalCommand | undefined {
  if (produced !== undefined) return finalCommandOf(c, produced);
  const kept = (c as { [FINAL]?: FinalCommand | null })[FINAL];
  if (kept !== undefined) return kept ?? undefined;
  const f = finalCommandOf(c, undefined);
  if (Object.isExtensible(c)) Object.defineProperty(c, FINAL, { value: f ?? null });
  return f;
}

function finalCommandOf(c: SimpleCommand, produced: readonly ShellWord[] | undefined): FinalCommand | undefined {
  if (c.words.length === 0) return undefined;
  const s = strippedCommand(c);
  const head = c.words[s.start];
  if (!head) return undefined;
  const args = receivedWords(c.words, s.start + 1, s.end);
  // Inputs of the wrapper's own (`::: a b`) or from a file it names (`-a f`, `:::: f`: unknown) come before stdin.
  let items: readonly ShellWord[] = s.inputs.length > 0 || s.inputFromFile ? s.inputs : produced && produced.length > 0 ? produced : [];
  if (s.inputFromFile && !items.includes(UNKNOWN_ARGS)) items = [...items, UNKNOWN_ARGS];
  if (s.appends) {
    if (items.length === 0) items = [UNKNOWN_ARGS];
    // Each input in place of the replace string (`xargs -I% rm %`, `parallel rm {} ::: a`), else appended.
    const holds = (w: ShellWord) => s.replace.some((r) => w.value.includes(r));
    if (args.some(holds)) {
      const put = (t: string, by: (p: ShellWord) => string, p: ShellWord) => s.replace.reduce((acc, r) => acc.split(r).join(by(p)), t);
      const out: ShellWord[] = [];
      for (const w of args)
        if (!holds(w)) out.push(w);
        else for (const p of items) out.push({ ...w, value: put(w.value, (x) => x.value, p), text: put(w.text, (x) => x.text, p), splits: w.splits || p.splits });
      args.splice(0, args.length, ...out);
    } else if (!s.replaceOnly) args.push(...items);
  }
  // `… | xargs sudo`, `xargs -L1 nice`: a wrapper left without a command runs the inputs, the first the command.
  if (s.appends && WRAPPERS[commandName(head.value)]?.appendsArgs !== true && WRAPPERS[commandName(head.value)] && args.every((w) => w.value.startsWith("-") || items.includes(w)) && items.length > 0) {
    const first = items[0]!;
    if (first === UNKNOWN_ARGS) return { name: HOLE_ANY, args: [UNKNOWN_ARGS], start: s.start };
    return { name: commandName(first.value), args: [...items.slice(1)], start: s.start };
  }
  // A command word from unknown input (`xargs -I% sh -c '%'`) is a dynamic command word: any command.
  const value = head.value.includes(HOLE_INPUT) ? head.value.replaceAll(HOLE_INPUT, HOLE_ANY) : head.value;
  const name = c.dialect === "bash" ? commandName(value) : value;
  return { name, args, start: s.start };
}

/**
 * What a command is known to write to stdout, as words (for xargs): echo/printf text, find's paths, device names.
 * `every`: the words stand for every path under a directory (find with no name filter), so what is done to each
 * is done to the directory recursively.
 */
function producedWords(c: SimpleCommand): { words: ShellWord[]; every: boolean } | undefined {
  const f = finalCommand(c);
  if (!f) return undefined;
  const word = (value: string): ShellWord => ({ text: value, value, raw: value, splits: false, procsub: undefined, substs: [] });
  if (f.name === "echo" || f.name === "printf") {
    const text = pipedText(c);
    return text === undefined ? undefined : { words: text.split(/[\s\0]+/).filter((x) => x !== "").map(word), every: false };
  }
  if (f.name === "find") {
    const starts: ShellWord[] = [];
    let k = 0;
    while (k < f.args.length && ["-H", "-L", "-P"].includes(f.args[k]!.text)) k++;
    for (; k < f.args.length && !f.args[k]!.text.startsWith("-") && f.args[k]!.text !== "(" && f.args[k]!.text !== "!"; k++) starts.push(f.args[k]!);
    const expr = f.args.slice(k).map((w) => w.value);
    const nameAt = expr.findIndex((t) => t === "-name" || t === "-iname");
    const name = nameAt >= 0 ? expr[nameAt + 1] : undefined;
    const narrowed = name !== undefined || expr.some((t) => ["-path", "-ipath", "-regex", "-iregex", "-newer", "-user", "-group", "-perm", "-size", "-mtime", "-mmin", "-empty", "-samefile", "-inum", "-links", "-wholename"].includes(t));
    const roots = starts.length > 0 ? starts : [word(".")];
    if (!narrowed) return { words: roots, every: true };
    const tail = name !== undefined ? globTemplate(name) : HOLE_SEG;
    return { words: roots.map((w) => word(`${w.value.replace(/\/+$/, "")}/${tail}`)), every: false };
  }
  if (f.name === "grep" || f.name === "egrep" || f.name === "rg") {
    // `grep -rl X src`: names of files under src (read, as for find, as src itself and everything under it);
    // `grep -l X a b`: some of a and b. Other greps print lines of text: unknown.
    const flags = f.args.filter((w) => /^-[A-Za-z]+$/.test(w.text)).map((w) => w.text.slice(1)).join("");
    const long = f.args.filter((w) => w.text.startsWith("--")).map((w) => w.text);
    if (!/[lL]/.test(flags) && !long.some((l) => /^--(files-with(out)?-match(es)?|files)$/.test(l))) return undefined;
    if (f.args.some((w) => /^-[A-Za-z]*[efA-DmX]$/.test(w.text) || /^--(regexp|file)$/.test(w.text))) return undefined;
    const ops = f.args.filter((w) => !w.text.startsWith("-")).slice(f.name === "rg" && long.includes("--files") ? 0 : 1);
    const recursive = f.name === "rg" || /[rR]/.test(flags) || long.some((l) => /^--(recursive|dereference-recursive)$/.test(l));
    if (ops.some((w) => hasHoles(w.value))) return undefined;
    return { words: ops.length > 0 ? ops : [word(".")], every: recursive };
  }
  if (f.name === "ls") {
    // `ls -d /etc /usr` prints those paths; `ls /etc` every entry of /etc.
    const ops = f.args.filter((w) => !w.text.startsWith("-"));
    if (ops.length > 0) return f.args.some((w) => /^-[A-Za-z]*d/.test(w.text)) ? { words: ops, every: false } : { words: ops, every: true };
  }
  // Some name each (HOLE_NOEXT: not "every entry", as a glob would be).
  if (f.name === "lsblk" || f.name === "blkid" || f.name === "ls" || f.name === "fd" || f.name === "git") return { words: [word(HOLE_NOEXT)], every: false };
  return undefined;
}

/**
 * What a command whose name is entirely unknown (`$X …`, `"$@"`, code hookgate cannot see) may do with these
 * arguments: the effects of every known command with them, and whether one of those downloads or reads a program
 * on stdin. It does not depend on the rest of the call, so it is worked out once per argument list and dialect.
 * Module scope on purpose, bounded (ANY_COMMAND_CACHE): one such command costs every known command's effects (~0.5
 * ms in Node), and "any code" is what every unseen `eval "$(…)"`, `… | sh` and `$CMD` is.
 */
const anyCommandCache = new Map<string, { effects: DeclaredEffect[]; downloader: boolean; interpreter: boolean }>();
const ANY_COMMAND_CACHE = 512;
/** Argument lists longer than this (as a key) are worked out and not kept: the cache's memory stays bounded. */
const ANY_COMMAND_KEY_CHARS = 4096;
function anyCommand(c: SimpleCommand, args: readonly ShellWord[]): { effects: DeclaredEffect[]; downloader: boolean; interpreter: boolean } {
  const key = `${c.dialect}\u0000${args.map((a) => `${a.text}\u0001${a.value}\u0001${a.splits ? 1 : 0}`).join("\u0002")}`;
  const hit = anyCommandCache.get(key);
  if (hit) return hit;
  const out = { effects: [] as DeclaredEffect[], downloader: false, interpreter: false };
  for (const name of namesFitting(HOLE_ANY)) {
    out.effects.push(...declaredEffects(c, name, args, undefined));
    if (DOWNLOADERS[name]?.(args)) out.downloader = true;
    if (readsProgramFromStdin(name, args)) out.interpreter = true;
  }
  if (key.length > ANY_COMMAND_KEY_CHARS) return out;
  setNewest(anyCommandCache, key, out, ANY_COMMAND_CACHE);
  return out;
}

/** A program's name as Windows finds it: without its directory (`C:\…\`), case or `.exe`. */
const windowsProgramName = (name: string): string => name.toLowerCase().replace(/^.*[\\/](?=.)/, "").replace(/\.exe$/, "");

/** Known command names a dynamic command word may stand for. */
function namesFitting(template: string): string[] {
  const p = somePattern([template.replace(WORD_HOLES_G, "*")].flatMap((t) => t.split("*")));
  // The template's holes are the pattern's stars here: does some known name fit the template?
  return [...COMMAND_NAMES, ...WINDOWS_PROGRAMS].filter((n) => matchSome(p, n));
}

/** The tables of the dialects other than Bash, asked before the Bash table (which does not know their commands). */
const DIALECT_EFFECTS: Partial<Record<SimpleCommand["dialect"], typeof psEffects>> = { powershell: psEffects, cmd: cmdEffects };
/** Which commands of another dialect download (their output is the download) or run text they are given as code. */
const DIALECT_ROLES: Partial<Record<SimpleCommand["dialect"], typeof psRole>> = { powershell: psRole };

function declaredEffects(c: SimpleCommand, name: string, args: readonly ShellWord[], upstream?: SimpleCommand): DeclaredEffect[] {
  // `mkfs --help`, `dd --version`, `format /?`: the program prints and exits.
  if (asksForHelp(name, args)) return [];
  const table = DIALECT_EFFECTS[c.dialect];
  if (table) {
    const own = table(name, args, c, upstream);
    if (own !== undefined) return own;
  }
  if (isWindowsProgram(name)) {
    const own = bashWindowsProgram(name, args, c);
    if (own !== undefined) return own;
  }
  const spec = commandSpec(name);
  if (!spec) return isKnown(name) ? [] : unknownProgramReads(name, args);
  if (!spec.effects) return [];
  const parsed = parseArgs(args, spec.options ?? {});
  return spec.effects(parsed, args);
}

/**
 * A program no table knows (`glow .env`, `mytool --config=id_rsa`) may open any file it is named: each operand, and
 * each `--option=value`, is a possible read. Only a restricting rule about the path can fire on it (a read of a
 * word that names no such file matches nothing), so this is never laxer and costs nothing where nothing matches.
 */
function unknownProgramReads(name: string, args: readonly ShellWord[]): DeclaredEffect[] {
  if (NAMES_ONLY.has(name) || hasHoles(name)) return [];
  const out: DeclaredEffect[] = [];
  for (let k = 0; k < args.length; k++) {
    const v = args[k]!.value;
    if (v === "" || v === "-" || v === "--") continue;
    const eq = v.startsWith("-") ? v.indexOf("=") : -1;
    if (v.startsWith("-") && eq < 0) continue;
    const path = eq >= 0 ? v.slice(eq + 1) : v;
    // A word only known at run time (`xargs … tool`, `tool $F`) is not named here: a rule about it would fire on
    // every such call, while the commands that produce it are examined for what they read themselves.
    if (path !== "" && !hasHoles(path) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) out.push({ kind: "read", path, via: `${name} (a program hookgate does not know) given it` });
  }
  return out;
}

/**
 * The command itself (not a wrapper: `xargs` turns its stdin into arguments) only counts or digests its stdin
 * (`wc -l < f`): `< f` then shows no more of f than `wc -l f` does, and is no more a read.
 */
function stdinUnshown(c: SimpleCommand): boolean {
  const head = c.words[0];
  if (!head || hasHoles(head.value)) return false;
  const spec = COMMANDS[commandName(head.value)];
  return spec?.blindToStdin?.(c.words.slice(1)) === true;
}

/**
 * What a plain `echo WORDS` prints, when every word is known text: the text a `>>`/`>` redirect writes. Anything
 * else (an option, `printf`'s format, a variable, stdin) leaves the text unknown.
 */
function echoedText(c: SimpleCommand): string | undefined {
  const [head, ...args] = c.words;
  if (head?.value !== "echo" || c.dialect !== "bash") return undefined;
  if (args.some((w) => hasHoles(w.value)) || args[0]?.value.startsWith("-")) return undefined;
  return args.map((w) => w.value).join(" ");
}

/**
 * What done to each path under a directory (`find DIR -exec CMD {} +`, `find DIR | xargs CMD`) is done to the
 * directory recursively: a delete, a permission change, a read (of everything under it).
 */
const TREE_KINDS: ReadonlySet<EffectKind> = new Set(["delete", "chmod", "read"]);

const REDIRECT_WRITES = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);

export function effectsOf(analysis: ShellAnalysis): Effect[] {
  const out: Effect[] = [];
  const inContainer = analysis.scripts.some((s) => s.container !== undefined) ? containerViews(analysis) : undefined;
  const add = (command: number, e: DeclaredEffect) => {
    const c = analysis.commands[command];
    const recursive = c?.everyPathUnder && TREE_KINDS.has(e.kind) ? { recursive: true } : {};
    const views = c && inContainer ? inContainer(c.script) : undefined;
    if (views && e.path !== undefined) {
      // Run in a container: what it does to a path it does on the host to what is mounted there (containerRun.ts).
      for (const at of onTheHost(views, e.path, c!.cwd, TREE_KINDS.has(e.kind) && (e.recursive === true || recursive.recursive === true)))
        out.push({ ...e, ...recursive, path: at.path, command, ...(at.cwd !== undefined ? { cwd: at.cwd } : {}) });
      return;
    }
    out.push({ ...e, ...recursive, command, ...(c?.cwd !== undefined ? { cwd: c.cwd } : {}) });
  };
  /** The previous stage of a command's pipeline, when it has one. */
  const upstream = (i: number): SimpleCommand | undefined => {
    const c = analysis.commands[i]!;
    if (!c.pipe || c.pipe.index === 0) return undefined;
    const stages = analysis.pipelines.get(c.pipe.id) ?? [];
    const before = stages.filter((j) => analysis.commands[j]!.pipe!.index === c.pipe!.index - 1);
    return before.length > 0 ? analysis.commands[before[before.length - 1]!] : undefined;
  };
  const downloaderAt = new Set<number>();
  const interpreterAt = new Set<number>();

  // (index loops in this, run for every simple command: for-of made an iterator object each, which the heap
  // profile of commands never seen showed among its larger allocations)
  analysis.commands.forEach((c, i) => {
    for (let k = 0; k < c.redirects.length; k++) {
      const r = c.redirects[k]!;
      if (!r.target) continue;
      const t = r.target.value;
      if (r.op === ">&" && /^[0-9-]+$/.test(t)) continue;
      if (REDIRECT_WRITES.has(r.op)) {
        const text = r.op === ">>" || r.op === ">" ? echoedText(c) : undefined;
        add(i, { kind: "write", path: t, via: `redirect ${r.op}`, ...(text !== undefined ? { text: { added: text } } : {}) });
      }
      if (r.op === "<" && stdinUnshown(c)) continue;
      if (r.op === "<" || r.op === "<>" || (r.op === "<&" && !/^[0-9-]+$/.test(t))) add(i, { kind: "read", path: t, via: `redirect ${r.op}` });
    }
    // `xargs -a f`, `parallel … :::: f`: the wrapper reads f, and its words become arguments a program may print.
    if (c.words.length > 0) {
      const inputFiles = strippedCommand(c).inputFiles;
      for (let k = 0; k < inputFiles.length; k++) {
        const w = inputFiles[k]!;
        if (w.value !== "-" && w.value !== "") add(i, { kind: "read", path: w.value, via: "input file" });
      }
    }
    const role = DIALECT_ROLES[c.dialect]?.(c);
    if (role?.downloader) downloaderAt.add(i);
    if (role?.executor) interpreterAt.add(i);
    const up = upstream(i);
    const produced = up ? producedWords(up) : undefined;
    const f = finalCommand(c, produced?.words);
    if (!f) return;
    // A dynamic command word may be any command; a PowerShell expression in its place runs none (isPsExpression).
    // Only a bash command can share its answer (anyCommand): other dialects' tables read more of the command.
    if (f.name === HOLE_ANY && c.dialect === "bash" && !up) {
      const any = anyCommand(c, f.args);
      for (const e of any.effects) add(i, e);
      if (any.downloader) downloaderAt.add(i);
      if (any.interpreter) interpreterAt.add(i);
      if (strippedCommand(c).appends && /^-[A-Za-z]*c[A-Za-z]*$/.test(f.args[f.args.length - 2]?.text ?? "") && f.args[f.args.length - 1] === UNKNOWN_ARGS) interpreterAt.add(i);
      downloaderAt.add(i);
      if (f.args.length === 0) interpreterAt.add(i);
      return;
    }
    // PowerShell and cmd run on Windows, where a program's name has no case (`POWERSHELL -`, `CURL.EXE`).
    const known = c.dialect === "bash" ? f.name : windowsProgramName(f.name);
    const names = hasHoles(known) ? (isPsExpression(c) ? [] : namesFitting(known)) : [known];
    const every = produced?.every === true && strippedCommand(c).appends;
    for (let n = 0; n < names.length; n++) {
      const name = names[n]!;
      const declared = declaredEffects(c, name, f.args, up);
      for (let k = 0; k < declared.length; k++) {
        const e = declared[k]!;
        add(i, every && TREE_KINDS.has(e.kind) ? { ...e, recursive: true } : e);
      }
      // `gh auth token`, `aws configure export-credentials`: a credential store read, when what it prints is shown.
      const credentials = credentialReads(name, f.args);
      if (credentials.length > 0 && outputShown(analysis, i, finalCommand)) for (let k = 0; k < credentials.length; k++) add(i, credentials[k]!);
      const dl = DOWNLOADERS[name];
      if (dl?.(f.args)) downloaderAt.add(i);
      if (readsProgramFromStdin(name, f.args)) interpreterAt.add(i);
      // `… | xargs -0 bash -c`: the code string is what arrives on stdin.
      if (SHELLS.has(name) && strippedCommand(c).appends && /^-[A-Za-z]*c[A-Za-z]*$/.test(f.args[f.args.length - 2]?.text ?? "") && f.args[f.args.length - 1] === UNKNOWN_ARGS) interpreterAt.add(i);
    }
    if (hasHoles(f.name)) {
      // A dynamic command may be a downloader or an interpreter as well.
      downloaderAt.add(i);
      if (f.args.length === 0) interpreterAt.add(i);
    }
  });

  // `source .env && env`, `dotenv -- printenv`: a file loaded into the environment, which the script prints.
  for (const l of loadedAndPrinted(analysis, finalCommand)) add(l.command, { kind: "read", path: l.path, via: "loaded into the environment, which the script prints" });

  // Pipelines: a download upstream of an interpreter that reads its program from stdin.
  for (const stages of analysis.pipelines.values()) {
    let download: number | undefined;
    for (const ci of stages) {
      if (download !== undefined && interpreterAt.has(ci) && ci !== download) {
        add(ci, { kind: "run-download", via: `${describe(analysis, download)} | ${describe(analysis, ci)}` });
        break;
      }
      if (downloaderAt.has(ci)) download = ci;
    }
  }

  // Substitutions and process substitutions run as code.
  const scriptHasDownload = scriptDownloads(analysis, downloaderAt);
  const scriptHasInterpreter = scriptDownloads(analysis, interpreterAt);
  const pipelineHasDownloadBefore = (i: number) => {
    const c = analysis.commands[i]!;
    return (analysis.pipelines.get(c.pipe!.id) ?? []).some((j) => downloaderAt.has(j) && analysis.commands[j]!.pipe!.index < c.pipe!.index);
  };
  analysis.commands.forEach((c, i) => {
    const f = finalCommand(c);
    if (!f) return;
    const head = c.words[f.start]!;
    // In PowerShell `(…)` first is an expression, not a command: it runs code only after `&` or `.`.
    const codeWords: ShellWord[] = c.dialect === "powershell" && !c.invoked ? [] : [head];
    const base = f.name;
    if (base === "eval") codeWords.push(...f.args);
    if (SOURCERS.has(base) && f.args[0]) codeWords.push(f.args[0]);
    if (SHELLS.has(base) || STDIN_INTERPRETERS.test(base) || DIALECT_ROLES[c.dialect]?.(c).executor) codeWords.push(...f.args);
    // `& (gcm i*x) (irm …)`: a command looked up at run time may be Invoke-Expression.
    if (c.dialect === "powershell" && c.invoked && hasHoles(head.text)) codeWords.push(...f.args);
    for (const w of codeWords) {
      const scripts = [...w.substs, ...(w.procsub !== undefined ? [w.procsub] : [])];
      if (scripts.some((s) => scriptHasDownload(s))) {
        add(i, { kind: "run-download", via: `${base} runs a download as code` });
        return;
      }
    }
    // `bash < <(curl …)`, `source /dev/stdin <<< "$(curl …)"`: a download on the stdin of a program reader.
    if (interpreterAt.has(i) && (c.stdinFrom ?? []).some((s) => scriptHasDownload(s))) add(i, { kind: "run-download", via: `${base} reads a download on stdin` });
    // `curl … > >(bash)`, `curl … | tee >(sh)`: a download written into a process substitution that runs it.
    if (downloaderAt.has(i) || (c.pipe && c.pipe.index > 0 && pipelineHasDownloadBefore(i)))
      for (const w of [...c.redirects.map((r) => r.target), ...f.args]) if (w?.procsub !== undefined && scriptHasInterpreter(w.procsub)) add(i, { kind: "run-download", via: `${base} writes a download into a shell` });
  });

  // Fork bombs: a function that calls itself from a pipeline, or twice.
  for (const [name, body] of analysis.functions) {
    const calls = body.filter((ci) => finalCommand(analysis.commands[ci]!)?.name === name);
    if (calls.length >= 2 || calls.some((ci) => analysis.commands[ci]!.pipe !== undefined)) add(calls[0]!, { kind: "fork-bomb", via: `${name}() calls itself` });
  }
  return out;
}

/**
 * The containers a script runs in, innermost first (a container run inside another's command), by script index:
 * empty when it runs on the host. Memoised over the analysis.
 */
function containerViews(analysis: ShellAnalysis): (script: number) => readonly ContainerView[] {
  const memo = new Map<number, readonly ContainerView[]>();
  const views = (s: number, depth = 0): readonly ContainerView[] => {
    const hit = memo.get(s);
    if (hit) return hit;
    const script = analysis.scripts[s];
    const parent = script?.parent && depth < 64 ? analysis.commands[script.parent.command] : undefined;
    const outer = parent ? views(parent.script, depth + 1) : [];
    const r = script?.container ? [script.container, ...outer] : outer;
    memo.set(s, r);
    return r;
  };
  return views;
}

/** A path a command in these containers acts on, as the host paths it stands for (each view in turn, innermost first). */
function onTheHost(views: readonly ContainerView[], path: string, cwd: string | undefined, reaches: boolean): { path: string; cwd?: string }[] {
  let at: { path: string; cwd?: string }[] = [cwd !== undefined ? { path, cwd } : { path }];
  for (const view of views) at = at.flatMap((p) => [...hostPaths(view, p.path, p.cwd, reaches), ...(view.hostWide ? [p] : [])]);
  return at;
}

/**
 * A predicate: does script `s` (or anything nested in it) run a download? Memoised over the analysis. Its tables
 * are made on the first question (most commands have no substitution to ask about); `downloaderAt` is complete
 * by the time this is made, and not changed after.
 */
function scriptDownloads(analysis: ShellAnalysis, downloaderAt: ReadonlySet<number>): (s: number) => boolean {
  let tables: { direct: Set<number>; memo: Map<number, boolean>; children: Map<number, number[]> } | undefined;
  const made = () => {
    const direct = new Set<number>();
    for (const ci of downloaderAt) direct.add(analysis.commands[ci]!.script);
    const children = new Map<number, number[]>();
    analysis.scripts.forEach((s, si) => {
      if (!s.parent) return;
      const parentScript = analysis.commands[s.parent.command]?.script;
      if (parentScript === undefined) return;
      const list = children.get(parentScript);
      if (list) list.push(si);
      else children.set(parentScript, [si]);
    });
    return { direct, memo: new Map<number, boolean>(), children };
  };
  const has = (s: number, depth = 0): boolean => {
    const { direct, memo, children } = (tables ??= made());
    const hit = memo.get(s);
    if (hit !== undefined) return hit;
    const r = direct.has(s) || (depth < 32 && (children.get(s) ?? []).some((c) => has(c, depth + 1)));
    memo.set(s, r);
    return r;
  };
  return has;
}

function describe(analysis: ShellAnalysis, i: number): string {
  return finalCommand(analysis.commands[i]!)?.name ?? "?";
}
