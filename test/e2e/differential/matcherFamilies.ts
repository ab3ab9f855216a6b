// Generated `matcher` strings, and the tool calls (one per tool name the client will run hooks for) to test them on.
import { MCP_TOOLS } from "./otherFamilies";
import type { Rng } from "./rng";
import type { CallCase, MatcherCase } from "./types";

type Matcher = Omit<MatcherCase, "id">;
type Call = Omit<CallCase, "input" | "id">;

/** Tool names whose calls reach PreToolUse in Claude Code 2.1.332 headless (others are refused before hooks). */
export const MATCHER_TOOLS: readonly string[] = [
  "Bash", "Read", "Edit", "Write", "WebFetch", "WebSearch", "Agent", "ListAgents", "ToolSearch", "ScheduleWakeup", ...MCP_TOOLS,
];
const LEGACY = ["Task", "KillShell", "AgentOutputTool", "BashOutputTool"];

/** Regex constructs that are valid in one of JavaScript and RE2 but not the other, or mean different things. */
export const PORTABILITY: readonly string[] = [
  "(?i)bash", "(?i)Bash", "(?i:Bash)", "\\ABash", "Bash\\z", "Bash\\Z", "[[:upper:]]ash", "[[:alpha:]]+Search", "\\p{Lu}ash",
  "\\pLash", "\\PLash", "(?=Bash)B", "(?!Read)R.*", "(?<=B)ash", "(?<!x)Read", "(_)\\1", "(.)\\1", "^(?<n>Read)$",
  "(?P<n>Read)", "\\QBash\\E", "\\x42ash", "\\x{42}ash", "\\u0042ash", "\\u{42}ash", "[^]", "a{,2}", "Bash{1,}", "\\hash",
  "\\d*Bash", "(?s)B.sh", "(?m)^Bash$", "(?U)Ba.*", "B(?#c)ash", "Bash|", "|Bash", "\\bRead\\b", "\\Bash", "[\\w]ash",
  "\\w+__\\w+", "Ba\\sh", "\\/", "\\-Bash", "[A-Z&&[^B]]ash", "Ba\\ch", "\\cJ", "\\e", "B\\x61sh", "[B-B]ash", "[[]ash",
  "x**", "Bash)", "(Bash", "*Bash", "Read++", "Re(?:ad)", "Re(?>ad)", "\\R", "\\N", "\\0", "\\8", "Bash\\", "[\\]]",
];

export function matchers(r: Rng): Matcher[] {
  const out: Matcher[] = [];
  const add = (family: string, matcher: string) => out.push({ family, matcher });
  const names = MATCHER_TOOLS;

  // Exact names, wrong case, legacy names, bare MCP servers.
  for (const n of ["Bash", "Read", "Agent", "mcp__memory__write_note", "mcp__brave-search__search", ...r.sample(names, 4)]) add("exact", n);
  for (const n of ["bash", "READ", "webfetch"]) add("exact-case", n);
  for (const n of LEGACY) add("legacy", n);
  for (const n of ["mcp__memory", "mcp__brave-search", "mcp__github"]) add("mcp-bare", n);

  // Lists with `|` and `,`, spaces around the pieces, empty pieces.
  const seps = ["|", ",", ", ", " | ", "||", " ,", ",|"];
  for (let i = 0; i < 14; i++) {
    const pieces = r.sample([...names, ...LEGACY, "Nope"], 2 + r.int(2));
    let m = pieces.reduce((acc, p) => acc + r.pick(seps) + p);
    if (r.chance(0.3)) m = ` ${m} `;
    add("list", m);
  }
  add("list", "Edit|Write");
  add("list", "Edit, Write");
  add("list", "Task|Bash");
  add("list", "Read,");

  // Regexes: anchors, prefixes, classes, alternations, MCP patterns.
  for (const m of ["^mcp__.*", "mcp__memory__.*", "mcp__.*__write.*", "mcp__brave-search__.*", ".*", "^(Bash|Read)$", "Web.*", "^Task$", "Ta.k", "^KillShell$", "Edit.*", "^Edit$", "Agent|^Task$", "[BR]e?a.*"])
    add("regex", m);
  for (let i = 0; i < 16; i++) {
    const n = r.pick([...names, ...LEGACY]);
    const cut = 1 + r.int(Math.max(1, n.length - 1));
    const core = r.pick([
      `${n.slice(0, cut)}.*`,
      `.*${n.slice(cut)}`,
      `${n.slice(0, cut)}.${n.slice(cut + 1)}`,
      `[${n[0]!.toUpperCase()}${n[0]!.toLowerCase()}]${n.slice(1)}`,
      `(${n}|${r.pick(names)})`,
      `${n.slice(0, cut)}\\w*`,
      `${n.slice(0, cut)}[a-z]+`,
    ]);
    add("regex-generated", `${r.chance(0.5) ? "^" : ""}${core}${r.chance(0.4) ? "$" : ""}`);
  }

  for (const m of PORTABILITY) add("portability", m);
  return out;
}

export function matcherCalls(): Call[] {
  const inputs: Record<string, Record<string, unknown>> = {
    Bash: { command: "echo matcher-probe", description: "differential" },
    Read: { file_path: "{CWD}/README.md" },
    Edit: { file_path: "{CWD}/README.md", old_string: "hello", new_string: "bye" },
    Write: { file_path: "{CWD}/matcher-probe.txt", content: "differential" },
    WebFetch: { url: "https://example.com/", prompt: "summarise" },
    WebSearch: { query: "matcher probe" },
    Agent: { description: "differential", prompt: "look around", subagent_type: "Explore" },
    ListAgents: {},
    ToolSearch: { query: "matcher probe", max_results: 1 },
    ScheduleWakeup: {},
  };
  const calls: Call[] = MATCHER_TOOLS.map((tool) => ({ family: "matcher-probe", tool, template: inputs[tool] ?? { x: "differential" } }));
  // The legacy name: the client runs it as Agent.
  calls.push({ family: "matcher-probe", tool: "Task", template: inputs.Agent! });
  return calls;
}
