import { readdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { parseArgs } from "node:util";
import { claudeCode } from "../clients/claude-code";
import { REPORT, REPORTERS, type ReporterName } from "./reporters";
import { runSuite } from "./suite";

/** One line for the CLI's command list. */
export const TEST_USAGE = "hookgate test [<file.test.json|policy.json|dir>…] [--reporter human|junit|json] [--json] [--run <pattern>]";

export const TEST_HELP = `${TEST_USAGE}

Run a policy's unit tests offline, with the engine the Worker runs (no network: judges and forwarded hooks answer
what each case's "stubs" say). Arguments are test files (<name>.test.json), policy files (their <name>.test.json
beside them is run) or directories (every *.test.json under them); none means the current directory.

  --reporter human   one line per failing case with expected, actual and the trace; coverage; "N passed, M failed"
  --reporter junit   JUnit XML on stdout
  --reporter json    everything as JSON on stdout (same as --json)
  --run <pattern>    only the cases whose name matches the regular expression
  -h, --help         this text

Exit codes: 0 every case passed, 1 a case failed or a test file or policy has problems, 2 usage error.
The format: docs/testing-policies.md.`;

export interface TestCommandIo {
  out(s: string): void;
  err(s: string): void;
  readFile(path: string): string;
  cwd: string;
  /** A directory's entries (names, directories marked with a trailing `/`), or undefined when the path is not one. */
  listDir?(path: string): string[] | undefined;
}

class UsageError extends Error {}

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

/** `hookgate test …`: parses its own flags; returns the exit code. */
export async function runTestCommand(argv: string[], io: TestCommandIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        reporter: { type: "string" },
        json: { type: "boolean" },
        run: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      io.out(TEST_HELP);
      return 0;
    }
    const reporter = reporterOf(values.reporter, values.json);
    let filter: RegExp | undefined;
    if (values.run !== undefined) {
      try {
        filter = new RegExp(values.run);
      } catch (e) {
        throw new UsageError(`--run ${values.run} is not a regular expression: ${(e as Error).message}`);
      }
    }
    const abs = (p: string) => (isAbsolute(p) ? p : join(io.cwd, p));
    const readFile = (p: string) => io.readFile(abs(p));
    const listDir = (p: string) => (io.listDir ?? nodeListDir)(abs(p));
    const files = testFilesOf(positionals.length > 0 ? positionals : ["."], readFile, listDir);
    const report = await runSuite(files, { readFile, profile: claudeCode, ...(filter ? { filter } : {}) });
    io.out(REPORT[reporter](report));
    const ran = report.passed + report.failed + report.errors;
    return report.failed + report.errors + report.problemFiles > 0 || ran === 0 ? 1 : 0;
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`${(e as Error).message}\n\nusage: ${TEST_USAGE}`);
      return 2;
    }
    throw e;
  }
}

function reporterOf(named: string | undefined, json: boolean | undefined): ReporterName {
  if (named !== undefined && !(REPORTERS as readonly string[]).includes(named))
    throw new UsageError(`--reporter must be one of ${REPORTERS.join(", ")}, not "${named}"`);
  if (json && named !== undefined && named !== "json") throw new UsageError(`--json and --reporter ${named} ask for two different outputs`);
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
      if (found.length === before) throw new UsageError(`no test files (*.test.json) under ${arg}`);
      continue;
    }
    if (TEST_FILE.test(arg)) {
      if (!exists(arg)) throw new UsageError(`${arg}: no such test file`);
      found.push(arg);
    } else if (arg.endsWith(".json")) {
      const beside = arg.replace(/\.json$/, ".test.json");
      if (!exists(arg)) throw new UsageError(`${arg}: no such file`);
      if (!exists(beside)) throw new UsageError(`${arg} has no tests: write them in ${beside} (docs/testing-policies.md)`);
      found.push(beside);
    } else throw new UsageError(`${arg}: not a test file, a policy file or a directory`);
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
