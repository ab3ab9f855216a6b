/**
 * PowerShell front end and cmdlet table. No PowerShell parser runs in workerd, so this is a tokenizer that knows
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
import { analyseCmd } from "./cmd";
import { analyseScript, type Builder } from "./bash";
import type { DeclaredEffect } from "./commands";
import { registerDialectEffects } from "./dialects";
import { parseArgs } from "./args";
import { commandSpec } from "./commands";
import type { ShellRedirect, ShellWord, SimpleCommand } from "./model";
import { HOLE_ANY, HOLE_CHAR, HOLE_NODOT, HOLE_SEG, literal } from "./template";

/** Aliases → cmdlet (lower case). */
export const PS_ALIASES: Readonly<Record<string, string>> = {
  ls: "get-childitem", dir: "get-childitem", gci: "get-childitem",
  rm: "remove-item", del: "remove-item", erase: "remove-item", rd: "remove-item", rmdir: "remove-item", ri: "remove-item",
  cat: "get-content", gc: "get-content", type: "get-content",
  cp: "copy-item", copy: "copy-item", cpi: "copy-item",
  mv: "move-item", move: "move-item", mi: "move-item",
  ren: "rename-item", rni: "rename-item",
  iwr: "invoke-webrequest", curl: "invoke-webrequest", wget: "invoke-webrequest",
  irm: "invoke-restmethod", iex: "invoke-expression", icm: "invoke-command",
  sc: "set-content", ac: "add-content", ni: "new-item", clc: "clear-content", sls: "select-string",
  echo: "write-output", write: "write-output",
  cd: "set-location", sl: "set-location", chdir: "set-location",
  start: "start-process", saps: "start-process",
  "%": "foreach-object", foreach: "foreach-object", "?": "where-object", where: "where-object",
  tee: "tee-object", ipcsv: "import-csv", sal: "set-alias", nal: "new-alias",
};

/** Names that are also Unix commands: on Linux/macOS PowerShell runs the native one. */
const NATIVE_TOO = new Set(["rm", "cat", "cp", "mv", "ls", "rmdir", "tee", "curl", "wget", "sort", "diff"]);

interface CmdletSpec {
  /** Parameters that take a value, in lower case; the first ones are positional in this order. */
  readonly positional: readonly string[];
  readonly values?: readonly string[];
  readonly switches?: readonly string[];
  readonly effects: (p: PsArgs) => DeclaredEffect[];
}

interface PsArgs {
  readonly params: ReadonlyMap<string, string[]>;
  readonly unknown: boolean;
}

const fx = (kind: DeclaredEffect["kind"], via: string, path: string | undefined, extra: Partial<DeclaredEffect> = {}): DeclaredEffect => ({
  kind,
  via,
  ...(path !== undefined ? { path } : {}),
  ...extra,
});
const valuesOf = (p: PsArgs, ...names: string[]) => names.flatMap((n) => p.params.get(n) ?? []);
const flag = (p: PsArgs, name: string) => p.unknown || p.params.has(name);
/** A synthetic block device for cmdlets that take a disk number or drive letter: they always write a disk. */
export const WINDOWS_DISK = "/dev/disk-windows";

