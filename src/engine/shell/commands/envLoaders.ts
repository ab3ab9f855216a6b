/**
 * Files loaded into the environment, and commands that print it. Loading a file is not reading it: `source .env`
 * runs it and `dotenv -e .env -- npm start` hands its values to a program, and neither shows them. But a command
 * that then prints the environment or a variable (`source .env && env`, `set -a; . .env; printenv`, `dotenv --
 * printenv`, `source .env; echo $DB_PASSWORD`) shows what was loaded, so the script reads the file after all.
 * effects.ts turns each such load into a read of its file when the script holds a printer anywhere (a loop or a
 * function may print after the load even when written before it).
 */
import type { ShellAnalysis, ShellWord, SimpleCommand } from "../model";
import { commandName, strippedCommand } from "../words/strip";
import { hasHoles } from "../words/template";
import { SOURCERS } from "./wrappers";

/** Wrappers (wrappers.ts) that load a file into the environment of the command they run, and how it is named. */
const ENV_LOADERS: Readonly<Record<string, { readonly fileOptions: readonly string[]; readonly defaultFile: string; readonly subcommand?: string }>> = {
  dotenv: { fileOptions: ["-e"], defaultFile: ".env" },
  "env-cmd": { fileOptions: ["-f", "--file"], defaultFile: ".env" },
  dotenvx: { fileOptions: ["-f", "--env-file"], defaultFile: ".env", subcommand: "run" },
};

/** Commands that print the whole environment, or the variables, when given no operand (or only these options). */
const ENVIRONMENT_PRINTERS: Readonly<Record<string, (args: readonly ShellWord[]) => boolean>> = {
  env: (args) => args.every((a) => a.value.startsWith("-") || a.value.includes("=")),
  printenv: () => true,
  set: (args) => args.length === 0,
  export: (args) => args.length === 0 || args.every((a) => a.value === "-p"),
  declare: (args) => args.length === 0 || args.some((a) => /^-[a-zA-Z]*[px]/.test(a.value)),
  typeset: (args) => args.length === 0 || args.some((a) => /^-[a-zA-Z]*[px]/.test(a.value)),
  compgen: (args) => args.some((a) => /^-[a-zA-Z]*[ve]/.test(a.value)),
};
/** Commands that print their operands: with a variable among them, they print a value the script may have loaded. */
const ECHOERS: ReadonlySet<string> = new Set(["echo", "printf", "print"]);

/** The command a simple command finally runs, as effects.ts works it out. */
type FinalOf = (c: SimpleCommand) => { readonly name: string; readonly args: readonly ShellWord[] } | undefined;

/** Whether the command prints the environment, or a variable's value. */
function printsEnvironment(f: { readonly name: string; readonly args: readonly ShellWord[] }): boolean {
  const printer = ENVIRONMENT_PRINTERS[f.name];
  if (printer?.(f.args)) return true;
  return ECHOERS.has(f.name) && f.args.some((a) => hasHoles(a.text));
}

/** The file a wrapper of ENV_LOADERS loads (its option's value, else its default), if the command has one. */
function wrapperLoads(c: SimpleCommand): string[] {
  const s = strippedCommand(c);
  const out: string[] = [];
  for (let k = 0; k < s.stages.length - 1; k++) {
    const at = s.stages[k]!;
    const loader = ENV_LOADERS[commandName(c.words[at]?.value ?? "")];
    if (!loader) continue;
    const until = s.stages[k + 1]!;
    const named: string[] = [];
    for (let w = at + 1; w < until; w++) {
      const v = c.words[w]!.value;
      for (const o of loader.fileOptions) {
        if (v === o && w + 1 < until) named.push(c.words[w + 1]!.value);
        else if (v.startsWith(`${o}=`)) named.push(v.slice(o.length + 1));
        else if (!o.startsWith("--") && v.startsWith(o) && v.length > o.length) named.push(v.slice(o.length));
      }
    }
    out.push(...(named.length > 0 ? named : [loader.defaultFile]));
  }
  return out;
}

/** Each file the script loads into the environment while it also prints the environment: by command index. */
export function loadedAndPrinted(analysis: ShellAnalysis, finalOf: FinalOf): { command: number; path: string }[] {
  const loads: { command: number; path: string }[] = [];
  let prints = false;
  for (let i = 0; i < analysis.commands.length; i++) {
    const c = analysis.commands[i]!;
    const f = finalOf(c);
    if (!f) continue;
    if (SOURCERS.has(f.name) && f.args[0] !== undefined) loads.push({ command: i, path: f.args[0].value });
    for (const path of wrapperLoads(c)) loads.push({ command: i, path });
    if (!prints && printsEnvironment(f)) prints = true;
  }
  return prints ? loads : [];
}
