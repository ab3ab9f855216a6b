/**
 * What cmd.exe commands and the Windows programs it runs do to files, disks and permissions: `rd /s`, `del /s`,
 * `format`, `type`, `copy`/`xcopy`/`robocopy` (`/MIR`, `/PURGE` delete), `icacls /T`, `takeown /R`, `diskpart`;
 * and the same programs run from Git Bash (bashWindowsProgram). effects.ts asks this table.
 */
import type { ShellWord, SimpleCommand } from "../model";
import { WINDOWS_DISK, icaclsMode, psPath } from "../powershell/cmdlets";
import { commandSpec } from "../commands/commands";
import type { DeclaredEffect } from "../commands/declared";
import { parseArgs } from "../words/args";

const sw = (args: readonly ShellWord[], re: RegExp) => args.some((w) => re.test(w.value));
const operands = (args: readonly ShellWord[]) => args.filter((w) => !w.value.startsWith("/")).map((w) => psPath(w.value));

export function cmdEffects(name: string, args: readonly ShellWord[], c: SimpleCommand): DeclaredEffect[] | undefined {
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
      // `xcopy /s`/`/e`, robocopy's `/s`, `/e`, `/mir`: a source directory with everything under it.
      const tree = n !== "copy" && (n === "robocopy" ? sw(args, /^\/(?:s|e|mir)$/i) : sw(args, /^\/[se]$/i)) ? { recursive: true } : {};
      const out: DeclaredEffect[] = ops.slice(0, -1).map((p) => ({ kind: "read", via: n, path: p, ...tree }));
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
export function bashWindowsProgram(name: string, args: readonly ShellWord[], c: SimpleCommand): DeclaredEffect[] | undefined {
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

/** The Windows programs bashWindowsProgram knows, by lower-case name without `.exe`. */
export const WINDOWS_PROGRAMS: readonly string[] = ["icacls", "cacls", "takeown", "format", "diskpart"];
const WINDOWS_PROGRAM_NAMES: ReadonlySet<string> = new Set(WINDOWS_PROGRAMS);
/** Is `name` one of WINDOWS_PROGRAMS, in any case, with or without `.exe`? (asked of every Bash command) */
export function isWindowsProgram(name: string): boolean {
  const lower = name.toLowerCase();
  return WINDOWS_PROGRAM_NAMES.has(lower.endsWith(".exe") ? lower.slice(0, -4) : lower);
}
