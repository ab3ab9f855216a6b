/** The held-out corpora (README.md here) as rows, and how one row is put to a compiled policy as Claude Code sends it. */
import { eventByName } from "../../src/clients/claude-code/events";
import { evaluate, type Evaluation } from "../../src/engine/evaluate";
import type { CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import dangerous1 from "./dangerous.jsonl?raw";
import ordinary1 from "./ordinary.jsonl?raw";
import prompts1 from "./prompts.jsonl?raw";
import dangerous2 from "./set2/dangerous.jsonl?raw";
import ordinary2 from "./set2/ordinary.jsonl?raw";
import prompts2 from "./set2/prompts.jsonl?raw";
import dangerous3 from "./set3/dangerous.jsonl?raw";
import ordinary3 from "./set3/ordinary.jsonl?raw";
import prompts3 from "./set3/prompts.jsonl?raw";

export interface Row {
  id: string;
  class?: string;
  tool?: string;
  input?: Record<string, unknown>;
  prompt?: string;
  cwd?: string;
  expect: "deny" | "ask" | "allow" | "block";
}

const rows = (text: string): Row[] =>
  text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);

export const SETS = [
  { name: "set 1", dangerous: rows(dangerous1), ordinary: rows(ordinary1), prompts: rows(prompts1) },
  { name: "set 2", dangerous: rows(dangerous2), ordinary: rows(ordinary2), prompts: rows(prompts2) },
  { name: "set 3", dangerous: rows(dangerous3), ordinary: rows(ordinary3), prompts: rows(prompts3) },
];

/** The row as Claude Code's hook input: a UserPromptSubmit for a prompt, else a PreToolUse. */
export async function evaluateRow(policy: CompiledPolicy, row: Row): Promise<Evaluation> {
  const cwd = row.cwd ?? "/home/dev/shop";
  const home = cwd.split("/").slice(0, 3).join("/");
  const base = { session_id: "s", transcript_path: `${home}/.claude/projects/p/s.jsonl`, cwd };
  if (row.prompt !== undefined)
    return evaluate(policy, eventByName("UserPromptSubmit"), { ...base, hook_event_name: "UserPromptSubmit", prompt: row.prompt });
  return evaluate(policy, eventByName("PreToolUse"), { ...base, hook_event_name: "PreToolUse", tool_name: row.tool!, tool_input: row.input!, tool_use_id: "t" });
}

/** The verdict Claude Code acts on: block or allow for a prompt, the permission decision (allow when none) for a tool call. */
export function verdictOf(row: Row, r: Evaluation): string {
  if (row.prompt !== undefined) return (r.answer as { decision?: string }).decision === "block" ? "block" : "allow";
  return (r.answer as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision ?? "allow";
}
