import type { FC } from "hono/jsx";

/**
 * A team's rollout state as `GET /v1/admin/teams/:team/policy` reports it (docs/rolling-out.md): a revision in shadow
 * (decided beside the one in force, never answering) and a revision in canary (answering for a share of sessions).
 */
export interface Rollout {
  shadow?: { revision: number; since: string; agreement?: number; decisions?: number };
  canary?: { revision: number; percent: number; since: string };
}

const asRollout = (v: unknown): Rollout | undefined => (typeof v === "object" && v !== null ? (v as Rollout) : undefined);

export const RolloutCard: FC<{ rollout: unknown }> = (p) => {
  const rollout = asRollout(p.rollout);
  return (
    <section class="card" aria-labelledby="rollout">
      <h2 id="rollout">Rollout</h2>
      {!rollout?.shadow && !rollout?.canary ? (
        <p data-testid="rollout-none">No revision in shadow or canary: every session gets the revision in force.</p>
      ) : (
        <dl class="kv">
          {rollout.canary && (
            <>
              <dt>Canary</dt>
              <dd data-testid="rollout-canary">revision {rollout.canary.revision} answers for {rollout.canary.percent}% of sessions, since {rollout.canary.since}</dd>
            </>
          )}
          {rollout.shadow && (
            <>
              <dt>Shadow</dt>
              <dd data-testid="rollout-shadow">
                revision {rollout.shadow.revision} decides beside the one in force (never answering), since {rollout.shadow.since}
                {rollout.shadow.agreement !== undefined && `; agrees on ${Math.round(rollout.shadow.agreement * 1000) / 10}%`}
                {rollout.shadow.decisions !== undefined && ` of ${rollout.shadow.decisions} decisions`}
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
};
