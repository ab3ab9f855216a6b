import { isHoleCode } from "../shell/words/template";
import type { RuleForHint } from "./permissionRule";
import type { ToolTable } from "../event/toolTable";
import type { CallSubjects } from "./callSubjects";

/**
 * A cheap, sound pre-filter for a handler's `if` rules, computed at compile time so a large policy does not run
 * every rule on every call (hookgate spec §9: 1,000 handlers). It may only let through handlers that might match;
 * the rules themselves still decide.
 *  - `tools`: the tool names the rules can match at all (absent when a rule's tool is a pattern, e.g. MCP globs).
 *  - `literals`: for Bash rules, the literal text before the first `*`: a subject (in any of its forms) can only
 *    match a rule if it starts with that text. Its first word, when complete, is checked first through a Set.
 */
export interface RuleHint {
  tools?: ReadonlySet<string>;
  /** For Bash rules: the literal each matching form starts with, and the one it ends with (none after a final `*`). */
  literals?: readonly BashLiteral[];
  /** The one shell tool the literals are for (they are only set when every rule names that tool). */
  literalTool?: string;
  /** A handler gated only by `when`: one of its patterns, on an input path, and text every match contains. */
  when?: { readonly segments: readonly string[]; readonly fansOut: boolean; readonly literal: string };
}

interface BashLiteral {
  readonly prefix: string;
  readonly suffix: string | undefined;
}

/** Module scope: which tools a rule's tool name covers depends on the name and the client's table alone. */
const toolsByTable = new WeakMap<ToolTable, Map<string, readonly string[]>>();

function toolsOf(rule: RuleForHint): readonly string[] | undefined {
  if (rule.tool.includes("*") || rule.tool.startsWith(rule.tools.mcpPrefix)) return undefined;
  let byTool = toolsByTable.get(rule.tools);
  if (!byTool) toolsByTable.set(rule.tools, (byTool = new Map()));
  let tools = byTool.get(rule.tool);
  if (!tools) {
    tools = [...new Set([rule.tool, ...rule.tools.known])].filter((t) => rule.toolTest(t));
    byTool.set(rule.tool, tools);
  }
  return tools;
}

/**
 * The literal texts a subject a Bash rule matches must start with, in one of its forms (lower-cased, trailing
 * spaces dropped since `git *` also matches bare `git`): the rule's own, and its canonical twin's. Undefined when
 * the rule can match any command.
 */
function literalsOf(rule: RuleForHint): BashLiteral[] | undefined {
  if (rule.tools.shells[rule.tool]?.dialect !== "bash" || rule.matcher.kind !== "shell" || rule.specifier === undefined) return undefined;
  if (rule.raw.includes("\\")) return undefined; // escapes: keep it simple and unindexed
  // Whitespace runs are one space; the legacy `prefix:*` is `prefix *`.
  let spec = rule.specifier.replace(/\s+/g, " ").trim();
  if (spec.endsWith(":*")) spec = `${spec.slice(0, -2).trimEnd()} *`;
  const own = affixes(spec);
  if (own === undefined) return undefined;
  const out = [own];
  if (rule.matcher.canonicalText !== undefined) {
    const canonical = affixes(rule.matcher.canonicalText);
    if (canonical === undefined) return undefined;
    if (canonical.prefix !== own.prefix || canonical.suffix !== own.suffix) out.push(canonical);
  }
  return out;
}

/** A wildcard pattern's literal start and end (lower-cased; `git *` also matches bare `git`, so no trailing space). */
function affixes(spec: string): BashLiteral | undefined {
  const first = spec.indexOf("*");
  const last = spec.lastIndexOf("*");
  const prefix = (first === -1 ? spec : spec.slice(0, first)).toLowerCase().trimEnd();
  if (prefix === "") return undefined;
  const suffix = first === -1 ? prefix : spec.slice(last + 1).toLowerCase();
  return { prefix, suffix: suffix === "" ? undefined : suffix };
}

export function ruleHint(ifRules: readonly RuleForHint[]): RuleHint | undefined {
  if (ifRules.length === 0) return undefined;
  const hint: RuleHint = {};
  const tools = new Set<string>();
  let allTools = true;
  for (const r of ifRules) {
    const t = toolsOf(r);
    if (t === undefined) allTools = false;
    else for (const name of t) tools.add(name);
  }
  if (allTools) hint.tools = tools;
  const literals: BashLiteral[] = [];
  const tool = ifRules[0]!.tool;
  for (const r of ifRules) {
    const own = r.tool === tool ? literalsOf(r) : undefined;
    if (own === undefined) return hint.tools ? hint : undefined;
    literals.push(...own);
  }
  hint.literals = literals;
  hint.literalTool = tool;
  return hint;
}

