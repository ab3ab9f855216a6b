/**
 * cmd.exe front end, for `cmd /c …` from Bash (WSL, Git Bash) or PowerShell: `&`, `&&`, `||`, `|` separate
 * commands, `"…"` quotes, `^` escapes, `%VAR%` expands (`%USERPROFILE%` reads as `~`). Its commands' effects:
 * `rd /s`, `del /s`, `format`, `type`, `copy`/`xcopy`/`robocopy` (`/MIR`, `/PURGE` delete), `icacls /T`,
 * `takeown /R`, `diskpart`.
 */
import { parseArgs } from "./args";
import { analyseScript, type Builder } from "./bash";
import { commandSpec, type DeclaredEffect } from "./commands";
import { registerDialectEffects, registerProgramEffects } from "./dialects";
import type { ShellRedirect, ShellWord, SimpleCommand } from "./model";
import { analysePowerShell, icaclsMode, psPath, WINDOWS_DISK } from "./powershell";
import { HOLE_ANY, HOLE_SEG, literal } from "./template";

const VARS: Readonly<Record<string, string>> = {
  userprofile: "~",
  homepath: "~",
  systemdrive: "c:",
  windir: "c:/windows",
  systemroot: "c:/windows",
  programfiles: "c:/program files",
};

export function analyseCmd(b: Builder, src: string, scriptIndex: number, depth: number): void {
  if (depth > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
  let words: ShellWord[] = [];
  let redirects: ShellRedirect[] = [];
  let pendingRedirect: string | undefined;
  let text = "";
  let value = "";
  let raw = "";
  let inWord = false;
  let pipe: { id: number; index: number } | undefined;
  let start = 0;
  const endWord = () => {
    if (inWord) {
      const w: ShellWord = { text, value, raw, splits: false, procsub: undefined, substs: [] };
      if (pendingRedirect) {
        redirects.push({ op: pendingRedirect, fd: undefined, target: { ...w, value: psPath(w.value) } });
        pendingRedirect = undefined;
      } else words.push(w);
    }
    text = value = raw = "";
    inWord = false;
  };
  const endCommand = (at: number, next: "list" | "pipe") => {
    endWord();
    if ((words.length > 0 || redirects.length > 0) && !b.full) {
      if (next === "pipe" && !pipe) pipe = { id: b.newPipe(), index: 0 };
      const index = b.addCommand({ words, redirects, stdin: [], raw: src.slice(start, at).trim(), script: scriptIndex, pipe, origin: "parsed", dialect: "cmd" });
      const head = (words[0]?.value ?? "").toLowerCase().replace(/\.exe$/, "");
      const nested = (how: "cmd" | "powershell" | "bash", text: string) => {
        const si = b.newScript({ command: index, how: "code" }, depth + 1);
        if (how === "cmd") analyseCmd(b, text, si, depth + 1);
        else if (how === "powershell") analysePowerShell(b, text, si, depth + 1);
        else analyseScript(b, text, si, depth + 1, new Map());
      };
      if (head === "cmd") {
        const k = words.findIndex((w) => /^\/[ck]$/i.test(w.value));
        if (k >= 0) nested("cmd", words.slice(k + 1).map((w) => w.raw).join(" "));
      } else if (head === "powershell" || head === "pwsh") {
        const k = words.findIndex((w) => /^[-/]c(o(m(m(a(n(d)?)?)?)?)?)?$/i.test(w.value));
        if (k >= 0) nested("powershell", words.slice(k + 1).map((w) => w.value).join(" "));
      } else if (head === "wsl" || head === "bash" || head === "sh") {
        const k = head === "wsl" ? (words[1]?.value === "-e" || words[1]?.value === "--" ? 2 : 1) : words.findIndex((w) => w.value === "-c") + 1;
        if (k > 0 && k < words.length) nested("bash", words.slice(k).map((w) => w.value).join(" "));
      }
    }
    pipe = next === "pipe" && pipe ? { id: pipe.id, index: pipe.index + 1 } : undefined;
    words = [];
    redirects = [];
  };
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '"') {
      quoted = !quoted;
      inWord = true;
      raw += c;
      continue;
    }
    if (!quoted && c === "^" && i + 1 < src.length) {
      text += literal(src[i + 1]!);
      value += literal(src[i + 1]!);
      raw += src.slice(i, i + 2);
      inWord = true;
      i++;
      continue;
    }
    if (c === "%") {
      const close = src.indexOf("%", i + 1);
      if (close > i + 1 && /^[A-Za-z_][\w()]*$/.test(src.slice(i + 1, close))) {
        const name = src.slice(i + 1, close).toLowerCase();
        text += HOLE_ANY;
        value += VARS[name] ?? HOLE_ANY;
        raw += src.slice(i, close + 1);
        inWord = true;
        i = close;
        continue;
      }
    }
    if (!quoted && c === ">") {
      endWord();
      pendingRedirect = src[i + 1] === ">" ? ">>" : ">";
      if (src[i + 1] === ">") i++;
      continue;
    }
    if (!quoted && (c === "&" || c === "|")) {
      const two = src[i + 1] === c;
      endCommand(i, c === "|" && !two ? "pipe" : "list");
      if (two) i++;
      start = i + 1;
      continue;
    }
    if (!quoted && (c === " " || c === "\t" || c === "\n" || c === "\r")) {
      endWord();
      if (c === "\n") {
        endCommand(i, "list");
        start = i + 1;
      }
      continue;
    }
    const t = c === "*" ? HOLE_SEG : literal(c);
    text += t;
    value += t;
    raw += c;
    inWord = true;
  }
  endCommand(src.length, "list");
}

