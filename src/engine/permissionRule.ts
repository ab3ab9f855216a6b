/**
 * Claude Code permission rules (contract §3.3) as used by hookgate's `if` / `unless` (hookgate spec §3.2):
 * parse, compile, match. Pure: no I/O, no exceptions for bad data.
 *
 * hookgate is a security gate and is deliberately STRICTER than the client where the client fails open:
 * - Malformed rules are rejected at compile time (the client reads them as a bare tool name).
 * - Bash: every simple command of a compound command, of `$()`/backticks/`<()`, of subshells, groups, control
 *   bodies and functions, of `bash -c '…'`/`eval '…'`/`su -c`/here-docs fed to a shell/`find -exec` is a
 *   subject (see shellCommand.ts); leading assignments and wrappers (also `env`, `sudo`, `doas`, `exec`,
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
import { WorkBudget } from "./budget";
import { compileWildcard, wildcardPieces, type Wildcard } from "./linearPattern";
import { canonicalTool, type ToolTable } from "./toolTable";
import { compilePathGlob, deriveHome, normalizePath, preparePath, preparePathTemplate, type PathGlob, type PreparedPath, type PreparedTemplate } from "./pathGlob";
import { ok, err, type Result } from "./result";
import { analyseShell } from "./shell/analyse";
import { effectsOf, type Effect } from "./shell/effects";
import { canonicalForm, formsOf, type CommandForms } from "./shell/forms";
import type { ShellAnalysis, ShellWord } from "./shell/model";
import { globTemplate, hasHoles, literal, matchSome, opaque, somePattern, type SomePattern } from "./shell/template";

export interface ToolCall {
  toolName: string;
  toolInput: Record<string, unknown>;
  cwd?: string | undefined;
  home?: string | undefined;
}

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

export const MAX_RULE_LENGTH = 4096;

export function compileRule(raw: string, tools: ToolTable): Result<CompiledRule, string> {
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
  // Built as literals with every field, never by spreading: spread-built objects were several times slower to
  // build and to read on the evaluation path (bench/).
  if (rawContent === undefined || rawContent === "" || rawContent === "*") {
    return ok({ raw, tool, toolTest, specifier: undefined, matcher: { kind: "tool" }, tools });
  }
  const content = unescapeContent(rawContent);
  if (content.trim() === "") return err(`"${raw}": blank specifier — write ${tool} or ${tool}(*) for the whole tool`);
  const m = compileSpecifier(tool, content, tools);
  if (!m.ok) return err(`"${raw}": ${m.error}`);
  return ok({ raw, tool, toolTest, specifier: content, matcher: m.value, tools });
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

function compileShellSpecifier(tool: string, dialect: "bash" | "powershell", content: string, tools: ToolTable): Result<Matcher, string> {
  const ci = dialect === "powershell";
  const fold = (s: string) => (ci ? s.toLowerCase() : s);
  // Runs of whitespace are one space, in rules as in commands (as the client reads both).
  const text = content.replace(/\s+/g, " ").trim();
  // Legacy prefix `npm run test:*` (`:*` only at the very end): the command is the prefix, or starts with it and
  // a space — exactly `prefix *` with the bare-command quirk.
  let pattern = text;
  let form: ShellMatcher["form"] = "wildcard";
  if (text.endsWith(":*") && !isEscaped(text, text.length - 1)) {
    const prefix = text.slice(0, -2).trim();
    if (prefix === "") return err("empty command before \":*\"");
    pattern = `${prefix} *`;
    form = "prefix";
  } else {
    const param = PARAM.exec(content);
    if (param) return compileParam(tool, param[1]!, param[2]!, tools);
  }
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
  const STAR = "\uE003";
  const asWord = (t: string): ShellWord => {
    const v = literal(t).replace(/\*/g, STAR);
    return { text: v, value: v, raw: t, splits: false, procsub: undefined, substs: [] };
  };
  const asWords = words.map(asWord);
  const canon = canonicalForm(asWords, "bash", undefined);
  // No twin when canonicalising changes nothing (an unknown command with plain operands, or already canonical).
  if (canon === undefined || canon === asWords.map((w) => w.value).join(" ")) return undefined;
  const pieces = canon.split(STAR);
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

