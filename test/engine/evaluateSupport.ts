// What the evaluate suites (evaluate.test.ts: rules, patterns, traces; evaluateJudges.test.ts: judges, once,
// deadlines, Stop) share: a policy compiled for Claude Code, a Bash call as it sends one, evaluate with a trace, and
// a judge that records what it was asked.
import { eventByName, type HookEventName } from "../../src/clients/claude-code/events";
import type { CompiledPromptHandler } from "../../src/engine/handlers/prompt/kind";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { evaluate, type EvaluationDeps, type JudgeAnswer } from "../../src/engine/evaluate";
import { claudeCode } from "../../src/clients/claude-code";

export const compiled = (doc: unknown): CompiledPolicy => {
  const c = compilePolicy(doc, { client: claudeCode });
  if (!c.ok) throw new Error(c.error.map((p) => `${p.path}: ${p.message}`).join("\n"));
  return c.value;
};

export const BASE = {
  session_id: "sess-1",
  transcript_path: "/home/dev/.claude/projects/x/s.jsonl",
  cwd: "/home/dev/shop",
  permission_mode: "default",
};
export const bashInput = (command: string) => ({ ...BASE, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1" });
export const run = (policy: CompiledPolicy, event: HookEventName, input: Record<string, unknown>, deps: EvaluationDeps = {}) =>
  evaluate(policy, eventByName(event), input, deps, { explain: true });

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A judge that records which handlers it was asked about and answers from a table (default: ok). */
export function recordingJudge(answers: Record<string, JudgeAnswer | Error | { delayMs: number; answer: JudgeAnswer }> = {}) {
  const calls: string[] = [];
  const judge: NonNullable<EvaluationDeps["judge"]> = async (h: CompiledPromptHandler) => {
    calls.push(h.id);
    const a = answers[h.id] ?? { ok: true };
    if (a instanceof Error) throw a;
    if ("delayMs" in a) {
      await sleep(a.delayMs);
      return a.answer;
    }
    return a;
  };
  return { judge, calls };
}
