/**
 * What a client's tools are, as permission rules and `effect` conditions need to know them. The engine knows no
 * client: a client profile (src/clients/…) supplies one of these, and the compiler keeps it with the policy.
 */
export interface ToolTable {
  /** Every tool name the client has, in its own spelling. A rule naming another case of one is refused. */
  readonly known: readonly string[];
  /** Older names the client still accepts in permission rules and in a call's `tool_name`, to today's name. */
  readonly legacy: Readonly<Record<string, string>>;
  /** Older names a matcher may name (or a matcher regex may match), to today's: the client's own, shorter list. */
  readonly matcherLegacy: Readonly<Record<string, string>>;
  /** A rule naming the key covers these tools too (Claude Code: `Edit` covers every file-editing tool). */
  readonly families: Readonly<Record<string, readonly string[]>>;
  /** Tools that run a shell command line: the input field holding it, and the shell's dialect. */
  readonly shells: Readonly<Record<string, { readonly field: string; readonly dialect: "bash" | "powershell" }>>;
  /** Tools whose rule specifier is a path: the input fields that may hold it, in order (`orCwd`: else the cwd). */
  readonly paths: Readonly<Record<string, { readonly fields: readonly string[]; readonly orCwd?: boolean }>>;
  /** Tools whose rule specifier is a URL's domain (`WebFetch(domain:x)`): the input field holding the URL. */
  readonly urls: Readonly<Record<string, string>>;
  /** Tools whose plain specifier is matched against input fields (`Agent(Explore)` → `subagent_type`). */
  readonly fields: Readonly<Record<string, { readonly fields: readonly string[]; readonly stripSlash?: boolean; readonly ignoreCase?: boolean }>>;
  /** A tool's primary field: a parameter rule (`Tool(name:value)`) cannot target it. */
  readonly primary: Readonly<Record<string, string>>;
  /** For tools whose plain specifier may itself hold a `:`, the names that make `name:value` a parameter rule. */
  readonly params: Readonly<Record<string, readonly string[]>>;
  /** What file tools do to files, for `effect` conditions. */
  readonly effects: Readonly<Record<string, readonly ToolEffect[]>>;
  /** The prefix of MCP tool names (`mcp__server__tool`), whose rules take server and tool-name patterns. */
  readonly mcpPrefix: string;
}

/**
 * One effect of a file tool: `kind` on the path in the first of `fields` that is set (or `default`). `globs`: a
 * field of glob patterns naming files under that path (Grep's `glob`), each read too. `patternDir`: a field whose
 * pattern's literal leading directory is read, under the path when both are given (Glob's `pattern`).
 */
interface ToolEffect {
  readonly kind: "read" | "write";
  readonly fields: readonly string[];
  readonly default?: string;
  readonly globs?: string;
  readonly patternDir?: string;
  /**
   * The tool reads everything under the path when it is a directory (a search): the effect is a recursive read
   * (effectCondition.ts), unless the `globs` field is given, which names the files read.
   */
  readonly tree?: boolean;
  /**
   * A write's text, when the input carries it: the field holding what the file gets (Write's `content`, Edit's
   * `new_string`) and, for an edit, the field holding what it replaces. Left out: what is written is not known.
   */
  readonly text?: { readonly added: string; readonly replaced?: string };
}

/** The name a rule's tool (or a call's `tool_name`) goes by today. */
export function canonicalTool(tools: ToolTable, name: string): string {
  return tools.legacy[name] ?? name;
}
