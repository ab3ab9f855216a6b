/**
 * Claude Code permission rules (contract §3.3) as used by hookgate's `if` / `unless` (hookgate spec §3.2):
 * parse, compile, match. Pure: no I/O, no exceptions for bad data.
 *
 * hookgate is a security gate and is deliberately STRICTER than the client where the client fails open:
 * - Malformed rules are rejected at compile time (the client reads them as a bare tool name).
 * - Bash: every simple command of a compound command, of `$()`/backticks/`<()`, of subshells, groups, control
 *   bodies and functions, of `bash -c '…'`/`eval '…'`/`su -c`/here-docs fed to a shell/`find -exec` is a
 *   subject (see shell/analyse.ts); leading assignments and wrappers (also `env`, `sudo`, `doas`, `exec`,
 *   `xargs` with flags) are stripped; commands that don't parse are split naively as well. The client runs
 *   the hook without looking whenever a command holds `$()`, backticks or `$VAR`, or doesn't parse.
 * - File rules: a slash-less pattern (`.env`, `*.pem`) matches that basename at any depth anywhere; `dir/**`
 *   matches a `dir` at any depth under cwd; matching is case-insensitive; `Write(…)`, `MultiEdit(…)`,
 *   `NotebookEdit(…)` and `Glob(…)` rules are honoured for their own tool (the client ignores them); bare
 *   `Edit` covers every editing tool like `Edit(…)` does.
 * - MCP tool-name globs (`mcp__*`, `mcp__s__*`) and bare servers (`mcp__s`) work in `if` too (the client's
 *   `if` compares tool names exactly).
 *
 * Per-subject matching: a call is checked as a list of subjects (for Bash/PowerShell each simple command, else
 * one). {@link matchingSubjects} returns the indices a rule matches, so the engine can require that one and
 * the same subject matches an `if` rule and no `unless` rule. Whole-call rules (bare tool, parameter rules)
 * match every subject.
 */
import { HOLE_NODOT, hasHoles, literal, matchSome, opaque, somePattern, type SomePattern } from "../shell/words/template";
import { compileWildcard, type Wildcard, wildcardPieces } from "./linearPattern";
import { compilePathGlob, type PathGlob } from "./pathGlob";
import { canonicalTool, type ToolTable } from "../event/toolTable";
import { err, ok, type Result } from "../result";
import type { ShellWord } from "../shell/model";
import { canonicalForm } from "../shell/forms";
import type { WorkBudget } from "../limits/budget";
import { NONE, all, scalar, subjectsOf, type CallSubjects, type ToolCall } from "./callSubjects";

/** A Bash/PowerShell rule: the wildcard, its automaton for templates, and its canonicalised twin. */
interface ShellMatcher {
  kind: "shell";
  form: "prefix" | "wildcard";
  /** Plain test (no holes; or a template made opaque, for allow rules). */
  test: (s: string) => boolean;
  /** For templates: could some filling match? (and the bare-command quirk: `git *` matches `git`). */
  readonly some: SomePattern;
  readonly someBare: SomePattern | undefined;
  /** The rule with its command's options normalised, matched against canonical forms (restricting rules). */
  readonly canonical: SomePattern | undefined;
  /** The canonical twin as a wildcard text (`*` for its stars), for the rule index; when there is a twin. */
  canonicalText: string | undefined;
}

type Matcher =
  | { kind: "tool" } // the whole tool
  | ShellMatcher
  | { kind: "param"; name: string; value: Wildcard }
  | { kind: "path"; glob: PathGlob }
  | { kind: "domain"; test: (host: string) => boolean; any: boolean }
  | { kind: "field"; fields: readonly string[]; value: Wildcard; stripSlash: boolean };

