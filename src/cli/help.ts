import { HELP_OPTION, type Command } from "./command";

const pad = (s: string, width: number) => (s.length >= width ? `${s}  ` : s.padEnd(width));

/** Each command's first usage line and summary; a command with subcommands lists each one. */
function commandLines(commands: readonly Command[]): [string, string][] {
  return commands.flatMap((c): [string, string][] =>
    c.subcommands ? c.subcommands.map((s) => [`hookgate ${c.name} ${s.usage[0]}`, s.summary]) : [[`hookgate ${c.usage[0]}`, c.summary]],
  );
}

export function globalHelp(commands: readonly Command[], version: string): string {
  const lines = [...commandLines(commands), ["hookgate help [command]", "this help, or one command's"] as [string, string]];
  // A usage line too long for the column gets its summary on the next line, under the others.
  const width = Math.min(48, Math.max(...lines.filter(([u]) => u.length < 48).map(([u]) => u.length)) + 2);
  const listed = lines.flatMap(([u, s]) => (u.length + 2 > width ? [`  ${u}`, `  ${" ".repeat(width)}${s}`] : [`  ${pad(u, width)}${s}`]));
  return [
    `hookgate — a policy gate for Claude Code hooks (version ${version})`,
    "",
    "Usage:",
    ...listed,
    "",
    "Commands that talk to the service take --url and --team (or HOOKGATE_URL, HOOKGATE_TEAM; a flag wins) and the",
    "admin token from HOOKGATE_ADMIN_TOKEN (never a flag: command lines are visible to other users).",
    "Read commands take --json: exactly one JSON document on stdout.",
    "",
    "Exit codes: 0 ok; 1 problems found (a file that is not JSON too), a difference, or the service refused; 2 usage error (a file that cannot be read too) or the service cannot be reached.",
    "`hookgate help <command>` or `hookgate <command> --help` for a command's options; `hookgate --version`.",
  ].join("\n");
}

export function commandHelp(command: Command, parent?: Command): string {
  const prefix = parent ? `${parent.name} ` : "";
  const lines = [`hookgate ${prefix}${command.name} — ${command.summary}`, "", "Usage:"];
  if (command.subcommands) {
    const subs = command.subcommands.map((s): [string, string] => [`hookgate ${command.name} ${s.usage[0]}`, s.summary]);
    const width = Math.max(...subs.map(([u]) => u.length)) + 2;
    lines.push(...subs.map(([u, s]) => `  ${pad(u, width)}${s}`), "", `\`hookgate help ${command.name} <subcommand>\` for its options.`);
    return lines.join("\n");
  }
  lines.push(...command.usage.map((u) => `  hookgate ${prefix}${u}`));
  const options = Object.entries({ ...command.options, ...HELP_OPTION }).filter(([, o]) => !o.hidden);
  const rows = options.map(([name, o]): [string, string] => [
    `${o.short ? `-${o.short}, ` : ""}--${name}${o.value ? ` ${o.value}` : ""}`,
    `${o.description}${o.env ? ` (env ${o.env})` : ""}`,
  ]);
  const width = Math.max(...rows.map(([f]) => f.length)) + 2;
  lines.push("", "Options:", ...rows.map(([f, d]) => `  ${pad(f, width)}${d}`));
  if (command.details?.length) lines.push("", ...command.details);
  return lines.join("\n");
}
