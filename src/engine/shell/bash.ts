/**
 * Bash (and POSIX sh) front end: parses a command line with unbash and records every simple command anywhere in
 * it — in lists and pipelines, `$(…)`, backticks, `<(…)`, subshells, groups, if/while/for/case bodies, functions,
 * `[[ ]]`, arithmetic, here-docs, and in the code strings commands run (`bash -c '…'`, `eval …`, `su -c '…'`,
 * a here-doc fed to a shell, `find … -exec … ;`, `xargs …`, `trap '…'`, `alias x='…'`, `watch '…'`).
 *
 * Words become templates (template.ts): quotes removed, expansions and unquoted globs as holes. A variable the same
 * script assigned a literal (`X=/; rm -rf $X`) and a `for` loop over literal words are filled in for the word's
 * `value`; `$HOME` reads as `~` there.
 *
 * Work is bounded by counts (ShellLimits): characters parsed, nesting depth, commands, syntax nodes. Input that
 * would make the parser slow (very long, deeply bracketed, many here-doc openers) is not given to it; the tolerant
 * tokenizer of fallback.ts reads it instead, as it also does wherever the parser reports an error. When a cap is
 * hit the analysis says `truncated`, and restricting rules treat the command as unexamined (see evaluate.ts).
 */
import { forEachChild, parse } from "unbash";
import type {
  Command,
  DoubleQuotedChild,
  HereDoc,
  ParameterExpansionPart,
  ParsedScript,
  Pipeline,
  Statement,
  SyntaxNode,
  Word,
  WordPart,
} from "unbash";
import { analyseCmd } from "./cmd";
import { tokenizeFallback, naiveFallback } from "./fallback";
import { embeddedShellCode } from "./interpreters";
import {
  DEFAULT_SHELL_LIMITS,
  type NestedHow,
  type NestedScript,
  type ShellAnalysis,
  type ShellLimits,
  type ShellRedirect,
  type ShellWord,
  type SimpleCommand,
} from "./model";
import { analysePowerShell, decodeUtf16Base64 } from "./powershell";
import { readsProgramFromStdin, scheduledCode, SHELL_CODE_READERS, STDIN_FILES } from "./programs";
import { pipelineOutput, staticOutput, substituted, type StaticCommand, type StaticContext } from "./staticText";
import { printsDownload } from "./effects";
import { commandName, isAssignmentWord, strip } from "./strip";
import { optionCode, SOURCED_VARIABLES } from "./optionCode";
import { printsSetupCode } from "./setupCode";
import { HOLE_ANY, HOLE_CHAR, HOLE_NODOT, HOLE_SEG, HOLE_UNKNOWN, HOLE_VARIABLE, hasHoles, literal } from "./template";
import { gitSubcommand } from "./commands";
import { EVALUATORS, SHELL_ARG_OPTIONS, SHELLS, SOURCERS } from "./wrappers";

export interface AnalyseContext {
  cwd?: string | undefined;
  home?: string | undefined;
}

/** Below this many characters unbash is fast on any input we measured; above it, the tolerant tokenizer. */
const MAX_PARSER_INPUT = 64 * 1024;
/** Bracket nesting beyond which unbash's lazy sub-parses would cost O(length) per level. */
const MAX_BRACKET_NESTING = 32;
/** unbash scans ahead for every here-doc opener; many of them make it quadratic. */
const MAX_HEREDOC_OPENERS = 64;
/** Brace expansion (`{a,b}`, `{1..9}`) into separate words, at most this many; beyond, one hole. */
const MAX_BRACE_WORDS = 32;
/** Function calls examined with their arguments, at most. */
const MAX_FUNCTION_CALLS = 32;
/** `for x in a b c` is examined once per word, for at most this many words. */
const MAX_LOOP_VALUES = 8;
/** Nested loops multiply: past this many passes over the innermost body, a loop variable is read as unknown. */
const MAX_LOOP_PASSES = 64;

type Scope = Map<string, string | null>;

interface Queued {
  script: ParsedScript | undefined;
  index: number;
  how: NestedHow;
  source: string;
}

export class Builder {
  readonly commands: SimpleCommand[] = [];
  readonly scripts: NestedScript[] = [];
  readonly pipelines = new Map<number, number[]>();
  readonly functions = new Map<string, number[]>();
  truncated = false;
  parseErrors = false;
  parsedChars = 0;
  nodes = 0;
  /** `alias name='…'` definitions seen so far: a later `name …` runs that text. */
  readonly aliases = new Map<string, string>();
  /** `git config alias.name '…'` / `git -c alias.name=…`: a later `git name` runs that. */
  readonly gitAliases = new Map<string, string>();
  /** Files the command line writes with known content (`echo 'rm -rf /' > x.sh`), for a later `bash x.sh`. */
  readonly files = new Map<string, string>();
  /** What a `$(…)` or `<(…)` script certainly prints (`<(echo rm -rf /)`), by script index, when that is known. */
  readonly printed = new Map<number, string>();
  /**
   * Function definitions whose body is examined once the whole command line has been read, with what the
   * definition's scope held: as any call (positional parameters unknown), unless every call is visible (finish()).
   */
  readonly definitions: { name: string; body: SyntaxNode; walker: { node(n: SyntaxNode, scope: Scope, pipe: undefined): void }; scope: Scope }[] = [];
  /** For each function: the commands of its examined calls with arguments, and whether one was not examined. */
  readonly calledWithArgs = new Map<string, number[]>();
  readonly notAllCallsSeen = new Set<string>();
  /** Function bodies by name, to examine them again for each call with its arguments. */
  readonly functionBodies = new Map<string, { body: SyntaxNode; walker: { node(n: SyntaxNode, scope: Scope, pipe: undefined): void } }>();
  calls = 0;
  private nextPipe = 0;

