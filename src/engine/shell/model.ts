/**
 * What the shell readers (bash/, powershell/, cmd/) make of a command line: every simple command anywhere
 * in it, with its words as templates (see template.ts), its redirections, its place in a pipeline, and the scripts
 * nested in it (substitutions, `bash -c` strings, here-docs fed to a shell, `find -exec`, …). Everything a policy
 * asks of a shell command — permission-rule forms (forms.ts) and effects (effects.ts) — is derived from this.
 */
export type ShellDialect = "bash" | "powershell" | "cmd";

export interface ShellWord {
  /** The word as the command will see it, as a template: quotes removed, expansions and globs as holes. */
  readonly text: string;
  /**
   * The same with well-known values filled in, for canonical forms and effects: `$HOME`, `${HOME:?}` → `~`,
   * `$PWD` → the working directory, variables assigned a literal earlier in the script → that literal.
   */
  readonly value: string;
  /** As written in the source. */
  readonly raw: string;
  /** Unquoted and made only of expansions: it may become any number of words, including none. */
  readonly splits: boolean;
  /** The script a process substitution in this word runs (`<(curl …)`), by index into ShellAnalysis.scripts. */
  readonly procsub: number | undefined;
  /** Scripts whose output becomes part of this word (`$(…)`, backticks), by index. */
  readonly substs: readonly number[];
}

export interface ShellRedirect {
  /** `<`, `>`, `>>`, `>|`, `<>`, `&>`, `&>>`, `<&`, `>&` */
  readonly op: string;
  readonly fd: number | undefined;
  readonly target: ShellWord | undefined;
}

export interface SimpleCommand {
  /** The words, leading assignments (`FOO=1`) included, as written. */
  readonly words: readonly ShellWord[];
  readonly redirects: readonly ShellRedirect[];
  /** Text fed to the command's stdin by a here-doc or here-string. */
  readonly stdin: readonly string[];
  /** The command's source text (from its first word to its end), whitespace runs collapsed. */
  readonly raw: string;
  /** The script it belongs to (index into ShellAnalysis.scripts). */
  readonly script: number;
  /** Its place in a pipeline (`a | b | c`), when it is in one. */
  readonly pipe: { readonly id: number; readonly index: number } | undefined;
  /** `parsed` from the syntax tree; `fallback` from the tolerant tokenizer used where the parser failed. */
  readonly origin: "parsed" | "fallback";
  readonly dialect: ShellDialect;
  /** Run by `find -exec` for every path under its starting points: what it does to `{}` it does recursively. */
  readonly everyPathUnder?: boolean;
  /**
   * The working directory it runs in when an earlier `cd`/`pushd` of the same script moved it (a template: relative
   * to the call's cwd, `~…`, absolute, or HOLE_UNKNOWN when the target is not known). undefined: the call's cwd.
   */
  readonly cwd?: string;
  /** Scripts whose output is its stdin: `<<< "$(curl …)"`, `< <(curl …)`. */
  readonly stdinFrom?: readonly number[];
  /** PowerShell: run with the call operator (`& …`, `. …`), so a command word that is an expression is run. */
  readonly invoked?: boolean;
  /** PowerShell: the command line builds an access rule granting Everyone (or Users) write access (for Set-Acl). */
  readonly grantsEveryone?: boolean;
}

export interface NestedScript {
  /** The command this script is part of, and how it runs. undefined for the top-level script. */
  readonly parent: { readonly command: number; readonly how: NestedHow } | undefined;
  readonly depth: number;
  /** A script run inside a container (commands/containerRun.ts): how its paths reach the host. */
  readonly container?: ContainerView;
}

/** How a command run in a container sees the host's files (commands/containerRun.ts maps its paths back). */
export interface ContainerView {
  /** Host paths (templates, as words' values) mounted, and where the container sees each (absolute). */
  readonly mounts: readonly { readonly source: string; readonly target: string }[];
  /** The container's working directory (`-w`; `/` by default). */
  readonly workdir: string;
  /** The container reaches the host beyond its mounts (--privileged, --pid=host, the engine's socket, unseen mounts). */
  readonly hostWide: boolean;
  /** Where the engine ran on the host (SimpleCommand.cwd of the run), which relative mount sources are relative to. */
  readonly hostCwd?: string;
}

export type NestedHow =
  /** `$(…)` / backticks: the output becomes text */
  | "subst"
  /** `<(…)` / `>(…)` */
  | "procsub"
  /** a string the command runs as code: `bash -c`, `eval`, `su -c`, a here-doc fed to a shell, `find -exec` */
  | "code"
  /** a function's body */
  | "function";

export interface ShellAnalysis {
  readonly dialect: ShellDialect;
  readonly commands: readonly SimpleCommand[];
  readonly scripts: readonly NestedScript[];
  /** A work cap was hit: part of the command was not examined. */
  readonly truncated: boolean;
  /** When truncated: which cap, in words for the reason a user reads (e.g. "more than 256 simple commands"). */
  readonly limit?: string | undefined;
  /** The work the analysis did, in the units of ShellLimits. */
  readonly work: { readonly parsedChars: number; readonly nodes: number; readonly words: number; readonly commands: number };
  /** Part of the command did not parse cleanly (the tolerant tokenizer was used as well). */
  readonly parseErrors: boolean;
  /** The pipelines: for each id, the commands in stage order. */
  readonly pipelines: ReadonlyMap<number, readonly number[]>;
  /** Function names defined in the command, with the commands of their bodies (fork bombs, recursion). */
  readonly functions: ReadonlyMap<string, readonly number[]>;
}

/** Limits of one analysis; every one is a count, so the work is bounded whatever the input. */
export interface ShellLimits {
  /** Characters handed to the Bash parser per call (all nesting levels together). */
  maxParsedChars: number;
  /** Nesting of scripts inside scripts. */
  maxDepth: number;
  /** Simple commands recorded. */
  maxCommands: number;
  /** Syntax-tree nodes visited. */
  maxNodes: number;
  /** Words recorded, all commands together (what every later step — forms, effects, matching — is linear in). */
  maxWords: number;
}

export const DEFAULT_SHELL_LIMITS: ShellLimits = {
  maxParsedChars: 128 * 1024,
  maxDepth: 16,
  maxCommands: 256,
  maxNodes: 20_000,
  maxWords: 4096,
};
