import type { ToolTable } from "../../engine/event/toolTable";
import { APPLY_PATCH } from "../applyPatch";
import { CLAUDE_CODE_TOOLS } from "../claude-code/tools";
import type { ToolRenames } from "../toolRenames";

/**
 * Codex's tools as a policy's canonical tools see them. Codex names its shell tool `Bash` in hook inputs
 * (`tool_input.command`, from its `exec_command`), MCP tools `mcp__<server>__<tool>`, and file edits `apply_patch`
 * (the patch in `tool_input.command`), which the protocol reads into the canonical Edit/Write calls of the files it
 * touches (applyPatch.ts). So the table is the canonical one (Claude Code's names, which policies use) plus
 * `apply_patch`.
 */
export const CODEX_TOOLS: ToolTable = {
  ...CLAUDE_CODE_TOOLS,
  known: [...CLAUDE_CODE_TOOLS.known, APPLY_PATCH],
};

/**
 * Codex's tools that reach its PreToolUse hook under their own names and are canonical tools by another (seen with
 * the real `codex exec` 0.169.0): `view_image` `{ path }` reads a local file into the model's context, a Read of it;
 * with an MCP server configured, `read_mcp_resource` `{ server, uri }` and `list_mcp_resources` are Claude Code's
 * MCP resource tools (the same fields). Its other tools reach no hook (write_stdin, request_user_input, the goal and
 * sub-agent tools, web_search).
 */
export const CODEX_RENAMES: ToolRenames = {
  view_image: { canonical: "Read", fields: { path: "file_path" } },
  read_mcp_resource: { canonical: "ReadMcpResourceTool" },
  list_mcp_resources: { canonical: "ListMcpResourcesTool" },
};
