/**
 * The walk over a Bash script's syntax tree (unbash): every simple command anywhere in it — in lists and pipelines,
 * `$(…)`, backticks, `<(…)`, subshells, groups, if/while/for/case bodies, functions, `[[ ]]`, arithmetic and
 * here-docs — recorded with its words as templates (words.ts) and what it runs as code followed (followCode.ts).
 */
import { collapse } from "../builder";
import { forEachChild, parse, type Command, type DoubleQuotedChild, type HereDoc, type ParsedScript, type Pipeline, type Statement, type SyntaxNode, type Word, type WordPart } from "unbash";
import type { NestedHow, ShellRedirect, ShellWord, SimpleCommand } from "../model";
import { type Builder, MAX_FUNCTION_CALLS, MAX_LOOP_PASSES, type Scope } from "../builder";
import { commandName, strippedCommand } from "../words/strip";
import { readsProgramFromStdin, scheduledCode } from "../commands/programs";
import { pipelineOutput, staticCommandOf, type StaticCommand } from "../words/staticText";
import { codePrintedBy, codeText, followCode, printsDownloadOf } from "./followCode";
import { caseFolded } from "../commands/knownNames";
import { HOLE_ANY, HOLE_CHAR, HOLE_NODOT, HOLE_SEG, hasHoles, literal, hasUnknownValue } from "../words/template";
import { CWD, MAX_BRACE_WORDS, arrayExpansion, bindArray, bindAssignments, expandBraces, hereDocText, moveCwd, scriptsBelow, staticScriptOutput, staticWord, variableValue } from "./words";

/** `for x in a b c` is examined once per word, for at most this many words. */
const MAX_LOOP_VALUES = 8;

/**
 * The characters field splitting breaks an unquoted expansion at: `$IFS` as the script set it, else space, tab and
 * newline; undefined when the script set it to something not known (nothing is split: the word stays one).
 */
function fieldSeparators(scope: Scope): string | undefined {
  const ifs = scope.get("IFS");
  if (ifs === undefined) return " \t\n";
  return ifs === null || hasHoles(ifs) ? undefined : ifs;
}

interface Queued {
  script: ParsedScript | undefined;
  index: number;
  how: NestedHow;
  source: string;
}

type Pipe = { id: number; index: number } | undefined;

