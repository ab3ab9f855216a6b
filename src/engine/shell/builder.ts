/**
 * The record every shell dialect's reader writes into (bash/, powershell/, cmd/): the simple commands found so far,
 * the nested scripts they belong to, pipelines, functions, and the counts that bound the work (ShellLimits). One
 * Builder serves a whole command line, so `pwsh -c` inside Bash or `cmd /c` inside PowerShell is examined as part
 * of the same command.
 *
 * A reader that meets code of another dialect (or of its own, nested) reads it through `b.read` (DialectReaders),
 * which analyse.ts fills in: no dialect imports another, and the import graph stays a tree.
 */
import type { NestedScript, ShellAnalysis, ShellLimits, SimpleCommand } from "./model";
import type { SyntaxNode } from "unbash";
import { isAssignmentWord, strippedCommand } from "./words/strip";
import { hasHoles } from "./words/template";
export interface AnalyseContext {
  cwd?: string | undefined;
  home?: string | undefined;
  /** Command names are only what they spell (see commands/knownNames.ts); else `RM` is also read as `rm`. */
  caseSensitiveCommands?: boolean | undefined;
}

/** Function calls examined with their arguments, at most. */
export const MAX_FUNCTION_CALLS = 32;
/** Nested loops multiply: past this many passes over the innermost body, a loop variable is read as unknown. */
export const MAX_LOOP_PASSES = 64;

/** Variables a script set, by name: a literal value, or null when it is not known. */
export type Scope = Map<string, string | null>;

/**
 * The dialect readers, one per dialect a command line can hand code to: each reads `src` as script `scriptIndex`
 * of the builder, `depth` levels down. Given to the Builder by analyse.ts, the one module that imports them all.
 */
export interface DialectReaders {
  /** Bash (and POSIX sh), with the variables the enclosing script set. */
  bash(b: Builder, src: string, scriptIndex: number, depth: number, scope: Scope): void;
  powershell(b: Builder, src: string, scriptIndex: number, depth: number): void;
  cmd(b: Builder, src: string, scriptIndex: number, depth: number): void;
}

/**
 * What a Builder's tables hold until their first entry: one shared empty map (and set), never written — a table
 * is replaced by a map of its own on its first write (`writable`). Most command lines fill none of them, and nine
 * maps made for every analysis were a tenth of what a command never seen allocated.
 */
// Writing the shared table would leak one analysis' entries into every other's (and team's): it throws instead,
// which the analysis reads as a reader fault (stricter), should a cast ever get past the readonly types.
const shared = (): never => {
  throw new Error("a Builder's shared empty table was written");
};
const NONE_YET: ReadonlyMap<never, never> = Object.freeze(Object.assign(new Map<never, never>(), { set: shared, delete: shared, clear: shared }));
const NONE_YET_SET: ReadonlySet<never> = Object.freeze(Object.assign(new Set<never>(), { add: shared, delete: shared, clear: shared }));
const writable = <K, V>(m: ReadonlyMap<K, V>): Map<K, V> => (m === NONE_YET ? new Map<K, V>() : (m as Map<K, V>));