/** For a handler gated only by `when` patterns: the one with the longest required literal, if any has one. */
export function whenHint(when: readonly { segments: readonly string[]; fansOut: boolean; source: string }[]): RuleHint | undefined {
  let best: RuleHint["when"];
  for (const w of when) {
    const literal = requiredLiteral(w.source);
    if (literal !== undefined && (best === undefined || literal.length > best.literal.length)) best = { segments: w.segments, fansOut: w.fansOut, literal };
  }
  return best ? { when: best } : undefined;
}

/**
 * A text that every match of the (JavaScript-syntax) regex contains, or undefined. Conservative: only a top-level
 * sequence is read (an alternation `|` outside a group gives up); groups, classes, `.` and escapes like `\d` end a
 * literal run; a quantifier that allows zero drops the character before it; `+`/`{n,}` keep it but end the run.
 * The longest run of at least 3 characters is returned.
 */
export function requiredLiteral(source: string): string | undefined {
  const runs: string[] = [];
  let run = "";
  const end = () => {
    if (run.length > 0) runs.push(run);
    run = "";
  };
  let i = 0;
  const n = source.length;
  /** The quantifier at i, if any: whether it allows zero, and its length. */
  const quantifier = (at: number): { zero: boolean; len: number } | undefined => {
    const c = source[at];
    let len = 0;
    let zero = false;
    if (c === "*" || c === "?") (zero = true), (len = 1);
    else if (c === "+") len = 1;
    else if (c === "{") {
      const m = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(at, at + 24));
      if (!m) return undefined;
      zero = m[1] === "0";
      len = m[0].length;
    } else return undefined;
    if (source[at + len] === "?") len++;
    return { zero, len };
  };
  while (i < n) {
    const c = source[i]!;
    let literal: string | undefined;
    let next = i + 1;
    if (c === "|") return undefined;
    if (c === "(") {
      // Skip the group (nested groups, classes and escapes inside).
      let depth = 0;
      let j = i;
      for (; j < n; j++) {
        const d = source[j]!;
        if (d === "\\") j++;
        else if (d === "[") {
          j++;
          while (j < n && source[j] !== "]") j += source[j] === "\\" ? 2 : 1;
        } else if (d === "(") depth++;
        else if (d === ")" && --depth === 0) break;
      }
      next = j + 1;
    } else if (c === "[") {
      let j = i + 1;
      if (source[j] === "]") j++;
      while (j < n && source[j] !== "]") j += source[j] === "\\" ? 2 : 1;
      next = j + 1;
    } else if (c === "\\") {
      const e = source[i + 1];
      if (e === undefined) return undefined;
      next = i + 2;
      if (/[^A-Za-z0-9]/.test(e)) literal = e;
      else if (e === "n") literal = "\n";
      else if (e === "t") literal = "\t";
      else if (e === "x" && /^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4))) {
        literal = String.fromCharCode(parseInt(source.slice(i + 2, i + 4), 16));
        next = i + 4;
      } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
        literal = String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
        next = i + 6;
      } else if (!"bBdDwWsS".includes(e)) return undefined; // \p{…}, \k<…>, back-references: give up
    } else if (c === "." || c === "^" || c === "$") {
      // a non-literal atom or an anchor
    } else if (c === "*" || c === "+" || c === "?" || c === "{" || c === ")") return undefined; // malformed here
    else literal = c;
    const q = quantifier(next);
    if (q) next += q.len;
    if (literal === undefined || q?.zero) end();
    else if (q) {
      run += literal;
      end();
    } else run += literal;
    i = next;
  }
  end();
  const best = runs.reduce((a, b) => (b.length > a.length ? b : a), "");
  return best.length >= 3 ? best : undefined;
}

/** What the pre-filter needs from a Bash call: every form of every subject, lower-cased. */
export interface CommandForms {
  forms: string[];
}

export function commandForms(subjects: CallSubjects): CommandForms {
  if (subjects.kind !== "shell") return { forms: [] };
  // The forms of a shell call belong to its analysis, shared by every call of the same command: worked out once.
  const known = subjects.shell?.indexForms;
  if (known) return known;
  const forms: string[] = [];
  for (const item of subjects.items) {
    for (const form of item.restrict) forms.push(form.toLowerCase());
    if (item.canonical !== undefined) forms.push(item.canonical.toLowerCase());
  }
  const out = { forms };
  if (subjects.shell) subjects.shell.indexForms = out;
  return out;
}

