import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import { Gate } from "../gate/gate";
import type { ClientProfile } from "../gate/profile";
import { coverageOf, type Coverage } from "./coverage";
import { parseJson } from "./jsonText";
import { prepareCases, readTestFile, type PreparedUnit } from "./load";
import { exercisedBy, runUnits, type CaseResult } from "./run";

/** A problem in a file a test run reads: the test file, or the policy it tests. */
interface FileProblem {
  file: string;
  path: string;
  message: string;
}

export interface FileReport {
  path: string;
  policyPath?: string;
  description?: string;
  problems: FileProblem[];
  /** The policy's compile warnings (as `hookgate check` prints them): reported, never a failure. */
  warnings: FileProblem[];
  results: CaseResult[];
}

export interface SuiteReport {
  files: FileReport[];
  coverage: Coverage[];
  passed: number;
  failed: number;
  errors: number;
  /** Test files that could not be run (their own problems, or their policy's). */
  problemFiles: number;
  /** The --run pattern, when cases were filtered. */
  filter?: string;
}

interface SuiteOptions {
  readFile(path: string): string;
  profile: ClientProfile;
  /** Only the cases whose name matches (a sequence runs whole when one of its steps matches). */
  filter?: RegExp;
  /** The org baseline every case is decided with, under the tested policy (`hookgate test --baseline FILE`). */
  baseline?: CompiledPolicy;
}

/** Read, check and run test files; every problem and every result in the report, nothing thrown for bad files. */
export async function runSuite(testPaths: readonly string[], options: SuiteOptions): Promise<SuiteReport> {
  const files: FileReport[] = [];
  const policies = new Map<string, { policy: CompiledPolicy; exercised: Set<string> }>();
  for (const path of testPaths) {
    const report: FileReport = { path, problems: [], warnings: [], results: [] };
    files.push(report);
    const loaded = load(path, options, report);
    if (!loaded) continue;
    const { policy, units } = loaded;
    const selected = options.filter ? units.filter((u) => matches(u, options.filter!)) : units;
    report.results = await runUnits(selected, policy, options.profile, options.baseline);
    const seen = policies.get(report.policyPath!) ?? { policy, exercised: new Set<string>() };
    policies.set(report.policyPath!, seen);
    for (const r of report.results) for (const p of exercisedBy(r)) seen.exercised.add(p);
  }
  const results = files.flatMap((f) => f.results);
  return {
    files,
    coverage: [...policies].map(([path, { policy, exercised }]) => coverageOf(path, policy, exercised)),
    passed: results.filter((r) => r.status === "passed").length,
    failed: results.filter((r) => r.status === "failed").length,
    errors: results.filter((r) => r.status === "error").length,
    problemFiles: files.filter((f) => f.problems.length > 0).length,
    ...(options.filter ? { filter: options.filter.source } : {}),
  };
}

const matches = (u: PreparedUnit, filter: RegExp) => filter.test(u.name) || u.steps.some((s) => filter.test(s.name));

function load(path: string, options: SuiteOptions, report: FileReport): { policy: CompiledPolicy; units: PreparedUnit[] } | undefined {
  const problem = (file: string, at: string, message: string) => report.problems.push({ file, path: at, message });
  const text = readText(path, options);
  if (typeof text !== "string") return void problem(path, "(file)", `cannot read it: ${text.error}`);
  const doc = readTestFile(path, text);
  if (!doc.ok) return void doc.error.forEach((p) => problem(path, p.path, p.message));
  report.policyPath = doc.value.policyPath;
  if (doc.value.description !== undefined) report.description = doc.value.description;
  const policyText = readText(doc.value.policyPath, options);
  if (typeof policyText !== "string") return void problem(path, "policy", `cannot read the policy ${doc.value.policyPath}: ${policyText.error}`);
  const parsed = parseJson(policyText);
  if (!parsed.ok) return void problem(doc.value.policyPath, `line ${parsed.error.line}, column ${parsed.error.column}`, `not valid JSON: ${parsed.error.message}`);
  const compiled = new Gate(options.profile).compile(parsed.value);
  if (!compiled.ok) return void compiled.error.forEach((p) => problem(doc.value.policyPath, p.path, p.message));
  for (const w of compiled.value.warnings) report.warnings.push({ file: doc.value.policyPath, path: w.path, message: w.message });
  const units = prepareCases(doc.value, compiled.value, options.profile);
  if (!units.ok) return void units.error.forEach((p) => problem(path, p.path, p.message));
  return { policy: compiled.value, units: units.value };
}

function readText(path: string, options: SuiteOptions): string | { error: string } {
  try {
    return options.readFile(path);
  } catch (e) {
    return { error: (e as { code?: string }).code === "ENOENT" ? "no such file" : e instanceof Error ? e.message : String(e) };
  }
}