  constructor(
    readonly limits: ShellLimits,
    readonly ctx: AnalyseContext,
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

  newScript(parent: NestedScript["parent"], depth: number): number {
    this.scripts.push({ parent, depth });
    return this.scripts.length - 1;
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
      else this.pipelines.set(c.pipe.id, [index]);
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
        this.functions.set(d.name, [...(this.functions.get(d.name) ?? []), ...calls]);
        continue;
      }
      const before = this.commands.length;
      d.walker.node(d.body, new Map(d.scope), undefined);
      const body: number[] = [];
      for (let i = before; i < this.commands.length; i++) body.push(i);
      this.functions.set(d.name, [...(this.functions.get(d.name) ?? []), ...body]);
    }
  }

  /** Could function `name` run other than by a call with arguments that was examined? (see finish()) */
  private mayRunIndirectly(name: string): boolean {
    const mention = new RegExp(`(?:^|[^\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\w.-])`);
    for (const c of this.commands) {
      const s = strip(c.words);
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

export function analyseBash(source: string, ctx: AnalyseContext = {}, limits: Partial<ShellLimits> = {}): ShellAnalysis {
  const b = new Builder({ ...DEFAULT_SHELL_LIMITS, ...limits }, ctx);
  const top = b.newScript(undefined, 0);
  try {
    analyseScript(b, typeof source === "string" ? source : "", top, 0, new Map());
  } catch {
    // Never throw for bad data: what was recorded stands, and the rest is read by the tokenizer.
    b.parseErrors = true;
    naiveFallback(b, source, top);
  }
  return b.result();
}

/** Parse `src` as script `scriptIndex` and record its commands. */
export function analyseScript(b: Builder, src: string, scriptIndex: number, depth: number, scope: Scope): void {
  if (depth > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
  if (src.trim() === "") return;
  b.parsedChars += src.length;
  if (b.parsedChars > b.limits.maxParsedChars) {
    b.truncated = true;
    return;
  }
  if (!parserSafe(src)) {
    // Too long or too pathological for the parser: the linear tokenizer reads it.
    b.parseErrors = true;
    tokenizeFallback(b, src, scriptIndex, depth);
    return;
  }
  let script: ParsedScript;
  try {
    script = parse(src);
  } catch {
    b.parseErrors = true;
    tokenizeFallback(b, src, scriptIndex, depth);
    naiveFallback(b, src, scriptIndex);
    return;
  }
  const walker = new Walker(b, src, scriptIndex, depth);
  walker.list(script.commands, scope, undefined);
  if (walker.errors || script.errors?.length) {
    // Where the parser gave up, a shell might not: read the text the tolerant ways too (stricter, never laxer).
    b.parseErrors = true;
    tokenizeFallback(b, src, scriptIndex, depth);
    naiveFallback(b, src, scriptIndex);
  }
}

function parserSafe(src: string): boolean {
  if (src.length > MAX_PARSER_INPUT) return false;
  let nesting = 0;
  let heredocs = 0;
  let backslashes = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 40 /* ( */ || c === 123 /* { */) {
      if (++nesting > MAX_BRACKET_NESTING) return false;
    } else if ((c === 41 || c === 125) && nesting > 0) nesting--;
    else if (c === 60 /* < */ && src.charCodeAt(i + 1) === 60 && src.charCodeAt(i + 2) !== 60) {
      if (++heredocs > MAX_HEREDOC_OPENERS) return false;
      i++;
    } else if (c === 96 /* ` */ && backslashes > 32) return false;
    backslashes = c === 92 ? backslashes + 1 : 0;
  }
  return true;
}

const collapse = (s: string): string => s.replace(/\s+/g, " ").trim();

type Pipe = { id: number; index: number } | undefined;

class Walker {
  errors = false;
  /** How many times the loops around the current node run their body (see MAX_LOOP_PASSES). */
  loopPasses = 1;
  constructor(
    readonly b: Builder,
    readonly source: string,
    readonly scriptIndex: number,
    readonly depth: number,
  ) {}

  private tick(): boolean {
    if (++this.b.nodes > this.b.limits.maxNodes) {
      this.b.truncated = true;
      return false;
    }
    return !this.b.full;
  }

  list(statements: readonly Statement[], scope: Scope, pipe: Pipe): void {
    for (const s of statements) {
      if (!this.tick()) return;
      this.node(s.command as SyntaxNode, scope, pipe);
    }
  }

  node(n: SyntaxNode, scope: Scope, pipe: Pipe): void {
    if (!this.tick()) return;
    switch (n.type) {
      case "Command":
        this.command(n, scope, pipe);
        return;
      case "Pipeline":
        this.pipeline(n, scope);
        return;
      case "AndOr":
        for (const c of n.commands) this.node(c as SyntaxNode, scope, pipe);
        return;
      case "Statement":
        this.node(n.command as SyntaxNode, scope, pipe);
        return;
      case "CompoundList":
        this.list(n.commands, scope, pipe);
        return;
      case "Subshell":
      case "BraceGroup":
        // A subshell's assignments do not leave it; a group's do, but keeping them local is only ever less precise.
        this.list(n.body.commands, n.type === "Subshell" ? new Map(scope) : scope, pipe);
        return;
      case "If":
        this.list(n.clause.commands, scope, pipe);
        this.list(n.then.commands, new Map(scope), pipe);
        for (const e of n.elif) {
          this.list(e.clause.commands, scope, pipe);
          this.list(e.then.commands, new Map(scope), pipe);
        }
        if (n.else) this.list(n.else.commands, new Map(scope), pipe);
        return;
      case "While":
        this.list(n.clause.commands, scope, pipe);
        this.list(n.body.commands, new Map(scope), pipe);
        return;
      case "For":
      case "Select": {
        const words = (n.wordlist ?? []).flatMap((w) => this.words(w, scope, undefined));
        const name = n.name.value;
        // Literal words, and globs (each stands for the files it matches): examined once per word.
        const passes = this.loopPasses;
        const literalValues = words.length > 0 && words.length <= MAX_LOOP_VALUES && words.every((w) => !/[\uE000\uE004]/.test(w.value));
        // One pass with the variable unknown is the sound reading of any loop; one pass per value is the precise one.
        const precise = literalValues && passes * words.length <= MAX_LOOP_PASSES;
        // Known values given up for a cap would hide them from effect conditions: that part is unexamined.
        if (literalValues && !precise) this.b.truncated = true;
        const values = precise ? words.map((w) => w.value) : [null];
        this.loopPasses = passes * values.length;
        for (const v of values) {
          const inner = new Map(scope);
          inner.set(name, v);
          this.list(n.body.commands, inner, pipe);
        }
        this.loopPasses = passes;
        return;
      }
      case "Case":
        this.words(n.word, scope, undefined);
        for (const item of n.items) this.list(item.body.commands, new Map(scope), pipe);
        return;
      case "Function": {
        // Examined at the end (Builder.finish): as any call, unless every call is seen with its arguments.
        this.b.functionBodies.set(n.name.value, { body: n.body as SyntaxNode, walker: this });
        this.b.definitions.push({ name: n.name.value, body: n.body as SyntaxNode, walker: this, scope: new Map(scope) });
        return;
      }
      case "Redirected": {
        this.node(n.command as SyntaxNode, scope, pipe);
        // `{ …; } < .env > out`: the redirections belong to the whole group; record them on a command of their own.
        const redirects = this.redirects(n.redirects, scope, undefined);
        if (redirects.redirects.length > 0 || redirects.stdin.length > 0) {
          const text = n.redirects.map((r) => this.source.slice(r.pos, r.end)).join(" ");
          this.record([], redirects.redirects, redirects.stdin, text, pipe, scope, []);
        }
        return;
      }
      case "Coproc":
        this.node(n.body as SyntaxNode, scope, undefined);
        return;
      case "TestCommand":
      case "ArithmeticCommand":
      case "ArithmeticFor":
      default:
        // Anything else that may hold a command (test operands, arithmetic with `$(…)`): find the substitutions.
        this.substitutionsIn(n, scope);
        forEachChild(n, (child) => {
          if (child.type === "CompoundList" || child.type === "Statement") this.node(child, scope, pipe);
        });
        return;
    }
  }

  pipeline(n: Pipeline, scope: Scope): void {
    const id = this.b.newPipe();
    n.commands.forEach((c, index) => this.node(c as SyntaxNode, new Map(scope), { id, index }));
    // `echo 'rm -rf ~' | bash`, `printf … | sh`, `cat <<EOF | bash`: the text piped into a shell is code.
    const stages = this.b.pipelines.get(id) ?? [];
    for (let k = 1; k < stages.length; k++) {
      const reader = this.b.commands[stages[k]!]!;
      const s = strip(reader.words);
      const rest = reader.words.slice(s.start);
      const name = commandName(rest[0]?.value ?? "");
      if (!readsProgramFromStdin(name, rest.slice(1))) continue;
      // What the stages before it certainly print: `echo …`, `echo cm0g… | base64 -d`, `printf '\x72…'`, `rev <<< …`.
      const upstream = stages.slice(0, k).map((i) => this.b.commands[i]!).filter((c) => c.pipe?.index !== undefined && c.pipe.index < k);
      const chain = upstream.map(staticCommandOf);
      const known = chain.every((x) => x !== undefined) ? pipelineOutput(chain as StaticCommand[], this.b.ctx) : undefined;
      // Not known: one command's setup code or a file's content (`cat x.sh | sh`, as `sh x.sh`), else any code, as
      // `eval "$(…)"` of the same would be.
      const text = scheduledCode(name, known ?? (upstream.length === 1 ? codePrintedBy(this.b, upstream[0]!) : upstream.some(printsDownloadOf) ? "" : undefined) ?? HOLE_ANY);
      if (this.b.full) continue;
      const si = this.b.newScript({ command: stages[k]!, how: "code" }, this.depth + 1);
      analyseScript(this.b, codeText(text), si, this.depth + 1, new Map(scope));
    }
  }

  /** `$(…)` and `<(…)` anywhere below `n` that is not a command (test operands, arithmetic, case words). */
  private substitutionsIn(n: SyntaxNode, scope: Scope): void {
    const visit = (x: SyntaxNode) => {
      if (!this.tick()) return;
      if (x.type === "CommandExpansion" || x.type === "ProcessSubstitution" || x.type === "ArithmeticCommandExpansion") {
        const script = (x as { script?: ParsedScript }).script;
        this.nested(script, undefined, x.type === "ProcessSubstitution" ? "procsub" : "subst", scope);
        return;
      }
      forEachChild(x, visit);
    };
    forEachChild(n, visit);
  }

  /** A nested script (substitution) found outside a command; it gets a script of its own. */
  private nested(script: ParsedScript | undefined, parent: number | undefined, how: NestedHow, scope: Scope): number | undefined {
    if (!script) return undefined;
    const index = this.b.newScript(parent === undefined ? undefined : { command: parent, how }, this.depth + 1);
    if (this.depth + 1 > this.b.limits.maxDepth) {
      this.b.truncated = true;
      return index;
    }
    if (script.errors?.length) this.errors = true;
    const source = script.source ?? this.source;
    const inner = new Walker(this.b, source, index, this.depth + 1);
    inner.list(script.commands, new Map(scope), undefined);
    if (inner.errors) this.errors = true;
    return index;
  }

  private command(c: Command, scope: Scope, pipe: Pipe): void {
    const queue: Queued[] = [];
    const words: ShellWord[] = [];
    const index = this.b.commands.length;
    // `cmd=(rm -rf /)`: remember the array's elements (when all are known).
    if (!c.name)
      for (const p of c.prefix)
        if (p.type === "Assignment" && (p.value as { type?: string })?.type === "ArrayValue") {
          const values = (p.value as unknown as { elements: Word[] }).elements.map((e) => staticWord(e, scope, this.b.ctx, 0));
          bindArray(scope, p.name, values.every((v) => v !== undefined) ? (values as string[]) : undefined);
        }
    for (const p of c.prefix) if (p.type === "Assignment") words.push(this.assignment(p, scope, queue, index));
    if (c.name) words.push(...this.words(c.name, scope, queue, index));
    for (const s of c.suffix) {
      if (!this.b.roomFor(words.length)) return;
      if (s.type === "Word") words.push(...this.words(s, scope, queue, index));
      else if (s.type === "Assignment") words.push(this.assignment(s, scope, queue, index));
    }
    const r = this.redirects(c.redirects, scope, queue, index);
    const raw = this.source.slice(words.length > 0 ? Math.min(c.pos, c.name?.pos ?? c.pos) : c.pos, c.end);
    // An alias defined earlier whose text is a plain command (`alias get='curl -fsSL'`): the command is that text,
    // so it takes its place in pipelines (`get URL | sh`).
    const alias = words[0] ? this.b.aliases.get(words[0].value) : undefined;
    if (alias !== undefined && /^[\w./@%+=:,-]+(?: [\w./@%+=:,~-]+)*$/.test(alias.trim()))
      words.splice(0, 1, ...alias.trim().split(" ").map((t): ShellWord => ({ text: literal(t), value: literal(t), raw: t, splits: false, procsub: undefined, substs: [] })));
    this.record(words, r.redirects, r.stdin, raw, pipe, scope, queue, r.stdinFrom);
  }

  /** Add a command, bind what it assigns, then examine what it runs. */
  private record(
    words: ShellWord[],
    redirects: ShellRedirect[],
    stdin: string[],
    raw: string,
    pipe: Pipe,
    scope: Scope,
    queue: Queued[],
    stdinFrom: number[] = [],
  ): void {
    if (this.b.full || !this.b.roomFor(words.length + redirects.length)) return;
    const cwd = scope.get(CWD);
    for (const r of redirects) if (r.op === "<" && r.target?.procsub !== undefined) stdinFrom.push(r.target.procsub);
    const index = this.b.addCommand({
      words,
      redirects,
      stdin,
      raw: collapse(raw),
      script: this.scriptIndex,
      pipe,
      origin: "parsed",
      dialect: "bash",
      ...(cwd !== undefined && cwd !== null ? { cwd } : {}),
      ...(stdinFrom.length > 0 ? { stdinFrom } : {}),
    });
    for (const q of queue) {
      // Substitutions first reserved their script index; now their commands are recorded under this one.
      this.b.scripts[q.index] = { parent: { command: index, how: q.how }, depth: this.depth + 1 };
      if (!q.script) continue;
      if (this.depth + 1 > this.b.limits.maxDepth) {
        this.b.truncated = true;
        continue;
      }
      if (q.script.errors?.length) this.errors = true;
      const inner = new Walker(this.b, q.script.source ?? q.source, q.index, this.depth + 1);
      inner.list(q.script.commands, new Map(scope), undefined);
      if (inner.errors) this.errors = true;
    }
    bindAssignments(words, scope);
    moveCwd(words, scope);
    if (words[0]?.value === "set" && words[1]?.value === "--") {
      const rest = words.slice(2).map((w) => w.value);
      bindArray(scope, "@", rest.every((v) => !/[\uE000\uE004]/.test(v)) ? rest : undefined);
    }
    followCode(this.b, index, scope, this.depth);
    // A call of a function defined earlier: its body again, with `$1`, `$2`, … bound to the call's arguments.
    const called = words[0]?.value;
    const fn = called !== undefined ? this.b.functionBodies.get(called) : undefined;
    if (fn && called !== undefined) {
      if (words.length > 1 && this.b.calls++ < MAX_FUNCTION_CALLS) {
        const inner = new Map(scope);
        const args = words.slice(1).map((w) => (/[\uE000\uE004]/.test(w.value) ? null : w.value));
        args.forEach((v, k) => inner.set(String(k + 1), v));
        // `"$@"` is the call's arguments when each is known (a word that splits into unknown words is not).
        bindArray(inner, "@", args.every((v) => v !== null) && words.slice(1).every((w) => !w.splits || !hasHoles(w.text)) ? (args as string[]) : undefined);
        inner.set("@", null);
        const before = this.b.commands.length;
        fn.walker.node(fn.body, inner, undefined);
        const list = this.b.calledWithArgs.get(called) ?? [];
        for (let i = before; i < this.b.commands.length; i++) list.push(i);
        this.b.calledWithArgs.set(called, list);
      } else this.b.notAllCallsSeen.add(called);
    }
  }

  private assignment(a: { name: string; value: unknown; text: string; append?: boolean | undefined }, scope: Scope, queue: Queued[], index: number): ShellWord {
    const v = a.value as { type?: string } | undefined;
    const op = a.append ? "+=" : "=";
    if (v && v.type === "Word") {
      const w = this.word(v as Word, scope, queue, index);
      return { ...w, text: `${literal(a.name)}${op}${w.text}`, value: `${literal(a.name)}${op}${w.value}`, raw: a.text, splits: false };
    }
    return { text: literal(a.text), value: literal(a.text), raw: a.text, splits: false, procsub: undefined, substs: [] };
  }

  /**
   * A word, or several: a brace expansion (`{a,b}` → `a` `b`), an unquoted `$IFS` (a separator: `rm${IFS}-rf${IFS}/`
   * is `rm -rf /`), or a known array (`"${cmd[@]}"`, `"$@"` after `set --`).
   */
  words(w: Word, scope: Scope, queue: Queued[] | undefined, index?: number): ShellWord[] {
    const parts = w.parts ?? [];
    const isIfs = (p: WordPart) => (p.type === "SimpleExpansion" && p.text === "$IFS") || (p.type === "ParameterExpansion" && p.parameter === "IFS" && !p.operation);
    if (parts.some(isIfs)) {
      const out: ShellWord[] = [];
      let group: WordPart[] = [];
      const flush = () => {
        if (group.length === 0) return;
        const text = group.map((p) => p.text).join("");
        out.push(...this.words({ ...w, parts: group, text, value: text, pos: group[0]!.pos, end: group[group.length - 1]!.end } as Word, scope, queue, index));
        group = [];
      };
      for (const p of parts) {
        if (isIfs(p)) flush();
        else group.push(p);
      }
      flush();
      return out;
    }
    const array = arrayExpansion(w, scope);
    if (array !== undefined) return array.map((v) => ({ text: HOLE_ANY, value: v, raw: w.text, splits: false, procsub: undefined, substs: [] }));
    const braces = w.parts?.filter((p) => p.type === "BraceExpansion") ?? [];
    if (braces.length === 0) return [this.word(w, scope, queue ?? [], index)];
    const expanded = expandBraces(w.text);
    if (expanded === undefined || expanded.length > MAX_BRACE_WORDS) return [this.word(w, scope, queue ?? [], index)];
    const out: ShellWord[] = [];
    for (const text of expanded) {
      // Each alternative is a word of its own; re-parse it as one so its quotes and expansions read as usual.
      const parsed = parse(`: ${text}`).commands[0]?.command as Command | undefined;
      const inner = parsed?.type === "Command" ? parsed.suffix.find((s): s is Word => s.type === "Word") : undefined;
      out.push(inner ? this.word(inner, scope, queue ?? [], index, text) : this.word(w, scope, queue ?? [], index));
    }
    return out;
  }

  word(w: Word, scope: Scope, queue: Queued[], index?: number, rawOverride?: string): ShellWord {
    const raw = rawOverride ?? w.text;
    if (!w.parts || w.parts.length === 0) {
      const t = literal(w.value);
      return { text: t, value: t, raw, splits: false, procsub: undefined, substs: [] };
    }
    let text = "";
    let value = "";
    let splits = true;
    let procsub: number | undefined;
    const substs: number[] = [];
    const queueScript = (script: ParsedScript | undefined, how: NestedHow): number => {
      const si = this.b.newScript(index === undefined ? undefined : { command: index, how }, this.depth + 1);
      if (index === undefined) {
        // Not under a command (a `for` word list, a `case` word): examine it at once.
        if (script) {
          const inner = new Walker(this.b, script.source ?? this.source, si, this.depth + 1);
          inner.list(script.commands, new Map(scope), undefined);
          if (inner.errors || script.errors?.length) this.errors = true;
        }
      } else queue.push({ script, index: si, how, source: this.source });
      return si;
    };
    const expansion = (p: WordPart | DoubleQuotedChild, quoted: boolean) => {
      const v = variableValue(p as WordPart, scope, this.b.ctx, quoted);
      text += v.text;
      value += v.value;
    };
    for (const p of w.parts) {
      switch (p.type) {
        case "Literal":
          text += literal(p.value);
          value += literal(p.value);
          splits = false;
          break;
        case "SingleQuoted":
        case "AnsiCQuoted":
          text += literal(p.value);
          value += literal(p.value);
          splits = false;
          break;
        case "DoubleQuoted":
        case "LocaleString":
          splits = false;
          for (const q of p.parts) {
            if (q.type === "Literal") {
              text += literal(q.value);
              value += literal(q.value);
            } else if (q.type === "CommandExpansion") {
              const si = queueScript(q.script, "subst");
              substs.push(si);
              const known = staticScriptOutput(q.script, scope, this.b.ctx, 0);
              if (known !== undefined) this.b.printed.set(si, known);
              text += HOLE_ANY;
              value += known ?? HOLE_ANY;
            } else if (q.type === "ArithmeticExpansion") {
              for (const inner of scriptsBelow(q as unknown as SyntaxNode)) substs.push(queueScript(inner, "subst"));
              text += HOLE_SEG;
              value += HOLE_SEG;
            } else {
              if (q.type === "ParameterExpansion") for (const inner of scriptsBelow(q as unknown as SyntaxNode)) substs.push(queueScript(inner, "subst"));
              expansion(q, true);
            }
          }
          break;
        case "SimpleExpansion":
          expansion(p, false);
          break;
        case "ParameterExpansion":
          // `${x:-$(rm a)}`: the operand's substitutions run too.
          for (const inner of scriptsBelow(p as unknown as SyntaxNode)) substs.push(queueScript(inner, "subst"));
          expansion(p, false);
          break;
        case "CommandExpansion": {
          const si = queueScript(p.script, "subst");
          substs.push(si);
          const known = staticScriptOutput(p.script, scope, this.b.ctx, 0);
          if (known !== undefined) this.b.printed.set(si, known);
          text += HOLE_ANY;
          value += known ?? HOLE_ANY;
          break;
        }
        case "ArithmeticExpansion":
          for (const inner of scriptsBelow(p as unknown as SyntaxNode)) substs.push(queueScript(inner, "subst"));
          text += HOLE_SEG;
          value += HOLE_SEG;
          break;
        case "ProcessSubstitution": {
          procsub = queueScript(p.script, "procsub");
          const known = staticScriptOutput(p.script, scope, this.b.ctx, 0);
          if (known !== undefined) this.b.printed.set(procsub, `${known}\n`);
          text += "/dev/fd/63";
          value += "/dev/fd/63";
          splits = false;
          break;
        }
        case "Glob": {
          // A `*` (or `?`) starting a path segment never matches a hidden file (no dotglob by default).
          const atStart = value === "" || value.endsWith("/");
          const hole = p.kind === "star" ? (atStart ? HOLE_NODOT : HOLE_SEG) : HOLE_CHAR;
          text += hole;
          value += hole;
          break;
        }
        case "ExtendedGlob":
        case "BraceExpansion":
          text += HOLE_SEG;
          value += HOLE_SEG;
          break;
        default:
          text += HOLE_ANY;
          value += HOLE_ANY;
      }
    }
    return { text, value, raw, splits, procsub, substs };
  }

  redirects(
    list: readonly (SyntaxNode & { type: string })[],
    scope: Scope,
    queue: Queued[] | undefined,
    index?: number,
  ): { redirects: ShellRedirect[]; stdin: string[]; stdinFrom: number[] } {
    const redirects: ShellRedirect[] = [];
    const stdin: string[] = [];
    const stdinFrom: number[] = [];
    for (const r of list) {
      if (r.type === "HereDoc") {
        const h = r as HereDoc;
        stdin.push(hereDocText(h, scope, this.b.ctx));
        // An unquoted here-doc's `$(…)` runs when the command does.
        if (!h.delimiter?.quoted && h.body.parts && queue)
          for (const part of h.body.parts)
            for (const inner of part.type === "CommandExpansion" ? [part.script] : scriptsBelow(part as unknown as SyntaxNode)) {
              if (!inner) continue;
              const si = this.b.newScript(index === undefined ? undefined : { command: index, how: "subst" }, this.depth + 1);
              queue.push({ script: inner, index: si, how: "subst", source: this.source });
              stdinFrom.push(si);
            }
        continue;
      }
      const rr = r as { type: string; operator: string; descriptor?: { type: string; value?: number }; target?: Word };
      if (rr.type === "HereString") {
        if (rr.target) {
          const w = this.word(rr.target, scope, queue ?? [], index);
          stdin.push(w.value);
          stdinFrom.push(...w.substs);
        }
        continue;
      }
      const fd = rr.descriptor?.type === "FileDescriptor" ? rr.descriptor.value : undefined;
      redirects.push({ op: rr.operator, fd, target: rr.target ? this.word(rr.target, scope, queue ?? [], index) : undefined });
    }
    return { redirects, stdin, stdinFrom };
  }
}

/** A recorded command as the static evaluator sees it (staticText.ts): its final name, argument values, stdin. */
export function staticCommandOf(c: SimpleCommand): StaticCommand | undefined {
  const s = strip(c.words);
  const rest = c.words.slice(s.start, s.end);
  if (rest.length === 0) return undefined;
  return { name: commandName(rest[0]!.value), args: rest.slice(1).map((w) => w.value), stdin: c.stdin.length > 0 ? c.stdin.join("\n") : undefined };
}

/** The text a recorded command writes to stdout when it is known (echo, printf, `cat <<EOF`, …). */
export function pipedText(c: SimpleCommand, ctx: StaticContext = {}): string | undefined {
  const sc = staticCommandOf(c);
  return sc ? staticOutput(sc, ctx) : undefined;
}

const CWD = "\u0000cwd";

/** `cd DIR` / `pushd DIR` move the working directory of the commands that follow in the same script. */
function moveCwd(words: readonly ShellWord[], scope: Scope): void {
  const name = words[0]?.value;
  if (name !== "cd" && name !== "pushd" && name !== "chdir") return;
  const args = words.slice(1).filter((w) => !/^-[LPe@]+$/.test(w.text));
  const target = args[0];
  const current = scope.get(CWD) ?? undefined;
  let next: string;
  if (!target || target.value === "~" || (target.splits && target.value === "")) next = "~";
  else if (target.value === "-" || /[\uE000\uE004]/.test(target.value)) next = HOLE_UNKNOWN;
  else if (target.value.startsWith("/") || target.value.startsWith("~")) next = target.value;
  else next = current === undefined || current === null ? target.value : current === HOLE_UNKNOWN ? HOLE_UNKNOWN : `${current}/${target.value}`;
  scope.set(CWD, next);
}

/** A word's value when it is entirely known (literals, quotes, variables with known values, known substitutions). */
function staticWord(w: Word, scope: Scope, ctx: AnalyseContext, depth: number): string | undefined {
  if (!w.parts || w.parts.length === 0) return literal(w.value);
  let out = "";
  const part = (p: WordPart | DoubleQuotedChild): boolean => {
    switch (p.type) {
      case "Literal":
      case "SingleQuoted":
      case "AnsiCQuoted":
        out += literal(p.value);
        return true;
      case "DoubleQuoted":
      case "LocaleString":
        return p.parts.every(part);
      case "SimpleExpansion":
      case "ParameterExpansion": {
        const v = variableValue(p as WordPart, scope, ctx, true).value;
        if (/[\uE000\uE004]/.test(v)) return false;
        out += v;
        return true;
      }
      case "CommandExpansion": {
        const v = depth < 4 ? staticScriptOutput(p.script, scope, ctx, depth + 1) : undefined;
        if (v === undefined) return false;
        out += v;
        return true;
      }
      default:
        return false;
    }
  };
  return w.parts.every(part) ? out : undefined;
}

/** The output of a substitution's script when it is certainly known (one pipeline of commands with known words). */
function staticScriptOutput(script: ParsedScript | undefined, scope: Scope, ctx: AnalyseContext, depth: number): string | undefined {
  if (script?.commands.length !== 1) return undefined;
  const node = script.commands[0]!.command as SyntaxNode;
  const commands = node.type === "Pipeline" ? node.commands : [node];
  const chain: StaticCommand[] = [];
  for (const c of commands) {
    if (c.type !== "Command" || !c.name) return undefined;
    const name = staticWord(c.name, scope, ctx, depth);
    if (name === undefined) return undefined;
    const args: string[] = [];
    let stdin: string | undefined;
    for (const x of c.suffix) {
      if (x.type === "Word") {
        const v = staticWord(x, scope, ctx, depth);
        if (v === undefined) return undefined;
        args.push(v);
      } else if (x.type === "HereString") {
        const v = x.target ? staticWord(x.target, scope, ctx, depth) : undefined;
        if (v === undefined) return undefined;
        stdin = `${v}\n`;
      } else if (x.type === "HereDoc") stdin = `${literal(x.body.text)}`;
      else if (x.type === "Assignment") return undefined;
      else return undefined;
    }
    chain.push({ name: commandName(name), args, stdin });
  }
  const out = pipelineOutput(chain, ctx);
  return out === undefined ? undefined : substituted(out);
}

/** The scripts of `$(…)` inside an arithmetic expansion, without examining them yet. */
function scriptsBelow(n: SyntaxNode): ParsedScript[] {
  const out: ParsedScript[] = [];
  const visit = (x: SyntaxNode) => {
    if (x.type === "CommandExpansion" || x.type === "ArithmeticCommandExpansion" || x.type === "ProcessSubstitution") {
      const script = (x as { script?: ParsedScript }).script;
      if (script) out.push(script);
      return;
    }
    forEachChild(x, visit);
  };
  forEachChild(n, visit);
  return out;
}

/** A here-doc's body as the command reads it: expansions are holes unless the delimiter was quoted. */
function hereDocText(h: HereDoc, scope: Scope, ctx: AnalyseContext): string {
  const body = h.body;
  if (h.delimiter?.quoted || !body.parts || body.parts.length === 0) return literal(body.text);
  let out = "";
  for (const p of body.parts) {
    if (p.type === "Literal") out += literal(p.value);
    else if (p.type === "SimpleExpansion" || p.type === "ParameterExpansion") out += variableValue(p, scope, ctx, true).value;
    else out += HOLE_ANY;
  }
  return out;
}

/** The text and value of `$NAME` / `${…}` (see ShellWord.value). */
function variableValue(p: WordPart, scope: Scope, ctx: AnalyseContext, quoted: boolean): { text: string; value: string } {
  let name: string;
  let op: ParameterExpansionPart["operation"];
  let prefix: string | undefined;
  if (p.type === "SimpleExpansion") name = p.text.slice(1);
  else if (p.type === "ParameterExpansion") {
    name = p.parameter;
    op = p.operation;
    prefix = p.prefix;
  } else return { text: HOLE_ANY, value: HOLE_ANY };
  // Numbers and single characters that never hold a `/`: `$#`, `$?`, `$$`, `$!`, `${#x}`.
  if (prefix === "#" || ["#", "?", "$", "!"].includes(name)) return { text: HOLE_SEG, value: HOLE_SEG };
  if (name === HOLE_VARIABLE) return { text: HOLE_ANY, value: HOLE_ANY };
  const plainOrDefault = op === undefined || (op.type === "Default" && ["-", ":-", "?", ":?"].includes(op.operator));
  // `${HOME%/}`, `${HOME%%/}`: still the home directory (a trailing slash removed).
  const trailingSlashOff = op?.type === "Remove" && (op.operator === "%" || op.operator === "%%") && op.operand.value === "/";
  if (name === "HOME" && (plainOrDefault || trailingSlashOff)) return { text: HOLE_ANY, value: "~" };
  if (name === "PWD" && plainOrDefault && ctx.cwd) return { text: HOLE_ANY, value: literal(ctx.cwd) };
  const bound = scope.get(name);
  if (bound !== undefined && bound !== null && op === undefined) return { text: HOLE_ANY, value: bound };
  void quoted;
  // `${X:?}` / `${X?}` refuse to expand to nothing: unknown, but never empty.
  if (op?.type === "Default" && (op.operator === ":?" || op.operator === "?")) return { text: HOLE_ANY, value: HOLE_UNKNOWN };
  return { text: HOLE_ANY, value: HOLE_ANY };
}

const ARRAY = "\u0000array:";

/** `"${name[@]}"`, `${name[*]}`, `"$@"`: the elements of an array (or the positional parameters) the script set. */
function arrayExpansion(w: Word, scope: Scope): string[] | undefined {
  let p: WordPart | DoubleQuotedChild | undefined = w.parts?.length === 1 ? w.parts[0] : undefined;
  if (p?.type === "DoubleQuoted" && p.parts.length === 1) p = p.parts[0];
  if (!p) return undefined;
  let name: string | undefined;
  if (p.type === "SimpleExpansion" && (p.text === "$@" || p.text === "$*")) name = "@";
  else if (p.type === "ParameterExpansion" && !p.operation) {
    if (p.parameter === "@" || p.parameter === "*") name = "@";
    else if (p.index && (p.index.value === "@" || p.index.value === "*")) name = p.parameter;
  }
  if (name === undefined) return undefined;
  const stored = scope.get(`${ARRAY}${name}`);
  return typeof stored === "string" ? (JSON.parse(stored) as string[]) : undefined;
}

/** `name=(a b c)` and `set -- a b c`: the array's elements, for `"${name[@]}"` / `"$@"` later. */
export function bindArray(scope: Scope, name: string, values: readonly string[] | undefined): void {
  scope.set(`${ARRAY}${name}`, values === undefined ? null : JSON.stringify(values));
  if (name === "@" && values) values.forEach((v, k) => scope.set(String(k + 1), v));
}

const BINDERS = new Set(["export", "local", "declare", "typeset", "readonly"]);

/** `X=literal` at statement level (or after export/local/…) is remembered for the words that follow. */
function bindAssignments(words: readonly ShellWord[], scope: Scope): void {
  if (words.length === 0) return;
  const first = words[0]!;
  const assigns = (list: readonly ShellWord[]) => {
    for (const w of list) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(w.raw);
      if (!m) continue;
      const v = w.value.slice(w.value.indexOf("=") + 1);
      scope.set(m[1]!, /[\uE000-\uE004]/.test(v) || w.raw.includes("+=") ? null : v);
    }
  };
  if (/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(first.raw)) {
    // Prefix assignments of a command apply to that command only; a command of nothing but assignments sets them.
    if (words.every((w) => /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(w.raw))) assigns(words);
  } else if (BINDERS.has(first.text)) assigns(words.slice(1));
}

