import type { Command, Values } from "./command";
import { HELP_OPTION } from "./command";
import { UsageError, didYouMean } from "./errors";

/**
 * The command's arguments, read against its declared options only. Not node:util's parseArgs: its messages
 * ("Unknown option '--x'. To specify a positional argument starting with a '-', place it at the end of the
 * command after '--'") are not ours to word, and it cannot say which option was meant.
 *
 * Accepted: `--name value`, `--name=value`, `-h`, boolean `--flag`, `-` (stdin) as an argument, `--` ending options.
 */
export function parseCommandArgs(command: Command, path: string, argv: readonly string[]): { values: Values; positionals: string[] } {
  const options = { ...command.options, ...HELP_OPTION };
  const values: Values = {};
  const positionals: string[] = [];
  const names = Object.keys(options).filter((n) => !options[n]!.hidden);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq === -1 ? undefined : arg.slice(eq + 1);
    } else {
      const short = Object.entries(options).find(([, o]) => o.short === arg.slice(1));
      if (!short) throw new UsageError(`unknown option ${arg} for hookgate ${path}`, path);
      name = short[0];
    }
    const spec = options[name];
    if (!spec) throw new UsageError(`unknown option --${name} for hookgate ${path}${didYouMean(name, names, (s) => `--${s}`)}`, path);
    if (spec.type === "boolean") {
      if (inline !== undefined) throw new UsageError(`--${name} is a flag and takes no value (got "${inline}")`, path);
      values[name] = true;
      continue;
    }
    // A value may start with "-" (a team name is refused later with its own reason) but not with "--": that is the
    // next option, and `--url --team acme` means the URL was forgotten.
    const next = inline ?? argv[i + 1];
    if (next === undefined || (inline === undefined && next.startsWith("--")))
      throw new UsageError(`--${name} needs a value: --${name} ${spec.value ?? "<value>"}`, path);
    if (inline === undefined) i++;
    values[name] = next;
  }
  return { values, positionals };
}

/** The wrong number of arguments: the usage lines, so the fix is on screen. */
export function checkArgCount(command: Command, path: string, positionals: string[]): void {
  const { min, max } = command.args ?? { min: 0, max: 0 };
  if (positionals.length >= min && positionals.length <= max) return;
  const extra = positionals.length > max ? `: unexpected ${JSON.stringify(positionals[max])}` : "";
  throw new UsageError(`usage: ${command.usage.map((u) => `hookgate ${u}`).join("\n       ")}${extra}`, path);
}
