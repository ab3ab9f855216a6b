import type { ToolTable } from "../../engine/event/toolTable";

/** Claude Code's tools (2.1.332), as its permission rules and hookgate's effect conditions read them. */
export const CLAUDE_CODE_TOOLS: ToolTable = {
  known: [
    "Bash", "PowerShell", "Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "NotebookRead", "Glob", "Grep", "LS",
    "WebFetch", "WebSearch", "Agent", "Skill", "TodoWrite", "TaskCreate", "TaskGet", "TaskList", "TaskUpdate",
    "TaskStop", "TaskOutput", "ExitPlanMode", "EnterPlanMode", "AskUserQuestion", "LSP", "SlashCommand",
    "ListMcpResourcesTool", "ReadMcpResourceTool", "EnterWorktree", "ExitWorktree", "SendMessage", "ToolSearch",
  ],
  legacy: { Task: "Agent", KillShell: "TaskStop", AgentOutputTool: "TaskOutput", BashOutputTool: "TaskOutput", BashOutput: "TaskOutput" },
  matcherLegacy: { Task: "Agent", KillShell: "TaskStop", AgentOutputTool: "TaskOutput", BashOutputTool: "TaskOutput" },
  families: { Edit: ["Edit", "Write", "MultiEdit", "NotebookEdit"] },
  shells: { Bash: { field: "command", dialect: "bash" }, PowerShell: { field: "command", dialect: "powershell" } },
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
  primary: { Bash: "command", PowerShell: "command", Agent: "subagent_type", Skill: "skill", WebSearch: "query" },
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