/** Expand `{a,b}c` / `{1..3}` in a word's text (quotes kept for re-parsing); undefined when it cannot. */
function expandBraces(text: string): string[] | undefined {
  const out: string[] = [];
  const expand = (s: string, budget: { n: number }): string[] | undefined => {
    if (--budget.n < 0) return undefined;
    // Find the first top-level, unquoted `{…}` with a comma or `..`.
    let quote: string | undefined;
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (c === "\\") {
        i++;
        continue;
      }
      if (quote) {
        if (c === quote) quote = undefined;
        continue;
      }
      if (c === "'" || c === '"') {
        quote = c;
        continue;
      }
      if (c !== "{" || s[i - 1] === "$") continue;
      let depth = 0;
      const commas: number[] = [];
      let end = -1;
      for (let j = i; j < s.length; j++) {
        const d = s[j]!;
        if (d === "\\") {
          j++;
          continue;
        }
        if (d === "{") depth++;
        else if (d === "}" && --depth === 0) {
          end = j;
          break;
        } else if (d === "," && depth === 1) commas.push(j);
      }
      if (end < 0) return [s];
      const inner = s.slice(i + 1, end);
      let alternatives: string[];
      if (commas.length > 0) {
        alternatives = [];
        let from = i + 1;
        for (const c2 of [...commas, end]) {
          alternatives.push(s.slice(from, c2));
          from = c2 + 1;
        }
      } else {
        const range = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])$/.exec(inner);
        if (!range) continue;
        const [a, z] = [range[1]!, range[2]!];
        const num = /\d/.test(a);
        const lo = num ? Number(a) : a.charCodeAt(0);
        const hi = num ? Number(z) : z.charCodeAt(0);
        if (Math.abs(hi - lo) > MAX_BRACE_WORDS) return undefined;
        alternatives = [];
        for (let k = lo; lo <= hi ? k <= hi : k >= hi; k += lo <= hi ? 1 : -1) alternatives.push(num ? String(k) : String.fromCharCode(k));
      }
      const head = s.slice(0, i);
      const tail = s.slice(end + 1);
      const result: string[] = [];
      for (const alt of alternatives) {
        const sub = expand(head + alt + tail, budget);
        if (!sub) return undefined;
        result.push(...sub);
        if (result.length > MAX_BRACE_WORDS) return undefined;
      }
      return result;
    }
    return [s];
  };
  const r = expand(text, { n: 256 });
  if (!r) return undefined;
  out.push(...r);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// What a command runs as code

