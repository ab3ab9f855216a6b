// Shorthands become the hook input Claude Code sends: every row of the table, the event defaults, the fields a
// file defaults and a case overrides, and inputs that pass the event's own schema.
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { SHORTHANDS, SHORTHAND_TOOLS } from "../../src/policyTest/shorthands";
import { cases, problems, results } from "./fixtures";

const inputOf = async (c: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const r = await cases([{ expect: "none", ...c }], extra);
  expect(problems(r)).toEqual([]);
  const [only] = results(r);
  expect(only!.status, JSON.stringify(only!.failures)).not.toBe("error");
  return only!.input;
};

describe("the shorthand table", () => {
  it("names only tools Claude Code has", () => {
    for (const tool of SHORTHAND_TOOLS) expect(claudeCode.tools.known).toContain(tool);
  });

  it.each(Object.entries(SHORTHANDS))("%s: the text goes into tool_input.%s, beside the fields the client always sends", async (tool, row) => {
    const input = await inputOf({ [tool]: "some text" });
    expect(input).toMatchObject({ hook_event_name: "PreToolUse", tool_name: tool, tool_input: { [row.field]: "some text", ...(row.fills ?? {}) } });
    expect(typeof input.tool_use_id).toBe("string");
    // What the PreToolUse schema requires, the expansion has.
    expect(claudeCode.events.byName("PreToolUse")!.input.safeParse(input).success).toBe(true);
  });

  it("Bash: exactly the command, the rest of the input from the defaults", async () => {
    expect(await inputOf({ Bash: "ls -la" })).toEqual({
      session_id: "hookgate-test-1",
      transcript_path: "/home/dev/.claude/projects/-home-dev-project/hookgate-test-1.jsonl",
      cwd: "/home/dev/project",
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls -la" },
      tool_use_id: "toolu_test_0",
    });
  });

  it("tool_input fields are merged over the expansion", async () => {
    const input = await inputOf({ Grep: "/srv", tool_input: { pattern: "secret", glob: "*.ts" } });
    expect(input.tool_input).toEqual({ path: "/srv", pattern: "secret", glob: "*.ts" });
  });
});

describe("the rest of the input", () => {
  it("the file's defaults replace the built-in ones; the case's input replaces both", async () => {
    const input = await inputOf({ Bash: "ls", input: { permission_mode: "plan" } }, { defaults: { cwd: "/srv/app", permission_mode: "acceptEdits", agent_id: "a1" } });
    expect(input).toMatchObject({ cwd: "/srv/app", permission_mode: "plan", agent_id: "a1" });
  });

  it("a file's session_id is every case's (each still in a fresh session)", async () => {
    const input = await inputOf({ Bash: "ls" }, { defaults: { session_id: "fixed" } });
    expect(input.session_id).toBe("fixed");
    expect(input.transcript_path).toBe("/home/dev/.claude/projects/-home-dev-project/fixed.jsonl");
  });

  it("tool + tool_input for any other tool, MCP tools included", async () => {
    const input = await inputOf({ tool: "mcp__github__create_issue", tool_input: { title: "x" }, stubs: { "audit-github": {} } });
    expect(input).toMatchObject({ tool_name: "mcp__github__create_issue", tool_input: { title: "x" } });
  });

  it("prompt: a UserPromptSubmit", async () => {
    const input = await inputOf({ prompt: "hello", expect: "none" });
    expect(input).toMatchObject({ hook_event_name: "UserPromptSubmit", prompt: "hello" });
  });

  it("a bare event gets what its schema requires: a Stop is not already continuing", async () => {
    const input = await inputOf({ event: "Stop", expect: "block" });
    expect(input).toMatchObject({ hook_event_name: "Stop", stop_hook_active: false });
    expect(await inputOf({ event: "Stop", input: { stop_hook_active: true } })).toMatchObject({ stop_hook_active: true });
  });

  it("a tool shorthand on another tool event: PostToolUse gets a tool_response, PermissionRequest no tool_use_id", async () => {
    expect(await inputOf({ event: "PostToolUse", Read: "/a" })).toMatchObject({ hook_event_name: "PostToolUse", tool_response: {}, tool_use_id: "toolu_test_0" });
    const pr = await inputOf({ event: "PermissionRequest", Bash: "pwd" });
    expect(pr).toMatchObject({ hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "pwd" } });
    expect(pr).not.toHaveProperty("tool_use_id");
  });

  it("a full hook input, as captured from a session", async () => {
    const captured = {
      session_id: "real",
      transcript_path: "/Users/ann/.claude/projects/p/real.jsonl",
      cwd: "/Users/ann/p",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf build" },
      tool_use_id: "toolu_01",
    };
    const r = await cases([{ input: captured, expect: "deny" }]);
    expect(results(r)[0]).toMatchObject({ status: "passed", input: { ...captured, permission_mode: "default" } });
  });

  it("an input the event's schema refuses is an error, naming the field", async () => {
    const r = await cases([{ event: "PostToolUseFailure", Bash: "make", expect: "none" }]);
    expect(results(r)[0]).toMatchObject({ status: "error", failures: [expect.stringMatching(/PostToolUseFailure input is not valid: error: /)] });
  });

  it("names are derived when a case has none", async () => {
    const r = await cases([{ Bash: "rm -rf x", expect: "deny" }, { event: "Stop", expect: "block" }, { prompt: "hi", expect: "none" }, { event: "PostToolUse", Read: "/a", expect: "none" }]);
    expect(results(r).map((c) => c.name)).toEqual(["Bash: rm -rf x → deny", "Stop → block", "prompt: hi → none", "PostToolUse Read: /a → none"]);
  });
});
