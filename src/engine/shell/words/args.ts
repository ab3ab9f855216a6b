/**
 * Reads a command's arguments the way its own option parser does (GNU getopt_long by default), from a declaration
 * of its options: combined short flags (`-rf`), attached and separate option arguments (`-n5`, `-n 5`), long
 * options with `=` or a separate argument, unique abbreviations of long options (`--recur`), options after
 * operands (GNU permutation), `--`, and words that start with `-` but are operands (`chmod -x file`).
 *
 * Options come back under one canonical name each, so `-r`, `-R` and `--recursive` are the same option.
 * A word that is a hole and may split into several (`$FLAGS`) may be any options: `unknown` is then set.
 */
import type { ShellWord } from "../model";
import { hasHoles } from "./template";

export interface OptionTable {
  /** Short options without an argument. */
  readonly short?: string;
  /** Short options with an argument (attached `-n5` or separate `-n 5`). */
  readonly shortArg?: string;
  /** Long options (without `--`) without an argument. */
  readonly long?: readonly string[];
  /** Long options with an argument (`--name=v` or `--name v`). */
  readonly longArg?: readonly string[];
  /** Long options whose argument is optional and only ever attached (`--force-with-lease[=ref]`). */
  readonly longOptArg?: readonly string[];
  /** Canonical names: a short letter or a long name → the option's one name (default: itself). */
  readonly names?: Readonly<Record<string, string>>;
  /** Long options may be abbreviated to a unique prefix (GNU, git). Default true. */
  readonly abbreviations?: boolean;
  /** Options may follow operands (GNU permutation). Default true. */
  readonly permute?: boolean;
  /** Single-dash long options (`find -name`, `java -jar`): words starting with `-` that are names. */
  readonly singleDash?: readonly string[];
  /** Words starting with `-` that are operands (chmod modes such as `-x`, `-w`). */
  readonly operandPattern?: RegExp;
  /** `-5` is an option (head, tail). */
  readonly dashNumber?: boolean;
}

export interface ParsedArgs {
  /** Canonical option name → its values ("" for a flag), in order. */
  readonly options: ReadonlyMap<string, readonly string[]>;
  /** Operand words in order. */
  readonly operands: readonly ShellWord[];
  /** Some word may be any options at run time (an unquoted `$VAR`): every option may be present. */
  readonly unknown: boolean;
  /** Long option abbreviations that matched several options: all of them are in `options`. */
  readonly ambiguous: boolean;
}

// HOLE_INPUT (a program's unknown input: `… | xargs rm`) may hold options too (`-rf /`).
const startsWithHole = (t: string) => t.length > 0 && ((t.charCodeAt(0) >= 0xe000 && t.charCodeAt(0) <= 0xe004) || t.charCodeAt(0) === 0xe007);

export function parseArgs(words: readonly ShellWord[], table: OptionTable): ParsedArgs {
  const options = new Map<string, string[]>();
  const operands: ShellWord[] = [];
  let unknown = false;
  let ambiguous = false;
  const short = table.short ?? "";
  const shortArg = table.shortArg ?? "";
  const long = table.long ?? [];
  const longArg = table.longArg ?? [];
  const longOptArg = table.longOptArg ?? [];
  const allLong = [...long, ...longArg, ...longOptArg];
  const name = (x: string) => table.names?.[x] ?? x;
  const set = (key: string, value: string) => {
    const k = name(key);
    const list = options.get(k);
    if (list) list.push(value);
    else options.set(k, [value]);
  };
  let optionsDone = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    // The value: a variable the script assigned a literal reads as that literal.
    const w = word.value;
    if (optionsDone || w === "-" || !(w.startsWith("-") || (startsWithHole(w) && word.splits))) {
      operands.push(word);
      if (table.permute === false) optionsDone = true;
      continue;
    }
    if (startsWithHole(w)) {
      // `$FLAGS`: any options, or operands.
      unknown = true;
      operands.push(word);
      continue;
    }
    if (w === "--") {
      optionsDone = true;
      continue;
    }
    if (table.operandPattern?.test(w)) {
      operands.push(word);
      continue;
    }
    if (table.singleDash?.includes(w)) {
      set(w, "");
      continue;
    }
    if (w.startsWith("--")) {
      const eq = w.indexOf("=");
      const given = eq >= 0 ? w.slice(2, eq) : w.slice(2);
      let matches = allLong.includes(given) ? [given] : [];
      if (matches.length === 0 && table.abbreviations !== false && given !== "" && !hasHoles(given))
        matches = allLong.filter((l) => l.startsWith(given));
      if (hasHoles(given)) {
        // `--$X`: any long option.
        unknown = true;
        continue;
      }
      if (matches.length > 1) ambiguous = true;
      if (matches.length === 0) {
        set(given, eq >= 0 ? w.slice(eq + 1) : "");
        continue;
      }
      for (const m of matches) {
        if (eq >= 0) set(m, w.slice(eq + 1));
        else if (longArg.includes(m)) set(m, words[i + 1]?.value ?? "");
        else set(m, "");
      }
      if (eq < 0 && matches.length === 1 && longArg.includes(matches[0]!)) i++;
      continue;
    }
    if (table.dashNumber && /^-[0-9]+$/.test(w)) {
      set("-NUM", w.slice(1));
      continue;
    }
    // Combined short options: `-rf`, `-n5`, `-fu`.
    let consumedNext = false;
    for (let j = 1; j < w.length; j++) {
      const ch = w[j]!;
      if (ch.charCodeAt(0) >= 0xe000 && ch.charCodeAt(0) <= 0xe004) {
        unknown = true;
        break;
      }
      if (shortArg.includes(ch)) {
        const attached = w.slice(j + 1);
        if (attached !== "") set(ch, attached);
        else {
          set(ch, words[i + 1]?.value ?? "");
          consumedNext = true;
        }
        break;
      }
      set(short.includes(ch) ? ch : ch, "");
    }
    if (consumedNext) i++;
  }
  return { options, operands, unknown, ambiguous };
}

/** Whether an option is (or, with unknown words, may be) present. */
export const has = (a: ParsedArgs, option: string): boolean => a.unknown || a.options.has(option);