/** Turn a code string (a template) into parseable text: holes become a placeholder variable that reads back as one. */
export function codeText(t: string, braces = false): string {
  let s = t.replace(/[\uE000-\uE004]/g, `\${${HOLE_VARIABLE}}`);
  if (braces) s = s.replace(/\{\}/g, `\${${HOLE_VARIABLE}}`);
  return s;
}

/**
 * The code strings and commands a recorded command runs (its wrappers' `-c` strings, a shell's `-c` string or
 * here-doc, `eval`'s arguments, `find -exec`, …), each examined as a script of its own.
 */
export function followCode(b: Builder, index: number, scope: Scope, depth: number): void {
  const cmd = b.commands[index]!;
  const words = cmd.words;
  if (words.length === 0) return;
  const s = strip(words);
  // `positional`: `$0`, `$1`, … of the code (`sh -c 'rm -rf "$1"' _ /`).
  const codes: { text: string; braces: boolean; positional?: readonly ShellWord[] }[] = s.code.map((w) => ({ text: w.value, braces: s.appends }));
  const rest = words.slice(s.start, s.end);
  const name = commandName(rest[0]?.value ?? "");
  // A file this command line wrote with known content: `echo 'rm -rf /' > x.sh`, `cat > x.sh <<EOF`.
  const writes = cmd.redirects.filter((r) => (r.op === ">" || r.op === ">>" || r.op === ">|") && r.target);
  if (writes.length > 0) {
    const written = staticCommandOf(cmd);
    const content = written ? staticOutput(written, b.ctx) : undefined;
    if (content !== undefined) for (const r of writes) b.files.set(fileKey(r.target!.value), content);
  }
  // An alias defined earlier in the command line: its text runs with these arguments.
  const alias = b.aliases.get(rest[0]?.value ?? "");
  if (alias !== undefined && b.calls++ < MAX_FUNCTION_CALLS) codes.push({ text: `${alias} ${rest.slice(1).map((w) => w.value).join(" ")}`, braces: false });
  // A script file the command line wrote, run by a shell, sourced, or run directly.
  const scriptFile = (w: ShellWord | undefined) => (w ? b.files.get(fileKey(w.value)) : undefined);
  const direct = scriptFile(rest[0]);
  if (direct !== undefined) codes.push({ text: direct, braces: false });
  if (SHELLS.has(name) || SOURCERS.has(name) || SHELL_CODE_READERS.has(name)) {
    const operand = rest.slice(1).find((w) => !w.text.startsWith("-"));
    const file = scriptFile(operand);
    if (file !== undefined) codes.push({ text: scheduledCode(name, file), braces: false });
    // `source <(…)`, `bash <(…)`: what the process substitution prints is the script (`cmd` in `source <(cmd)` is
    // examined as a script of its own already; this is its output, run).
    if (operand?.procsub !== undefined) codes.push({ text: scheduledCode(name, codePrinted(b, operand.procsub) ?? HOLE_ANY), braces: false });
    // `source /dev/stdin <<< …`, `bash -s < <(…)`, `sh <<EOF`: what arrives on stdin is the script.
    if (readsProgramFromStdin(name, rest.slice(1))) for (const text of stdinCode(b, cmd)) codes.push({ text: scheduledCode(name, text), braces: false });
  }
  if (name === "git") gitAliasesRun(b, rest, codes);
  // Options and variables whose value is a command (`git -c core.sshCommand=…`, `rsync -e …`, `PAGER=… git log`).
  const assignments: ShellWord[] = [];
  for (const w of words) {
    if (!isAssignmentWord(w)) break;
    assignments.push(w);
  }
  for (const text of optionCode(name, rest.slice(1).map((w) => w.value), assignments.map((w) => w.value))) codes.push({ text, braces: false });
  // `BASH_ENV=<(…) bash -c …`, `ENV=x.sh sh -c …`: the shell sources that file first.
  if (SHELLS.has(name))
    assignments.forEach((w, k) => {
      if (!SOURCED_VARIABLES.has(w.value.slice(0, w.value.indexOf("=")))) return;
      // `BASH_ENV=<(…)` is read as `BASH_ENV=` and the process substitution as the next word.
      const procsub = w.procsub ?? (w.value.endsWith("=") ? words[k + 1]?.procsub : undefined);
      const sourced = procsub !== undefined ? (codePrinted(b, procsub) ?? HOLE_ANY) : b.files.get(fileKey(w.value.slice(w.value.indexOf("=") + 1)));
      if (sourced !== undefined) codes.push({ text: sourced, braces: false });
    });
  if (SHELLS.has(name) || name === "busybox") {
    let k = 1;
    let cFlag = false;
    for (; k < rest.length; k++) {
      const w = rest[k]!.text;
      if (w === "--" || w === "-") {
        k++;
        break;
      }
      if (/^[-+][A-Za-z]+$/.test(w)) {
        if (w[0] === "-" && w.includes("c")) cFlag = true;
        if (SHELL_ARG_OPTIONS.has(w)) k++;
        continue;
      }
      if (w.startsWith("--")) {
        if (SHELL_ARG_OPTIONS.has(w)) k++;
        continue;
      }
      break;
    }
    if (cFlag && k < rest.length) codes.push({ text: codeOfWords(b, [rest[k]!]), braces: s.appends, positional: rest.slice(k + 1) });
  } else if (EVALUATORS.has(name)) {
    if (rest.length > 1) codes.push({ text: codeOfWords(b, rest.slice(1)), braces: s.appends });
  } else if (name === "trap") {
    if (rest[1] && !rest[1].text.startsWith("-")) codes.push({ text: rest[1].value, braces: false });
  } else if (name === "alias") {
    for (const w of rest.slice(1)) {
      const eq = w.value.indexOf("=");
      if (eq > 0) {
        b.aliases.set(w.value.slice(0, eq), w.value.slice(eq + 1));
        codes.push({ text: w.value.slice(eq + 1), braces: false });
      }
    }
  } else if (name === "cmd" || name === "cmd.exe") {
    const k = rest.findIndex((w) => /^\/\/?[ck]$/i.test(w.value));
    if (k >= 0) analyseCmd(b, rest.slice(k + 1).map((w) => w.value).join(" "), b.newScript({ command: index, how: "code" }, depth + 1), depth + 1);
  } else if (/^(?:powershell|pwsh)(?:\.exe)?$/i.test(name)) {
    const ps = rest.map((w) => w.value);
    const k = ps.findIndex((w) => /^[-/]c(o(m(m(a(n(d)?)?)?)?)?)?$/i.test(w) || /^[-/]e(c|nc|ncodedcommand)?$/i.test(w));
    if (k >= 0 && ps[k + 1] !== undefined) {
      const text = /^[-/]e/i.test(ps[k]!) ? (decodeUtf16Base64(ps[k + 1]!) ?? "") : ps.slice(k + 1).join(" ");
      analysePowerShell(b, text, b.newScript({ command: index, how: "code" }, depth + 1), depth + 1);
    }
  } else if (name === "find" || name === "fd" || name === "fdfind") {
    const scopes = name === "find" ? findScopes(rest) : [{ path: `./${HOLE_ANY}`, every: false }];
    for (const argv of execArgvs(name, rest)) for (const sc of scopes) emitArgv(b, argv, index, depth, scope, sc);
  } else {
    const embedded = embeddedShellCode(name, rest, cmd.stdin);
    if (embedded.truncated) b.truncated = true;
    for (const code of embedded.codes) codes.push({ text: code, braces: false });
  }
  for (const code of codes) {
    if (b.full) return;
    const si = b.newScript({ command: index, how: "code" }, depth + 1);
    const inner = new Map(scope);
    if (code.positional && code.positional.length > 0) {
      const known = (w: ShellWord) => (/[\uE000\uE004]/.test(w.value) ? null : w.value);
      inner.set("0", known(code.positional[0]!));
      code.positional.slice(1).forEach((w, k) => inner.set(String(k + 1), known(w)));
      inner.set("@", null);
    }
    analyseScript(b, codeText(code.text, code.braces), si, depth + 1, inner);
  }
}

