/**
 * What Bash words stand for before anything runs: a word's value when it is known (literals, variables the script
 * set, known substitutions), here-doc bodies, arrays and positional parameters, `cd` moving the working directory,
 * assignments remembered for later words, and brace expansion.
 */
import { BASH_QUOTES, scanUnquoted } from "../words/scan";
import type { ShellWord } from "../model";
import type { AnalyseContext, Scope } from "../builder";
import { HOLE_ANY, HOLE_INPUT, HOLE_INPUT_VARIABLE, HOLE_SEG, HOLE_UNKNOWN, HOLE_VARIABLE, literal, hasUnknownValue, hasWordHole } from "../words/template";
import { forEachChild, type DoubleQuotedChild, type HereDoc, type ParameterExpansionPart, type ParsedScript, type SyntaxNode, type Word, type WordPart } from "unbash";
import { pipelineOutput, substituted, type StaticCommand } from "../words/staticText";
import { commandName } from "../words/strip";
/** Brace expansion (`{a,b}`, `{1..9}`) into separate words, at most this many; beyond, one hole. */
export const MAX_BRACE_WORDS = 32;

export const CWD = "\u0000cwd";

/** `cd DIR` / `pushd DIR` move the working directory of the commands that follow in the same script. */
export function moveCwd(words: readonly ShellWord[], scope: Scope): void {
  const name = words[0]?.value;
  if (name !== "cd" && name !== "pushd" && name !== "chdir") return;
  const args = words.slice(1).filter((w) => !/^-[LPe@]+$/.test(w.text));
  const target = args[0];
  const current = scope.get(CWD) ?? undefined;
  let next: string;
  if (!target || target.value === "~" || (target.splits && target.value === "")) next = "~";
  else if (target.value === "-" || hasUnknownValue(target.value)) next = HOLE_UNKNOWN;
  else if (target.value.startsWith("/") || target.value.startsWith("~")) next = target.value;
  else next = current === undefined || current === null ? target.value : current === HOLE_UNKNOWN ? HOLE_UNKNOWN : `${current}/${target.value}`;
  scope.set(CWD, next);
}

/** A word's value when it is entirely known (literals, quotes, variables with known values, known substitutions). */
export function staticWord(w: Word, scope: Scope, ctx: AnalyseContext, depth: number): string | undefined {
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
        if (hasUnknownValue(v)) return false;
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
export function staticScriptOutput(script: ParsedScript | undefined, scope: Scope, ctx: AnalyseContext, depth: number): string | undefined {
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
export function scriptsBelow(n: SyntaxNode): ParsedScript[] {
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
export function hereDocText(h: HereDoc, scope: Scope, ctx: AnalyseContext): string {
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
export function variableValue(p: WordPart, scope: Scope, ctx: AnalyseContext, quoted: boolean): { text: string; value: string } {
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
  // `${!y}`: the value of the variable whose name y holds (`y=HOME; rm -rf ${!y}`), not y's own; `${!p*}`, `${!a[@]}`
  // (names, keys) and a name not known are unknown text.
  if (prefix === "!") {
    const target = p.type === "ParameterExpansion" && !op && !p.index ? scope.get(name) : undefined;
    if (typeof target !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(target)) return { text: HOLE_ANY, value: HOLE_ANY };
    if (target === "HOME") return { text: HOLE_ANY, value: "~" };
    if (target === "PWD" && ctx.cwd) return { text: HOLE_ANY, value: literal(ctx.cwd) };
    const value = scope.get(target);
    return { text: HOLE_ANY, value: typeof value === "string" ? value : HOLE_ANY };
  }
  if (name === HOLE_VARIABLE) return { text: HOLE_ANY, value: HOLE_ANY };
  if (name === HOLE_INPUT_VARIABLE) return { text: HOLE_ANY, value: HOLE_INPUT };
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
export function arrayExpansion(w: Word, scope: Scope): string[] | undefined {
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
export function bindAssignments(words: readonly ShellWord[], scope: Scope): void {
  if (words.length === 0) return;
  const first = words[0]!;
  const assigns = (list: readonly ShellWord[]) => {
    for (const w of list) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(w.raw);
      if (!m) continue;
      const v = w.value.slice(w.value.indexOf("=") + 1);
      scope.set(m[1]!, hasWordHole(v) || w.raw.includes("+=") ? null : v);
    }
  };
  if (/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(first.raw)) {
    // Prefix assignments of a command apply to that command only; a command of nothing but assignments sets them.
    if (words.every((w) => /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(w.raw))) assigns(words);
  } else if (BINDERS.has(first.text)) assigns(words.slice(1));
}

/** Expand `{a,b}c` / `{1..3}` in a word's text (quotes kept for re-parsing); undefined when it cannot. */
export function expandBraces(text: string): string[] | undefined {
  const out: string[] = [];
  const expand = (s: string, budget: { n: number }): string[] | undefined => {
    if (--budget.n < 0) return undefined;
    // Find the first top-level, unquoted `{…}` with a comma or `..`: what it expands to ends the scan.
    let found = false;
    let expanded: string[] | undefined;
    const done = (r: string[] | undefined): true => {
      found = true;
      expanded = r;
      return true;
    };
    scanUnquoted(s, 0, BASH_QUOTES, (c, i) => {
      if (c !== "{" || s[i - 1] === "$") return false;
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
      if (end < 0) return done([s]);
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
        if (!range) return false;
        const [a, z] = [range[1]!, range[2]!];
        const num = /\d/.test(a);
        const lo = num ? Number(a) : a.charCodeAt(0);
        const hi = num ? Number(z) : z.charCodeAt(0);
        if (Math.abs(hi - lo) > MAX_BRACE_WORDS) return done(undefined);
        alternatives = [];
        for (let k = lo; lo <= hi ? k <= hi : k >= hi; k += lo <= hi ? 1 : -1) alternatives.push(num ? String(k) : String.fromCharCode(k));
      }
      const head = s.slice(0, i);
      const tail = s.slice(end + 1);
      const result: string[] = [];
      for (const alt of alternatives) {
        const sub = expand(head + alt + tail, budget);
        if (!sub) return done(undefined);
        result.push(...sub);
        if (result.length > MAX_BRACE_WORDS) return done(undefined);
      }
      return done(result);
    });
    return found ? expanded : [s];
  };
  const r = expand(text, { n: 256 });
  if (!r) return undefined;
  out.push(...r);
  return out;
}

