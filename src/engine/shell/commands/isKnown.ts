/**
 * Whether some table of the shell reader knows a program: the effects table, the wrappers, shells, evaluators,
 * sourcers, stdin interpreters and inline interpreters. Its own module, importing tables only, so that the wrapper
 * stripper (strip.ts) can ask it and the case-blind reader (knownNames.ts) can strip: neither imports the other.
 */
import { COMMAND_NAMES, commandSpec } from "./commands";
import { interpreterOf } from "./interpreters";
import { STDIN_INTERPRETERS } from "./programs";
import { EVALUATORS, SHELLS, SOURCERS, WRAPPERS } from "./wrappers";

/** Every program name some table knows, built on first use (the tables are all loaded by then). */
let known: ReadonlySet<string> | undefined;

/** Whether some table of the shell reader knows the program `name` (a basename, as commandName gives it). */
export function isKnown(name: string): boolean {
  known ??= new Set([...COMMAND_NAMES, ...Object.keys(WRAPPERS), ...SHELLS, ...EVALUATORS, ...SOURCERS]);
  return known.has(name) || commandSpec(name) !== undefined || STDIN_INTERPRETERS.test(name) || interpreterOf(name) !== undefined;
}
