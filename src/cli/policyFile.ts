import { claudeCode } from "../clients/claude-code";
import type { CompiledPolicy, Problem } from "../engine/policy/compilePolicy";
import { Gate } from "../gate/gate";
import type { Io } from "./io";
import { readJsonFile } from "./jsonFile";

/** The CLI's Gate: the same decision as the Worker's, with no stores (it only ever evaluates, writing nothing). */
export const gate = new Gate(claudeCode);

export type Compiled = { ok: true; compiled: CompiledPolicy; document: unknown } | { ok: false; problems: Problem[]; document: unknown };

/** Read and compile a policy file ("-" is stdin), reading it once: the document checked is the one used. */
export function compileFile(io: Io, path: string): Compiled {
  const document = readJsonFile(io, path, "policy");
  const result = gate.compile(document);
  return result.ok ? { ok: true, compiled: result.value, document } : { ok: false, problems: result.error, document };
}

/** Problems in the order the compiler gives them (document order), each with its path; warnings prefixed. */
export function printProblems(io: Io, path: string, problems: readonly Problem[]): void {
  io.err(`${path}: ${problems.length} problem(s)`);
  for (const p of problems) io.err(`  ${p.path}: ${p.message}`);
}

export function printWarnings(io: Io, warnings: readonly Problem[]): void {
  for (const w of warnings) io.err(`  warning ${w.path}: ${w.message}`);
}

/** The compiled policy, its problems and warnings printed; undefined when it has problems. */
export function compileOrReport(io: Io, path: string): { compiled: CompiledPolicy; document: unknown } | undefined {
  const c = compileFile(io, path);
  if (!c.ok) {
    printProblems(io, path, c.problems);
    return undefined;
  }
  printWarnings(io, c.compiled.warnings);
  return { compiled: c.compiled, document: c.document };
}