// ---------------------------------------------------------------------------------------------------------
// Subjects

interface Subject {
  display: string;
  /** Shell forms for restricting rules and for allow rules (forms.ts); empty for other tools. */
  restrict: readonly string[];
  allow: readonly string[];
  canonical: string | undefined;
}

export interface CallSubjects {
  /** Canonical tool name of the call. */
  readonly toolName: string;
  readonly kind: "shell" | "path" | "url" | "other";
  /** @internal */
  readonly input: Record<string, unknown>;
  /** @internal shell subjects (kind "shell"): one per simple command; one entry otherwise. */
  readonly items: readonly Subject[];
  /** @internal normalised path (kind "path"), undefined if the input has none. */
  readonly path: PreparedPath | undefined;
  /** @internal lower-cased hostname without trailing dot (kind "url"), undefined if unparseable. */
  readonly host: string | undefined;
  /** @internal */
  readonly cwd: string | undefined;
  /** @internal */
  readonly home: string | undefined;
  /** @internal the shell analysis (kind "shell"). */
  readonly analysis: ShellAnalysis | undefined;
  /** @internal this call's share of matching work. */
  readonly budget: WorkBudget;
  /** @internal effect paths prepared once (key: cwd NUL path), however many patterns test them. */
  readonly prepared: Map<string, PreparedEffectPath>;
  /** @internal for shell calls: the analysis and what is derived from it, shared by every call of the command. */
  readonly shell: AnalysedCommand | undefined;
  /** @internal for other calls: their effects, once worked out. */
  fileEffects: readonly Effect[] | undefined;
  /** @internal the client's tools. */
  readonly tools: ToolTable;
  /** Part of the call could not be examined (a cap of the shell analysis, a path longer than any real one). */
  readonly truncated: boolean;
  /** Part of the shell command didn't parse (the tolerant readings were added). */
  readonly parseErrors: boolean;
}

/** A call's effects (what it deletes, reads, writes, …), computed once per call on first use. */

/** The tools whose calls can have effects: file tools by their table entries, shell tools by their commands. */
const effectToolsByTable = new WeakMap<ToolTable, ReadonlySet<string>>();
export function effectTools(tools: ToolTable): ReadonlySet<string> {
  let set = effectToolsByTable.get(tools);
  if (!set) effectToolsByTable.set(tools, (set = new Set([...Object.keys(tools.effects), ...Object.keys(tools.shells)])));
  return set;
}

