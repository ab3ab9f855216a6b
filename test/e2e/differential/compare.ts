// hookgate's side of the comparison: each rule as a one-handler deny policy, evaluated on the hook inputs the real
// client produced; each matcher through compileMatcher. Every pair is classified against what the client did.
import { eventByName } from "../../../src/clients/claude-code/events";
import { CLAUDE_CODE_TOOLS } from "../../../src/clients/claude-code/tools";
import { compilePolicy } from "../../../src/engine/policy/compilePolicy";
import { evaluate } from "../../../src/engine/evaluate";
import { compileMatcher } from "../../../src/engine/match/matcher";
import { analyse, excuse, type ClientExamination } from "./expansion";
import type { CallCase, Dirs, HookInput, MatcherCase, RuleCase } from "./types";
import { claudeCode } from "../../../src/clients/claude-code";

const PRE_TOOL_USE = eventByName("PreToolUse");

export interface LaxPair {
  ruleId: string;
  rule: string;
  ruleFamily: string;
  callId: string;
  callFamily: string;
  /** The call in one line (`Bash: git push $REMOTE main`, `Read: {CWD}/config/.env`). */
  call: string;
  cause: string;
  causes: string[];
  excused: boolean;
  excuse?: string;
  /** The hook input exactly as the client sent it. */
  input: HookInput;
}

export interface RefusedRule {
  ruleId: string;
  rule: string;
  error: string;
  /** Calls the client ran the hook for (a refusal is a failure when this is not empty). */
  clientFired: string[];
}

export interface RuleComparison {
  rules: number;
  calls: number;
  pairs: number;
  /** Pairs whose rule names the call's tool (the interesting ones). */
  sameToolPairs: number;
  agree: number;
  lax: LaxPair[];
  stricter: { count: number; byRuleFamily: Record<string, number>; examples: { rule: string; call: string }[] };
  refused: RefusedRule[];
  /** Per rule: the calls each side fired on (call ids). */
  perRule: { ruleId: string; rule: string; family: string; client: string[]; hookgate: string[] }[];
}

export const toolOfRule = (rule: string): string => {
  const open = rule.indexOf("(");
  return (open === -1 ? rule : rule.slice(0, open)).trim();
};
const specifierOf = (rule: string): string | undefined => {
  const open = rule.indexOf("(");
  return open === -1 || !rule.endsWith(")") ? undefined : rule.slice(open + 1, -1);
};

/** Paths shown with their placeholders again, so a table stays readable. */
export function unfill(s: string, dirs: Dirs[]): string {
  let out = s;
  for (const d of dirs) out = out.replaceAll(d.cwd, "{CWD}").replaceAll(d.out, "{OUT}").replaceAll(d.home, "{HOME}");
  return out;
}

export function describeCall(call: CallCase, input: HookInput | undefined, dirs: Dirs[]): string {
  const ti = (input?.tool_input ?? call.input) as Record<string, unknown>;
  const tool = String(input?.tool_name ?? call.tool);
  const alias = tool !== call.tool ? ` (asked as ${call.tool})` : "";
  if (typeof ti.command === "string") return `${tool}${alias}: ${JSON.stringify(ti.command)}`;
  for (const k of ["file_path", "notebook_path", "url", "subagent_type", "query"])
    if (typeof ti[k] === "string") return `${tool}${alias}: ${unfill(ti[k] as string, dirs)}${k === "file_path" && ti.file_path !== call.input.file_path ? ` (asked as ${unfill(String(call.input.file_path), dirs)})` : ""}`;
  return `${tool}${alias}: ${JSON.stringify(ti)}`;
}

const WRAPPER_WORDS = /^(timeout|nice|nohup|time|stdbuf|command|builtin|noglob|xargs|sudo|env|exec|ionice|setsid)\b/;