export interface CompiledRule {
  /** The rule as written. */
  readonly raw: string;
  /** Canonical tool name (or MCP tool-name pattern) of the rule. */
  readonly tool: string;
  /** The specifier after unescaping, or undefined for a whole-tool rule. */
  readonly specifier: string | undefined;
  /** @internal */
  readonly toolTest: (canonicalToolName: string) => boolean;
  /** @internal */
  readonly matcher: Matcher;
  /** The client's tools the rule was compiled against. */
  readonly tools: ToolTable;
}

// ---------------------------------------------------------------------------------------------------------
// Tool names (the client's, from its ToolTable)

/** Tool names by lower case, per table: to refuse `bash(…)` for `Bash(…)` with the right spelling. */
const knownByLower = new WeakMap<ToolTable, ReadonlyMap<string, string>>();
function lowerIndex(tools: ToolTable): ReadonlyMap<string, string> {
  let m = knownByLower.get(tools);
  if (!m) knownByLower.set(tools, (m = new Map(tools.known.map((t) => [t.toLowerCase(), t]))));
  return m;
}

const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const MCP_REST = /^[A-Za-z0-9_*.-]+$/;
const PARAM = /^([A-Za-z_][A-Za-z0-9_]*):([\s\S]*)$/;

function compileToolTest(name: string, tools: ToolTable): Result<{ tool: string; test: (t: string) => boolean }, string> {
  const mcp = tools.mcpPrefix;
  if (name.startsWith(mcp)) {
    if (!MCP_REST.test(name.slice(mcp.length))) return err(`"${name}" is not a valid MCP tool name (${mcp}<server>__<tool>)`);
    if (name.includes("*")) {
      const wc = compileWildcard(name, { escapes: false });
      return ok({ tool: name, test: (t) => wc.test(t) });
    }
    const rest = name.slice(mcp.length);
    if (rest === "") return err(`"${name}" names no MCP server`);
    if (!rest.includes("__")) {
      // Bare server: every tool of that server.
      const prefix = `${name}__`;
      return ok({ tool: name, test: (t) => t === name || t.startsWith(prefix) });
    }
    return ok({ tool: name, test: (t) => t === name });
  }
  if (name.includes("*")) return err(`tool-name wildcards are supported only for MCP tools (${mcp}…), not "${name}"`);
  if (!TOOL_NAME.test(name)) return err(`"${name}" is not a valid tool name`);
  const canonical = canonicalTool(tools, name);
  const known = lowerIndex(tools).get(canonical.toLowerCase());
  if (known !== undefined && known !== canonical) return err(`unknown tool "${name}" (tool names are case-sensitive; did you mean "${known}"?)`);
  const family = tools.families[canonical];
  if (family) {
    const members = new Set(family);
    return ok({ tool: canonical, test: (t) => members.has(t) });
  }
  return ok({ tool: canonical, test: (t) => t === canonical });
}

// ---------------------------------------------------------------------------------------------------------
// Parsing (contract §3.3: permissionRuleValueFromString)

function isEscaped(s: string, i: number): boolean {
  let n = 0;
  for (let j = i - 1; j >= 0 && s[j] === "\\"; j--) n++;
  return n % 2 === 1;
}

function firstUnescaped(s: string, ch: string): number {
  for (let i = 0; i < s.length; i++) if (s[i] === ch && !isEscaped(s, i)) return i;
  return -1;
}

function lastUnescaped(s: string, ch: string): number {
  for (let i = s.length - 1; i >= 0; i--) if (s[i] === ch && !isEscaped(s, i)) return i;
  return -1;
}

/** The client's unescapeRuleContent: `\(` → `(`, `\)` → `)`, then `\\` → `\`. */
function unescapeContent(s: string): string {
  return s.replace(/\\\(/g, "(").replace(/\\\)/g, ")").replace(/\\\\/g, "\\");
}

const MAX_RULE_LENGTH = 4096;

/** A rule's tool part and specifier, read and checked: what compiling its matcher and its index hint both start from. */
interface RuleHead {
  readonly raw: string;
  readonly tool: string;
  readonly toolTest: (canonicalToolName: string) => boolean;
  /** The specifier after unescaping; undefined for a whole-tool rule. */
  readonly specifier: string | undefined;
}

