/**
 * How a case's shorthand becomes the `tool_input` Claude Code sends: one row per tool. The shorthand's key in a
 * case is the tool's own name (`{ "Bash": "rm -rf /" }`, `{ "Read": ".env" }`); `field` is where its text goes and
 * `fills` are the other fields the client always sends for that tool (the values are neutral: a case that cares
 * about them sets them in `tool_input`, which is merged over the expansion).
 *
 * Shapes are Claude Code 2.1.332's (what its tools' input schemas require). A tool that is not here is written as
 * `{ "tool": "<name>", "tool_input": { … } }`, MCP tools included.
 */
interface Shorthand {
  /** The tool_input field the shorthand's text fills. */
  readonly field: string;
  /** The other fields the client always sends for this tool. */
  readonly fills?: Readonly<Record<string, unknown>>;
  /** What the text is, for messages and docs. */
  readonly what: string;
}

export const SHORTHANDS: Readonly<Record<string, Shorthand>> = {
  Bash: { field: "command", what: "a shell command" },
  PowerShell: { field: "command", what: "a PowerShell command" },
  Read: { field: "file_path", what: "a file path" },
  Edit: { field: "file_path", fills: { old_string: "old", new_string: "new" }, what: "a file path" },
  Write: { field: "file_path", fills: { content: "" }, what: "a file path" },
  MultiEdit: { field: "file_path", fills: { edits: [{ old_string: "old", new_string: "new" }] }, what: "a file path" },
  NotebookEdit: { field: "notebook_path", fills: { new_source: "" }, what: "a notebook path" },
  NotebookRead: { field: "notebook_path", what: "a notebook path" },
  // Grep searches a file or directory; the regex it searches for does not change what it reads.
  Grep: { field: "path", fills: { pattern: "." }, what: "a file or directory path" },
  // Glob lists what a pattern matches; the directory it starts in is what it reads.
  Glob: { field: "pattern", what: "a glob pattern" },
  LS: { field: "path", what: "a directory path" },
  WebFetch: { field: "url", fills: { prompt: "Summarize the page." }, what: "a URL" },
  WebSearch: { field: "query", what: "a search query" },
  Agent: { field: "subagent_type", fills: { description: "a task", prompt: "Do the task." }, what: "a subagent type" },
  Skill: { field: "skill", what: "a skill name" },
};

export const SHORTHAND_TOOLS: readonly string[] = Object.keys(SHORTHANDS);

/** The tool_input a shorthand stands for, with the case's own `tool_input` fields merged over it. */
export function expandShorthand(tool: string, text: string, extra: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const row = SHORTHANDS[tool];
  if (!row) throw new Error(`no shorthand for ${tool}`);
  return { [row.field]: text, ...structuredClone(row.fills ?? {}), ...extra };
}
