/**
 * Strips what stands before the command a simple command really runs: leading `VAR=value` assignments and the
 * wrappers of wrappers.ts, repeatedly (`FOO=1 sudo -u root timeout 5 rm -rf /` → `rm -rf /`). Every stage is kept,
 * so a rule about the wrapper itself (`Bash(sudo *)`) still matches, and so are the code strings the wrappers run
 * (`su -c '…'`, `watch '…'`), which the analyser parses as scripts of their own.
 */
import type { ShellWord, SimpleCommand } from "../model";
import { HOLE_ANY, HOLE_INPUT, hasHoles } from "./template";
import { WRAPPERS, type WrapperSpec } from "../commands/wrappers";
import { isKnown } from "../commands/isKnown";
import { commandName } from "./commandName";

export interface Stripped {
  /** Index of the first word of each stage: 0, after the assignments, after each wrapper. */
  readonly stages: readonly number[];
  /**
   * The stages Claude Code itself reaches for allow rules: only its own wrappers stripped, assignments kept (the
   * client strips only known-safe assignments for allow rules; keeping them all is never laxer).
   */
  readonly clientStages: readonly number[];
  /** The first word of the command finally run (the last stage). */
  readonly start: number;
  /** The end of its words (exclusive): a wrapper's own inputs may follow (`parallel … ::: a b`). */
  readonly end: number;
  /** Those inputs (`parallel rm -rf ::: /a /b` → `/a`, `/b`): the arguments the wrapper appends. */
  readonly inputs: readonly ShellWord[];
  /** Code strings the wrappers run through a shell. */
  readonly code: readonly ShellWord[];
  /** More arguments are appended when it runs (xargs, parallel): the command has unknown trailing arguments. */
  readonly appends: boolean;
  /** The strings each input replaces in the command (`xargs -I%` → `%`; parallel's `{}`, `{.}`, …). */
  readonly replace: readonly string[];
  /** The inputs go only in place of those strings: none is appended (`xargs -I%`: WrapperSpec.replaceOnly). */
  readonly replaceOnly: boolean;
  /** The inputs are read from a file the command line names (`xargs -a f`, `parallel … :::: f`): unknown text. */
  readonly inputFromFile: boolean;
  /**
   * Those files: each is read, and its words reach the command's arguments, which a program prints back when it
   * cannot open them (`xargs -a .env cat` shows every word of `.env`).
   */
  readonly inputFiles: readonly ShellWord[];
}

