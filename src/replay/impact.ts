import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import type { ClientProfile } from "../gate/profile";
import { ReplayRun, type ChangedGroup, type ReplayReport } from "./replay";

/**
 * The impact report: the decision log's recorded (masked, capped) inputs decided again under a candidate, against
 * what was actually answered. One builder for the admin route (`POST …/policy/impact`) and what `hookgate impact`
 * prints: the same ReplayRun as `hookgate replay`, so no `once` is claimed, no record written, no judge called.
 */

/** A decision log record as far as the report reads it. */
export interface LoggedDecision {
  decisionId: string;
  event: string;
  verdict?: string;
  fired: string[];
  revision: number | null;
  input?: unknown;
}

/** The most records one impact request decides again (each twice): the route's work stays bounded. */
export const IMPACT_MAX_LIMIT = 1000;

export interface ImpactReport extends ReplayReport {
  team: string;
  /** The team's current revision: the records it answered are decided again. */
  revision: number;
  /** Records read from the log. */
  records: number;
  /** Records answered by another revision (an earlier one, a canary's): counted, skipped. */
  otherRevision: number;
  /** Records without a stored input: counted, skipped. */
  noInput: number;
  maskingChanged: { count: number; byHandler: ChangedGroup[] };
}

interface ImpactSides {
  team: string;
  current: { revision: number; policy: CompiledPolicy };
  candidate: CompiledPolicy;
  /** The org baseline layered under both, as it was under the live answers. */
  orgBaseline?: CompiledPolicy;
}

export async function impactReport(profile: ClientProfile, sides: ImpactSides, logged: readonly LoggedDecision[]): Promise<ImpactReport> {
  const run = new ReplayRun(profile, { policy: sides.current.policy }, { policy: sides.candidate }, undefined, sides.orgBaseline);
  let otherRevision = 0;
  let noInput = 0;
  for (const d of logged) {
    if (d.revision !== sides.current.revision) {
      otherRevision++;
      continue;
    }
    if (typeof d.input !== "object" || d.input === null || Array.isArray(d.input)) {
      noInput++;
      continue;
    }
    await run.add({ input: d.input as Record<string, unknown>, line: 0 }, d.decisionId, { verdict: d.verdict ?? "none", fired: d.fired });
  }
  const report = run.finish();
  return {
    team: sides.team,
    revision: sides.current.revision,
    records: logged.length,
    otherRevision,
    noInput,
    ...report,
    maskingChanged: report.maskingChanged ?? { count: 0, byHandler: [] },
  };
}
