// Rules name the canonical tools (Claude Code's: Bash, Read, Write, Edit, WebFetch, mcp__server__tool) and every
// client's own tools are mapped onto them. A mapping onto a tool the canonical table does not have, or onto an
// argument field its rules do not read, would be a rule that silently never fires for that client.
import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_TOOLS } from "../../src/clients/claude-code/tools";
import { canonicalCall, COPILOT_BARE_ARGS, COPILOT_TOOLS, copilotArgs } from "../../src/clients/copilot-cli/tools";
import { CODEX_RENAMES } from "../../src/clients/codex/tools";
import type { ToolRenames } from "../../src/clients/toolRenames";
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

/** Every tool of a client's table onto a canonical one, every renamed field onto one its rules read. */
function expectCanonical(table: ToolRenames) {
  for (const [name, t] of Object.entries(table)) {
    expect(T.known, name).toContain(t.canonical);
    for (const to of Object.values(t.fields ?? {})) expect(readFields(t.canonical), `${name} → ${t.canonical}.${to}`).toContain(to);
  }
}

describe("each client's tool table maps onto the canonical tools", () => {
  it("Copilot CLI: every tool onto a canonical one, every renamed field onto one its rules read", () => {
    expectCanonical(COPILOT_TOOLS);
    for (const [tool, field] of Object.entries(COPILOT_BARE_ARGS))
      if (COPILOT_TOOLS[tool]) expect(readFields(COPILOT_TOOLS[tool]!.canonical), `${tool}: a bare ${field}`).toContain(field);
    // The five a team's rules name most, from Copilot's names.
    expect(canonicalCall("bash", { command: "ls" })).toEqual({ tool: "Bash", input: { command: "ls" } });
    expect(canonicalCall("view", { path: "/a" }).input.file_path).toBe("/a");
    expect(canonicalCall("create", { path: "/a", file_text: "x" })).toEqual({ tool: "Write", input: { path: "/a", file_path: "/a", file_text: "x", content: "x" } });
    expect(canonicalCall("edit", { path: "/a", old_str: "x", new_str: "y" }).tool).toBe("Edit");
    expect(canonicalCall("web_fetch", { url: "https://x" })).toEqual({ tool: "WebFetch", input: { url: "https://x" } });
    // What is typed into a running shell is a command of it; rg is grep under a GPT model.
    expect(canonicalCall("write_bash", { shellId: "1", input: "rm -rf /\n" }).input.command).toBe("rm -rf /\n");
    expect(canonicalCall("rg", { pattern: "x", paths: ["a"] }).tool).toBe("Grep");
    // A rewrite goes back in the fields the call had: bash keeps `command` (write_bash's `input` is not bash's).
    expect(copilotArgs("Bash", { command: "ls -la" }, { command: "ls" })).toEqual({ command: "ls -la" });
    expect(copilotArgs("Bash", { input: "x", command: "y" }, { input: "x", command: "x" })).toEqual({ input: "y" });
  });

  it("Codex: each tool it renames is a canonical tool, each field one its rules read", () => expectCanonical(CODEX_RENAMES));

  it("Cursor: its shell, file and MCP events and its preToolUse tools are canonical tools with the fields they read", () => {
    expectCanonical(CURSOR_TOOLS);
    expect(CURSOR_CANONICAL.preToolUse!({ conversation_id: "c", generation_id: "g", workspace_roots: ["/w"], tool_name: "MCP:q", tool_input: {} }, { name: "PreToolUse" } as EventSpec).tool_name).toBe(`${T.mcpPrefix}cursor__q`);
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