/** Walks unbash's syntax tree of one script, recording its simple commands into the Builder. */
export class Walker {
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
        const literalValues = words.length > 0 && words.length <= MAX_LOOP_VALUES && words.every((w) => !hasUnknownValue(w.value));
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
        this.b.setFunctionBody(n.name.value, { body: n.body as SyntaxNode, walker: this });
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
      const s = strippedCommand(reader);
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
      this.b.read.bash(this.b, codeText(text), si, this.depth + 1, new Map(scope));
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
    // (the optional fields set after: a spread of `cond ? { x } : {}` made and copied an object for each)
    const recorded: { -readonly [K in keyof SimpleCommand]: SimpleCommand[K] } = { words, redirects, stdin, raw: collapse(raw), script: this.scriptIndex, pipe, origin: "parsed", dialect: "bash" };
    if (cwd !== undefined && cwd !== null) recorded.cwd = cwd;
    if (stdinFrom.length > 0) recorded.stdinFrom = stdinFrom;
    const index = this.b.addCommand(recorded);
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
      bindArray(scope, "@", rest.every((v) => !hasUnknownValue(v)) ? rest : undefined);
    }
    followCode(this.b, index, scope, this.depth);
    // `CURL … | SH`, `Rm -rf /` on a case-insensitive filesystem: the same command as the known program, too.
    const folded = this.b.ctx.caseSensitiveCommands ? undefined : caseFolded(words, strippedCommand(this.b.commands[index]!));
    if (folded) this.record(folded, redirects, stdin, raw, pipe, scope, [], stdinFrom);
    // A call of a function defined earlier: its body again, with `$1`, `$2`, … bound to the call's arguments.
    const called = words[0]?.value;
    const fn = called !== undefined ? this.b.functionBodies.get(called) : undefined;
    if (fn && called !== undefined) {
      if (words.length > 1 && this.b.calls++ < MAX_FUNCTION_CALLS) {
        const inner = new Map(scope);
        const args = words.slice(1).map((w) => (hasUnknownValue(w.value) ? null : w.value));
        args.forEach((v, k) => inner.set(String(k + 1), v));
        // `"$@"` is the call's arguments when each is known (a word that splits into unknown words is not).
        bindArray(inner, "@", args.every((v) => v !== null) && words.slice(1).every((w) => !w.splits || !hasHoles(w.text)) ? (args as string[]) : undefined);
        inner.set("@", null);
        const before = this.b.commands.length;
        fn.walker.node(fn.body, inner, undefined);
        const list = this.b.calledWithArgs.get(called) ?? [];
        for (let i = before; i < this.b.commands.length; i++) list.push(i);
        this.b.setCalledWithArgs(called, list);
      } else this.b.addNotAllCallsSeen(called);
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
    if (braces.length === 0) return this.fields(w, scope, queue ?? [], index);
    const expanded = expandBraces(w.text);
    if (expanded === undefined || expanded.length > MAX_BRACE_WORDS) return [this.word(w, scope, queue ?? [], index)];
    const out: ShellWord[] = [];
    for (const text of expanded) {
      // Each alternative is a word of its own; re-parse it as one so its quotes and expansions read as usual.
      const parsed = parse(`: ${text}`).commands[0]?.command as Command | undefined;
      const inner = parsed?.type === "Command" ? parsed.suffix.find((s): s is Word => s.type === "Word") : undefined;
      out.push(...(inner ? this.fields(inner, scope, queue ?? [], index, text) : this.fields(w, scope, queue ?? [], index)));
    }
    return out;
  }

  /**
   * A word after field splitting: the known value of an unquoted expansion is split where it holds a separator of
   * `$IFS` (`A='-rf /'; rm $A` is `rm -rf /`, `$(echo rm -rf /)` three words), and an unquoted expansion known to
   * be empty is no word at all (`E=; $E rm -rf /` runs rm). Each field is known text the command receives; as
   * written it is an expansion (a hole), like an array's element.
   */
  private fields(w: Word, scope: Scope, queue: Queued[], index?: number, rawOverride?: string): ShellWord[] {
    const { word, breaks } = this.build(w, scope, queue, index, rawOverride);
    if (word.splits && word.value === "") return [];
    if (breaks === undefined) return [word];
    const out: ShellWord[] = [];
    let from = 0;
    for (const at of [...breaks, word.value.length]) {
      if (at > from) out.push({ text: HOLE_ANY, value: word.value.slice(from, at), raw: word.raw, splits: false, procsub: word.procsub, substs: word.substs });
      from = at + 1;
    }
    return out;
  }

  word(w: Word, scope: Scope, queue: Queued[], index?: number, rawOverride?: string): ShellWord {
    return this.build(w, scope, queue, index, rawOverride).word;
  }

  /** A word, with the offsets in its value where field splitting breaks it (see fields). */
  private build(w: Word, scope: Scope, queue: Queued[], index?: number, rawOverride?: string): { word: ShellWord; breaks: number[] | undefined } {
    const raw = rawOverride ?? w.text;
    if (!w.parts || w.parts.length === 0) {
      const t = literal(w.value);
      return { word: { text: t, value: t, raw, splits: false, procsub: undefined, substs: [] }, breaks: undefined };
    }
    const separators = fieldSeparators(scope);
    let breaks: number[] | undefined;
    /** An unquoted expansion's known text is about to be appended to the value: its separators break the word. */
    const splitting = (known: string) => {
      if (separators === undefined) return;
      for (let k = 0; k < known.length; k++) if (separators.includes(known[k]!)) (breaks ??= []).push(value.length + k);
    };
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
      if (!quoted) splitting(v.value);
      text += v.text;
      value += v.value;
    };
    for (const p of w.parts) {
      switch (p.type) {
        case "Literal":
        case "SingleQuoted":
        case "AnsiCQuoted": {
          const t = literal(p.value);
          text += t;
          value += t;
          splits = false;
          break;
        }
        case "DoubleQuoted":
        case "LocaleString":
          splits = false;
          for (const q of p.parts) {
            if (q.type === "Literal") {
              const t = literal(q.value);
              text += t;
              value += t;
            } else if (q.type === "CommandExpansion") {
              const si = queueScript(q.script, "subst");
              substs.push(si);
              const known = staticScriptOutput(q.script, scope, this.b.ctx, 0);
              if (known !== undefined) this.b.setPrinted(si, known);
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
          if (known !== undefined) {
            this.b.setPrinted(si, known);
            splitting(known);
          }
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
          if (known !== undefined) this.b.setPrinted(procsub, `${known}\n`);
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
    return { word: { text, value, raw, splits, procsub, substs }, breaks };
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

