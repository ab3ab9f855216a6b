// WebFetch domain rules, Agent / Task, WebSearch and MCP tool rules, with calls to match.
import type { Rng } from "./rng";
import type { CallCase, RuleCase } from "./types";

type Rule = Omit<RuleCase, "rule" | "id">;
type Call = Omit<CallCase, "input" | "id">;

/** The stub MCP servers the CLI is started with (see mcpStub.mjs): server → tools. */
export const MCP_SERVERS: Readonly<Record<string, readonly string[]>> = {
  memory: ["write_note", "read_note"],
  "brave-search": ["search"],
  github: ["create_issue"],
};
export const MCP_TOOLS: readonly string[] = Object.entries(MCP_SERVERS).flatMap(([s, ts]) => ts.map((t) => `mcp__${s}__${t}`));

const DOMAINS = ["example.com", "*.example.com", "example.*", "*", "EXAMPLE.com", "example.com.", "a.example.com", "*.com"];
const URLS = [
  "https://example.com/x",
  "https://a.b.example.com/",
  "https://EXAMPLE.COM./x",
  "https://example.org/",
  "https://example.evil.com/",
  "http://user@example.com:8080/p",
  "https://notexample.com/",
  "https://a.example.com/q?x=1",
];

export function otherRules(r: Rng): Rule[] {
  const rules: Rule[] = [{ family: "webfetch", template: "WebFetch" }];
  for (const d of DOMAINS) rules.push({ family: "webfetch", template: `WebFetch(domain:${d})` });
  rules.push({ family: "webfetch", template: "WebFetch(example.com)" });
  for (const t of ["Agent", "Task", "Agent(Explore)", "Agent(general-purpose)", "Task(Explore)", "Agent(Exp*)", "Agent(*)", "Agent(model:opus)"])
    rules.push({ family: "agent", template: t });
  for (const t of ["WebSearch", "WebSearch(foo)", "WebSearch(foo*)"]) rules.push({ family: "websearch", template: t });
  const mcp = ["mcp__memory", "mcp__memory__*", "mcp__*", "mcp__brave-search", "mcp__github", "mcp__memory__write_note(x)", ...MCP_TOOLS];
  for (const t of r.sample(mcp, mcp.length)) rules.push({ family: "mcp", template: t });
  return rules;
}

export function otherCalls(_r: Rng): Call[] {
  const calls: Call[] = [];
  for (const url of URLS) calls.push({ family: "webfetch", tool: "WebFetch", template: { url, prompt: "summarise" } });
  for (const [tool, type] of [["Agent", "Explore"], ["Agent", "general-purpose"], ["Task", "Explore"]] as const)
    calls.push({ family: "agent", tool, template: { description: "differential", prompt: "look around", subagent_type: type } });
  calls.push({ family: "agent", tool: "Agent", template: { description: "differential", prompt: "look around", subagent_type: "Explore", model: "opus" } });
  for (const query of ["foo", "foo bar", "bar"]) calls.push({ family: "websearch", tool: "WebSearch", template: { query } });
  for (const t of MCP_TOOLS) calls.push({ family: "mcp", tool: t, template: { x: "differential" } });
  return calls;
}