const CMDLETS: Readonly<Record<string, CmdletSpec>> = {
  "remove-item": {
    positional: ["path"],
    values: ["literalpath", "filter", "include", "exclude", "credential", "stream"],
    switches: ["recurse", "force", "whatif", "confirm"],
    effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("delete", "Remove-Item", x, { recursive: flag(p, "recurse") })),
  },
  "get-content": {
    positional: ["path"],
    values: ["literalpath", "tail", "totalcount", "head", "first", "encoding", "delimiter", "readcount", "stream", "filter", "include", "exclude"],
    switches: ["raw", "wait", "asbytestream", "force"],
    effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("read", "Get-Content", x)),
  },
  "select-string": {
    positional: ["pattern", "path"],
    values: ["literalpath", "context", "encoding", "include", "exclude"],
    switches: ["simplematch", "casesensitive", "notmatch", "allmatches", "list", "quiet", "raw"],
    effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("read", "Select-String", x)),
  },
  "copy-item": {
    positional: ["path", "destination"],
    values: ["literalpath", "filter", "include", "exclude", "credential", "tosession", "fromsession"],
    switches: ["recurse", "force", "container", "passthru"],
    effects: (p) => [...valuesOf(p, "path", "literalpath").map((x) => fx("read", "Copy-Item", x)), ...valuesOf(p, "destination").map((x) => fx("write", "Copy-Item", x))],
  },
  "move-item": {
    positional: ["path", "destination"],
    values: ["literalpath", "filter", "include", "exclude", "credential"],
    switches: ["force", "passthru"],
    effects: (p) => [
      ...valuesOf(p, "path", "literalpath").flatMap((x) => [fx("read", "Move-Item", x), fx("delete", "Move-Item", x, { recursive: true })]),
      ...valuesOf(p, "destination").map((x) => fx("write", "Move-Item", x)),
    ],
  },
  "set-content": { positional: ["path", "value"], values: ["literalpath", "encoding", "stream", "filter", "include", "exclude"], switches: ["force", "nonewline", "passthru", "asbytestream"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("write", "Set-Content", x)) },
  "add-content": { positional: ["path", "value"], values: ["literalpath", "encoding", "stream", "filter", "include", "exclude"], switches: ["force", "nonewline", "passthru", "asbytestream"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("write", "Add-Content", x)) },
  "clear-content": { positional: ["path"], values: ["literalpath", "filter", "include", "exclude", "stream"], switches: ["force"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("write", "Clear-Content", x)) },
  "out-file": { positional: ["filepath", "encoding"], values: ["literalpath", "width", "inputobject"], switches: ["append", "force", "noclobber", "nonewline"], effects: (p) => valuesOf(p, "filepath", "literalpath").map((x) => fx("write", "Out-File", x)) },
  "tee-object": { positional: ["filepath"], values: ["literalpath", "variable", "inputobject", "encoding"], switches: ["append"], effects: (p) => valuesOf(p, "filepath", "literalpath").map((x) => fx("write", "Tee-Object", x)) },
  "new-item": { positional: ["path", "name"], values: ["itemtype", "value", "credential", "type"], switches: ["force"], effects: (p) => valuesOf(p, "path").map((x) => fx("write", "New-Item", x)) },
  "set-acl": { positional: ["path", "aclobject"], values: ["literalpath", "inputobject", "filter", "include", "exclude"], switches: ["passthru", "clearcentralaccesspolicy"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("chmod", "Set-Acl", x, { mode: p.params.has("@everyone") ? "777" : "acl" })) },
  "invoke-webrequest": {
    positional: ["uri"],
    values: ["method", "body", "headers", "contenttype", "infile", "outfile", "usebasicparsing", "credential", "timeoutsec", "useragent", "proxy", "form", "websession", "sessionvariable"],
    switches: ["passthru", "usedefaultcredentials", "skipcertificatecheck", "disablekeepalive"],
    effects: (p) => [...valuesOf(p, "infile").map((x) => fx("read", "Invoke-WebRequest -InFile", x)), ...valuesOf(p, "outfile").map((x) => fx("write", "Invoke-WebRequest -OutFile", x))],
  },
  "invoke-restmethod": {
    positional: ["uri"],
    values: ["method", "body", "headers", "contenttype", "infile", "outfile", "credential", "timeoutsec", "useragent", "proxy", "form", "websession", "sessionvariable"],
    switches: ["passthru", "usedefaultcredentials", "skipcertificatecheck", "disablekeepalive", "usebasicparsing"],
    effects: (p) => [...valuesOf(p, "infile").map((x) => fx("read", "Invoke-RestMethod -InFile", x)), ...valuesOf(p, "outfile").map((x) => fx("write", "Invoke-RestMethod -OutFile", x))],
  },
  "compress-archive": {
    positional: ["path", "destinationpath"],
    values: ["literalpath", "compressionlevel"],
    switches: ["update", "force", "passthru"],
    effects: (p) => [...valuesOf(p, "path", "literalpath").map((x) => fx("read", "Compress-Archive", x)), ...valuesOf(p, "destinationpath").map((x) => fx("write", "Compress-Archive", x))],
  },
  "expand-archive": {
    positional: ["path", "destinationpath"],
    values: ["literalpath"],
    switches: ["force", "passthru"],
    effects: (p) => [...valuesOf(p, "path", "literalpath").map((x) => fx("read", "Expand-Archive", x)), ...valuesOf(p, "destinationpath").map((x) => fx("write", "Expand-Archive", x))],
  },
  "format-volume": { positional: ["driveletter"], values: ["filesystem", "newfilesystemlabel", "partition", "objectid", "path", "filesystemlabel", "inputobject", "allocationunitsize"], switches: ["full", "force", "compress"], effects: () => [fx("write", "Format-Volume", WINDOWS_DISK)] },
  "clear-disk": { positional: ["number"], values: ["friendlyname", "uniqueid", "path", "inputobject"], switches: ["removedata", "removeoem", "zerooutentiredisk", "confirm"], effects: () => [fx("write", "Clear-Disk", WINDOWS_DISK)] },
  "initialize-disk": { positional: ["number"], values: ["partitionstyle", "friendlyname", "uniqueid", "path", "inputobject"], switches: [], effects: () => [fx("write", "Initialize-Disk", WINDOWS_DISK)] },
  "remove-partition": { positional: ["disknumber", "partitionnumber"], values: ["driveletter", "inputobject"], switches: ["confirm"], effects: () => [fx("write", "Remove-Partition", WINDOWS_DISK)] },
  "format-disk": { positional: ["number"], values: [], switches: [], effects: () => [fx("write", "Format-Disk", WINDOWS_DISK)] },
};

