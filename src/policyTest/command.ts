import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import { readdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { claudeCode } from "../clients/claude-code";
import { REPORT, REPORTERS, type ReporterName } from "./reporters";
import { runSuite } from "./suite";

interface TestCommandIo {
  out(s: string): void;
  err(s: string): void;
  readFile(path: string): string;
  cwd: string;
  /** A directory's entries (names, directories marked with a trailing `/`), or undefined when the path is not one. */
  listDir?(path: string): string[] | undefined;
}

/** The arguments are wrong (the CLI exits 2 with the message). */
export class TestUsageError extends Error {}

const TEST_FILE = /\.test\.json$/;
/** Directories a search never walks into. */
const SKIPPED_DIRS = new Set(["node_modules", ".git"]);

function nodeListDir(path: string): string[] | undefined {
  try {
    return readdirSync(path, { withFileTypes: true }).map((d) => (d.isDirectory() ? `${d.name}/` : d.name));
  } catch {
    return undefined;
  }
}

interface TestRunOptions {
  /** Test files, policy files (their `<name>.test.json` beside them) or directories; none: the current one. */
  paths: readonly string[];
  reporter?: string;
  json?: boolean;
  /** Only the cases whose name matches this regular expression. */
  run?: string;
  /** The org baseline the cases are decided with (compiled by the caller). */
  baseline?: CompiledPolicy;
}

/**
 * `hookgate test` with its options read: runs the suites, prints the report, returns the exit code (0 every case
 * passed; 1 a case failed, a file has problems or nothing ran). Wrong arguments throw TestUsageError.
 */
export async function runTests(options: TestRunOptions, io: TestCommandIo): Promise<number> {
  const reporter = reporterOf(options.reporter, options.json);
  let filter: RegExp | undefined;
  if (options.run !== undefined) {
    try {
      filter = new RegExp(options.run);
    } catch (e) {
      throw new TestUsageError(`--run ${options.run} is not a regular expression: ${(e as Error).message}`);
    }
  }
  const abs = (p: string) => (isAbsolute(p) ? p : join(io.cwd, p));
  const readFile = (p: string) => io.readFile(abs(p));
  const listDir = (p: string) => (io.listDir ?? nodeListDir)(abs(p));
  const files = testFilesOf(options.paths.length > 0 ? [...options.paths] : ["."], readFile, listDir);
  const report = await runSuite(files, { readFile, profile: claudeCode, ...(filter ? { filter } : {}), ...(options.baseline ? { baseline: options.baseline } : {}) });
  io.out(REPORT[reporter](report));
  const ran = report.passed + report.failed + report.errors;
  return report.failed + report.errors + report.problemFiles > 0 || ran === 0 ? 1 : 0;
}

function reporterOf(named: string | undefined, json: boolean | undefined): ReporterName {
  if (named !== undefined && !(REPORTERS as readonly string[]).includes(named))
    throw new TestUsageError(`--reporter must be one of ${REPORTERS.join(", ")}, not "${named}"`);
  if (json && named !== undefined && named !== "json") throw new TestUsageError(`--json and --reporter ${named} ask for two different outputs`);
  return json ? "json" : ((named as ReporterName | undefined) ?? "human");
}

/** The test files the arguments name, in order, each once. A named file that does not exist is a usage error. */
function testFilesOf(args: string[], readFile: (p: string) => string, listDir: (p: string) => string[] | undefined): string[] {
  const found: string[] = [];
  const exists = (p: string) => {
    try {
      readFile(p);
      return true;
    } catch {
      return false;
    }
  };
  for (const arg of args) {
    const entries = listDir(arg);
    if (entries !== undefined) {
      const before = found.length;
      walk(arg, entries, listDir, found);
      if (found.length === before) throw new TestUsageError(`no test files (*.test.json) under ${arg}`);
      continue;
    }
    if (TEST_FILE.test(arg)) {
      if (!exists(arg)) throw new TestUsageError(`${arg}: no such test file`);
      found.push(arg);
    } else if (arg.endsWith(".json")) {
      const beside = arg.replace(/\.json$/, ".test.json");
      if (!exists(arg)) throw new TestUsageError(`${arg}: no such file`);
      if (!exists(beside)) throw new TestUsageError(`${arg} has no tests: write them in ${beside} (docs/testing-policies.md)`);
      found.push(beside);
    } else throw new TestUsageError(`${arg}: not a test file, a policy file or a directory`);
  }
  return [...new Set(found)];
}

function walk(dir: string, entries: string[], listDir: (p: string) => string[] | undefined, found: string[]): void {
  for (const entry of [...entries].sort()) {
    if (entry.endsWith("/")) {
      const name = entry.slice(0, -1);
      if (SKIPPED_DIRS.has(name) || name.startsWith(".")) continue;
      const sub = dir === "." ? name : join(dir, name);
      walk(sub, listDir(sub) ?? [], listDir, found);
    } else if (TEST_FILE.test(entry)) found.push(dir === "." ? entry : join(dir, entry));
  }
}
