import type { Io } from "./io";

/** One option of a command: its help line and how it is read. */
interface OptionSpec {
  type: "string" | "boolean";
  description: string;
  /** The value's placeholder in help, e.g. "<n>". */
  value?: string;
  /** A one-letter alias, e.g. "h". */
  short?: string;
  /** The environment variable read when the flag is absent (the flag wins). */
  env?: string;
  /** Left out of help: for tests only. */
  hidden?: boolean;
}

export type Options = Record<string, OptionSpec>;
export type Values = Record<string, string | boolean | undefined>;

export interface CommandContext {
  io: Required<Io>;
  /** The parsed options (a string option's value, true for a boolean flag given). */
  values: Values;
  positionals: string[];
  /** The arguments after the command's name, unparsed (for a command that parses its own: `ownArgs`). */
  argv: string[];
  /** "push", "tokens create": for messages and the pointer to help. */
  path: string;
}

/**
 * A command, declared once: the global help, `hookgate help <command>` and `<command> --help` are all made from
 * this, and the parser accepts exactly the options listed here.
 */
export interface Command {
  name: string;
  /** One line, in the global help's command list. */
  summary: string;
  /** Usage lines without the leading "hookgate ", e.g. "push <policy.json|-> [options]". */
  usage: string[];
  /** Paragraphs after the options in the command's own help. */
  details?: string[];
  options: Options;
  /** How many positional arguments it takes. */
  args?: { min: number; max: number };
  /** `tokens create|list|revoke`: the first argument picks one. */
  subcommands?: Command[];
  /** The command parses its arguments itself (it is handed ctx.argv; --help is still answered from this declaration). */
  ownArgs?: boolean;
  run?: (ctx: CommandContext) => Promise<number>;
}

/** The options every command that talks to the service takes. */
export const SERVICE_OPTIONS: Options = {
  url: { type: "string", value: "<base>", env: "HOOKGATE_URL", description: "the service's base URL, e.g. http://127.0.0.1:8787" },
  team: { type: "string", value: "<team>", env: "HOOKGATE_TEAM", description: "the team (a-z, 0-9, - and _)" },
};

export const JSON_OPTION: Options = {
  json: { type: "boolean", description: "machine-readable output: exactly one JSON document on stdout" },
};

export const HELP_OPTION: Options = {
  help: { type: "boolean", short: "h", description: "this help" },
};
