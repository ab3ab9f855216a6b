import type { FC } from "hono/jsx";
import { ChangeForm, teamPath } from "./layout";

/**
 * A team's rollout state as `GET /v1/admin/teams/:team/policy` reports it (docs/rolling-out.md): a revision in shadow
 * (decided beside the one in force, never answering) and a revision in canary (answering for a share of sessions);
 * with the shadow's agreement from `GET …/policy/shadow`.
 */
export interface Rollout {
  shadow?: { revision: number; since: string };
  canary?: { revision: number; percent: number; since: string };
}

export interface ShadowReport {
  revision: number;
  decisions: number;
  agreed: number;
  disagreed: number;
  agreement: number | null;
  byHandler: { handler: string; count: number }[];
}

const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;

export const RolloutCard: FC<{ team: string; csrf: string; rollout: Rollout | undefined; shadow: ShadowReport | undefined; current: number | undefined }> = (p) => {
  const { rollout, shadow } = p;
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
              <dd data-testid="rollout-canary">revision {rollout.canary.revision} answers for {rollout.canary.percent}% of sessions (the rest: revision {p.current ?? "?"}), since {rollout.canary.since}</dd>
            </>
          )}
          {rollout.shadow && (
            <>
              <dt>Shadow</dt>
              <dd data-testid="rollout-shadow">
                revision {rollout.shadow.revision} decides beside the one in force, never answering, since {rollout.shadow.since}
                {shadow && (shadow.agreement === null ? "; no decision compared yet" : `; agrees on ${percent(shadow.agreement)} of ${shadow.decisions} decisions (${shadow.disagreed} differ)`)}
                {shadow && shadow.byHandler.length > 0 && `; differences by handler: ${shadow.byHandler.map((h) => `${h.handler} ${h.count}`).join(", ")}`}
              </dd>
            </>
          )}
        </dl>
      )}
      <div class="filters">
        {rollout?.canary && (
          <ChangeForm action={teamPath(p.team, "/rollout/promote")} csrf={p.csrf} class="inline">
            <button type="submit" data-confirm={`Make revision ${rollout.canary.revision} current for everyone?`}>Promote the canary</button>
          </ChangeForm>
        )}
        {(rollout?.canary || rollout?.shadow) && (
          <ChangeForm action={teamPath(p.team, "/rollout/abort")} csrf={p.csrf} class="inline">
            <button class="danger" type="submit">{rollout?.canary ? "Abort the canary" : "End the shadow"}</button>
          </ChangeForm>
        )}
        {!rollout?.canary && (
          <ChangeForm action={teamPath(p.team, "/rollout/canary")} csrf={p.csrf} class="filters">
            <div><label for="canary-revision">Canary revision</label><input id="canary-revision" name="revision" inputmode="numeric" size={6} required value={rollout?.shadow ? String(rollout.shadow.revision) : ""} /></div>
            <div><label for="canary-percent">Share of sessions (%)</label><input id="canary-percent" name="percent" inputmode="decimal" size={6} required value="10" /></div>
            <div><button class="quiet" type="submit">Start a canary</button></div>
          </ChangeForm>
        )}
      </div>
    </section>
  );
};