export class Builder {
  readonly commands: SimpleCommand[] = [];
  readonly scripts: NestedScript[] = [];
  pipelines: ReadonlyMap<number, number[]> = NONE_YET;
  functions: ReadonlyMap<string, number[]> = NONE_YET;
  truncated = false;
  parseErrors = false;
  parsedChars = 0;
  nodes = 0;
  /** `alias name='…'` definitions seen so far: a later `name …` runs that text. */
  aliases: ReadonlyMap<string, string> = NONE_YET;
  /** `git config alias.name '…'` / `git -c alias.name=…`: a later `git name` runs that. */
  gitAliases: ReadonlyMap<string, string> = NONE_YET;
  /** Files the command line writes with known content (`echo 'rm -rf /' > x.sh`), for a later `bash x.sh`. */
  files: ReadonlyMap<string, string> = NONE_YET;
  /** What a `$(…)` or `<(…)` script certainly prints (`<(echo rm -rf /)`), by script index, when that is known. */
  printed: ReadonlyMap<number, string> = NONE_YET;
  /**
   * Function definitions whose body is examined once the whole command line has been read, with what the
   * definition's scope held: as any call (positional parameters unknown), unless every call is visible (finish()).
   */
  readonly definitions: { name: string; body: SyntaxNode; walker: { node(n: SyntaxNode, scope: Scope, pipe: undefined): void }; scope: Scope }[] = [];
  /** For each function: the commands of its examined calls with arguments, and whether one was not examined. */
  calledWithArgs: ReadonlyMap<string, number[]> = NONE_YET;
  notAllCallsSeen: ReadonlySet<string> = NONE_YET_SET;
  /** Function bodies by name, to examine them again for each call with its arguments. */
  functionBodies: ReadonlyMap<string, { body: SyntaxNode; walker: { node(n: SyntaxNode, scope: Scope, pipe: undefined): void } }> = NONE_YET;
  calls = 0;
  private nextPipe = 0;

  constructor(
    readonly limits: ShellLimits,
    readonly ctx: AnalyseContext,
    /** How code of each dialect met in this command line is read (see DialectReaders). */
    readonly read: DialectReaders,
  ) {}

  /** Words recorded so far (see ShellLimits.maxWords). */
  words = 0;
  private wordsFull = false;

  /** A limit was reached: nothing more is recorded, and the analysis is marked truncated. */
  get full(): boolean {
    if (this.commands.length < this.limits.maxCommands && this.words <= this.limits.maxWords && this.parsedChars <= this.limits.maxParsedChars) return false;
    this.truncated = true;
    return true;
  }

  /** Whether `pending` more words (of a command being read) still fit; when not, the analysis is truncated. */
  roomFor(pending: number): boolean {
    if (this.words + pending <= this.limits.maxWords) return true;
    this.truncated = true;
    this.wordsFull = true;
    return false;
  }

  newScript(parent: NestedScript["parent"], depth: number, container?: NestedScript["container"]): number {
    this.scripts.push(container ? { parent, depth, container } : { parent, depth });
    return this.scripts.length - 1;
  }

  // The tables' writes (see NONE_YET).
  setAlias(name: string, text: string): void {
    this.aliases = writable(this.aliases).set(name, text);
  }
  setGitAlias(name: string, text: string): void {
    this.gitAliases = writable(this.gitAliases).set(name, text);
  }
  setFile(key: string, content: string): void {
    this.files = writable(this.files).set(key, content);
  }
  setPrinted(script: number, text: string): void {
    this.printed = writable(this.printed).set(script, text);
  }
  setFunctionBody(name: string, body: { body: SyntaxNode; walker: { node(n: SyntaxNode, scope: Scope, pipe: undefined): void } }): void {
    this.functionBodies = writable(this.functionBodies).set(name, body);
  }
  setCalledWithArgs(name: string, commands: number[]): void {
    this.calledWithArgs = writable(this.calledWithArgs).set(name, commands);
  }
  addNotAllCallsSeen(name: string): void {
    this.notAllCallsSeen = (this.notAllCallsSeen === NONE_YET_SET ? new Set<string>() : (this.notAllCallsSeen as Set<string>)).add(name);
  }

  newPipe(): number {
    return this.nextPipe++;
  }

  addCommand(c: SimpleCommand): number {
    this.words += c.words.length + c.redirects.length;
    this.commands.push(c);
    const index = this.commands.length - 1;
    if (c.pipe) {
      const list = this.pipelines.get(c.pipe.id);
      if (list) list.push(index);
      else this.pipelines = writable(this.pipelines).set(c.pipe.id, [index]);
    }
    return index;
  }

