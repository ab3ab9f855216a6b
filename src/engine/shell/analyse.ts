/**
 * The entry point of the shell analysis: a command line of the Bash or PowerShell tool → its simple commands
 * (model.ts) and their effects (effects.ts). The dialect readers share one Builder, so a `pwsh -c` inside Bash
 * or a `cmd /c` inside PowerShell is examined as part of the same command; this module is the one that knows them
 * all and hands them to the Builder (DialectReaders), so that no dialect imports another.
 */
import { analyseScript } from "./bash/analyse";
import { naiveFallback } from "./bash/fallback";
import { Builder, type AnalyseContext, type DialectReaders } from "./builder";
import { analyseCmd } from "./cmd/analyse";
import { DEFAULT_SHELL_LIMITS, type ShellAnalysis, type ShellDialect, type ShellLimits } from "./model";
import { analysePowerShell } from "./powershell/analyse";

const READERS: DialectReaders = {
  bash: analyseScript,
  powershell: (b, src, scriptIndex, depth) => analysePowerShell(b, src, scriptIndex, depth),
  cmd: analyseCmd,
};

export function analyseShell(command: string, dialect: ShellDialect, ctx: AnalyseContext = {}, limits: Partial<ShellLimits> = {}): ShellAnalysis {
  const b = new Builder({ ...DEFAULT_SHELL_LIMITS, ...limits }, ctx, READERS);
  const top = b.newScript(undefined, 0);
  if (dialect === "bash") {
    try {
      analyseScript(b, typeof command === "string" ? command : "", top, 0, new Map());
    } catch {
      // Never throw for bad data: what was recorded stands, and the rest is read by the tokenizer.
      b.parseErrors = true;
      naiveFallback(b, command, top);
    }
    return b.result();
  }
  try {
    analysePowerShell(b, typeof command === "string" ? command : "", top, 0);
  } catch {
    // A reader fault leaves the rest unread: unexamined, so restricting rules get the failure verdict.
    b.parseErrors = true;
    b.truncated = true;
  }
  return { ...b.result(), dialect };
}