/** Could some filling of the template `f` end with `literal`? A hole may produce the rest. */
function couldEndWith(f: string, literal: string): boolean {
  for (let i = 1; i <= literal.length; i++) {
    if (i > f.length) return false;
    const c = f.charCodeAt(f.length - i);
    if (c >= 0xe000 && c <= 0xe004) return true;
    if (c !== literal.charCodeAt(literal.length - i)) return false;
  }
  return true;
}

/** Could some filling of the template `f` start with `literal`? A hole may produce the rest. */
function couldStartWith(f: string, literal: string): boolean {
  for (let i = 0; i < literal.length; i++) {
    if (i >= f.length) return false;
    const c = f.charCodeAt(i);
    if (c >= 0xe000 && c <= 0xe004) return true;
    if (c !== literal.charCodeAt(i)) return false;
  }
  return true;
}

export function mightMatch(hint: RuleHint, toolName: string, command: () => CommandForms): boolean {
  if (hint.tools && !hint.tools.has(toolName)) return false;
  if (hint.literals && toolName === hint.literalTool) {
    const { forms } = command();
    for (const { prefix, suffix } of hint.literals)
      for (const f of forms) if (couldStartWith(f, prefix) && (suffix === undefined || couldEndWith(f, suffix))) return true;
    return false;
  }
  return true;
}

/** A trie of literals, each leading to the ids it was added with. */
interface TrieNode {
  readonly next: Map<number, TrieNode>;
  /** Ids of literals ending here (prefix trie: those without a suffix to check). */
  readonly ends: number[];
  /** Prefix trie only: the ids whose prefix ends here and that have a suffix, in a trie of reversed suffixes. */
  suffixes: TrieNode | undefined;
}
const trieNode = (): TrieNode => ({ next: new Map(), ends: [], suffixes: undefined });

function trieInsert(root: TrieNode, literal: string, reversed: boolean): TrieNode {
  let node = root;
  for (let k = 0; k < literal.length; k++) {
    const c = literal.charCodeAt(reversed ? literal.length - 1 - k : k);
    let child = node.next.get(c);
    if (!child) node.next.set(c, (child = trieNode()));
    node = child;
  }
  return node;
}

function trieAll(node: TrieNode, hit: (id: number) => void): void {
  for (const id of node.ends) hit(id);
  if (node.suffixes) trieAll(node.suffixes, hit);
  for (const child of node.next.values()) trieAll(child, hit);
}

/**
 * Every alternative some filling of template `f` could match by its literals: `f` could start with the prefix
 * (it is a prefix of `f`, or `f` has a hole — which may produce the rest — where the prefix still goes on) and,
 * when the alternative has one, end with the suffix (the same, from the end).
 */
function trieWalk(root: TrieNode, f: string, reversed: boolean, hit: (id: number) => void): void {
  let node: TrieNode | undefined = root;
  for (let k = 0; node !== undefined; k++) {
    for (const id of node.ends) hit(id);
    if (!reversed && node.suffixes) trieWalk(node.suffixes, f, true, hit);
    if (k >= f.length) return;
    const c = f.charCodeAt(reversed ? f.length - 1 - k : k);
    if (isHoleCode(c)) {
      trieAll(node, hit);
      return;
    }
    node = node.next.get(c);
  }
}

/**
 * How many lookups a part of a group's index (one shell tool's literals, one input path's `when` literals) answers
 * by testing every literal in turn before it builds its automaton. A cold isolate's first requests then build none
 * (with 1,000 handlers the tries and the Aho–Corasick automaton were ~1.5 ms of a cold start: bench/README.md), and
 * a busy one builds each after a few requests. Both ways visit the same handlers once the hints are re-checked.
 */
export const BUILD_AFTER = 8;

/**
 * The Bash literals of a group: each alternative (a rule, or its canonical twin) with the handler it belongs to,
 * once built in a trie of prefixes whose nodes hold a trie of the reversed suffixes of the alternatives ending there.
 */
interface BashIndex {
  readonly entries: readonly { position: number; literal: BashLiteral }[];
  /** Built on the BUILD_AFTER-th lookup. */
  prefixes: TrieNode | undefined;
  /** Alternative id → handler position. */
  readonly position: number[];
  lookups: number;
}