  /** Which cap stopped the analysis, for the reason the user reads. */
  private limitHit(): string | undefined {
    if (!this.truncated) return undefined;
    const l = this.limits;
    if (this.parsedChars > l.maxParsedChars) return `longer than ${Math.round(l.maxParsedChars / 1024)} KiB, counting the code nested in it`;
    if (this.commands.length >= l.maxCommands) return `more than ${l.maxCommands} simple commands`;
    if (this.wordsFull || this.words > l.maxWords) return `more than ${l.maxWords} words`;
    if (this.nodes > l.maxNodes) return `more than ${l.maxNodes} syntax nodes`;
    return `nested more than ${l.maxDepth} levels deep, loops nested more than ${MAX_LOOP_PASSES} passes deep, or code in it longer than hookgate reads`;
  }

  /**
   * Examine the function definitions (see `definitions`). A body is examined as any call would run it (its
   * positional parameters unknown: `"$@"` any command), for calls hookgate cannot see: a call with no arguments, a
   * call past MAX_FUNCTION_CALLS, the name used as a word (`trap f EXIT`, `export -f f`, `eval f`), or a command whose
   * name is not known (it may be the function). When none of those is in the command line, every call is one of the
   * calls with arguments already examined with their arguments bound, and that is the whole of what the function
   * runs: `retry() { until "$@"; do …; done; }; retry curl -sf …` runs curl, not any command.
   */
  private finish(): void {
    // Each call's walk of an enclosing function records its nested definitions anew, each with that call's scope.
    // Past the cap, what is left is not examined: the analysis is truncated, so restricting handlers fail closed.
    for (let k = 0; k < this.definitions.length && !this.full; k++) {
      if (k >= MAX_FUNCTION_CALLS * 4) {
        this.truncated = true;
        return;
      }
      const d = this.definitions[k]!;
      const calls = this.calledWithArgs.get(d.name);
      if (calls && !this.notAllCallsSeen.has(d.name) && !this.mayRunIndirectly(d.name)) {
        this.functions = writable(this.functions).set(d.name, [...(this.functions.get(d.name) ?? []), ...calls]);
        continue;
      }
      const before = this.commands.length;
      d.walker.node(d.body, new Map(d.scope), undefined);
      const body: number[] = [];
      for (let i = before; i < this.commands.length; i++) body.push(i);
      this.functions = writable(this.functions).set(d.name, [...(this.functions.get(d.name) ?? []), ...body]);
    }
  }

  /** Could function `name` run other than by a call with arguments that was examined? (see finish()) */
  private mayRunIndirectly(name: string): boolean {
    const mention = new RegExp(`(?:^|[^\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\w.-])`);
    for (const c of this.commands) {
      const s = strippedCommand(c);
      const head = c.words[s.start];
      if (head !== undefined && !isAssignmentWord(head) && hasHoles(head.value)) return true;
      for (let k = 0; k < c.words.length; k++) if (k !== s.start && mention.test(c.words[k]!.value)) return true;
      for (const r of c.redirects) if (r.target && mention.test(r.target.value)) return true;
    }
    return false;
  }

  result(): ShellAnalysis {
    this.finish();
    return {
      dialect: "bash",
      commands: this.commands,
      scripts: this.scripts,
      truncated: this.truncated,
      limit: this.limitHit(),
      work: { parsedChars: this.parsedChars, nodes: this.nodes, words: this.words, commands: this.commands.length },
      parseErrors: this.parseErrors,
      pipelines: this.pipelines,
      functions: this.functions,
    };
  }
}

/** A command's raw text as recorded: runs of whitespace as one space. */
export const collapse = (s: string): string => (NOT_COLLAPSED.test(s) ? s.replace(/\s+/g, " ").trim() : s);
/**
 * Text that collapse changes: whitespace other than a space, two in a row, or any at either end (`\s` and trim()'s
 * whitespace are the same set). Most commands have none, and one test is cheaper than replace's new string.
 */
const NOT_COLLAPSED = /[^\S ]|\s\s|^\s|\s$/;