function ruleHead(raw: string, tools: ToolTable): Result<RuleHead, string> {
  if (typeof raw !== "string") return err("a permission rule must be a string");
  const rule = raw.trim();
  if (rule === "") return err("empty permission rule");
  if (rule.length > MAX_RULE_LENGTH) return err(`permission rule is longer than ${MAX_RULE_LENGTH} characters`);
  const open = firstUnescaped(rule, "(");
  let toolPart: string;
  let rawContent: string | undefined;
  if (open === -1) {
    toolPart = rule;
    if (lastUnescaped(rule, ")") !== -1) return err(`"${raw}": ")" without "(" — write Tool or Tool(specifier)`);
  } else {
    const close = lastUnescaped(rule, ")");
    if (close === -1 || close < open) return err(`"${raw}": missing the closing ")" of the specifier`);
    if (close !== rule.length - 1) return err(`"${raw}": text after the closing ")" — the specifier must end the rule`);
    toolPart = rule.slice(0, open);
    rawContent = rule.slice(open + 1, close);
    if (toolPart === "") return err(`"${raw}": missing tool name before "("`);
  }
  const tt = compileToolTest(toolPart.trim() === toolPart ? toolPart : "", tools);
  if (!tt.ok) return err(toolPart.trim() !== toolPart ? `"${raw}": whitespace around the tool name` : `"${raw}": ${tt.error}`);
  const tool = tt.value.tool;
  const toolTest = tt.value.test;
  if (rawContent === undefined || rawContent === "" || rawContent === "*") return ok({ raw, tool, toolTest, specifier: undefined });
  const content = unescapeContent(rawContent);
  if (content.trim() === "") return err(`"${raw}": blank specifier — write ${tool} or ${tool}(*) for the whole tool`);
  return ok({ raw, tool, toolTest, specifier: content });
}

export function compileRule(raw: string, tools: ToolTable): Result<CompiledRule, string> {
  const head = ruleHead(raw, tools);
  if (!head.ok) return head;
  const { tool, toolTest, specifier } = head.value;
  // Built as literals with every field, never by spreading: spread-built objects were several times slower to
  // build and to read on the evaluation path (bench/).
  if (specifier === undefined) return ok({ raw, tool, toolTest, specifier: undefined, matcher: { kind: "tool" }, tools });
  const m = compileSpecifier(tool, specifier, tools);
  if (!m.ok) return err(`"${raw}": ${m.error}`);
  return ok({ raw, tool, toolTest, specifier, matcher: m.value, tools });
}

/**
 * What the rule index reads of a rule (match/ruleIndex.ts's ruleHint), without compiling its matcher: its head, and
 * for a shell rule whether it is a command pattern (not a parameter rule) and its canonical twin's text. A cold
 * isolate indexes a stored policy's handlers from these and compiles each handler on its first use. Undefined when
 * the rule does not read (the handler then has no hint: it is visited, and its compile fails there). A rule that
 * reads here may still fail to compile (a bad glob, domain or parameter): that too surfaces at the handler's compile.
 */
export function ruleForHint(raw: string, tools: ToolTable): RuleForHint | undefined {
  const head = ruleHead(raw, tools);
  if (!head.ok) return undefined;
  const { tool, toolTest, specifier } = head.value;
  const shell = tools.shells[tool];
  if (specifier === undefined || shell === undefined || tool.startsWith(tools.mcpPrefix)) return { raw, tool, toolTest, specifier, tools, matcher: { kind: "other", canonicalText: undefined } };
  const p = shellPattern(specifier);
  if (p === undefined) return undefined;
  if ("param" in p) return { raw, tool, toolTest, specifier, tools, matcher: { kind: "param", canonicalText: undefined } };
  return { raw, tool, toolTest, specifier, tools, matcher: { kind: "shell", canonicalText: shell.dialect === "powershell" ? undefined : canonicalPattern(p.pattern)?.text } };
}