export function callEffects(s: CallSubjects): readonly Effect[] {
  // A shell call's effects belong to its analysis (shared by every call of the same command, see analysisCache).
  if (s.shell) return (s.shell.effects ??= effectsOf(s.shell.analysis));
  if (s.fileEffects) return s.fileEffects;
  const out: Effect[] = [];
  const str = (f: string) => (typeof s.input[f] === "string" && s.input[f] !== "" ? (s.input[f] as string) : undefined);
  for (const spec of s.tools.effects[s.toolName] ?? []) {
    const given = spec.fields.map(str).find((x) => x !== undefined);
    if (spec.patternDir !== undefined) {
      // The literal directory the pattern starts in (`~/.ssh/*` → `~/.ssh`; `.env*`, `**/x` → none), under the path.
      const pattern = str(spec.patternDir) ?? "";
      const stem = pattern.slice(0, Math.max(0, pattern.search(/[*?[{]/)));
      const dir = stem.includes("/") ? stem.slice(0, stem.lastIndexOf("/")) : "";
      const target = given !== undefined ? (dir !== "" && !dir.startsWith("/") && !dir.startsWith("~") ? `${given}/${dir}` : given) : dir !== "" ? dir : undefined;
      if (target !== undefined) out.push({ kind: spec.kind, path: literal(target), via: s.toolName, command: 0 });
      continue;
    }
    const path = given ?? spec.default;
    if (path === undefined) continue;
    out.push({ kind: spec.kind, path: literal(path), via: `${s.toolName} ${spec.fields[0]}`, command: 0 });
    const globs = spec.globs !== undefined ? str(spec.globs) : undefined;
    if (globs !== undefined)
      for (const g of globs.split(/[,\s]+/).filter((x) => x !== "" && !x.startsWith("!")))
        out.push({ kind: spec.kind, path: `${literal(path)}/${globTemplate(g)}`, via: `${s.toolName} ${spec.globs}`, command: 0 });
  }
  s.fileEffects = out;
  return out;
}

/**
 * An effect's path as the `effect` condition reads it: a variable or substitution hookgate could not resolve is
 * taken as empty — what an unset variable or a failed `$(…)` really gives, the `rm -rf "$DIR/"*` accident — while
 * globs keep every file they may match. `${X:?}` (never empty) and a `cd` to an unknown place make it unknown:
 * undefined, matched by no set.
 */
export function effectPath(path: string): string | undefined {
  if (!hasHoles(path)) return path;
  if (path.includes("\uE004")) return undefined;
  // A glob `*` after a name (`Dockerfile*`, `.env*`) stands for the name's variants, not a new extension: it is
  // read as text without `.` (HOLE_NOEXT), so `Dockerfile*` is not taken for `Dockerfile.key`.
  return path.replace(/\uE000/g, "").replace(/([^/.\uE000-\uE005])\uE001/g, "$1\uE005");
}

/** An effect's path made ready for matching: `some` for SOME filling of its holes, `every` for EVERY filling. */
export interface PreparedEffectPath {
  readonly some: PreparedPath | PreparedTemplate | undefined;
  readonly every: PreparedPath | undefined;
}

const UNPREPARED: PreparedEffectPath = { some: undefined, every: undefined };

/** Prepare an effect's path (see effectPath) once per call, however many globs then test it. */
export function prepareEffectPath(path: string, s: CallSubjects, cwd: string | undefined = s.cwd): PreparedEffectPath {
  const key = `${cwd ?? ""}\0${path}`;
  const known = s.prepared.get(key);
  if (known) return known;
  // Normalising costs about as much as a few dozen glob tests on it; beyond the budget the path is not examined.
  if (!s.budget.spend(path.length * 16 + 2_000)) return UNPREPARED;
  const p0 = effectPath(path);
  let some: PreparedPath | PreparedTemplate | undefined;
  let every: PreparedPath | undefined;
  if (p0 !== undefined) {
    if (p0 === "") some = undefined;
    // Relative paths resolve against where the command runs; rules stay anchored at the call's own cwd.
    else if (hasHoles(p0) || p0.startsWith("~")) some = preparePathTemplate(p0, { cwd, home: s.home }, s.cwd);
    else some = preparePath(cwd !== s.cwd && cwd !== undefined ? (normalizePath(p0, cwd, s.home) ?? p0) : p0, { cwd: s.cwd, home: s.home });
    const abs = cwd !== s.cwd && cwd !== undefined ? (normalizePath(opaque(p0), cwd, s.home) ?? p0) : opaque(p0);
    every = preparePath(abs, { cwd: s.cwd, home: s.home });
  }
  const prepared = { some, every };
  s.prepared.set(key, prepared);
  return prepared;
}

/** Whether a glob matches an effect's path for SOME filling of its holes. */
export function effectPathMatches(glob: PathGlob, p: PreparedEffectPath, s: CallSubjects): boolean {
  const t = p.some;
  if (t === undefined) return false;
  if (!("candidates" in t)) return s.budget.spend(t.path.length + glob.raw.length) && glob.matchPrepared(t);
  // A template is simulated character by character against the glob's automaton (anchor included): charge that.
  let chars = 0;
  for (const c of t.candidates) chars += c.length;
  return s.budget.spend(chars * (glob.raw.length + (s.cwd?.length ?? 0) + 4)) && glob.matchTemplate(t);
}

/** Whether a glob matches an effect's path for EVERY filling of its holes (for exclusions). */
export function effectPathAlwaysMatches(glob: PathGlob, p: PreparedEffectPath): boolean {
  return p.every !== undefined && glob.matchPrepared(p.every);
}

/** A shell command's analysis and what is derived from it on demand; shared by every call of the command. */
export interface AnalysedCommand {
  readonly analysis: ShellAnalysis;
  readonly items: readonly Subject[];
  effects: readonly Effect[] | undefined;
  /** Effect paths prepared for matching: they depend only on the analysis' input (cwd and home included). */
  readonly prepared: Map<string, PreparedEffectPath>;
  /** The rule index's view of the forms (ruleIndex.ts). */
  indexForms: { readonly forms: string[] } | undefined;
}

/**
 * Recent shell analyses, so that a command an agent runs again (`git status`, `npm test`) is not parsed again.
 * Module scope on purpose: it outlives the request. The key is the exact command text with its dialect, cwd and
 * home — everything the analysis reads — so an entry is only ever reused for the very same input; what is cached
 * is the analysis (pure data, never mutated), never an answer. The key also holds the compiled policy's scope
 * (CompiledPolicy.analysisScope): a team only ever hits its own entries, so a hit's speed says nothing about what
 * another team ran. Bounded: the most recent CACHE_ENTRIES commands of at most CACHE_MAX_COMMAND characters each.
 */
const analysisCache = new Map<string, AnalysedCommand>();
const CACHE_ENTRIES = 256;
const CACHE_MAX_COMMAND = 4096;

const analysisKey = (command: string, dialect: "bash" | "powershell", cwd: string | undefined, home: string | undefined, scope: string) =>
  `${scope}\0${dialect}\0${cwd ?? ""}\0${home ?? ""}\0${command}`;

/** Whether the cache holds this command's analysis in `scope` (tests: which scope a decision used). */
export const isAnalysisCached = (...key: Parameters<typeof analysisKey>) => analysisCache.has(analysisKey(...key));

function analysedCommand(command: string, dialect: "bash" | "powershell", cwd: string | undefined, home: string | undefined, scope: string): AnalysedCommand {
  const cacheable = command.length <= CACHE_MAX_COMMAND;
  const key = cacheable ? analysisKey(command, dialect, cwd, home, scope) : "";
  if (cacheable) {
    const hit = analysisCache.get(key);
    if (hit) {
      // Most recently used last: the first entry is the one to evict.
      analysisCache.delete(key);
      analysisCache.set(key, hit);
      return hit;
    }
  }
  const analysis = analyseShell(command, dialect, { cwd, home });
  const forms: CommandForms[] = formsOf(analysis, home);
  const items: Subject[] = forms.map((f) => ({ display: f.display, restrict: f.restrict, allow: f.allow, canonical: f.canonical }));
  // An empty or comment-only command: one empty subject, so a whole-tool rule still has something to match.
  if (items.length === 0) items.push({ display: "", restrict: [""], allow: [""], canonical: undefined });
  const entry: AnalysedCommand = { analysis, items, effects: undefined, prepared: new Map(), indexForms: undefined };
  if (cacheable) {
    analysisCache.set(key, entry);
    if (analysisCache.size > CACHE_ENTRIES) analysisCache.delete(analysisCache.keys().next().value!);
  }
  return entry;
}

/** `scope`: whose part of the analysis cache to use (a compiled policy's analysisScope; "" outside a policy). */
export function subjectsOf(call: ToolCall, tools: ToolTable, budget: WorkBudget = new WorkBudget(), scope = ""): CallSubjects {
  const toolName = canonicalTool(tools, typeof call.toolName === "string" ? call.toolName : "");
  const input = call.toolInput && typeof call.toolInput === "object" ? call.toolInput : {};
  const cwd = typeof call.cwd === "string" && call.cwd !== "" ? call.cwd : undefined;
  const home = typeof call.home === "string" && call.home !== "" ? call.home : deriveHome(cwd);
  // One literal with every field (no spread): the object is read for every rule of every handler of the call.
  const make = (
    kind: CallSubjects["kind"],
    items: readonly Subject[],
    extra: { path?: CallSubjects["path"]; host?: string; truncated?: boolean; parseErrors?: boolean; shell?: AnalysedCommand } = {},
  ): CallSubjects => ({
    toolName,
    kind,
    input,
    items,
    path: extra.path,
    host: extra.host,
    cwd,
    home,
    analysis: extra.shell?.analysis,
    budget,
    prepared: extra.shell ? extra.shell.prepared : new Map(),
    shell: extra.shell,
    fileEffects: undefined,
    tools,
    truncated: extra.truncated ?? false,
    parseErrors: extra.parseErrors ?? false,
  });

  const shellTool = tools.shells[toolName];
  if (shellTool) {
    const command = typeof input[shellTool.field] === "string" ? (input[shellTool.field] as string) : "";
    const shell = analysedCommand(command, shellTool.dialect, cwd, home, scope);
    return make("shell", shell.items, { truncated: shell.analysis.truncated, parseErrors: shell.analysis.parseErrors, shell });
  }
  const pathTool = tools.paths[toolName];
  if (pathTool) {
    let raw: string | undefined;
    for (const f of pathTool.fields) {
      const v = input[f];
      if (typeof v === "string" && v !== "") {
        raw = v;
        break;
      }
    }
    if (raw === undefined && pathTool.orCwd) raw = cwd;
    const path = raw !== undefined ? preparePath(raw, { cwd, home }) : undefined;
    return make("path", [{ display: path?.path ?? "(no path)", restrict: [], allow: [], canonical: undefined }], { path, truncated: path?.tooLong ?? false });
  }
  const urlField = tools.urls[toolName];
  if (urlField !== undefined) {
    const url = typeof input[urlField] === "string" ? (input[urlField] as string) : "";
    const host = hostOf(url);
    const display = host ?? `(unparseable url: ${url.length > 200 ? `${url.slice(0, 199)}…` : url})`;
    return make("url", [{ display, restrict: [], allow: [], canonical: undefined }], { host });
  }
  return make("other", [{ display: toolName, restrict: [], allow: [], canonical: undefined }]);
}

/** Hostname of a URL, lower-cased, trailing dot stripped; scheme-less `host/path` is read as https. */
function hostOf(url: string): string | undefined {
  const tryParse = (u: string): string | undefined => {
    try {
      const h = new URL(u).hostname;
      return h === "" ? undefined : h;
    } catch {
      return undefined;
    }
  };
  let h = tryParse(url.trim());
  if (h === undefined && url.trim() !== "" && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim())) h = tryParse(`https://${url.trim()}`);
  if (h === undefined) return undefined;
  h = h.toLowerCase();
  while (h.endsWith(".") && h.length > 1) h = h.slice(0, -1);
  return h;
}

export function subjectCount(subjects: CallSubjects): number {
  return subjects.items.length;
}

export function describeSubject(subjects: CallSubjects, i: number): string {
  return subjects.items[i]?.display ?? "";
}

const NONE: number[] = [];

/** Every subject index of a call, built once per call (rules that cover the whole call all return it). */
const allIndexes = new WeakMap<CallSubjects, number[]>();
function all(subjects: CallSubjects): number[] {
  const cached = allIndexes.get(subjects);
  if (cached) return cached;
  const out = allUncached(subjects);
  allIndexes.set(subjects, out);
  return out;
}

function allUncached(subjects: CallSubjects): number[] {
  const out: number[] = [];
  for (let i = 0; i < subjects.items.length; i++) out.push(i);
  return out;
}

function scalar(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  return undefined;
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