function bashIndex(entries: readonly { position: number; literal: BashLiteral }[]): BashIndex {
  return { entries, prefixes: undefined, position: entries.map((e) => e.position), lookups: 0 };
}

function buildTrie(entries: BashIndex["entries"]): TrieNode {
  const prefixes = trieNode();
  entries.forEach(({ literal }, id) => {
    const at = trieInsert(prefixes, literal.prefix, false);
    if (literal.suffix === undefined) at.ends.push(id);
    else trieInsert((at.suffixes ??= trieNode()), literal.suffix, true).ends.push(id);
  });
  return prefixes;
}

function bashVisit(index: BashIndex, forms: readonly string[], visit: (position: number) => void): void {
  if (index.prefixes === undefined && ++index.lookups < BUILD_AFTER) {
    // Before the trie: each alternative tested as mightMatch does (the trie lets through a superset of these, and
    // select re-checks every visited handler with mightMatch, so both ways run the same handlers).
    for (const { position, literal } of index.entries)
      for (const f of forms)
        if (couldStartWith(f, literal.prefix) && (literal.suffix === undefined || couldEndWith(f, literal.suffix))) {
          visit(position);
          break;
        }
    return;
  }
  const prefixes = (index.prefixes ??= buildTrie(index.entries));
  const position = index.position;
  const hit = (id: number) => visit(position[id]!);
  for (const f of forms) trieWalk(prefixes, f, false, hit);
}

/**
 * The required literals of `when` patterns on one input path, once built an Aho–Corasick automaton: one pass finds
 * every literal present. Until it is built (BUILD_AFTER), each literal is looked for in turn: the same literals found.
 */
interface LiteralScanner {
  readonly segments: readonly string[];
  readonly fansOut: boolean;
  readonly entries: readonly { literal: string; position: number }[];
  automaton: Automaton | undefined;
  lookups: number;
  /** Every handler position on this path (when a text is too large to scan, all are visited). */
  readonly all: number[];
}

interface Automaton {
  readonly next: Map<number, number>[];
  readonly fail: Int32Array;
  /** For each state, the handler positions whose literal ends there (fail links folded in). */
  readonly out: number[][];
}

function literalScanner(segments: readonly string[], fansOut: boolean, entries: readonly { literal: string; position: number }[]): LiteralScanner {
  return { segments, fansOut, entries, automaton: undefined, lookups: 0, all: entries.map((e) => e.position) };
}

function buildAutomaton(entries: readonly { literal: string; position: number }[]): Automaton {
  const next: Map<number, number>[] = [new Map()];
  const outs: number[][] = [[]];
  for (const { literal, position } of entries) {
    let s = 0;
    for (let i = 0; i < literal.length; i++) {
      const c = literal.charCodeAt(i);
      let t = next[s]!.get(c);
      if (t === undefined) {
        t = next.length;
        next.push(new Map());
        outs.push([]);
        next[s]!.set(c, t);
      }
      s = t;
    }
    outs[s]!.push(position);
  }
  const fail = new Int32Array(next.length);
  const queue: number[] = [];
  for (const t of next[0]!.values()) queue.push(t);
  for (let k = 0; k < queue.length; k++) {
    const s = queue[k]!;
    for (const [c, t] of next[s]!) {
      let f = fail[s]!;
      while (f !== 0 && !next[f]!.has(c)) f = fail[f]!;
      const g = next[f]!.get(c);
      fail[t] = g !== undefined && g !== t ? g : 0;
      outs[t] = [...outs[t]!, ...outs[fail[t]!]!];
      queue.push(t);
    }
  }
  return { next, fail, out: outs };
}

/** Texts longer than this are not scanned: every handler on the path is visited (and the budget bounds them). */
const MAX_SCAN = 64 * 1024;

function scan(sc: LiteralScanner, text: string, visit: (position: number) => void): void {
  if (text.length > MAX_SCAN) {
    for (const p of sc.all) visit(p);
    return;
  }
  if (sc.automaton === undefined && ++sc.lookups < BUILD_AFTER) {
    for (const { literal, position } of sc.entries) if (text.includes(literal)) visit(position);
    return;
  }
  const ac = (sc.automaton ??= buildAutomaton(sc.entries));
  let s = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let t = ac.next[s]!.get(c);
    while (t === undefined && s !== 0) {
      s = ac.fail[s]!;
      t = ac.next[s]!.get(c);
    }
    s = t ?? 0;
    const found = ac.out[s]!;
    for (let k = 0; k < found.length; k++) visit(found[k]!);
  }
}

