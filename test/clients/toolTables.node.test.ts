// Rules name the canonical tools (Claude Code's: Bash, Read, Write, Edit, WebFetch, mcp__server__tool) and every
// client's own tools are mapped onto them. A mapping onto a tool the canonical table does not have, or onto an
// argument field its rules do not read, would be a rule that silently never fires for that client.
import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_TOOLS } from "../../src/clients/claude-code/tools";
import { canonicalCall, COPILOT_SHELLS, COPILOT_TOOLS } from "../../src/clients/copilot-cli/tools";
import { CURSOR_CANONICAL, CURSOR_TOOLS } from "../../src/clients/cursor/native";
import { CLIENT_PROFILES } from "../../src/clients";
import type { EventSpec } from "../../src/engine/event/eventSpec";

const T = CLAUDE_CODE_TOOLS;
/** Claude Code's own input fields the table has no rule for, which `when` and `secrets` paths name (tool_input.content). */
const INPUT_FIELDS: Readonly<Record<string, readonly string[]>> = { Edit: ["old_string", "new_string", "replace_all"], Write: ["content"] };
/** Every input field a canonical tool's rules or effect conditions read. */
const readFields = (tool: string): Set<string> =>
  new Set([
    ...(T.shells[tool] ? [T.shells[tool]!.field] : []),
    ...(T.paths[tool]?.fields ?? []),
    ...(T.urls[tool] ? [T.urls[tool]!] : []),
    ...(T.fields[tool]?.fields ?? []),
    ...(T.effects[tool] ?? []).flatMap((e) => [...e.fields, ...(e.globs ? [e.globs] : []), ...(e.patternDir ? [e.patternDir] : [])]),
    ...(T.params[tool] ?? []),
    ...(INPUT_FIELDS[tool] ?? []),
  ]);

describe("each client's tool table maps onto the canonical tools", () => {
  it("Copilot CLI: every tool onto a canonical one, every renamed field onto one its rules read", () => {
    for (const [name, t] of Object.entries(COPILOT_TOOLS)) {
      expect(T.known, name).toContain(t.canonical);
      for (const to of Object.values(t.fields ?? {})) expect(readFields(t.canonical), `${name} → ${t.canonical}.${to}`).toContain(to);
    }
    for (const shell of COPILOT_SHELLS) expect(T.shells[COPILOT_TOOLS[shell]!.canonical]).toBeDefined();
    // The five a team's rules name most, from Copilot's names.
    expect(canonicalCall("bash", { command: "ls" })).toEqual({ tool: "Bash", input: { command: "ls" } });
    expect(canonicalCall("view", { path: "/a" }).input.file_path).toBe("/a");
    expect(canonicalCall("create", { path: "/a", file_text: "x" })).toEqual({ tool: "Write", input: { path: "/a", file_path: "/a", file_text: "x", content: "x" } });
    expect(canonicalCall("edit", { path: "/a", old_str: "x", new_str: "y" }).tool).toBe("Edit");
    expect(canonicalCall("web_fetch", { url: "https://x" })).toEqual({ tool: "WebFetch", input: { url: "https://x" } });
  });

  it("Cursor: its shell, file and MCP events and its preToolUse tools are canonical tools with the fields they read", () => {
    for (const canonical of Object.values(CURSOR_TOOLS)) expect(T.known).toContain(canonical);
    const spec = { name: "PreToolUse" } as EventSpec;
    const base = { conversation_id: "c", generation_id: "g", workspace_roots: ["/w"] };
    const shell = CURSOR_CANONICAL.beforeShellExecution!({ ...base, command: "rm -rf /" }, spec);
    expect(shell).toMatchObject({ tool_name: "Bash", tool_input: { command: "rm -rf /" }, cwd: "/w" });
    expect(readFields("Bash")).toContain("command");
    const read = CURSOR_CANONICAL.beforeReadFile!({ ...base, file_path: "/w/.env" }, spec);
    expect(read).toMatchObject({ tool_name: "Read", tool_input: { file_path: "/w/.env" } });
    expect(readFields("Read")).toContain("file_path");
    const mcp = CURSOR_CANONICAL.beforeMCPExecution!({ ...base, tool_name: "query", tool_input: '{"sql":"drop"}' }, spec);
    expect(mcp).toMatchObject({ tool_name: `${T.mcpPrefix}cursor__query`, tool_input: { sql: "drop" } });
  });

  it("every client decides in the canonical tool table (one policy, one set of tool names)", () => {
    for (const p of CLIENT_PROFILES) if (p.name !== "codex") expect(p.tools, p.name).toBe(T);
  });
});