const sw = (args: readonly ShellWord[], re: RegExp) => args.some((w) => re.test(w.value));
const operands = (args: readonly ShellWord[]) => args.filter((w) => !w.value.startsWith("/")).map((w) => psPath(w.value));

function cmdEffects(name: string, args: readonly ShellWord[], c: SimpleCommand): DeclaredEffect[] | undefined {
  if (c.dialect !== "cmd") return undefined;
  const n = name.toLowerCase().replace(/\.exe$/, "");
  switch (n) {
    case "rd":
    case "rmdir":
      return operands(args).map((p) => ({ kind: "delete", via: n, path: p, recursive: sw(args, /^\/s$/i) }));
    case "del":
    case "erase":
      return operands(args).map((p) => ({ kind: "delete", via: n, path: p, recursive: sw(args, /^\/s$/i) }));
    case "type":
      return operands(args).map((p) => ({ kind: "read", via: "type", path: p }));
    case "copy":
    case "xcopy":
    case "robocopy": {
      const ops = operands(args);
      const out: DeclaredEffect[] = ops.slice(0, -1).map((p) => ({ kind: "read", via: n, path: p }));
      const dest = ops[ops.length - 1];
      if (dest !== undefined && ops.length > 1) {
        out.push({ kind: "write", via: n, path: dest });
        if (n === "robocopy" && sw(args, /^\/(?:mir|purge)$/i)) out.push({ kind: "delete", via: "robocopy /MIR", path: dest, recursive: true });
      }
      return out;
    }
    default: {
      const program = windowsProgramEffects(n, args);
      if (program) return program;
      // Anything else is a program on the PATH: the Bash table knows git, curl, tar, …
      const spec = commandSpec(n);
      return spec?.effects ? spec.effects(parseArgs(args, spec.options ?? {}), args) : [];
    }
  }
}
/** Windows programs (not cmd builtins: those need cmd) that change disks or permissions, by their switches. */
function windowsProgramEffects(n: string, args: readonly ShellWord[]): DeclaredEffect[] | undefined {
  switch (n) {
    case "format":
    case "diskpart":
      return [{ kind: "write", via: n, path: WINDOWS_DISK }];
    case "icacls":
    case "cacls": {
      const target = operands(args)[0];
      return target ? [{ kind: "chmod", via: n, path: target, recursive: sw(args, /^\/t$/i), mode: icaclsMode(args) }] : [];
    }
    case "takeown": {
      const at = args.findIndex((w) => /^\/f$/i.test(w.value));
      return at >= 0 && args[at + 1] ? [{ kind: "chmod", via: "takeown", path: psPath(args[at + 1]!.value), recursive: sw(args, /^\/r$/i), mode: "owner" }] : [];
    }
    default:
      return undefined;
  }
}

/**
 * The same programs run from Git Bash (the Bash tool on Windows), where MSYS takes a word with one leading slash
 * for a path: users write switches with two (`//T`, `//grant`), and drives as `/c/…`. Both are read as cmd would
 * see them; the Bash table knows nothing of these programs, so without this they would have no effect at all.
 */
function bashWindowsProgram(name: string, args: readonly ShellWord[], c: SimpleCommand): DeclaredEffect[] | undefined {
  if (c.dialect !== "bash") return undefined;
  const n = name.toLowerCase().replace(/\.exe$/, "");
  const asCmd = args.map((w) => {
    if (/^\/\/[A-Za-z?]/.test(w.value)) return { ...w, value: w.value.slice(1) };
    const drive = /^\/([A-Za-z])(\/.*)?$/.exec(w.value);
    if (drive && !/^\/[A-Za-z]$/.test(w.value)) return { ...w, value: `${drive[1]}:${drive[2] ?? "/"}` };
    return w;
  });
  return windowsProgramEffects(n, asCmd);
}

registerDialectEffects("cmd", cmdEffects);
registerProgramEffects(["icacls", "cacls", "takeown", "format", "diskpart"], bashWindowsProgram);