/** PowerShell downloaders (their output is the download) and executors of code given as text. */
const PS_DOWNLOADERS = new Set(["invoke-webrequest", "invoke-restmethod", "start-bitstransfer"]);
const PS_EXECUTORS = new Set(["invoke-expression", "invoke-command"]);

/** Bind a cmdlet's arguments as PowerShell does: named (with unique-prefix names), then positional. */
function bindPs(spec: CmdletSpec, args: readonly ShellWord[]): PsArgs {
  const params = new Map<string, string[]>();
  let unknown = false;
  const names = [...spec.positional, ...(spec.values ?? []), ...(spec.switches ?? [])];
  const resolve = (given: string): string[] => {
    const g = given.toLowerCase();
    if (names.includes(g)) return [g];
    const m = names.filter((n) => n.startsWith(g));
    return m.length > 0 ? m : [g];
  };
  const set = (k: string, val: string) => {
    const l = params.get(k);
    if (l) l.push(val);
    else params.set(k, [val]);
  };
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const t = w.value;
    if (/^-[A-Za-z][\w-]*(?::.*)?$/.test(t) && !/^-[0-9]/.test(t)) {
      const colon = t.indexOf(":");
      const given = colon >= 0 ? t.slice(1, colon) : t.slice(1);
      for (const name of resolve(given)) {
        const isSwitch = (spec.switches ?? []).includes(name);
        if (colon >= 0) set(name, t.slice(colon + 1));
        else if (isSwitch || !names.includes(name)) set(name, "");
        else set(name, args[i + 1]?.value ?? "");
      }
      const only = resolve(given);
      if (colon < 0 && only.length === 1 && names.includes(only[0]!) && !(spec.switches ?? []).includes(only[0]!)) i++;
      continue;
    }
    if (t.charCodeAt(0) === 0xe000 && w.splits) unknown = true;
    // A comma list (`rm a, b`) binds several values to one parameter.
    positionals.push(...t.split(/\s*,\s*/).filter((x) => x !== ""));
  }
  let k = 0;
  for (const name of spec.positional) {
    if (params.has(name)) continue;
    if (k < positionals.length) set(name, positionals[k++]!);
  }
  // Leftover positionals bind to the first positional parameter (arrays).
  while (k < positionals.length && spec.positional[0]) set(spec.positional[0], positionals[k++]!);
  return { params, unknown };
}