/**
 * The code a `$(…)` or `<(…)` prints, for a command that runs it (`eval "$(…)"`, `source <(…)`, `bash <(…)`):
 * - its text, when that is certainly known (`<(echo rm -rf /)`, `$(echo cm0g… | base64 -d)`);
 * - none (""), when it is a program's own setup code (setupCode.ts), or a file's content (`$(cat f)`, `$(< f)`):
 *   run as `source f` would run it, so the file's text when this command line wrote it, else nothing known;
 * - undefined when it is not known: any code, for the caller to examine as such.
 * So each spelling of "run what this prints" gets the verdict of the others.
 */
function codePrinted(b: Builder, script: number): string | undefined {
  const known = b.printed.get(script);
  if (known !== undefined) return known;
  const commands = b.commands.filter((c) => c.script === script);
  return commands.length === 1 ? codePrintedBy(b, commands[0]!) : undefined;
}

/**
 * Does this command print a download? What it prints comes from outside the command line, as a file's content
 * does: no more is claimed of it than of `sh x.sh` (the `run-download` effect is about exactly this).
 */
function printsDownloadOf(c: SimpleCommand): boolean {
  const s = strip(c.words);
  const head = c.words[s.start];
  return head !== undefined && !hasHoles(head.value) && printsDownload(commandName(head.value), c.words.slice(s.start + 1, s.end));
}

