import type { RevisionRate, RolloutLog, ShadowTally } from "../services";

/**
 * What the rollout asks of the decision log's recent index (D1, docs/storage.md): the shadow's agreement and the
 * revisions' deny rates. Read from the records the log writes anyway (each holds the shadow's verdict beside the
 * real one, and the revision that answered), so a shadow or canary costs no write of its own on the hot path, and the
 * counts are exact for what the index holds (DECISION_RETENTION_DAYS; records still in the queue arrive seconds later).
 */

/** Rows scanned per question: the newest ones, so a busy team's answer stays bounded (`truncated` says it stopped). */
const SCAN_ROWS = 100_000;
/** Disagreeing records read back for their handlers and examples. */
const DISAGREEMENTS_READ = 1_000;

export class D1RolloutLog implements RolloutLog {
  constructor(private readonly db: D1Database) {}

  async shadowTally(team: string, revision: number, since: string): Promise<ShadowTally> {
    const scanned = `SELECT verdict, record FROM decisions WHERE team = ?1 AND time >= ?2 ORDER BY time DESC LIMIT ${SCAN_ROWS}`;
    const [pairs, rows, disagreeing] = await Promise.all([
      this.db
        .prepare(
          `SELECT coalesce(verdict, 'none') AS answered, json_extract(record, '$.shadow.verdict') AS shadow, count(*) AS n
           FROM (${scanned}) WHERE json_extract(record, '$.shadow.revision') = ?3 GROUP BY answered, shadow`,
        )
        .bind(team, since, revision)
        .all<{ answered: string; shadow: string; n: number }>(),
      this.db.prepare(`SELECT count(*) AS n FROM (${scanned})`).bind(team, since).first<{ n: number }>(),
      this.db
        .prepare(
          `SELECT record FROM (${scanned}) WHERE json_extract(record, '$.shadow.revision') = ?3
             AND json_extract(record, '$.shadow.verdict') IS NOT coalesce(verdict, 'none') LIMIT ${DISAGREEMENTS_READ}`,
        )
        .bind(team, since, revision)
        .all<{ record: string }>(),
    ]);
    return {
      byVerdict: pairs.results.map((r) => ({ answered: r.answered, shadow: r.shadow, count: r.n })),
      disagreements: disagreeing.results.map((r) => JSON.parse(r.record)),
      truncated: (rows?.n ?? 0) >= SCAN_ROWS,
    };
  }

  async revisionRates(team: string, revisions: readonly number[], since: string): Promise<RevisionRate[]> {
    const marks = revisions.map((_, i) => `?${i + 3}`).join(", ");
    const rows = await this.db
      .prepare(
        `SELECT revision, count(*) AS n, sum(verdict IN ('deny', 'block')) AS denied
         FROM (SELECT verdict, revision FROM decisions WHERE team = ?1 AND time >= ?2 ORDER BY time DESC LIMIT ${SCAN_ROWS})
         WHERE revision IN (${marks}) GROUP BY revision`,
      )
      .bind(team, since, ...revisions)
      .all<{ revision: number; n: number; denied: number }>();
    return revisions.map((revision) => {
      const row = rows.results.find((r) => r.revision === revision);
      const decisions = row?.n ?? 0;
      const denied = row?.denied ?? 0;
      return { revision, decisions, denied, denyRate: decisions > 0 ? denied / decisions : null };
    });
  }
}
