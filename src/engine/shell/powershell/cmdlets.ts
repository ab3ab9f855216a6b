/**
 * PowerShell's cmdlet table: aliases, how each cmdlet binds its parameters (named by unique prefix, then
 * positional) and what it does to files, disks and permissions; which cmdlets download or run text as code; and
 * PowerShell's path spellings (`C:\\x`, `$env:USERPROFILE`). The reader (analyse.ts) records commands; effects.ts
 * asks this table what they do.
 */
import { HOLE_SEG } from "../words/template";
import { commandSpec } from "../commands/commands";
import type { DeclaredEffect } from "../commands/declared";
import type { ShellWord, SimpleCommand } from "../model";
import { parseArgs } from "../words/args";

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
  tee: "tee-object", ipcsv: "import-csv", epcsv: "export-csv", fhx: "format-hex", sal: "set-alias", nal: "new-alias",
};

/** Names that are also Unix commands: on Linux/macOS PowerShell runs the native one. */
const NATIVE_TOO = new Set(["rm", "cat", "cp", "mv", "ls", "rmdir", "tee", "curl", "wget", "sort", "diff"]);

export interface CmdletSpec {
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
export const valuesOf = (p: PsArgs, ...names: string[]) => names.flatMap((n) => p.params.get(n) ?? []);
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
    // -Recurse copies a directory with everything under it.
    effects: (p) => [...valuesOf(p, "path", "literalpath").map((x) => fx("read", "Copy-Item", x, flag(p, "recurse") ? { recursive: true } : {})), ...valuesOf(p, "destination").map((x) => fx("write", "Copy-Item", x))],
  },
  "move-item": {
    positional: ["path", "destination"],
    values: ["literalpath", "filter", "include", "exclude", "credential"],
    switches: ["force", "passthru"],
    effects: (p) => [
      ...valuesOf(p, "path", "literalpath").flatMap((x) => [fx("read", "Move-Item", x, { recursive: true }), fx("delete", "Move-Item", x, { recursive: true })]),
      ...valuesOf(p, "destination").map((x) => fx("write", "Move-Item", x)),
    ],
  },
  "set-content": { positional: ["path", "value"], values: ["literalpath", "encoding", "stream", "filter", "include", "exclude"], switches: ["force", "nonewline", "passthru", "asbytestream"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("write", "Set-Content", x)) },
  "add-content": { positional: ["path", "value"], values: ["literalpath", "encoding", "stream", "filter", "include", "exclude"], switches: ["force", "nonewline", "passthru", "asbytestream"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("write", "Add-Content", x)) },
  "clear-content": { positional: ["path"], values: ["literalpath", "filter", "include", "exclude", "stream"], switches: ["force"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("write", "Clear-Content", x)) },
  "out-file": { positional: ["filepath", "encoding"], values: ["literalpath", "width", "inputobject"], switches: ["append", "force", "noclobber", "nonewline"], effects: (p) => valuesOf(p, "filepath", "literalpath").map((x) => fx("write", "Out-File", x)) },
  // A rename is a move within the directory: the old name read and gone (with all under it), the new one written.
  "rename-item": {
    positional: ["path", "newname"],
    values: ["literalpath", "credential"],
    switches: ["force", "passthru"],
    effects: (p) => {
      const from = valuesOf(p, "path", "literalpath");
      const dir = (x: string) => (/[\\/]/.test(x) ? x.replace(/[^\\/]*[\\/]*$/, "") : "");
      return [
        ...from.flatMap((x) => [fx("read", "Rename-Item", x), fx("delete", "Rename-Item", x, { recursive: true })]),
        ...valuesOf(p, "newname").flatMap((n) => from.map((x) => fx("write", "Rename-Item", /[\\/]/.test(n) ? n : `${dir(x)}${n}`))),
      ];
    },
  },
  // Cmdlets that read a file and return what is in it (`Import-Csv .env` prints every line as an object).
  "import-csv": { positional: ["path", "delimiter"], values: ["literalpath", "header", "encoding"], switches: ["useculture"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("read", "Import-Csv", x)) },
  "import-clixml": { positional: ["path"], values: ["literalpath", "first", "skip"], switches: ["includetotalcount"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("read", "Import-Clixml", x)) },
  "import-powershelldatafile": { positional: ["path"], values: ["literalpath"], switches: ["skiplimitcheck"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("read", "Import-PowerShellDataFile", x)) },
  "format-hex": { positional: ["path"], values: ["literalpath", "inputobject", "encoding", "count", "offset"], switches: ["raw"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("read", "Format-Hex", x)) },
  "send-mailmessage": { positional: ["to", "subject", "body", "smtpserver"], values: ["attachments", "from", "cc", "bcc", "credential", "port", "priority", "encoding", "deliverynotificationoption"], switches: ["bodyashtml", "usessl"], effects: (p) => valuesOf(p, "attachments").flatMap((a) => a.split(/\s*,\s*/)).map((x) => fx("read", "Send-MailMessage -Attachments", x)) },
  "export-csv": { positional: ["path", "delimiter"], values: ["literalpath", "inputobject", "encoding"], switches: ["append", "force", "noclobber", "notypeinformation", "useculture"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("write", "Export-Csv", x)) },
  "export-clixml": { positional: ["path"], values: ["literalpath", "inputobject", "depth", "encoding"], switches: ["force", "noclobber"], effects: (p) => valuesOf(p, "path", "literalpath").map((x) => fx("write", "Export-Clixml", x)) },
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
    // An archive holds a directory with everything under it.
    effects: (p) => [...valuesOf(p, "path", "literalpath").map((x) => fx("read", "Compress-Archive", x, { recursive: true })), ...valuesOf(p, "destinationpath").map((x) => fx("write", "Compress-Archive", x))],
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
export function bindPs(spec: CmdletSpec, args: readonly ShellWord[]): PsArgs {
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

/** The name a PowerShell command word calls: lower case, without directory or `.exe`, aliases resolved. */
export function psCommandName(word: string): { base: string; cmdlet: string } {
  const lower = word.toLowerCase().replace(/\\/g, "/").replace(/\.exe$/, "");
  const base = lower.includes("/") ? lower.slice(lower.lastIndexOf("/") + 1) : lower;
  return { base, cmdlet: PS_ALIASES[base] ?? base };
}

/** Cmdlets that take the path they work on from the pipeline (`gci C:\ | Remove-Item -Recurse`). */
const PIPELINE_PATH = new Set(["remove-item", "get-content", "copy-item", "move-item", "set-content", "add-content", "clear-content", "set-acl", "compress-archive", "select-string"]);

/** The path a listing cmdlet emits items of (`Get-ChildItem C:\ -Recurse`), for the next pipeline stage. */
export function psListing(c: SimpleCommand | undefined): { path: string; recursive: boolean; filtered: boolean } | undefined {
  if (c?.dialect !== "powershell") return undefined;
  const { cmdlet } = psCommandName(c.words[0]?.value ?? "");
  if (cmdlet !== "get-childitem" && cmdlet !== "get-item") return undefined;
  const spec: CmdletSpec = { positional: ["path", "filter"], values: ["literalpath", "include", "exclude", "depth", "attributes"], switches: ["recurse", "force", "name", "directory", "file", "hidden"], effects: () => [] };
  const p = bindPs(spec, c.words.slice(1));
  const path = valuesOf(p, "path", "literalpath")[0] ?? ".";
  return { path: psPath(path), recursive: p.params.has("recurse"), filtered: p.params.has("filter") || p.params.has("include") || p.params.has("exclude") };
}

export function psEffects(name: string, args: readonly ShellWord[], c: SimpleCommand, upstream?: SimpleCommand): DeclaredEffect[] | undefined {
  if (c.dialect !== "powershell") return undefined;
  const { base, cmdlet } = psCommandName(name);
  const out: DeclaredEffect[] = [];
  const spec = CMDLETS[cmdlet];
  if (spec) {
    const bound = bindPs(spec, args);
    if (cmdlet === "set-acl" && c.grantsEveryone) (bound.params as Map<string, string[]>).set("@everyone", [""]);
    const listing = psListing(upstream);
    const items = listing && PIPELINE_PATH.has(cmdlet) && !bound.params.has("path") && !bound.params.has("literalpath") ? `${listing.path.replace(/\/+$/, "")}/${HOLE_SEG}` : undefined;
    if (items !== undefined) {
      (bound.params as Map<string, string[]>).set("path", [items]);
      // `gci ~ -Recurse | Remove-Item`: every item under the listed path is removed, which is removing it recursively
      // (with a -Filter only the items it names are: `gci C:\Windows -Recurse -Filter *.log`).
      if (listing!.recursive && !listing!.filtered && cmdlet === "remove-item") (bound.params as Map<string, string[]>).set("recurse", [""]);
    }
    for (const e of spec.effects(bound)) {
      // `gci -Recurse DIR | Get-Content`, `… | Select-String x`: what is under DIR, at any depth, is read.
      if (items !== undefined && listing!.recursive && e.kind === "read" && e.path === items) out.push({ ...e, path: psPath(listing!.path), recursive: true });
      else out.push(e.path !== undefined ? { ...e, path: psPath(e.path) } : e);
    }
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
export function psRole(c: SimpleCommand): { downloader: boolean; executor: boolean } {
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
