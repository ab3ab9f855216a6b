import type { CompiledPolicy, Problem } from "../../engine/policy/compilePolicy";

/**
 * What a policy asks that Codex cannot do, said at publish and `hookgate check` (warnings, never errors: the policy
 * still decides for every other client). Each names what hookgate does instead (answer.ts), so nothing is silent:
 * the verdicts Codex's answers turn into another one. What they leave out is found for every client alike
 * (clients/unhonoured.ts).
 */
export function codexCannotHonour(policy: CompiledPolicy): Problem[] {
  const out: Problem[] = [];
  for (const [eventName, event] of Object.entries(policy.events)) {
    if (!event) continue;
    for (const group of event.groups)
      for (const h of group.handlers) {
        const verdict = h.type === "http" ? undefined : h.verdict;
        const say = (message: string) => out.push({ path: h.path, message: `Codex: ${message}` });
        if (eventName === "PreToolUse" && (verdict === "ask" || verdict === "defer"))
          say(`Codex hooks cannot ${verdict}; hookgate answers Codex with a deny whose reason says a person must run the call`);
        if (h.type !== "rule") continue;
        // A bare allow (no opinion) and a rewrite Codex cannot take are found from its answers (clients/unhonoured.ts).
        if (h.stop && (eventName === "PreToolUse" || eventName === "PermissionRequest"))
          say(`Codex cannot stop the agent from ${eventName}; hookgate denies the call instead`);
      }
  }
  return out;
}
