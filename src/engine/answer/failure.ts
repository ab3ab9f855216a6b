import { failVerdict, type EventSpec } from "../event/eventSpec";
import type { Aggregate } from "./outcome";

/**
 * What a gating event is answered when hookgate itself cannot decide (the policy cannot be loaded, the token store
 * is down, an internal error): the policy's failMode, said plainly, as an aggregate the client's protocol answers.
 */
export function failureAggregate(spec: EventSpec, failMode: "open" | "closed", why: string): Aggregate {
  const verdict = failVerdict(spec, failMode);
  const agg: Aggregate = { output: {} };
  if (verdict !== "none") {
    agg.verdict = verdict;
    agg.reason = `hookgate could not evaluate the team policy (${why}); failing closed.`;
  }
  return agg;
}
