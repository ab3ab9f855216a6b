import { readFileSync } from "node:fs";
import { checkArgCount, parseCommandArgs } from "./args";
import type { Command } from "./command";
import { COMMANDS } from "./commands";
import { FileError, ServerRefused, ServiceUnreachable, UsageError, didYouMean } from "./errors";
import { commandHelp, globalHelp } from "./help";
import { printable } from "./printable";
import { fullIo, nodeIo, type Io } from "./io";

export const VERSION: string = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

const find = (list: readonly Command[], name: string | undefined) => list.find((c) => c.name === name);

function unknownCommand(name: string, list: readonly Command[], parent?: Command): UsageError {
  const names = list.map((c) => c.name);
  const where = parent ? `hookgate ${parent.name}` : "hookgate";
  const hint = didYouMean(name, parent ? names : [...names, "help"]);
  return new UsageError(`unknown ${parent ? "subcommand" : "command"} "${name}" for ${where}${hint}`, parent?.name ?? "");
}

/** `help`, `help push`, `help tokens create`. */
function help(io: Required<Io>, names: string[]): number {
  if (names.length === 0 || names[0] === "help") {
    io.out(globalHelp(COMMANDS, VERSION));
    return 0;
  }
  const command = find(COMMANDS, names[0]);
  if (!command) throw unknownCommand(names[0]!, COMMANDS);
  if (names.length === 1 || !command.subcommands) {
    io.out(commandHelp(command));
    return 0;
  }
  const sub = find(command.subcommands, names[1]);
  if (!sub) throw unknownCommand(names[1]!, command.subcommands, command);
  io.out(commandHelp(sub, command));
  return 0;
}

/** The arguments before any `--` (after it, everything is an operand). */
const beforeDashDash = (argv: readonly string[]) => {
  const end = argv.indexOf("--");
  return end === -1 ? argv : argv.slice(0, end);
};

/** `-h`/`--help` before any `--`: the command's help, whatever else is on the line. */
const wantsHelp = (argv: readonly string[]) => beforeDashDash(argv).some((a) => a === "--help" || a === "-h");

async function dispatch(io: Required<Io>, argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.out(globalHelp(COMMANDS, VERSION));
    return 2;
  }
  if (first === "--help" || first === "-h") return help(io, []);
  if (first === "help") return help(io, rest);
  if (first === "--version" || first === "-V") {
    io.out(`hookgate ${VERSION}`);
    return 0;
  }
  if (first.startsWith("-")) throw new UsageError(`unknown option ${first}: options come after the command${didYouMean(first, ["--help", "--version"], (s) => s)}`, "");
  let command = find(COMMANDS, first);
  if (!command) throw unknownCommand(first, COMMANDS);
  let parent: Command | undefined;
  let args = rest;
  if (command.subcommands) {
    const [subName, ...subArgs] = rest;
    if (subName === undefined || subName.startsWith("-")) {
      if (wantsHelp(rest)) return help(io, [command.name]);
      throw new UsageError(`usage: ${command.subcommands.map((s) => `hookgate ${command!.name} ${s.usage[0]}`).join("\n       ")}`, command.name);
    }
    const sub = find(command.subcommands, subName);
    if (!sub) throw unknownCommand(subName, command.subcommands, command);
    [parent, command, args] = [command, sub, subArgs];
  }
  const path = parent ? `${parent.name} ${command.name}` : command.name;
  if (wantsHelp(args)) {
    io.out(commandHelp(command, parent));
    return 0;
  }
  if (!command.run) throw new Error(`command ${path} has nothing to run`);
  if (command.ownArgs) return command.run({ io, values: {}, positionals: [], argv: args, path });
  const { values, positionals } = parseCommandArgs(command, path, args);
  checkArgCount(command, path, positionals);
  return command.run({ io, values, positionals, argv: args, path });
}

/** `--json` before any `--`: the caller reads stdout as one JSON document, on a failure too. */
const wantsJson = (argv: readonly string[]) => beforeDashDash(argv).includes("--json");

/**
 * The error document `--json` prints when a command fails without printing its own: the service's envelope's shape
 * (`{error: {code, message, requestId?, problems?}}`), with the exit code, and as message what went to stderr.
 */
interface CliErrorDocument {
  error: { code: string; message: string; exitCode: number; status?: number; requestId?: string; problems?: { path: string; message: string }[] };
}

function errorCode(e: unknown, exitCode: number): string {
  if (e instanceof UsageError) return "usage";
  if (e instanceof FileError) return e.problem ? "invalid_file" : "unreadable_file";
  if (e instanceof ServiceUnreachable) return "service_unreachable";
  if (e instanceof ServerRefused) return e.code ?? "refused";
  return exitCode === 2 ? "usage" : "failed";
}

/**
 * The CLI: the exit code for argv (0 ok; 1 problems, a difference or a refusal; 2 usage or no service). With
 * `--json`, stdout holds exactly one JSON document whatever the outcome: a command that fails having printed none
 * prints an error document (CliErrorDocument); stderr says the same for a person.
 */
export async function main(argv: string[], given: Io = nodeIo()): Promise<number> {
  if (!wantsJson(argv)) return run(argv, fullIo(given));
  let printed = false;
  const stderr: string[] = [];
  const io = fullIo({
    ...given,
    out: (s) => {
      printed = true;
      given.out(s);
    },
    err: (s) => {
      stderr.push(s);
      given.err(s);
    },
  });
  let thrown: unknown;
  const exitCode = await run(argv, io, (e) => (thrown = e));
  if (exitCode !== 0 && !printed) {
    const refused = thrown instanceof ServerRefused ? thrown : undefined;
    const doc: CliErrorDocument = {
      error: {
        code: errorCode(thrown, exitCode),
        message: stderr.join("\n") || `exit ${exitCode}`,
        exitCode,
        ...(refused ? { status: refused.status } : {}),
        ...(refused?.requestId ? { requestId: refused.requestId } : {}),
        ...(refused?.problems.length ? { problems: refused.problems } : {}),
      },
    };
    given.out(JSON.stringify(doc, null, 2));
  }
  return exitCode;
}

async function run(argv: string[], io: Required<Io>, caught: (e: unknown) => void = () => {}): Promise<number> {
  try {
    return await dispatch(io, argv);
  } catch (e) {
    caught(e);
    if (e instanceof UsageError) {
      io.err(e.message);
      io.err(e.helpFor ? `see: hookgate help ${e.helpFor}` : "see: hookgate help");
      return 2;
    }
    if (e instanceof FileError || e instanceof ServiceUnreachable) {
      io.err(e.message);
      return e instanceof FileError && e.problem ? 1 : 2;
    }
    if (e instanceof ServerRefused) {
      const command = argv.slice(0, find(COMMANDS, argv[0])?.subcommands ? 2 : 1).join(" ");
      io.err(`${command} failed: HTTP ${e.status}: ${printable(e.message)}`);
      // Refused for scope: say what to do about it (the message names the scope and the team).
      if (e.code === "forbidden")
        io.err("  refused for scope: HOOKGATE_ADMIN_TOKEN does not hold what this needs; ask an admin for a token that does (hookgate admin-tokens create, docs/roles.md)");
      for (const p of e.problems) io.err(`  ${printable(String(p.path))}: ${printable(p.message)}`);
      if (e.requestId) io.err(`  request id: ${printable(e.requestId)}`);
      return 1;
    }
    throw e;
  }
}
