// The example policies in policies/examples compile and do what their description says.
import { describe, expect, it } from "vitest";
import { eventByName } from "../../src/clients/claude-code/events";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import { evaluate } from "../../src/engine/evaluate";
import runTestsBeforeStop from "../../policies/examples/run-tests-before-stop.json";
import { claudeCode } from "../../src/clients/claude-code";

const base = { session_id: "s", transcript_path: "/home/dev/.claude/projects/p/s.jsonl", cwd: "/home/dev/shop" };

describe("run-tests-before-stop", () => {
  const compiled = compilePolicy(runTestsBeforeStop, { client: claudeCode });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
  const stop = eventByName("Stop");

  it("blocks the first stop with the instruction", async () => {
    const { answer } = await evaluate(compiled.value, stop, { ...base, hook_event_name: "Stop", stop_hook_active: false });
    expect(answer).toEqual({ decision: "block", reason: expect.stringContaining("npm test") });
  });

  it("never blocks a stop that is already continuing because of a stop hook", async () => {
    const { answer } = await evaluate(compiled.value, stop, { ...base, hook_event_name: "Stop", stop_hook_active: true });
    expect(answer).toEqual({});
  });

  it("reminds about formatting once per session", async () => {
    const claimed = new Set<string>();
    const claimOnce = async (id: string) => !claimed.has(id) && Boolean(claimed.add(id));
    const edit = { ...base, hook_event_name: "PostToolUse", tool_name: "Edit", tool_input: { file_path: "/home/dev/shop/a.ts" }, tool_response: {}, tool_use_id: "t" };
    const first = await evaluate(compiled.value, eventByName("PostToolUse"), edit, { claimOnce });
    const second = await evaluate(compiled.value, eventByName("PostToolUse"), { ...edit, tool_use_id: "t2" }, { claimOnce });
    expect(first.answer).toMatchObject({ hookSpecificOutput: { additionalContext: expect.stringContaining("npm run format") } });
    expect(second.answer).toEqual({});
  });
});
