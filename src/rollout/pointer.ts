import type { PolicyRecord, RolloutChange, RolloutOutcome } from "../services";
import type { StoredRollout } from "./state";

/**
 * The rollout's changes to a team's `current` pointer, as pure functions of what is stored: the team's Coordinator
 * (coordinator.ts) runs each one at a time with the KV writes, so two changes never cross. A publish or rollback
 * writes a pointer without `rollout`: both end the shadow and the canary.
 */

/** The pointer with this rollout (none left: the field is dropped, so the pointer reads as a plain revision again). */
function withRollout(pointer: PolicyRecord, rollout: StoredRollout): PolicyRecord {
  const { rollout: _old, ...rest } = pointer;
  return rollout.shadow || rollout.canary ? { ...rest, rollout } : rest;
}

/** A staged revision becomes the team's shadow (replacing an earlier shadow; a running canary stays). */
export function shadowOf(current: PolicyRecord, staged: PolicyRecord): PolicyRecord {
  return withRollout(current, { ...current.rollout, shadow: { revision: staged.revision, since: staged.publishedAt, digest: staged.digest } });
}

/** A canary change on `current`; `target` is the stored revision a new canary names. */
export function changeRollout(current: PolicyRecord | null, change: RolloutChange, target: PolicyRecord | null): RolloutOutcome {
  if (!current) return { kind: "refused", code: "not_found", message: "the team has no published policy" };
  const rollout = current.rollout ?? {};
  switch (change.kind) {
    case "canary": {
      if (!target) return { kind: "refused", code: "not_found", message: `the team has no revision ${change.revision}` };
      if (target.revision === current.revision) return { kind: "refused", code: "conflict", message: `revision ${change.revision} is current: a canary answers from a revision that is not` };
      // A new percent for the same revision keeps its start (the deny rates compare from there); another revision starts anew.
      const since = rollout.canary?.revision === target.revision ? rollout.canary.since : change.at;
      return { kind: "changed", pointer: withRollout(current, { ...rollout, canary: { revision: target.revision, percent: change.percent, since, digest: target.digest } }) };
    }
    case "abort": {
      if (rollout.canary) {
        const { canary, ...rest } = rollout;
        return { kind: "changed", pointer: withRollout(current, rest), ended: "canary", endedRevision: canary.revision };
      }
      if (rollout.shadow) {
        const { shadow, ...rest } = rollout;
        return { kind: "changed", pointer: withRollout(current, rest), ended: "shadow", endedRevision: shadow.revision };
      }
      return { kind: "refused", code: "conflict", message: "the team has no canary or shadow to abort" };
    }
    case "promote": {
      if (!rollout.canary) return { kind: "refused", code: "conflict", message: "the team has no canary to promote" };
      if (!target) return { kind: "refused", code: "not_found", message: `the team has no revision ${rollout.canary.revision}` };
      // The promoted revision as the new pointer: a plain revision, the rollout over.
      const { rollout: _r, rolledBackFrom: _f, ...plain } = target;
      return { kind: "promoted", pointer: plain, from: current.revision, canary: rollout.canary };
    }
  }
}
