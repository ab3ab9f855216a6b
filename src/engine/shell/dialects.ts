/**
 * Effect tables of the dialects other than Bash (PowerShell, cmd), registered by their own modules. A module of
 * its own, importing nothing, so that registering at load time never meets a module still being evaluated.
 */
import type { DeclaredEffect } from "./commands";
import type { ShellWord, SimpleCommand } from "./model";

export type DialectEffects = (
  name: string,
  args: readonly ShellWord[],
  command: SimpleCommand,
  /** The previous stage of its pipeline, if any (PowerShell takes paths from it). */
  upstream?: SimpleCommand,
) => DeclaredEffect[] | undefined;
/** Whether a command of another dialect downloads (its output is the download) or runs text it is given as code. */
export type DialectRole = (command: SimpleCommand) => { downloader: boolean; executor: boolean };

/** Per-dialect tables beyond Bash's (registered by powershell.ts and cmd.ts, so this module imports neither). */
export const dialectTables: Partial<Record<string, DialectEffects>> = {};
export const dialectRoles: Partial<Record<string, DialectRole>> = {};
export function registerDialectEffects(dialect: string, table: DialectEffects, role?: DialectRole): void {
  dialectTables[dialect] = table;
  if (role) dialectRoles[dialect] = role;
}


/**
 * Programs another dialect's module knows that any dialect's command line may run (Windows programs from Git
 * Bash), by lower-case name without `.exe`: asked before the Bash table, which does not know them.
 */
export const programTables: Partial<Record<string, DialectEffects>> = {};
export function registerProgramEffects(names: readonly string[], table: DialectEffects): void {
  for (const n of names) programTables[n] = table;
}
