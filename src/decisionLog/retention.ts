import { errorText, log } from "../log";
import { decisionIdAt } from "../gate/decisionId";
import { writeObjects } from "./ingest";

/**
 * The scheduled cleanup (the Worker's `scheduled()` handler, on the cron in wrangler.toml): the index keeps rows for
 * DECISION_RETENTION_DAYS (default 14), the archive and the hourly rollups keep everything.
 *
 * Rows go in batches of DELETE_BATCH, at most MAX_BATCHES per run: each DELETE is one short write on D1's single
 * writer, so the consumer's writes interleave with the sweep's and no run holds the database for long (hook requests
 * never touch D1: their records go to the queue). A row whose archive object is not written yet is never deleted:
 * the index is its only copy. The same run writes archive objects left unwritten for UNWRITTEN_AFTER_MS (a consumer
 * that failed between its D1 and its R2 write and whose messages then went to the dead-letter queue).
 */
const DEFAULT_RETENTION_DAYS = 14;
const DELETE_BATCH = 1000;
const MAX_BATCHES = 50;
const UNWRITTEN_AFTER_MS = 10 * 60 * 1000;

export function retentionDays(env: { DECISION_RETENTION_DAYS?: string }): number {
  const given = Number(env.DECISION_RETENTION_DAYS?.trim() || Number.NaN);
  return Number.isFinite(given) && given > 0 ? given : DEFAULT_RETENTION_DAYS;
}

interface CleanupResult {
  rowsExpired: number;
  /** true: the run stopped at MAX_BATCHES with rows still past the window (the next run goes on). */
  more: boolean;
  objectsWritten: number;
}

export async function cleanupDecisions(
  target: { db: D1Database; archive?: R2Bucket },
  now: number,
  days: number,
  limits: { batch?: number; maxBatches?: number } = {},
): Promise<CleanupResult> {
  const { db, archive } = target;
  const batch = limits.batch ?? DELETE_BATCH;
  const maxBatches = limits.maxBatches ?? MAX_BATCHES;
  let objectsWritten = 0;
  if (archive) {
    try {
      const stale = await db
        .prepare("SELECT object_key FROM archive_objects WHERE written = 0 AND created_at < ? LIMIT 100")
        .bind(new Date(now - UNWRITTEN_AFTER_MS).toISOString())
        .all<{ object_key: string }>();
      objectsWritten = (await writeObjects(db, archive, stale.results.map((r) => r.object_key))).objects;
    } catch (e) {
      log("error", { msg: "decision cleanup: writing unwritten archive objects failed", error: errorText(e) });
    }
  }
  // Decision ids are UUIDv7: the first 48 bits are the time in ms, so every id made before the cutoff sorts below
  // the cutoff's own id prefix, and the sweep walks the primary key instead of an index of its own on `time`.
  const cutoff = decisionIdAt(now - days * 86_400_000).slice(0, 15);
  const remove = db.prepare(
    `DELETE FROM decisions WHERE rowid IN (
       SELECT rowid FROM decisions d WHERE decision_id < ?1
         AND NOT EXISTS (SELECT 1 FROM archive_objects a WHERE a.object_key = d.object_key AND a.written = 0)
       LIMIT ?2)`,
  );
  let rowsExpired = 0;
  let more = false;
  for (let i = 0; i < maxBatches; i++) {
    const r = await remove.bind(cutoff, batch).run();
    rowsExpired += r.meta.changes;
    more = r.meta.changes === batch;
    if (!more) break;
  }
  await db
    .prepare(
      `INSERT INTO decision_log_health (id, rows_expired, last_cleanup_at) VALUES (1, ?1, ?2)
       ON CONFLICT (id) DO UPDATE SET rows_expired = rows_expired + excluded.rows_expired, last_cleanup_at = excluded.last_cleanup_at`,
    )
    .bind(rowsExpired, new Date(now).toISOString())
    .run();
  return { rowsExpired, more, objectsWritten };
}
