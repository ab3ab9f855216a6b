import type { CompiledPolicy } from "../engine/policy/compilePolicy";

interface HandlerRef {
  id: string;
  path: string;
  event: string;
}

export interface Coverage {
  policyPath: string;
  handlers: number;
  /** Handlers no case exercised (none decided by them, none matched them), in policy order. */
  unexercised: HandlerRef[];
}

/** Every handler of a compiled policy, in document order. */
function handlersOf(policy: CompiledPolicy): HandlerRef[] {
  return Object.entries(policy.events).flatMap(([event, e]) => (e?.groups ?? []).flatMap((g) => g.handlers.map((h) => ({ id: h.id, path: h.path, event }))));
}

/** Which of the policy's handlers the runs exercised, by handler path (ids may repeat across events; paths do not). */
export function coverageOf(policyPath: string, policy: CompiledPolicy, exercisedPaths: Iterable<string>): Coverage {
  const seen = new Set(exercisedPaths);
  const all = handlersOf(policy);
  return { policyPath, handlers: all.length, unexercised: all.filter((h) => !seen.has(h.path)) };
}