/** What one command prints, as code (see codePrinted): setup code, a file's content, or undefined (not known). */
function codePrintedBy(b: Builder, c: SimpleCommand): string | undefined {
  if (printsDownloadOf(c)) return "";
  if (c.words.some((w) => hasHoles(w.value)) || c.stdin.length > 0 || c.stdinFrom?.length) return undefined;
  if (c.words.length === 0) {
    // `$(< f)`: the file's content.
    const from = c.redirects.length === 1 && c.redirects[0]!.op === "<" ? c.redirects[0]!.target : undefined;
    return from && !hasHoles(from.value) && from.procsub === undefined ? (b.files.get(fileKey(from.value)) ?? "") : undefined;
  }
  if (c.redirects.length > 0) return undefined;
  const name = commandName(c.words[0]!.value);
  const args = c.words.slice(1).map((w) => w.value);
  if (printsSetupCode(name, args)) return "";
  if (name === "cat" && args.length === 1 && !args[0]!.startsWith("-") && !STDIN_FILES.has(args[0]!)) return b.files.get(fileKey(args[0]!)) ?? "";
  return undefined;
}

/** Code given as words (`eval …`, `sh -c …`): one whole `$(…)` is what it prints (codePrinted), else the words. */
function codeOfWords(b: Builder, words: readonly ShellWord[]): string {
  const only = words.length === 1 ? words[0]! : undefined;
  if (only && only.text === HOLE_ANY && only.substs.length === 1) {
    const printed = codePrinted(b, only.substs[0]!);
    if (printed !== undefined) return printed;
  }
  return words.map((w) => w.value).join(" ");
}

