/**
 * How a command declares what it does to files: the effect it names (DeclaredEffect), the table entry that reads
 * its options and lists its effects (CommandSpec), and the small helpers every entry is written with. They sit
 * apart from the tables (commands.ts, git.ts, transfers.ts, disks.ts) so that each of those can use them without
 * importing the others.
 */
import type { OptionTable, ParsedArgs } from "../words/args";
import type { ShellWord } from "../model";
import { HOLE_BELOW } from "../words/template";
import type { EffectKind } from "../effectKinds";

/** An effect as a command declares it (effects.ts adds where it came from). */
export interface DeclaredEffect {
  readonly kind: EffectKind;
  /** The path it applies to, as a template (relative paths are relative to the working directory). */
  readonly path?: string;
  readonly recursive?: boolean;
  /** chmod/chown: the mode or owner given. */
  readonly mode?: string;
  /** A few words on how the effect was found ("rm -r", "redirect >"), for traces. */
  readonly via: string;
}

/** A command's entry in a table: how its options are read and what its arguments do. */
export interface CommandSpec {
  readonly options?: OptionTable;
  /** The command's effects, from its parsed arguments (the words after the command name). */
  readonly effects?: (a: ParsedArgs, words: readonly ShellWord[]) => DeclaredEffect[];
  /** The first operands are not paths (chmod's mode, grep's pattern): how many, given the parsed arguments. */
  readonly leading?: (a: ParsedArgs) => number;
  /**
   * What arrives on the command's stdin (`wc -l < f`) is read without being shown: true for a program that prints
   * only a count or digest of its input, with the words it was given. Left out: stdin's content may be shown.
   */
  readonly blindToStdin?: (words: readonly ShellWord[]) => boolean;
}

const v = (w: ShellWord) => w.value;
export const paths = (a: ParsedArgs, skip = 0) => a.operands.slice(skip).map(v);

export const effect = (kind: EffectKind, via: string, path?: string, extra: Partial<DeclaredEffect> = {}): DeclaredEffect => ({
  kind,
  via,
  ...(path !== undefined ? { path } : {}),
  ...extra,
});

/** Every operand (after `skip` leading ones) is read. */
export const readsOperands =
  (via: string, skip: (a: ParsedArgs) => number = () => 0) =>
  (a: ParsedArgs): DeclaredEffect[] =>
    paths(a, skip(a)).map((p) => effect("read", via, p));

/** The first operand is a pattern or program unless given by option (`grep -e P`, `sed -e S`, `awk -f F`). */
export const patternFirst = (byOption: readonly string[]) => (a: ParsedArgs) => (byOption.some((o) => a.options.has(o)) ? 0 : 1);

/** Option values that name files the command reads (`grep -f patterns`, `jq --rawfile n f`). */
export const optionFiles = (a: ParsedArgs, names: readonly string[], kind: EffectKind, via: string): DeclaredEffect[] =>
  names.flatMap((n) => (a.options.get(n) ?? []).filter((x) => x !== "" && x !== "-").map((x) => effect(kind, via, x)));

const base = (p: string) => p.replace(/\/+$/, "").slice(p.replace(/\/+$/, "").lastIndexOf("/") + 1);

/** What a recursive copy into `dest` writes: dest itself, and everything below it (or below dest/<source name>). */
export const writesBelow = (via: string, dest: string, sources: readonly string[]): DeclaredEffect[] => [
  effect("write", via, dest),
  effect("write", via, `${dest.replace(/\/+$/, "")}/${HOLE_BELOW}`),
  ...sources.filter((src) => base(src) !== "" && base(src) !== "." && base(src) !== "..").map((src) => effect("write", via, `${dest.replace(/\/+$/, "")}/${base(src)}/${HOLE_BELOW}`)),
];

/** A command that only reads its operands (cat, head, diff, …), with its option table. */
export const pureReader = (via: string, table: OptionTable = {}): CommandSpec => ({ options: table, effects: readsOperands(via) });