/** Why a LAX pair may be LAX, most specific first (the first is the pair's cause in the report). */
export function causesOf(rule: RuleCase, call: CallCase, input: HookInput): string[] {
  const tool = toolOfRule(rule.rule);
  const spec = specifierOf(rule.rule) ?? "";
  if (tool !== "Bash") return [rule.family];
  const command = String((input.tool_input as Record<string, unknown> | undefined)?.command ?? "");
  const c: string[] = [];
  if (/:\*\s*$/.test(spec)) c.push("legacy-prefix");
  if (/\s{2,}|\t|^\s|\s$/.test(spec) || /[ \t]{2,}|\t|^\s|\s$/.test(command)) c.push("whitespace");
  const a = analyse(command);
  if (a.anyCommand) c.push("dynamic-command-word");
  else if (a.dynamic) c.push("dynamic-argument");
  if (a.parseError) c.push("unparseable");
  if (WRAPPER_WORDS.test(command.trim())) c.push("wrapper");
  if (/&&|\|\||[;|&\n]/.test(command)) c.push("compound");
  if (/["'\\]/.test(command)) c.push("quotes");
  if (/^\s*[A-Za-z_][A-Za-z0-9_]*=/.test(command)) c.push("env-prefix");
  if (c.length === 0) c.push(`other (${call.family})`);
  return c;
}

async function fires(policy: Parameters<typeof evaluate>[0], input: HookInput, id: string): Promise<boolean> {
  const e = await evaluate(policy, PRE_TOOL_USE, input);
  return e.fired.includes(id);
}

export async function compareRules(
  rules: RuleCase[],
  calls: CallCase[],
  inputs: Map<string, HookInput>,
  clientFired: Map<string, Set<string>>,
  examination: ReadonlyMap<string, ClientExamination>,
  dirs: Dirs[],
): Promise<RuleComparison> {
  const reached = calls.filter((c) => inputs.has(c.id));
  const out: RuleComparison = {
    rules: rules.length,
    calls: reached.length,
    pairs: 0,
    sameToolPairs: 0,
    agree: 0,
    lax: [],
    stricter: { count: 0, byRuleFamily: {}, examples: [] },
    refused: [],
    perRule: [],
  };
  for (const rule of rules) {
    const client = clientFired.get(rule.id) ?? new Set<string>();
    const compiled = compilePolicy({ hooks: { PreToolUse: [{ hooks: [{ type: "rule", id: rule.id, if: rule.rule, decision: "deny" }] }] } }, { client: claudeCode });
    if (!compiled.ok) {
      out.refused.push({
        ruleId: rule.id,
        rule: rule.rule,
        error: compiled.error.map((p) => p.message).join("; "),
        clientFired: [...client],
      });
      continue;
    }
    const ruleTool = toolOfRule(rule.rule);
    const hookgate: string[] = [];
    for (const call of reached) {
      const input = inputs.get(call.id)!;
      const c = client.has(call.id);
      const h = await fires(compiled.value, input, rule.id);
      if (h) hookgate.push(call.id);
      out.pairs++;
      const callTool = String(input.tool_name);
      if (ruleTool === callTool || (ruleTool === "Task" && callTool === "Agent") || (ruleTool.startsWith("mcp__") && callTool.startsWith("mcp__"))) out.sameToolPairs++;
      if (c === h) out.agree++;
      else if (c) {
        const command = (input.tool_input as Record<string, unknown> | undefined)?.command;
        const why = ruleTool === "Bash" && typeof command === "string" ? excuse(rule.rule, command, examination.get(call.id) ?? "examined", input.tool_input) : undefined;
        const causes = causesOf(rule, call, input);
        out.lax.push({
          ruleId: rule.id,
          rule: rule.rule,
          ruleFamily: rule.family,
          callId: call.id,
          callFamily: call.family,
          call: describeCall(call, input, dirs),
          cause: causes[0]!,
          causes,
          excused: why !== undefined,
          ...(why !== undefined ? { excuse: why } : {}),
          input,
        });
      } else {
        out.stricter.count++;
        out.stricter.byRuleFamily[rule.family] = (out.stricter.byRuleFamily[rule.family] ?? 0) + 1;
        if (out.stricter.examples.length < 40 && !out.stricter.examples.some((e) => e.rule === rule.rule))
          out.stricter.examples.push({ rule: unfill(rule.rule, dirs), call: describeCall(call, input, dirs) });
      }
    }
    out.perRule.push({ ruleId: rule.id, rule: unfill(rule.rule, dirs), family: rule.family, client: [...client].sort(), hookgate });
  }
  return out;
}

export interface MatcherDiff {
  matcherId: string;
  matcher: string;
  family: string;
  tool: string;
  client: boolean;
  hookgate: boolean;
}

export interface MatcherComparison {
  matchers: number;
  calls: number;
  pairs: number;
  agree: number;
  refused: { matcherId: string; matcher: string; family: string; error: string; clientFired: string[] }[];
  diffs: MatcherDiff[];
  perMatcher: { matcher: string; family: string; client: string[]; hookgate: string[] | "refused" }[];
}

export function compareMatchers(
  matchers: MatcherCase[],
  calls: CallCase[],
  inputs: Map<string, HookInput>,
  clientFired: Map<string, Set<string>>,
): MatcherComparison {
  const reached = calls.filter((c) => inputs.has(c.id));
  const out: MatcherComparison = { matchers: matchers.length, calls: reached.length, pairs: 0, agree: 0, refused: [], diffs: [], perMatcher: [] };
  for (const m of matchers) {
    const client = clientFired.get(m.id) ?? new Set<string>();
    const clientTools = [...new Set(reached.filter((c) => client.has(c.id)).map((c) => String(inputs.get(c.id)!.tool_name)))];
    const compiled = compileMatcher(m.matcher, "standard", CLAUDE_CODE_TOOLS.matcherLegacy);
    if (!compiled.ok) {
      out.refused.push({ matcherId: m.id, matcher: m.matcher, family: m.family, error: compiled.error, clientFired: clientTools });
      out.perMatcher.push({ matcher: m.matcher, family: m.family, client: clientTools, hookgate: "refused" });
      continue;
    }
    const hookgateTools = new Set<string>();
    for (const call of reached) {
      const tool = String(inputs.get(call.id)!.tool_name);
      const c = client.has(call.id);
      const h = compiled.value(tool);
      if (h) hookgateTools.add(tool);
      out.pairs++;
      if (c === h) out.agree++;
      else out.diffs.push({ matcherId: m.id, matcher: m.matcher, family: m.family, tool: call.tool === tool ? tool : `${tool} (asked as ${call.tool})`, client: c, hookgate: h });
    }
    out.perMatcher.push({ matcher: m.matcher, family: m.family, client: clientTools, hookgate: [...hookgateTools] });
  }
  return out;
}

/** A plain-text table; long cells are cut so a failure message stays readable. */
export function table(headers: string[], rows: string[][], max = 70): string {
  const cut = (s: string) => {
    const one = s.replace(/\n/g, "\\n").replace(/\t/g, "\\t");
    return one.length > max ? `${one.slice(0, max - 1)}…` : one;
  };
  const cells = [headers, ...rows].map((r) => r.map(cut));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(" │ ").trimEnd();
  return [line(cells[0]!), widths.map((w) => "─".repeat(w)).join("─┼─"), ...cells.slice(1).map(line)].join("\n");
}