/** The part of a rule the index reads: a compiled rule is one, and so is what ruleForHint reads without compiling. */
export interface RuleForHint {
  readonly raw: string;
  readonly tool: string;
  readonly specifier: string | undefined;
  readonly toolTest: (canonicalToolName: string) => boolean;
  readonly tools: ToolTable;
  readonly matcher: { readonly kind: string; readonly canonicalText?: string | undefined };
}

function compileSpecifier(tool: string, content: string, tools: ToolTable): Result<Matcher, string> {
  if (tool.startsWith(tools.mcpPrefix)) return err("MCP tools take no argument specifiers (write the bare tool or server name)");
  if (tools.shells[tool]) return compileShellSpecifier(tool, tools.shells[tool].dialect, content, tools);
  if (tools.paths[tool]) {
    const g = compilePathGlob(content);
    return g.ok ? ok({ kind: "path", glob: g.value }) : err(g.error);
  }
  if (tools.urls[tool] !== undefined) return compileDomain(content, tool);
  const param = PARAM.exec(content);
  const known = tools.params[tool];
  const isParam = param !== null && (known === undefined || known.includes(param[1]!));
  if (isParam) return compileParam(tool, param[1]!, param[2]!, tools);
  const byFields = tools.fields[tool];
  if (byFields) {
    const text = byFields.stripSlash ? content.trim().replace(/^\//, "") : content.trim();
    return ok({ kind: "field", fields: byFields.fields, value: compileWildcard(text, byFields.ignoreCase ? { ignoreCase: true } : {}), stripSlash: byFields.stripSlash ?? false });
  }
  return err(`${tool}(…) takes only parameter rules such as ${tool}(name:value)`);
}

function compileParam(tool: string, name: string, value: string, tools: ToolTable): Result<Matcher, string> {
  const primary = tools.primary[tool];
  if (primary === name) {
    const example = tools.shells[tool] ? `${tool}(rm *)` : `${tool}(value)`;
    return err(`a parameter rule can't target ${tool}'s primary field "${name}" — write ${example} instead`);
  }
  return ok({ kind: "param", name, value: compileWildcard(value) });
}

/**
 * A shell rule's specifier read as the client reads it: runs of whitespace are one space, and the legacy prefix
 * `npm run test:*` (`:*` only at the very end) is `npm run test *` (the command is the prefix, or starts with it and a
 * space — with the bare-command quirk). Else `name:value` is a parameter rule. Undefined: an empty prefix before `:*`.
 */
function shellPattern(content: string): { form: ShellMatcher["form"]; pattern: string } | { param: RegExpExecArray } | undefined {
  const text = content.replace(/\s+/g, " ").trim();
  if (text.endsWith(":*") && !isEscaped(text, text.length - 1)) {
    const prefix = text.slice(0, -2).trim();
    return prefix === "" ? undefined : { form: "prefix", pattern: `${prefix} *` };
  }
  const param = PARAM.exec(content);
  return param ? { param } : { form: "wildcard", pattern: text };
}

function compileShellSpecifier(tool: string, dialect: "bash" | "powershell", content: string, tools: ToolTable): Result<Matcher, string> {
  const ci = dialect === "powershell";
  const fold = (s: string) => (ci ? s.toLowerCase() : s);
  const read = shellPattern(content);
  if (read === undefined) return err("empty command before \":*\"");
  if ("param" in read) return compileParam(tool, read.param[1]!, read.param[2]!, tools);
  const { form, pattern } = read;
  const wc = compileWildcard(fold(pattern), { trailingSpaceStarOptional: true });
  const pieces = wildcardPieces(fold(pattern));
  const barePieces = pieces.length === 2 && pieces[1] === "" && pieces[0]!.endsWith(" ") ? [pieces[0]!.slice(0, -1)] : undefined;
  const canonical = ci ? undefined : canonicalPattern(pattern);
  return ok(new LazyShellMatcher(form, wc, pieces, barePieces, canonical));
}

/**
 * A Bash/PowerShell rule's matcher. The template automata are built on first use: most rules only ever meet
 * commands without dynamic words, and a large policy compiles faster without them. A class, so the lazy fields
 * live on one shape and the getters on the prototype.
 */
class LazyShellMatcher implements ShellMatcher {
  readonly kind = "shell";
  readonly canonicalText: string | undefined;
  private someMemo: SomePattern | undefined;
  private bareMemo: SomePattern | undefined;
  private canonicalMemo: SomePattern | undefined;
  constructor(
    readonly form: ShellMatcher["form"],
    private readonly wildcard: Wildcard,
    private readonly pieces: readonly string[],
    private readonly barePieces: readonly string[] | undefined,
    private readonly twin: { pieces: string[]; text: string } | undefined,
  ) {
    this.canonicalText = twin?.text;
  }
  test(s: string): boolean {
    return this.wildcard.test(s);
  }
  get some(): SomePattern {
    return (this.someMemo ??= somePattern(this.pieces));
  }
  get someBare(): SomePattern | undefined {
    return this.barePieces === undefined ? undefined : (this.bareMemo ??= somePattern(this.barePieces));
  }
  get canonical(): SomePattern | undefined {
    return this.twin === undefined ? undefined : (this.canonicalMemo ??= somePattern(this.twin.pieces));
  }
}

/**
 * The rule's own words put through the canonical form (forms.ts), so that `Bash(rm -rf *)` also matches
 * `rm --recursive --force …` and `rm ~ -rf` written any way. Only when the command is named literally.
 */
function canonicalPattern(pattern: string): { pieces: string[]; text: string } | undefined {
  const words = pattern.split(" ");
  if (words.length < 2 || words[0]!.includes("*") || words[0]!.includes("\\")) return undefined;
  const asWord = (t: string): ShellWord => {
    const v = literal(t).replace(/\*/g, HOLE_NODOT);
    return { text: v, value: v, raw: t, splits: false, procsub: undefined, substs: [] };
  };
  const asWords = words.map(asWord);
  const canon = canonicalForm(asWords, "bash", undefined);
  // No twin when canonicalising changes nothing (an unknown command with plain operands, or already canonical).
  if (canon === undefined || canon === asWords.map((w) => w.value).join(" ")) return undefined;
  const pieces = canon.split(HOLE_NODOT);
  return { pieces, text: pieces.join("*") };
}

function compileDomain(content: string, tool: string): Result<Matcher, string> {
  if (!content.startsWith("domain:")) return err(`${tool} rules take a domain specifier: ${tool}(domain:example.com)`);
  let d = content.slice("domain:".length).trim().toLowerCase();
  if (d === "") return err(`${tool}(domain:) names no domain`);
  if (/[\s/:@?#\\]/.test(d) && !/^\[[0-9a-f:.]+\]$/.test(d)) {
    return err(`${tool}(domain:${d}) takes a hostname only (no scheme, port, path or user)`);
  }
  while (d.endsWith(".") && d.length > 1) d = d.slice(0, -1);
  if (d === "*") return ok({ kind: "domain", any: true, test: () => true });
  // Non-ASCII labels → punycode, like URL hostnames.
  if (/[^\x00-\x7f]/.test(d)) {
    try {
      d = new URL(`http://${d.replace(/\*/g, "wildcard0x2a")}`).hostname.replace(/wildcard0x2a/g, "*");
    } catch {
      return err(`${tool}(domain:${d}) is not a valid hostname`);
    }
  }
  let anyDepth = false;
  let body = d;
  if (body.startsWith("*.")) {
    anyDepth = true;
    body = body.slice(2);
  }
  const labels = body.split(".");
  if (labels.some((l) => l === "")) return err(`${tool}(domain:${d}) has an empty label`);
  const tests = labels.map((l) => compileWildcard(l, { escapes: false }));
  return ok({
    kind: "domain",
    any: false,
    test: (host) => {
      const hl = host.split(".");
      if (anyDepth ? hl.length <= tests.length : hl.length !== tests.length) return false;
      const off = hl.length - tests.length;
      for (let i = 0; i < tests.length; i++) if (!tests[i]!.test(hl[off + i]!)) return false;
      return true;
    },
  });
}

/**
 * How a rule is asked: `restrict` (deny, ask, block, judges: does SOME filling of a dynamic word match, in any
 * form?) or `allow` (does EVERY filling match, in a form the client itself would match?).
 */
export type MatchMode = "restrict" | "allow";

function shellFormMatches(m: ShellMatcher, form: string, mode: MatchMode, budget: WorkBudget): boolean {
  if (!budget.spend(form.length + 8)) return false;
  if (mode === "allow") return m.test(opaque(form));
  if (!hasHoles(form)) return m.test(form);
  if (!budget.spend(form.length * ((m.some.words >>> 1) + 1))) return false;
  return matchSome(m.some, form) || (m.someBare !== undefined && matchSome(m.someBare, form));
}

export function matchingSubjects(rule: CompiledRule, subjects: CallSubjects, mode: MatchMode = "restrict"): number[] {
  if (!rule.toolTest(subjects.toolName)) return NONE;
  const m = rule.matcher;
  switch (m.kind) {
    case "tool":
      return all(subjects);
    case "param": {
      const v = scalar(subjects.input[m.name]);
      return v !== undefined && m.value.test(v) ? all(subjects) : NONE;
    }
    case "shell": {
      if (subjects.kind !== "shell") return NONE;
      // Plain loops and no array unless something matches: this runs for every rule of every handler of a call.
      let out: number[] | undefined;
      const items = subjects.items;
      const budget = subjects.budget;
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        const forms = mode === "allow" ? item.allow : item.restrict;
        let hit = false;
        for (let f = 0; f < forms.length && !hit; f++) hit = shellFormMatches(m, forms[f]!, mode, budget);
        if (!hit && mode === "restrict" && m.canonical !== undefined && item.canonical !== undefined && budget.spend(item.canonical.length * 2))
          hit = matchSome(m.canonical, item.canonical);
        if (hit) (out ??= []).push(i);
      }
      return out ?? NONE;
    }
    case "path": {
      if (subjects.kind !== "path" || subjects.path === undefined) return NONE;
      if (!subjects.budget.spend(subjects.path.path.length + m.glob.raw.length)) return NONE;
      if (m.glob.matchPrepared(subjects.path)) return all(subjects);
      // gitignore semantics, as the client has them: a rule that matches a directory covers everything in it
      // (`Read(secrets/*)` matches `secrets/db/prod.txt`). Only ever wider, so for restricting rules only.
      if (mode === "restrict") {
        const p = subjects.path;
        for (let k = p.segs.length - 1; k > 0; k--) {
          if (!subjects.budget.spend(m.glob.raw.length + k)) return NONE;
          if (m.glob.matchPrepared({ ...p, segs: p.segs.slice(0, k) })) return all(subjects);
        }
      }
      return NONE;
    }
    case "domain": {
      if (subjects.kind !== "url") return NONE;
      if (m.any) return all(subjects);
      return subjects.host !== undefined && m.test(subjects.host) ? all(subjects) : NONE;
    }
    case "field": {
      for (const f of m.fields) {
        let v = scalar(subjects.input[f]);
        if (v === undefined) continue;
        if (m.stripSlash) v = v.replace(/^\//, "");
        return m.value.test(v.trim()) ? all(subjects) : NONE;
      }
      return NONE;
    }
  }
}

/** Convenience: does the rule match any subject of the call? */
export function matchesCall(rule: CompiledRule, call: ToolCall): boolean {
  return matchingSubjects(rule, subjectsOf(call, rule.tools)).length > 0;
}