/**
 * The code a command reads on its stdin: here-docs and here-strings as written, and what the scripts it reads
 * from print (`< <(…)`, `<<< "$(…)"`: codePrinted, any code when not known). A here-string that is only such a
 * substitution is that script's output and is not counted twice.
 */
function stdinCode(b: Builder, c: SimpleCommand): string[] {
  const from = c.stdinFrom ?? [];
  const out: string[] = from.map((si) => codePrinted(b, si) ?? HOLE_ANY);
  for (const body of c.stdin) if (!(from.length > 0 && /^[\uE000\s]*$/.test(body))) out.push(body);
  return out;
}

/** The key a written file is remembered under: `./x.sh`, `x.sh` and `"$PWD/x.sh"` alike. */
function fileKey(p: string): string {
  return p.replace(/^\.\/+/, "").replace(/\/{2,}/g, "/");
}

/**
 * git aliases: `git config [--global] alias.pf 'push --force'` and `git -c alias.pf='push -f' pf …` define one;
 * `git pf …` then runs `git push --force …` (or, for `!cmd`, the shell command).
 */
function gitAliasesRun(b: Builder, rest: readonly ShellWord[], codes: { text: string; braces: boolean }[]): void {
  const args = rest.slice(1).map((w) => w.value);
  for (let k = 0; k < args.length; k++) {
    if (args[k] === "-c" && args[k + 1]) {
      const m = /^alias\.([^=]+)=(.*)$/s.exec(args[k + 1]!);
      if (m) b.gitAliases.set(m[1]!, m[2]!);
      k++;
    }
  }
  const config = args.indexOf("config");
  if (config >= 0) {
    const kv = args.slice(config + 1).filter((a) => !a.startsWith("--"));
    const m = kv[0] ? /^alias\.(.+)$/.exec(kv[0]) : null;
    if (m && kv[1] !== undefined) b.gitAliases.set(m[1]!, kv.slice(1).join(" "));
    return;
  }
  const sub = gitSubcommand(rest.slice(1));
  const alias = sub ? b.gitAliases.get(sub.sub) : undefined;
  if (alias === undefined || b.calls++ >= MAX_FUNCTION_CALLS) return;
  const tail = sub!.rest.map((w) => w.value).join(" ");
  codes.push({ text: alias.startsWith("!") ? `${alias.slice(1)} ${tail}` : `git ${alias} ${tail}`, braces: false });
}

