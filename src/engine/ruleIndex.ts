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
  const spec = rule.specifier;
  const star = spec.indexOf("*");
  const literal = (star === -1 ? spec : spec.slice(0, star)).toLowerCase().trimEnd();
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
}

export function commandForms(subjects: CallSubjects): CommandForms {
  const forms: string[] = [];
  const words = new Set<string>();
  if (subjects.kind === "shell")
    for (const item of subjects.items)
      for (const form of item.forms) {
        const f = form.toLowerCase();
        forms.push(f);
        words.add(firstWordOfText(f));
      }
  return { forms, words };
}

export function mightMatch(hint: RuleHint, toolName: string, command: () => CommandForms): boolean {
  if (hint.tools && !hint.tools.has(toolName)) return false;
  if (hint.literals && toolName === "Bash") {
    const { forms, words } = command();
    for (const { literal, word } of hint.literals) {
      if (word !== undefined && !words.has(word)) continue;
      for (const f of forms) if (f.startsWith(literal)) return true;
    }
    return false;
  }
  return true;
}
