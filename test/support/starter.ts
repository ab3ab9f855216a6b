// The starter policy's PreToolUse rules by id, for suites that expect its exact reasons (they change with the policy).
import starter from "../../policies/default.json";
import { claudeCode } from "../../src/clients/claude-code";
import { eventByName } from "../../src/clients/claude-code/events";
import { evaluate } from "../../src/engine/evaluate";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";

export function starterRule(id: string) {
  for (const group of starter.hooks.PreToolUse) for (const h of group.hooks) if (h.id === id) return h;
  throw new Error(`no starter rule ${id}`);
}

/** The reason the starter denies `rm -rf /` with. */
export const RM_REASON = starterRule("no-recursive-delete-of-root-system-or-home").reason;

/**
 * The starter's answer to a Bash command as Claude Code sends it (cwd /home/dev/shop): its permission decision
 * ("none" when it gives none) and the rules that fired, for suites that judge commands by intent.
 */
export async function starterVerdict(command: string): Promise<{ decision: string; fired: string[] }> {
  return starterToolVerdict("Bash", { command });
}

/** The same for any tool's input (`PowerShell` with `{command}`, `Grep` with `{pattern, path}`, …). */
export async function starterToolVerdict(tool: string, input: Record<string, unknown>): Promise<{ decision: string; fired: string[] }> {
  const { policy, spec } = starterCompiled();
  const e = await evaluate(policy, spec, { session_id: "s", transcript_path: "/home/dev/.claude/projects/p/s.jsonl", cwd: "/home/dev/shop", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: tool, tool_input: input, tool_use_id: "t" });
  const decision = (e.answer as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision ?? "none";
  return { decision, fired: [...e.fired].sort() };
}

let compiledStarter: { policy: CompiledPolicy; spec: NonNullable<ReturnType<typeof eventByName>> } | undefined;
function starterCompiled() {
  if (compiledStarter) return compiledStarter;
  const compiled = compilePolicy(starter, { client: claudeCode });
  if (!compiled.ok) throw new Error("the starter policy does not compile");
  compiledStarter = { policy: compiled.value, spec: eventByName("PreToolUse")! };
  return compiledStarter;
}