/** Normalise a PowerShell/Windows path for the path rules: `C:\x` → `/c/x`, `$env:USERPROFILE` → `~`. */
export function psPath(p: string): string {
  let s = p.replace(/\\/g, "/");
  const drive = /^([A-Za-z]):(\/|$)/.exec(s);
  if (drive) s = `/${drive[1]!.toLowerCase()}/${s.slice(drive[0].length)}`;
  return s;
}

/** The name a PowerShell command word calls: lower case, without directory or `.exe`, aliases resolved. */
/** A method called on an object or a type: `$x.Invoke()`, `[scriptblock]::Create('…')`, `(New-Object …).DownloadString(…)`. */
const PS_METHOD_CALL = /(?:\.|::)\s*[A-Za-z_]\w*\s*\(/;

/**
 * A PowerShell pipeline element that is an expression, not a command: a variable (`$PSVersionTable`, `$LASTEXITCODE
 * -ne 0`), a parenthesised expression (`(Get-Content x) -replace 'a', 'b'`), a hashtable or array (`@{ id = 1 }`),
 * a string or a number, not run with `&` or `.`, and calling no method. PowerShell evaluates it and outputs the value:
 * it runs no command, so it is not "any command" the way `& $x` is. What it holds (`(Get-Content x)`, `$(…)`,
 * `{ … }` blocks) is examined as scripts of their own. A method call may run code (`.Invoke()`, `::Create(…)`), so
 * an expression with one stays any command.
 */
export function isPsExpression(c: SimpleCommand): boolean {
  if (c.dialect !== "powershell" || c.invoked) return false;
  const head = c.words[0]?.raw ?? "";
  return /^(?:\$|\(|@|'|"|[0-9])/.test(head) && !PS_METHOD_CALL.test(c.raw);
}

export function psCommandName(word: string): { base: string; cmdlet: string } {
  const lower = word.toLowerCase().replace(/\\/g, "/").replace(/\.exe$/, "");
  const base = lower.includes("/") ? lower.slice(lower.lastIndexOf("/") + 1) : lower;
  return { base, cmdlet: PS_ALIASES[base] ?? base };
}

/** Cmdlets that take the path they work on from the pipeline (`gci C:\ | Remove-Item -Recurse`). */
const PIPELINE_PATH = new Set(["remove-item", "get-content", "copy-item", "move-item", "set-content", "add-content", "clear-content", "set-acl", "compress-archive", "select-string"]);

/** The path a listing cmdlet emits items of (`Get-ChildItem C:\ -Recurse`), for the next pipeline stage. */
export function psListing(c: SimpleCommand | undefined): { path: string; recursive: boolean } | undefined {
  if (c?.dialect !== "powershell") return undefined;
  const { cmdlet } = psCommandName(c.words[0]?.value ?? "");
  if (cmdlet !== "get-childitem" && cmdlet !== "get-item") return undefined;
  const spec: CmdletSpec = { positional: ["path", "filter"], values: ["literalpath", "include", "exclude", "depth", "attributes"], switches: ["recurse", "force", "name", "directory", "file", "hidden"], effects: () => [] };
  const p = bindPs(spec, c.words.slice(1));
  const path = valuesOf(p, "path", "literalpath")[0] ?? ".";
  return { path: psPath(path), recursive: p.params.has("recurse") };
}

function psEffects(name: string, args: readonly ShellWord[], c: SimpleCommand, upstream?: SimpleCommand): DeclaredEffect[] | undefined {
  if (c.dialect !== "powershell") return undefined;
  const { base, cmdlet } = psCommandName(name);
  const out: DeclaredEffect[] = [];
  const spec = CMDLETS[cmdlet];
  if (spec) {
    const bound = bindPs(spec, args);
    if (cmdlet === "set-acl" && c.grantsEveryone) (bound.params as Map<string, string[]>).set("@everyone", [""]);
    const listing = psListing(upstream);
    if (listing && PIPELINE_PATH.has(cmdlet) && !bound.params.has("path") && !bound.params.has("literalpath"))
      (bound.params as Map<string, string[]>).set("path", [`${listing.path.replace(/\/+$/, "")}/\uE001`]);
    out.push(...spec.effects(bound).map((e) => (e.path !== undefined ? { ...e, path: psPath(e.path) } : e)));
  }
  if (base === "format" || base === "diskpart") out.push({ kind: "write", via: base, path: WINDOWS_DISK });
  if (NATIVE_TOO.has(base) || !spec) {
    // The native command of that name (Linux/macOS), with the Bash table.
    const native = commandSpec(base);
    if (native?.effects) out.push(...native.effects(parseArgs(args, native.options ?? {}), args));
  }
  if (base === "icacls" || base === "cacls") {
    const recursive = args.some((w) => /^\/t$/i.test(w.value));
    const target = args.find((w) => !/^\/[A-Za-z]+(?::\S*)?$/.test(w.value));
    if (target) out.push({ kind: "chmod", via: base, path: psPath(target.value), recursive, mode: icaclsMode(args) });
  }
  if (base === "takeown") {
    const at = args.findIndex((w) => /^\/f$/i.test(w.value));
    const recursive = args.some((w) => /^\/r$/i.test(w.value));
    if (at >= 0 && args[at + 1]) out.push({ kind: "chmod", via: "takeown", path: psPath(args[at + 1]!.value), recursive, mode: "owner" });
  }
  return out;
}
/** `icacls … /grant Everyone:F` (or Users, Authenticated Users, *S-1-1-0 with full, modify or write): world-writable. */
export function icaclsMode(args: readonly ShellWord[]): string {
  const grants = args.map((w) => w.value).join(" ");
  return /(?:everyone|\*s-1-1-0|\busers\b|authenticated users|\*s-1-5-11|\*s-1-5-32-545)[^:]*:\(?(?:[^)\s]*\()?[^)\s]*\b(?:f|m|w)\b/i.test(grants) ? "777" : "acl";
}

/** Is this PowerShell command a downloader or an executor of text? */
function psRole(c: SimpleCommand): { downloader: boolean; executor: boolean } {
  const { cmdlet } = psCommandName(c.words[0]?.value ?? "");
  const text = c.raw.toLowerCase();
  return {
    downloader:
      PS_DOWNLOADERS.has(cmdlet) ||
      (cmdlet === "new-object" && /net\.webclient|msxml2\.xmlhttp|winhttp/.test(text)) ||
      /\.download(?:string|data|file)\s*\(|\[(?:system\.)?net\.webclient\]|\[(?:system\.)?net\.http\.httpclient\]/.test(text),
    executor: PS_EXECUTORS.has(cmdlet) || /\[scriptblock\]::create/.test(text),
  };
}
registerDialectEffects("powershell", psEffects, psRole);

void PS_ALIASES;

// ---------------------------------------------------------------------------------------------------------
// Tokenizer

const HOME_VARS = /^(?:home|env:userprofile|env:home|env:homepath)$/i;

/** What `$_`/`$PSItem` stand for inside a script block fed by a listing, and variables assigned a pipeline. */
export interface PsScope {
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
export function psConcat(expr: string, scope: PsScope): string | undefined {
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

export function analysePowerShell(b: Builder, src: string, scriptIndex: number, depth: number, scope: PsScope = { vars: new Map(), grantsEveryone: GRANTS_EVERYONE.test(src) }): void {
  if (depth > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
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
      const inner: PsScope = listing ? { ...scope, item: `${listing.path.replace(/\/+$/, "")}/\uE001`, itemRecursive: listing.recursive } : scope;
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
  const closing = (open: number): number => {
    const o = src[open]!;
    const c = o === "(" ? ")" : o === "{" ? "}" : "]";
    let d = 0;
    for (let j = open; j < n; j++) {
      const ch = src[j]!;
      if (ch === "'" ) {
        const e = src.indexOf("'", j + 1);
        j = e < 0 ? n : e;
        continue;
      }
      if (ch === '"') {
        let e = j + 1;
        while (e < n && src[e] !== '"') e += src[e] === "`" ? 2 : 1;
        j = e;
        continue;
      }
      if (ch === o) d++;
      else if (ch === c && --d === 0) return j;
    }
    return n;
  };
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
      while (j < n && !(src[j] === '"' || src[j] === "\u201c" || src[j] === "\u201d")) {
        const d = src[j]!;
        if (d === "`" && j + 1 < n) {
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

/** `powershell -Command …`, `-EncodedCommand …`, `Invoke-Expression …`, `Start-Process …`, `cmd /c …`, .NET calls. */
function followPowerShell(b: Builder, index: number, depth: number, scope: PsScope): void {
  const c = b.commands[index]!;
  const ws = c.words;
  const { base, cmdlet } = psCommandName(ws[0]?.value ?? "");
  const run = (text: string, dialect: "powershell" | "cmd") => {
    const si = b.newScript({ command: index, how: "code" }, depth + 1);
    if (dialect === "cmd") analyseCmd(b, text, si, depth + 1);
    else analysePowerShell(b, text, si, depth + 1, scope);
  };
  for (const d of DOTNET) for (const m of c.raw.matchAll(d.re)) run(d.line(m[2]!, m[3] ?? ""), "powershell");
  // `[scriptblock]::Create('…')`, `$ExecutionContext.InvokeCommand.InvokeScript('…')` and `.NewScriptBlock('…')`:
  // the string is code.
  for (const m of c.raw.matchAll(/(?:\[scriptblock\]::Create|\.InvokeScript|\.NewScriptBlock)\(\s*(['"])([\s\S]*?)\1\s*[,)]/gi)) run(m[2]!, "powershell");
  // `'…' | iex`: a string piped into Invoke-Expression is code, as `iex '…'` is.
  const previous = c.pipe && c.pipe.index > 0 ? b.commands.findLast((x, k) => k < index && x.pipe?.id === c.pipe!.id && x.pipe.index === c.pipe!.index - 1) : undefined;
  if (cmdlet === "invoke-expression" && ws.length === 1 && previous?.words.length === 1 && /^(['"]).*\1$/s.test(previous.raw)) run(previous.words[0]!.value, "powershell");
  if (cmdlet === "start-process") {
    const spec: CmdletSpec = { positional: ["filepath", "argumentlist"], values: ["verb", "workingdirectory", "credential", "windowstyle", "redirectstandardinput", "redirectstandardoutput", "redirectstandarderror"], switches: ["wait", "passthru", "nonewwindow", "loaduserprofile", "usenewenvironment"], effects: () => [] };
    const p = bindPs(spec, ws.slice(1));
    const file = valuesOf(p, "filepath")[0];
    // -ArgumentList 'push','--force' is an array: its items are the arguments.
    if (file !== undefined) run(`${file} ${valuesOf(p, "argumentlist").flatMap((a) => a.split(/\s*,\s*/)).join(" ")}`, "powershell");
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
      analyseScript(b, args.slice(k).join(" "), si, depth + 1, new Map());
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
        run(ws.slice(k + 1).map((x) => x.raw).join(" "), "cmd");
        break;
      }
    }
  }
}

export function decodeUtf16Base64(b64: string): string | undefined {
  try {
    const bin = atob(b64.replace(/\s+/g, ""));
    let out = "";
    for (let i = 0; i + 1 < bin.length; i += 2) out += String.fromCharCode(bin.charCodeAt(i) | (bin.charCodeAt(i + 1) << 8));
    return out;
  } catch {
    return undefined;
  }
}
