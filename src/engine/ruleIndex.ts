import type { CallSubjects, CompiledRule } from "./permissionRule";

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
  literals?: readonly { literal: string; word?: string }[];
}

/** Tool names a rule is checked against when its tool is a plain name (every editing tool for `Edit`, …). */
const TOOL_UNIVERSE = [
  "Bash", "PowerShell", "Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "NotebookRead", "Glob", "Grep", "LS",
  "WebFetch", "WebSearch", "Agent", "Skill", "TodoWrite", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate", "TaskStop",
  "TaskOutput", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion", "LSP", "SlashCommand",
];

/** Module scope: which tools a rule's tool name covers depends on the name alone, so it is worked out once. */
const toolsByRuleTool = new Map<string, readonly string[]>();

function toolsOf(rule: CompiledRule): readonly string[] | undefined {
  if (rule.tool.includes("*") || rule.tool.startsWith("mcp__")) return undefined;
  let tools = toolsByRuleTool.get(rule.tool);
  if (!tools) {
    tools = [...new Set([rule.tool, ...TOOL_UNIVERSE])].filter((t) => rule.toolTest(t));
    toolsByRuleTool.set(rule.tool, tools);
  }
  return tools;
}

/**
 * The literal text every subject a Bash rule matches must start with (lower-cased, trailing spaces dropped since
 * `git *` also matches bare `git`), or undefined when the rule can match any command.
 */
function literalOf(rule: CompiledRule): string | undefined {
  if (rule.tool !== "Bash" || rule.matcher.kind !== "shell" || rule.specifier === undefined) return undefined;
  if (rule.raw.includes("\\")) return undefined; // escapes: keep it simple and unindexed
  // Whitespace runs are one space; the legacy `prefix:*` is `prefix *`.
  let spec = rule.specifier.replace(/\s+/g, " ").trim();
  if (spec.endsWith(":*")) spec = `${spec.slice(0, -2).trimEnd()} *`;
  const star = spec.indexOf("*");
  let literal = (star === -1 ? spec : spec.slice(0, star)).toLowerCase().trimEnd();
  // A rule that is also matched in canonical form (options normalised) only fixes its command's name.
  if (rule.matcher.canonical !== undefined && literal.includes(" ")) literal = `${firstWordOfText(literal)} `;
  return literal === "" ? undefined : literal;
}

const firstWordOfText = (text: string): string => {
  const space = text.indexOf(" ");
  return space === -1 ? text : text.slice(0, space);
};

export function ruleHint(ifRules: readonly CompiledRule[]): RuleHint | undefined {
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
  const literals: { literal: string; word?: string }[] = [];
  for (const r of ifRules) {
    const literal = literalOf(r);
    if (literal === undefined) return hint.tools ? hint : undefined;
    // The first word is complete only when the literal goes past it; `ls*` only fixes a prefix of it.
    literals.push(literal.includes(" ") ? { literal, word: firstWordOfText(literal) } : { literal });
  }
  hint.literals = literals;
  return hint;
}

/** What the pre-filter needs from a Bash call: every form of every subject, lower-cased, and their first words. */
export interface CommandForms {
  forms: string[];
  words: Set<string>;
  /** Some form starts with a hole (a dynamic command word): it may be any command, so every rule is visited. */
  dynamic: boolean;
}

const startsWithHole = (s: string) => s.length > 0 && s.charCodeAt(0) >= 0xe000 && s.charCodeAt(0) <= 0xe004;

export function commandForms(subjects: CallSubjects): CommandForms {
  const forms: string[] = [];
  const words = new Set<string>();
  let dynamic = false;
  if (subjects.kind === "shell")
    for (const item of subjects.items) {
      for (const form of item.restrict) {
        const f = form.toLowerCase();
        forms.push(f);
        const w = firstWordOfText(f);
        if (/[\uE000-\uE004]/.test(w)) dynamic = true;
        words.add(w);
      }
      if (item.canonical !== undefined) {
        forms.push(item.canonical.toLowerCase());
        words.add(firstWordOfText(item.canonical.toLowerCase()));
      }
    }
  return { forms, words, dynamic };
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
  if (hint.literals && toolName === "Bash") {
    const { forms, words, dynamic } = command();
    for (const { literal, word } of hint.literals) {
      if (word !== undefined && !words.has(word) && !dynamic && ![...words].some(startsWithHole)) continue;
      for (const f of forms) if (couldStartWith(f, literal)) return true;
    }
    return false;
  }
  return true;
}

/**
 * A matcher group's handlers indexed by their hints, so a call only visits the handlers that might apply to it:
 * those without a hint, those whose rules name the call's tool, and for Bash those whose literal's first word is
 * a first word of the command. Built once at compile time.
 */
export interface GroupIndex {
  /** Positions of handlers that have no hint: always visited. */
  always: number[];
  /** Tool name → positions of handlers whose rules can only match that tool (Bash handlers with literals aside). */
  byTool: Map<string, number[]>;
  /** Bash first word → positions of handlers with a literal starting with that complete word. */
  byWord: Map<string, number[]>;
  /** Positions of Bash handlers with a literal that fixes only the start of the first word (`ls*`). */
  prefixed: number[];
}

const add = (map: Map<string, number[]>, key: string, i: number) => {
  const list = map.get(key);
  if (list) list.push(i);
  else map.set(key, [i]);
};

export function indexGroup(hints: readonly (RuleHint | undefined)[]): GroupIndex {
  const index: GroupIndex = { always: [], byTool: new Map(), byWord: new Map(), prefixed: [] };
  hints.forEach((hint, i) => {
    if (!hint) index.always.push(i);
    else if (hint.literals && hint.tools && hint.tools.size === 1 && hint.tools.has("Bash")) {
      if (hint.literals.some((l) => l.word === undefined)) index.prefixed.push(i);
      else for (const w of new Set(hint.literals.map((l) => l.word!))) add(index.byWord, w, i);
    } else if (hint.tools) for (const t of hint.tools) add(index.byTool, t, i);
    else index.always.push(i);
  });
  return index;
}

/** Which positions of the group to visit for this call (1 = visit); the hints are re-checked per visit. */
export function visitList(index: GroupIndex, size: number, toolName: string, command: () => CommandForms): Uint8Array {
  const visit = new Uint8Array(size);
  for (const i of index.always) visit[i] = 1;
  for (const i of index.byTool.get(toolName) ?? []) visit[i] = 1;
  if (toolName === "Bash") {
    const forms = command();
    if (forms.dynamic) for (const list of index.byWord.values()) for (const i of list) visit[i] = 1;
    else if (index.byWord.size > 0) for (const w of forms.words) for (const i of index.byWord.get(w) ?? []) visit[i] = 1;
    for (const i of index.prefixed) visit[i] = 1;
  }
  return visit;
}