/**
 * A matcher group's handlers indexed by their hints, so a call only visits the handlers that might apply to it:
 * those without a hint; those whose rules name the call's tool; for Bash, those with a literal some form of the
 * command could start with (a trie walk per form); and those gated by a `when` pattern whose required text occurs
 * in the input (one Aho–Corasick pass per input path). Built once at compile time.
 */
export interface GroupIndex {
  /** Positions of handlers that have no hint: always visited. */
  always: number[];
  /** Tool name → positions of handlers whose rules can only match that tool (Bash handlers with literals aside). */
  byTool: Map<string, number[]>;
  /** Bash handlers by the literals of their rules, per shell tool. */
  bash: Map<string, BashIndex>;
  /** Handlers gated only by `when`, by input path. */
  when: LiteralScanner[];
  /** Scratch stamps per position, reused call after call (evaluation is synchronous and never re-entered). */
  seen: Int32Array;
  stamp: number;
}

const add = (map: Map<string, number[]>, key: string, i: number) => {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
};

export function indexGroup(hints: readonly (RuleHint | undefined)[]): GroupIndex {
  const bash = new Map<string, { position: number; literal: BashLiteral }[]>();
  const always: number[] = [];
  const byTool = new Map<string, number[]>();
  const when: LiteralScanner[] = [];
  const byPath = new Map<string, { segments: readonly string[]; fansOut: boolean; entries: { literal: string; position: number }[] }>();
  hints.forEach((hint, i) => {
    if (!hint) always.push(i);
    else if (hint.literals && hint.literalTool !== undefined && hint.tools && hint.tools.size === 1 && hint.tools.has(hint.literalTool)) {
      let list = bash.get(hint.literalTool);
      if (!list) bash.set(hint.literalTool, (list = []));
      for (const literal of hint.literals) list.push({ position: i, literal });
    }
    else if (hint.tools) for (const t of hint.tools) add(byTool, t, i);
    else if (hint.when) {
      const key = hint.when.segments.join("\u0000");
      let path = byPath.get(key);
      if (!path) byPath.set(key, (path = { segments: hint.when.segments, fansOut: hint.when.fansOut, entries: [] }));
      path.entries.push({ literal: hint.when.literal, position: i });
    } else always.push(i);
  });
  for (const p of byPath.values()) when.push(literalScanner(p.segments, p.fansOut, p.entries));
  return { always, byTool, bash: new Map([...bash].map(([tool, entries]) => [tool, bashIndex(entries)])), when, seen: new Int32Array(hints.length), stamp: 0 };
}

/** The texts a `when` pattern on this path is tested against (as evaluate reads them). */
function textsAt(input: Record<string, unknown>, segments: readonly string[], fansOut: boolean): string[] {
  const values: unknown[] = [];
  const walk = (v: unknown, from: number) => {
    if (from === segments.length) return void values.push(v);
    if (typeof v !== "object" || v === null) return;
    const seg = segments[from]!;
    if (seg === "*" && fansOut) for (const x of Object.values(v)) walk(x, from + 1);
    else walk((v as Record<string, unknown>)[seg], from + 1);
  };
  walk(input, 0);
  const out: string[] = [];
  for (const v of values) if (v !== undefined) out.push(typeof v === "string" ? v : JSON.stringify(v));
  return out;
}

/**
 * The positions of the group's handlers to visit for this call, in order; the hints are re-checked per visit.
 * Linear in what is visited, not in the size of the group.
 */
export function visitList(index: GroupIndex, toolName: string, command: () => CommandForms, input: Record<string, unknown>): number[] {
  const stamp = ++index.stamp;
  const seen = index.seen;
  const out: number[] = [];
  const visit = (i: number) => {
    if (seen[i] === stamp) return;
    seen[i] = stamp;
    out.push(i);
  };
  for (const i of index.always) visit(i);
  const byTool = index.byTool.get(toolName);
  if (byTool) for (const i of byTool) visit(i);
  const bash = index.bash.get(toolName);
  if (bash) bashVisit(bash, command().forms, visit);
  for (const sc of index.when) for (const t of textsAt(input, sc.segments, sc.fansOut)) scan(sc, t, visit);
  // Handlers run in the policy's order, whichever list found them (often one list, already in order: no sort).
  for (let k = 1; k < out.length; k++)
    if (out[k - 1]! > out[k]!) {
      out.sort((a, b) => a - b);
      break;
    }
  return out;
}