/** `find … -exec CMD … {} ;` and `fd -x CMD …`: the commands they run, with `{}` standing for each found path. */
function execArgvs(name: string, rest: readonly ShellWord[]): ShellWord[][] {
  const out: ShellWord[][] = [];
  const starts = name === "find" ? ["-exec", "-execdir", "-ok", "-okdir"] : ["-x", "--exec", "-X", "--exec-batch"];
  for (let k = 1; k < rest.length; k++) {
    if (!starts.includes(rest[k]!.text)) continue;
    let e = k + 1;
    while (e < rest.length && rest[e]!.text !== ";" && !(name === "find" && rest[e]!.text === "+" && rest[e - 1]?.text === "{}")) e++;
    if (e > k + 1) out.push([...rest.slice(k + 1, e)]);
    k = e;
  }
  return out;
}

const FIND_NAME_FILTERS = new Set(["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname", "-samefile", "-inum", "-newer", "-user", "-uid", "-group", "-gid", "-perm", "-size", "-mtime", "-mmin", "-empty", "-links"]);

/**
 * What `{}` stands for in `find START… EXPR -exec CMD {} ;`: without a narrowing filter, every path under each
 * start point (so CMD acts on the start point recursively); with `-name PATTERN`, paths under it ending in the
 * pattern; with another filter, some path under it.
 */
function findScopes(rest: readonly ShellWord[]): { path: string; every: boolean }[] {
  let i = 1;
  while (i < rest.length && ["-H", "-L", "-P"].includes(rest[i]!.text)) i++;
  const starts: string[] = [];
  for (; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (t.startsWith("-") || t === "(" || t === "!" || t === ",") break;
    starts.push(rest[i]!.value);
  }
  if (starts.length === 0) starts.push(".");
  const expr = rest.slice(i);
  const nameAt = expr.findIndex((w) => w.text === "-name" || w.text === "-iname");
  const name = nameAt >= 0 ? expr[nameAt + 1]?.value : undefined;
  const everything = name === undefined || /^[\uE001*]*$/.test(name);
  const narrowed = expr.some((w, k) => FIND_NAME_FILTERS.has(w.text) && !((w.text === "-name" || w.text === "-iname") && k === nameAt && everything));
  return starts.map((s) => {
    const base = s.replace(/\/+$/, "") || "/";
    if (!narrowed) return { path: s, every: true };
    const tail = name !== undefined && !everything ? name.replace(/\*/g, HOLE_SEG).replace(/\?/g, HOLE_CHAR) : "";
    return { path: `${base === "/" ? "" : base}/${HOLE_ANY}${tail}`, every: false };
  });
}

/** Record a command given as words (find -exec), `{}` read as the paths it stands for, and follow what it runs. */
function emitArgv(b: Builder, argv: ShellWord[], parent: number, depth: number, scope: Scope, at: { path: string; every: boolean }): void {
  if (b.full || depth + 1 > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
  const si = b.newScript({ command: parent, how: "code" }, depth + 1);
  const words = argv.map((w) =>
    w.text.includes("{}") ? { ...w, text: w.text.split("{}").join(HOLE_ANY), value: w.value.split("{}").join(at.path) } : w,
  );
  const index = b.addCommand({
    words,
    redirects: [],
    stdin: [],
    raw: collapse(argv.map((w) => w.raw).join(" ")),
    script: si,
    pipe: undefined,
    origin: "parsed",
    dialect: "bash",
    ...(at.every ? { everyPathUnder: true } : {}),
  });
  followCode(b, index, scope, depth + 1);
}
