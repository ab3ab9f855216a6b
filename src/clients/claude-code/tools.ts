import type { ToolTable } from "../../engine/event/toolTable";

/** Claude Code's tools (2.1.332), as its permission rules and hookgate's effect conditions read them. */
export const CLAUDE_CODE_TOOLS: ToolTable = {
  known: [
    "Bash", "PowerShell", "Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "NotebookRead", "Glob", "Grep", "LS",
    "WebFetch", "WebSearch", "Agent", "Skill", "TodoWrite", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate",
    "TaskStop", "TaskOutput", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion", "LSP", "SlashCommand",
    "ListMcpResourcesTool", "ReadMcpResourceTool", "EnterWorktree", "ExitWorktree", "SendMessage", "ToolSearch",
    "Monitor",
  ],
  legacy: { Task: "Agent", KillShell: "TaskStop", AgentOutputTool: "TaskOutput", BashOutputTool: "TaskOutput", BashOutput: "TaskOutput" },
  matcherLegacy: { Task: "Agent", KillShell: "TaskStop", AgentOutputTool: "TaskOutput", BashOutputTool: "TaskOutput" },
  families: { Edit: ["Edit", "Write", "MultiEdit", "NotebookEdit"] },
  shells: { Bash: { field: "command", dialect: "bash" }, PowerShell: { field: "command", dialect: "powershell" }, Monitor: { field: "command", dialect: "bash" } },
  paths: {
    Read: { fields: ["file_path"] },
    Edit: { fields: ["file_path", "notebook_path"] },
    Write: { fields: ["file_path"] },
    MultiEdit: { fields: ["file_path"] },
    NotebookEdit: { fields: ["notebook_path"] },
    Glob: { fields: ["path"], orCwd: true },
  },
  urls: { WebFetch: "url" },
  fields: {
    Agent: { fields: ["subagent_type"] },
    Skill: { fields: ["skill", "command"], stripSlash: true },
    WebSearch: { fields: ["query"], ignoreCase: true },
  },
  primary: { Bash: "command", PowerShell: "command", Monitor: "command", Agent: "subagent_type", Skill: "skill", WebSearch: "query" },
  params: {
    Agent: ["description", "prompt", "model", "run_in_background", "name", "team_name", "mode", "isolation", "subagent_type"],
    Skill: ["args", "skill", "command"],
    WebSearch: ["allowed_domains", "blocked_domains", "query"],
  },
  effects: {
    Read: [{ kind: "read", fields: ["file_path"] }],
    NotebookRead: [{ kind: "read", fields: ["notebook_path"] }],
    Edit: [{ kind: "write", fields: ["file_path"], text: { added: "new_string", replaced: "old_string" } }],
    Write: [{ kind: "write", fields: ["file_path"], text: { added: "content" } }],
    MultiEdit: [{ kind: "write", fields: ["file_path"] }],
    NotebookEdit: [{ kind: "write", fields: ["notebook_path", "file_path"] }],
    LS: [{ kind: "read", fields: ["path"] }],
    // Grep reads its path (a file, or a directory and everything under it), or under it the files its `glob` names.
    Grep: [{ kind: "read", fields: ["path"], default: ".", globs: "glob", tree: true }],
    // Listing names under a directory reads the directory and what is under it: the one `pattern` starts in, under `path`.
    Glob: [{ kind: "read", fields: ["path"], patternDir: "pattern", tree: true }],
  },
  mcpPrefix: "mcp__",
};

/**
 * Claude Code's tools that are also other canonical calls (2.1.332): Monitor runs `command`, a shell command or
 * script (Claude Code's own tables list it with Bash and PowerShell as its command tools), or opens the WebSocket
 * `ws.url`; the Cowork workspace's MCP bash runs `command`; Artifact publishes or uploads the local files
 * `file_path`/`file_paths` (reads them, and sends them to claude.ai). Each is also decided as that Bash command, that
 * WebFetch of the URL, that Read of each file (canonicalParts.ts; a list is one call per item), so a Bash, WebFetch
 * or Read rule fires on it; the call itself is decided too.
 */
export const CLAUDE_CODE_ALSO: Readonly<Record<string, readonly { tool: string; field: string; from: readonly string[] }[]>> = {
  Monitor: [
    { tool: "Bash", field: "command", from: ["command"] },
    { tool: "WebFetch", field: "url", from: ["ws", "url"] },
  ],
  mcp__workspace__bash: [{ tool: "Bash", field: "command", from: ["command"] }],
  Artifact: [
    { tool: "Read", field: "file_path", from: ["file_path"] },
    { tool: "Read", field: "file_path", from: ["file_paths"] },
  ],
};
