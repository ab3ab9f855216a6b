/**
 * How the text `cmd /c` runs is made from what the calling shell gives it: one place, read by every dialect that
 * starts cmd (bash/followCode.ts, powershell/analyse.ts, cmd/analyse.ts itself).
 */
import { HOLE_CHAR, HOLE_NODOT, HOLE_SEG, hasHoles } from "../words/template";

/**
 * The command line `cmd /c ARGS…` runs, from the arguments a calling shell gives it as values (quotes removed):
 * PowerShell and MSYS pass a native program an argument that holds a space inside double quotes, and cmd then reads
 * the line after `/c` by its own rule (cmdSlashCText). So PowerShell's `cmd /c 'rmdir /s /q "C:\Program Files"'`
 * runs `rmdir /s /q "C:\Program Files"`, and `cmd /c rmdir /s /q "C:\Program Files"` from either shell the same.
 */
export function cmdSlashCLine(args: readonly string[]): string {
  return cmdSlashCText(args.map((a) => unglobbed(spaceOutsideQuotes(a) ? `"${a}"` : a)).join(" "));
}

/** PowerShell's test for quoting a native argument: a space that no double quote of its own already encloses. */
function spaceOutsideQuotes(a: string): boolean {
  let quoted = false;
  for (let i = 0; i < a.length; i++) {
    const c = a[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === " " || c === "\t")) return true;
  }
  return false;
}

/**
 * A glob the calling shell left in a word reaches cmd as written (PowerShell never expands one for a program, and
 * Bash passes one that matches nothing): `*` and `?` again, for cmd's reader (`format /?` asks for help, `del C:\*.*`).
 */
const unglobbed = (a: string): string => (hasHoles(a) ? a.replace(GLOB_HOLES, (h) => (h === HOLE_CHAR ? "?" : "*")) : a);
const GLOB_HOLES = new RegExp(`[${HOLE_SEG}${HOLE_CHAR}${HOLE_NODOT}]`, "g");

/**
 * What cmd runs of the text after `/c` (or `/k`): when it starts with a quote, that quote and the last one are
 * dropped (`cmd /c "rd /s /q C:\Windows"` runs `rd /s /q C:\Windows`), cmd's rule for every line but a lone quoted
 * program name, which keeps its quotes (read here without them: its words only split where a space was).
 */
export function cmdSlashCText(text: string): string {
  const t = text.trim();
  if (!t.startsWith('"')) return t;
  const last = t.lastIndexOf('"');
  return last > 0 ? t.slice(1, last) + t.slice(last + 1) : t.slice(1);
}
