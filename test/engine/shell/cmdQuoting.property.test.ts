// cmd's `rd /s`, `rmdir /s` and `del /s` reached through `cmd /c` from PowerShell or from Bash: whichever way the
// calling shell quotes the command line and the path (a single-quoted string holding a double-quoted path, escaped
// quotes, `""`, the path as an argument of its own, `cmd /s /c`, `cmd.exe`, `& cmd`), cmd runs the same delete, and
// the starter denies it for every Windows system directory of its policy and the Windows home; a project path is not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import starter from "../../../policies/default.json";
import { starterToolVerdict } from "../../support/starter";

const RULE = "no-recursive-delete-of-root-system-or-home";

/** The starter's Windows system directories (`//?/Program Files` → `C:\Program Files`), and the Windows home. */
const WINDOWS_PROTECTED = [
  ...starter.paths.system.filter((p) => p.startsWith("//?")).map((p) => `C:\\${p.slice(4).replaceAll("/", "\\")}`),
  "C:\\Users\\dev",
];
const WINDOWS_ORDINARY = ["C:\\Users\\dev\\shop\\dist", "C:\\Program Files\\app\\logs", "C:\\Users\\dev\\AppData\\Local\\Temp\\build"];

/** cmd's recursive deletes of a directory X. */
const VERBS = [(x: string) => `rd /s /q "${x}"`, (x: string) => `rmdir /s /q "${x}"`, (x: string) => `RD /Q /S "${x}"`, (x: string) => `del /f /s /q "${x}\\*"`];

/** `cmd /c LINE` as PowerShell writes it, LINE with its double quotes. */
const POWERSHELL: ((line: string) => string)[] = [
  (l) => `cmd /c '${l}'`,
  (l) => `cmd.exe /c '${l}'`,
  (l) => `& cmd /c '${l}'`,
  (l) => `cmd /c "${l.replaceAll('"', '`"')}"`,
  (l) => `cmd /c "${l.replaceAll('"', '""')}"`,
  (l) => `cmd /s /c "${l.replaceAll('"', '`"')}"`,
  // The path as an argument of its own: PowerShell quotes it again for cmd.
  (l) => `cmd /c ${l.replace(/"([^"]*)"/, "'$1'")}`,
  (l) => `cmd /c ${l}`,
];
/** The same from Bash (Git Bash, WSL). */
const BASH: ((line: string) => string)[] = [
  (l) => `cmd /c '${l}'`,
  (l) => `cmd.exe /c "${l.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`,
  (l) => `cmd //c '${l}'`,
  (l) => `cmd /c ${l.replace(/"([^"]*)"/, "'$1'")}`,
];

const spelling = (dirs: readonly string[]) =>
  fc.record({ dir: fc.constantFrom(...dirs), verb: fc.constantFrom(...VERBS), shell: fc.constantFrom<["PowerShell" | "Bash", number]>(...POWERSHELL.map((_, k) => ["PowerShell", k] as ["PowerShell", number]), ...BASH.map((_, k) => ["Bash", k] as ["Bash", number])) });

const commandOf = ({ dir, verb, shell }: { dir: string; verb: (x: string) => string; shell: ["PowerShell" | "Bash", number] }) =>
  (shell[0] === "PowerShell" ? POWERSHELL : BASH)[shell[1]]!(verb(dir));

describe("cmd's deletes through `cmd /c`", () => {
  it("the policy names the Windows system directories this suite tries", () => {
    expect(WINDOWS_PROTECTED).toEqual(expect.arrayContaining(["C:\\Windows", "C:\\Program Files", "C:\\Program Files (x86)", "C:\\Users", "C:\\ProgramData"]));
  });

  it("of a Windows system directory or home are denied, however the command line is quoted", async () => {
    await fc.assert(
      fc.asyncProperty(spelling(WINDOWS_PROTECTED), async (s) => {
        const command = commandOf(s);
        expect((await starterToolVerdict(s.shell[0], { command })).fired, `${s.shell[0]}: ${command}`).toContain(RULE);
      }),
      { numRuns: 300 },
    );
  });

  it("of a directory below them are not", async () => {
    await fc.assert(
      fc.asyncProperty(spelling(WINDOWS_ORDINARY), async (s) => {
        const command = commandOf(s);
        expect((await starterToolVerdict(s.shell[0], { command })).decision, `${s.shell[0]}: ${command}`).toBe("none");
      }),
      { numRuns: 100 },
    );
  });

  it("a glob in the calling shell's word stays a glob for cmd", async () => {
    expect((await starterToolVerdict("PowerShell", { command: "cmd.exe /c del /f /s /q C:\\*.*" })).fired).toContain(RULE);
  });
});
