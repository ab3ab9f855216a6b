/**
 * The entry point of the shell analysis: a command line of the Bash or PowerShell tool → its simple commands
 * (model.ts) and their effects (effects.ts). The dialect front ends share one builder, so a `pwsh -c` inside Bash
 * or a `cmd /c` inside PowerShell is examined as part of the same command.
 */
import { analyseBash, Builder, type AnalyseContext } from "./bash";
import { analysePowerShell } from "./powershell";
import { DEFAULT_SHELL_LIMITS, type ShellAnalysis, type ShellDialect, type ShellLimits } from "./model";

export function analyseShell(command: string, dialect: ShellDialect, ctx: AnalyseContext = {}, limits: Partial<ShellLimits> = {}): ShellAnalysis {
  if (dialect === "bash") return analyseBash(command, ctx, limits);
  const b = new Builder({ ...DEFAULT_SHELL_LIMITS, ...limits }, ctx);
  const top = b.newScript(undefined, 0);
  try {
    analysePowerShell(b, typeof command === "string" ? command : "", top, 0);
  } catch {
    // A reader fault leaves the rest unread: unexamined, so restricting rules get the failure verdict.
    b.parseErrors = true;
    b.truncated = true;
  }
  return { ...b.result(), dialect };
}
