// The transcript reader's edge cases, entry by entry (the whole session as the real client writes it is
// test/e2e/replay.node.test.ts): two turns, a subagent's entries, an API error, an interrupted tool, old entries
// without permissionDecision, client-written user text.
import { describe, expect, it } from "vitest";
import { readTranscript } from "../../src/replay/transcript";

const S = "sess-1";
const user = (content: unknown, extra: object = {}) => JSON.stringify({ type: "user", sessionId: S, cwd: "/w", permissionMode: "plan", message: { role: "user", content }, ...extra });
const assistant = (content: unknown[], stop = "end_turn", extra: object = {}) =>
  JSON.stringify({ type: "assistant", sessionId: S, cwd: "/w", message: { role: "assistant", content, stop_reason: stop }, ...extra });
const use = (id: string, command: string) => ({ type: "tool_use", id, name: "Bash", input: { command } });
const result = (id: string, content: string, isError = false) => [{ type: "tool_result", tool_use_id: id, content, is_error: isError }];
const events = (lines: string[]) => readTranscript(lines.join("\n"), "/t.jsonl").inputs.map((i) => i.input.hook_event_name);

describe("readTranscript", () => {
  it("a Stop at the end of each turn, before the next prompt; none after a turn that ended in a tool call", () => {
    const lines = [
      user("first"),
      assistant([{ type: "text", text: "one" }]),
      user("second"),
      assistant([{ type: "text", text: "looking" }], "tool_use"),
      assistant([use("t1", "ls")], "tool_use"),
      user(result("t1", "a b"), { toolUseResult: { stdout: "a b" } }),
      assistant([{ type: "text", text: "two" }]),
    ];
    const { inputs } = readTranscript(lines.join("\n"), "/t.jsonl");
    expect(inputs.map((i) => [i.input.hook_event_name, i.input.prompt ?? i.input.last_assistant_message ?? null])).toEqual([
      ["UserPromptSubmit", "first"],
      ["Stop", "one"],
      ["UserPromptSubmit", "second"],
      ["PreToolUse", null],
      ["PostToolUse", null],
      ["Stop", "two"],
    ]);
    expect(inputs.every((i) => i.input.permission_mode === "plan" && i.input.cwd === "/w" && i.input.transcript_path === "/t.jsonl")).toBe(true);
  });

  it("an API error ends the turn with no Stop (the client sends StopFailure)", () => {
    expect(events([user("hi"), assistant([{ type: "text", text: "API Error: 500" }], "stop_sequence", { isApiErrorMessage: true })])).toEqual(["UserPromptSubmit"]);
  });

  it("a subagent's tool calls carry agent_id; its prompt and its final text are not the session's", () => {
    const lines = [
      user("delegate"),
      user("subagent task", { isSidechain: true, agentId: "a1" }),
      assistant([use("t9", "pwd")], "tool_use", { isSidechain: true, agentId: "a1" }),
      user(result("t9", "/w"), { isSidechain: true, agentId: "a1", toolUseResult: { stdout: "/w" } }),
      assistant([{ type: "text", text: "sub done" }], "end_turn", { isSidechain: true, agentId: "a1" }),
    ];
    const { inputs } = readTranscript(lines.join("\n"), "/t.jsonl");
    expect(inputs.map((i) => [i.input.hook_event_name, i.input.agent_id ?? null])).toEqual([
      ["UserPromptSubmit", null],
      ["PreToolUse", "a1"],
      ["PostToolUse", "a1"],
    ]);
  });

  it("without permissionDecision (older clients): a refusal's text means no Post event; an interrupt is PostToolUseFailure with is_interrupt", () => {
    const lines = [
      user("go"),
      assistant([use("t1", "rm x"), use("t2", "sleep 100")], "tool_use"),
      user(result("t1", "PreToolUse:Bash hook error: no rm", true)),
      user(result("t2", "[Request interrupted by user for tool use]", true)),
    ];
    const { inputs } = readTranscript(lines.join("\n"), "/t.jsonl");
    expect(inputs.map((i) => i.input.hook_event_name)).toEqual(["UserPromptSubmit", "PreToolUse", "PreToolUse", "PostToolUseFailure"]);
    expect(inputs[3]!.input).toMatchObject({ tool_use_id: "t2", is_interrupt: true });
  });

  it("text the client wrote itself, meta entries and other entry types are no prompt; bad lines are counted", () => {
    const lines = [
      user("<local-command-stdout>ok</local-command-stdout>"),
      user("[Request interrupted by user]"),
      user("caveat", { isMeta: true }),
      JSON.stringify({ type: "summary", summary: "x" }),
      "{torn",
      "[1,2]",
      "",
    ];
    const t = readTranscript(lines.join("\n"), "/t.jsonl");
    expect(t.inputs).toEqual([]);
    expect(t.unreadable).toBe(2);
    expect(t.lines).toBe(6);
  });
});