/** What a wrapper's own options say about its inputs: the replace strings, and whether a file supplies them. */
function inputOptions(opts: readonly ShellWord[], spec: WrapperSpec): { replace: string[]; fromFile: boolean; files: ShellWord[] } {
  const replace = [...(spec.replaceTokens ?? [])];
  let fromFile = false;
  const files: ShellWord[] = [];
  const given = Object.entries(spec.replaceOptions ?? {});
  for (let k = 0; k < opts.length; k++) {
    const t = opts[k]!.value;
    for (const [opt, meant] of given) {
      if (opt.startsWith("--")) {
        if (t === opt) replace.push(meant ?? opts[k + 1]?.value ?? "{}");
        else if (t.startsWith(`${opt}=`)) replace.push(t.slice(opt.length + 1));
      } else if (!t.startsWith("--") && t.startsWith(opt)) {
        const attached = t.slice(opt.length);
        replace.push(attached !== "" ? attached : (meant ?? opts[k + 1]?.value ?? "{}"));
      }
    }
    for (const o of spec.inputFileOptions ?? []) {
      const w = opts[k]!;
      if (t === o) {
        fromFile = true;
        if (opts[k + 1]) files.push(opts[k + 1]!);
      } else if (o.startsWith("--") ? t.startsWith(`${o}=`) : t.startsWith(o) && !t.startsWith("--")) {
        fromFile = true;
        const at = o.startsWith("--") ? o.length + 1 : o.length;
        files.push({ ...w, value: w.value.slice(at), text: w.text.slice(at) });
      }
    }
  }
  return { replace: replace.filter((r) => r !== ""), fromFile, files };
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/;
const MAX_STAGES = 32;

export const isAssignmentWord = (w: ShellWord): boolean => ASSIGNMENT.test(w.raw) && !w.raw.startsWith("=");

/**
 * The word as the program receives it, for reading its options and operands: a word whose value is entirely known
 * (an array's element, a variable set earlier, `$(echo -delete)`) is that text, though written as an expansion.
 * The text permission rules see is unchanged (a hole), which an allow rule never covers.
 */
const asReceived = (w: ShellWord): ShellWord => (w.text === w.value || hasHoles(w.value) ? w : { ...w, text: w.value });

/** `words.slice(from, to)`, each word as received (asReceived), in one pass. */
export function receivedWords(words: readonly ShellWord[], from: number, to: number): ShellWord[] {
  const out: ShellWord[] = [];
  for (let i = from; i < to && i < words.length; i++) out.push(asReceived(words[i]!));
  return out;
}

export { commandName };

const startsWithHole = (w: ShellWord): boolean => w.text.length > 0 && w.text.charCodeAt(0) >= 0xe000 && w.text.charCodeAt(0) <= 0xe004;

interface OptionScan {
  next: number;
  code: ShellWord[];
  /** An unknown word was read as an option: it may as well have been the command. */
  uncertain: number[];
}

function scanOptions(words: readonly ShellWord[], from: number, spec: WrapperSpec): OptionScan {
  const shortArg = spec.shortArg ?? "";
  const longArg = spec.longArg ?? [];
  const codeOptions = spec.codeOptions ?? [];
  const code: ShellWord[] = [];
  const uncertain: number[] = [];
  let i = from;
  while (i < words.length) {
    const word = words[i]!;
    // What the wrapper receives is the word's value (an array's element, a variable set earlier, `$(echo -u)`).
    const w = word.value;
    if (w === "--" || spec.stopsAt?.includes(w)) return { next: i + 1, code, uncertain };
    if (w === "-" && spec.loneDash) {
      i++;
      continue;
    }
    if (startsWithHole(word) && word.splits && hasHoles(w)) {
      // `sudo $OPTS rm`: options or the command itself; both are followed.
      uncertain.push(i);
      i++;
      continue;
    }
    if (w.startsWith("--") && w.length > 2) {
      const eq = w.indexOf("=");
      const name = eq >= 0 ? w.slice(2, eq) : w.slice(2);
      if (codeOptions.includes(`--${name}`)) {
        const value = eq >= 0 ? { ...word, text: word.text.slice(word.text.indexOf("=") + 1), value: w.slice(eq + 1) } : words[i + 1];
        if (value) code.push(value);
        i += eq >= 0 ? 1 : 2;
        continue;
      }
      i += eq < 0 && longArg.includes(name) ? 2 : 1;
      continue;
    }
    if (w.startsWith("-") && w.length > 1 && !hasHoles(w.slice(0, 2))) {
      let consumed = 1;
      for (let j = 1; j < w.length; j++) {
        const ch = w[j]!;
        if (codeOptions.includes(`-${ch}`)) {
          const rest = w.slice(j + 1);
          if (rest !== "") code.push({ ...word, text: word.text === w ? rest : HOLE_ANY, value: rest, raw: rest });
          else if (words[i + 1]) {
            code.push(words[i + 1]!);
            consumed = 2;
          }
          break;
        }
        if (shortArg.includes(ch)) {
          if (j === w.length - 1) consumed = 2;
          break;
        }
      }
      i += consumed;
      continue;
    }
    return { next: i, code, uncertain };
  }
  return { next: i, code, uncertain };
}

/** Strip assignments and wrappers from `words` (see the module comment). */
export function strip(words: readonly ShellWord[]): Stripped {
  const stages: number[] = [0];
  const clientStages: number[] = [0];
  const code: ShellWord[] = [];
  let appends = false;
  let end = words.length;
  let inputs: ShellWord[] = [];
  const replace: string[] = [];
  let replaceOnly = false;
  let inputFromFile = false;
  const inputFiles: ShellWord[] = [];
  let clientOk = true;
  let i = 0;
  const push = (at: number, client: boolean) => {
    if (at >= words.length || stages.includes(at)) return;
    stages.push(at);
    if (client && clientOk) clientStages.push(at);
  };
  for (let guard = 0; guard < MAX_STAGES && i < words.length; guard++) {
    const word = words[i]!;
    if (isAssignmentWord(word)) {
      let j = i;
      while (j < words.length && isAssignmentWord(words[j]!)) j++;
      clientOk = false;
      push(j, false);
      if (j === i || j >= words.length) break;
      i = j;
      continue;
    }
    const spec = WRAPPERS[commandName(word.value)];
    if (!spec) {
      // A program no table knows may run what follows its `--` (`op run -- …`, `tini -- …`, a wrapper of
      // tomorrow): that is examined as a command too, one more stage, never fewer.
      const after = unknownProgramsCommand(words, i);
      if (after === undefined) break;
      i = after;
      push(i, false);
      continue;
    }
    let j = i + 1;
    if (spec.subcommands) {
      const sub = words[j];
      if (!sub || !spec.subcommands.includes(sub.value)) break;
      j++;
    }
    if (spec.commandAfter !== undefined) {
      const at = words.findIndex((w, k) => k >= j && w.value === spec.commandAfter);
      if (at < 0 || at + 1 >= words.length) break;
      i = at + 1;
      push(i, false);
      continue;
    }
    const first = scanOptions(words, j, spec);
    j = first.next;
    code.push(...first.code);
    for (const u of first.uncertain) push(u, false);
    const unless = spec.positionalUnless;
    const noPositional = unless !== undefined && words.slice(i + 1, j).some((w) => unless.includes(w.value.split("=")[0]!));
    const positional = noPositional ? 0 : typeof spec.positional === "function" ? (words[j] ? spec.positional(words[j]!.value) : 0) : (spec.positional ?? 0);
    if (positional > 0) {
      j += positional;
      // Options may follow the fixed arguments (`su root -c '…'`).
      const again = scanOptions(words, j, spec);
      j = again.next;
      code.push(...again.code);
    }
    // The wrapper reads its own assignments (`env LC_ALL=C rm`), from the values it receives.
    if (spec.assignments) while (j < words.length && ASSIGNMENT.test(words[j]!.value) && !words[j]!.value.startsWith("=")) j++;
    if (spec.appendsArgs) {
      appends = true;
      const given = inputOptions(words.slice(i + 1, j), spec);
      replace.push(...given.replace);
      // The innermost wrapper that takes inputs decides (`xargs -I{} parallel rm ::: a` appends parallel's).
      replaceOnly = spec.replaceOnly === true && given.replace.length > (spec.replaceTokens?.length ?? 0);
      if (given.fromFile) inputFromFile = true;
      inputFiles.push(...given.files);
    }
    if (spec.inputsAfter) {
      const cut = words.findIndex((w, k) => k >= j && spec.inputsAfter!.includes(w.value));
      if (cut >= 0) {
        end = cut;
        inputs = [];
        let fromFiles = false;
        for (const w of words.slice(cut)) {
          if (spec.inputsAfter.includes(w.value)) fromFiles = spec.inputFilesAfter?.includes(w.value) ?? false;
          else if (!fromFiles) inputs.push(w);
          else {
            inputFiles.push(w);
            if (!inputs.includes(UNKNOWN_ARGS)) inputs.push(UNKNOWN_ARGS);
            inputFromFile = true;
          }
        }
        // `parallel ::: 'rm -rf ~' 'make'`: no command, so each input is a command line.
        if (cut === j && spec.inputIsCommand) {
          code.push(...inputs.map((w) => (w === UNKNOWN_ARGS ? UNKNOWN_COMMAND_LINE : w)));
          break;
        }
      }
    }
    // `parallel 'rm -rf {}' ::: a`: a command given as one word is a command line, run by a shell.
    if (spec.inputIsCommand && end - j === 1 && /[\s;&|<>$`]/.test(words[j]!.value)) {
      code.push(words[j]!);
      break;
    }
    // `cat jobs | parallel`, `parallel -a jobs`: each line of the input is a command line, known or not.
    if (spec.inputIsCommand && j >= end && end === words.length) {
      code.push(UNKNOWN_COMMAND_LINE);
      break;
    }
    if (spec.restIsCode || spec.eachArgIsCode) {
      if (j < words.length) code.push(joinWords(words.slice(j)));
      if (spec.eachArgIsCode && j + 1 < words.length) code.push(...words.slice(j));
      break;
    }
    if (first.code.length > 0 || j >= words.length) break;
    i = j;
    push(i, spec.client === true);
  }
  return { stages, clientStages, start: stages[stages.length - 1]!, end, inputs, code, appends, replace, replaceOnly, inputFromFile, inputFiles };
}

/**
 * A recorded command's words stripped, worked out once per command: the walker, the code it follows, the effects
 * and the forms all ask for it, several times each. A recorded command is never changed (SimpleCommand is
 * readonly, its words too), so the answer is strip(c.words) whenever it is asked.
 *
 * Kept on the command itself, under a symbol and not enumerable, so that no copy (structuredClone), comparison or
 * JSON of a command sees it; a copy works it out anew. (A WeakMap did the same at about three times the cost per
 * command: an identity hash and an ephemeron table entry for every command, and the collector's ephemeron pass.)
 */
const STRIPPED = Symbol("stripped");
export function strippedCommand(c: SimpleCommand): Stripped {
  const kept = (c as { [STRIPPED]?: Stripped })[STRIPPED];
  if (kept !== undefined) return kept;
  const s = strip(c.words);
  if (Object.isExtensible(c)) Object.defineProperty(c, STRIPPED, { value: s });
  return s;
}

/**
 * Where the command after an unknown program's `--` starts (`tool -- rm -rf /` → the index of `rm`), if its name
 * is known to no table and a word follows the `--`. A known program's `--` only ends its options (`git checkout
 * -- .`, `rm -- -f`); a name with holes (`$CMD`) is examined as any command already.
 */
function unknownProgramsCommand(words: readonly ShellWord[], at: number): number | undefined {
  // The `--` first: almost every simple command has none, and asking the tables costs more than the scan.
  let dashes = -1;
  for (let k = at + 1; k + 1 < words.length && dashes < 0; k++) if (words[k]!.value === "--") dashes = k;
  if (dashes < 0) return undefined;
  const name = commandName(words[at]!.value);
  return name === "" || hasHoles(name) || isKnown(name) ? undefined : dashes + 1;
}

/** Several words as one code string (how `watch a b` or `ssh host a b` hands them to a shell). */
function joinWords(words: readonly ShellWord[]): ShellWord {
  const join = (f: (w: ShellWord) => string) => words.map(f).join(" ");
  return {
    text: join((w) => w.text),
    value: join((w) => w.value),
    raw: join((w) => w.raw),
    splits: false,
    procsub: undefined,
    substs: words.flatMap((w) => w.substs),
  };
}

/**
 * A word standing for arguments only known at run time (xargs' input when the command line does not say what it
 * is): any number of words, and in effect paths any path (HOLE_INPUT).
 */
export const UNKNOWN_ARGS: ShellWord = { text: HOLE_ANY, value: HOLE_INPUT, raw: "…", splits: true, procsub: undefined, substs: [] };

/** A command line read from a program's unknown input (`parallel :::: jobs`): any command with any arguments. */
export const UNKNOWN_COMMAND_LINE: ShellWord = { ...UNKNOWN_ARGS, value: `${HOLE_INPUT} ${HOLE_INPUT}` };
