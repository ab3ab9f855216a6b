import type { ToolTable } from "../../engine/event/toolTable";
import { CLAUDE_CODE_TOOLS } from "../claude-code/tools";

/**
 * Codex's tools as a policy's canonical tools see them. Codex names its shell tool `Bash` in hook inputs
 * (`tool_input.command`), MCP tools `mcp__<server>__<tool>`, and file edits `apply_patch` (the patch in
 * `tool_input.command`), which the protocol reads into the canonical Edit/Write calls of the files it touches
 * (patch.ts). So the table is the canonical one (Claude Code's names, which policies use) plus `apply_patch`.
 */
export const CODEX_TOOLS: ToolTable = {
  ...CLAUDE_CODE_TOOLS,
  known: [...CLAUDE_CODE_TOOLS.known, "apply_patch"],
};

/** The tool whose calls are patches. */
export const APPLY_PATCH = "apply_patch";
