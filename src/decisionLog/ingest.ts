import { capText } from "../engine/limits/cap";
import { errorText, log } from "../log";
import type { DecisionRecord } from "../services";
import { minimalRecord, type Capped } from "./record";

/**
 * Writing a batch of records where they are kept: the recent index in D1 and the record of truth in R2 (compressed
 * NDJSON objects by team and hour). The Queue consumer calls it with each batch (consumer.ts); the hook path calls it
 * directly only where no queue is bound.
 *
 * Idempotent by decision id, whatever the batches a redelivery makes of the records:
 * 1. One D1 transaction inserts the batch's rows that are not there yet (INSERT OR IGNORE on the decision id), each
 *    row naming the archive object it belongs to (a key new to this attempt), counts them into the hourly rollups
 *    (only rows not there yet) and registers the object as not written.
 * 2. Every object a row of the batch belongs to that is not marked written is written to R2 from its rows (this
 *    attempt's from memory; an earlier attempt's read back from D1), then marked written.
 * A record therefore belongs to exactly one object, and an object's content is fixed once its rows are in D1: a
 * retry writes the same object again under the same key, never a second copy. A batch that fails between 1 and 2 is
 * retried by the queue (and the scheduled cleanup writes any object left unwritten: retention.ts).
 * Hourly rollups (team, event, verdict, handler) are counted in step 1, so they too count each record once.
 */

/** The R2 key prefix of the record of truth (docs/storage.md). */
const ARCHIVE_PREFIX = "decisions/";

/** `YYYY-MM-DDTHH` of a record's time; a time that is not ISO (a minimal record's) falls in the current hour. */
export const hourOf = (time: string): string => (/^\d{4}-\d\d-\d\dT\d\d/.test(time) ? time.slice(0, 13) : new Date().toISOString().slice(0, 13));

/** The R2 key of an archive object: hive-style partitions (team, date, hour) any query engine reads by prefix. */
export const objectKey = (team: string, hour: string, id: string): string =>
  `${ARCHIVE_PREFIX}team=${encodeURIComponent(team)}/date=${hour.slice(0, 10)}/hour=${hour.slice(11, 13)}/${id}.ndjson.gz`;

/** The team's prefix, for listing (export, docs). */
export const teamPrefix = (team: string): string => `${ARCHIVE_PREFIX}team=${encodeURIComponent(team)}/`;

export interface IngestTarget {
  db: D1Database;
  /** The R2 bucket of the record of truth; without one only the index is written. */
  archive?: R2Bucket;
}

interface IngestResult {
  /**
   * The records this call made durable: those in the archive objects it wrote (an earlier delivery's too, if that one
   * failed before its R2 write), or, without an archive, those it inserted into the index. Each record is in exactly
   * one such result (an object is written once), so the OTLP exporter sends what this lists.
   */
  inserted: DecisionRecord[];
  /** Archive objects written to R2 by this call. */
  objectsWritten: number;
}

/** The row of a record as JSON for json_each: the columns, the record's text, its object key, its fired ids + "*". */
const rowJson = ({ record: r, json }: Capped, key: string): string =>
  JSON.stringify([
    r.decisionId,
    r.time,
    r.team,
    r.event,
    r.sessionId ?? null,
    r.tool ?? null,
    r.verdict ?? null,
    r.revision,
    r.latencyMs,
    r.dedup ? 1 : 0,
    json,
    key,
    // The rollups count each record once under handler "*" and once under each handler that fired.
    [...new Set(Array.isArray(r.fired) ? r.fired.map(String) : []), "*"],
  ]);

const INSERT_ROWS = `INSERT OR IGNORE INTO decisions (decision_id, time, team, event, session_id, tool, verdict, revision, latency_ms, dedup, record, object_key)
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9, value ->> 10, value ->> 11
  FROM json_each(?) ORDER BY key`;
/** Before the rows go in (same transaction): counts only rows not there yet, so a redelivery counts nothing twice. */
const ROLLUP_ROWS = `INSERT INTO decision_rollups (hour, team, event, verdict, handler, decisions)
  SELECT substr(r.value ->> 1, 1, 13), r.value ->> 2, r.value ->> 3, coalesce(r.value ->> 6, ''), h.value, count(*)
  FROM json_each(?) AS r, json_each(r.value -> 12) AS h
  WHERE NOT EXISTS (SELECT 1 FROM decisions d WHERE d.decision_id = r.value ->> 0)
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (hour, team, event, verdict, handler) DO UPDATE SET decisions = decisions + excluded.decisions`;
const REGISTER_OBJECT = `INSERT OR IGNORE INTO archive_objects (object_key, team, hour, written, created_at)
  SELECT object_key, team, ?2, 0, ?3 FROM decisions WHERE object_key = ?1 LIMIT 1`;
/** Characters of JSON rows per statement (D1 takes values up to 2,000,000 bytes; a character may be 3 bytes). */
const MAX_ROWS_PARAM_CHARS = 600_000;

interface Counts {
  recordsWritten: number;
  recordsTruncated: number;
  batchesRetried: number;
  recordsReplaced: number;
  recordsLost: number;
  recordsArchived: number;
  objectsWritten: number;
}
const zero = (): Counts => ({ recordsWritten: 0, recordsTruncated: 0, batchesRetried: 0, recordsReplaced: 0, recordsLost: 0, recordsArchived: 0, objectsWritten: 0 });

function healthUpdate(db: D1Database, c: Counts, failure?: { error: string; at: string }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO decision_log_health (id, records_written, records_truncated, batches_retried, records_replaced, records_lost, records_archived, objects_written, last_error, last_failure_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         records_written = records_written + excluded.records_written,
         records_truncated = records_truncated + excluded.records_truncated,
         batches_retried = batches_retried + excluded.batches_retried,
         records_replaced = records_replaced + excluded.records_replaced,
         records_lost = records_lost + excluded.records_lost,
         records_archived = records_archived + excluded.records_archived,
         objects_written = objects_written + excluded.objects_written,
         last_error = COALESCE(excluded.last_error, last_error),
         last_failure_at = COALESCE(excluded.last_failure_at, last_failure_at)`,
    )
    .bind(
      c.recordsWritten,
      c.recordsTruncated,
      c.batchesRetried,
      c.recordsReplaced,
      c.recordsLost,
      c.recordsArchived,
      c.objectsWritten,
      failure ? capText(failure.error, 500) : null,
      failure?.at ?? null,
    );
}

/** A group of records of one team and hour, the archive object they go to. */
interface Group {
  team: string;
  hour: string;
  key: string;
  records: Capped[];
}

function groupsOf(batch: readonly Capped[]): Group[] {
  const groups = new Map<string, Group>();
  const attempt = `${Date.now().toString(36)}-${crypto.randomUUID()}`;
  for (const c of batch) {
    const hour = hourOf(c.record.time);
    const id = `${c.record.team}\n${hour}`;
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { team: c.record.team, hour, key: objectKey(c.record.team, hour, `${attempt}-${groups.size}`), records: [] }));
    g.records.push(c);
  }
  return [...groups.values()];
}

/** The statements that insert `rows` (of one group) and count them, in as few statements as fit. */
function insertStatements(db: D1Database, group: Group, records: readonly Capped[], now: string): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  let rows: string[] = [];
  let size = 0;
  const close = () => {
    if (rows.length === 0) return;
    const param = `[${rows.join(",")}]`;
    out.push(db.prepare(ROLLUP_ROWS).bind(param), db.prepare(INSERT_ROWS).bind(param));
    rows = [];
    size = 0;
  };
  for (const c of records) {
    const row = rowJson(c, group.key);
    if (size + row.length > MAX_ROWS_PARAM_CHARS) close();
    rows.push(row);
    size += row.length + 1;
  }
  close();
  out.push(db.prepare(REGISTER_OBJECT).bind(group.key, group.hour, now));
  return out;
}

/** gzip of `text` (CompressionStream: in workerd and Node alike). */
export async function gzip(text: string): Promise<ArrayBuffer> {
  return new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
}

/**
 * Write the archive objects named (those not marked written yet) from their rows in D1, or from `known` for the
 * records this call has in memory; mark them written. Returns how many objects and records were written.
 */
export async function writeObjects(
  db: D1Database,
  archive: R2Bucket,
  keys: readonly string[],
  known: ReadonlyMap<string, readonly Capped[]> = new Map(),
): Promise<{ objects: number; records: number; lines: string[] }> {
  if (keys.length === 0) return { objects: 0, records: 0, lines: [] };
  const unwritten = await db
    .prepare("SELECT object_key FROM archive_objects WHERE written = 0 AND object_key IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(keys))
    .all<{ object_key: string }>();
  let objects = 0;
  let records = 0;
  const written: string[] = [];
  const marks: D1PreparedStatement[] = [];
  for (const { object_key: key } of unwritten.results) {
    let lines = known.get(key)?.map((c) => c.json);
    if (!lines) {
      const rows = await db.prepare("SELECT record FROM decisions WHERE object_key = ? ORDER BY time, decision_id").bind(key).all<{ record: string }>();
      lines = rows.results.map((r) => r.record);
    }
    if (lines.length === 0) continue;
    const body = await gzip(`${lines.join("\n")}\n`);
    await archive.put(key, body, {
      httpMetadata: { contentType: "application/x-ndjson", contentEncoding: "gzip" },
      customMetadata: { records: String(lines.length) },
    });
    marks.push(db.prepare("UPDATE archive_objects SET written = 1, records = ?, bytes = ? WHERE object_key = ?").bind(lines.length, body.byteLength, key));
    objects++;
    records += lines.length;
    written.push(...lines);
  }
  if (marks.length) await db.batch(marks);
  return { objects, records, lines: written };
}

/** Write `batch` to the index and the archive (see the file's comment). Throws only if D1 itself fails. */
export async function ingest(target: IngestTarget, batch: readonly Capped[], options: { deferArchive?: boolean } = {}): Promise<IngestResult> {
  const { db, archive } = target;
  if (batch.length === 0) return { inserted: [], objectsWritten: 0 };
  const now = new Date().toISOString();
  const counts = zero();
  const groups = groupsOf(batch);
  let failure: string | undefined;
  try {
    await db.batch(groups.flatMap((g) => insertStatements(db, g, g.records, now)));
  } catch (e) {
    // D1 fails a batch whole: one bad record would take the others with it. Write them one by one instead.
    failure = errorText(e);
    counts.batchesRetried = 1;
    for (const g of groups)
      for (const c of g.records) {
        try {
          await db.batch(insertStatements(db, g, [c], now));
        } catch (e2) {
          failure = errorText(e2);
          try {
            const minimal = minimalRecord(c.record, failure);
            await db.batch(insertStatements(db, g, [{ record: minimal, json: JSON.stringify(minimal) }], now));
            counts.recordsReplaced++;
          } catch (e3) {
            counts.recordsLost++;
            failure = errorText(e3);
            log("error", { msg: "decision log record lost", team: c.record.team, decisionId: c.record.decisionId, error: failure });
          }
        }
      }
    log("warn", { msg: "decision log batch retried record by record", records: batch.length, error: failure });
  }

  // Which object each of the batch's records belongs to now: this attempt's key if it was new, an earlier one's if not.
  const ids = batch.map((c) => c.record.decisionId);
  const stored = await db
    .prepare("SELECT decision_id, object_key FROM decisions WHERE decision_id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(ids))
    .all<{ decision_id: string; object_key: string | null }>();
  const keyOf = new Map(stored.results.map((r) => [r.decision_id, r.object_key]));
  const ours = new Set(groups.map((g) => g.key));
  const inserted: DecisionRecord[] = [];
  const known = new Map<string, Capped[]>();
  for (const c of batch) {
    const key = keyOf.get(c.record.decisionId);
    if (key && ours.has(key)) {
      inserted.push(c.record);
      if (c.record.truncated) counts.recordsTruncated++;
      known.set(key, [...(known.get(key) ?? []), c]);
    }
  }
  // Replaced records are in D1 as their minimal form, not as `c`: their objects are read back from D1.
  if (counts.recordsReplaced > 0) known.clear();
  counts.recordsWritten = inserted.length - counts.recordsReplaced;
  if (archive) {
    const keys = [...new Set([...keyOf.values()].filter((k): k is string => !!k))];
    try {
      const written = await writeObjects(db, archive, keys, known);
      counts.objectsWritten = written.objects;
      counts.recordsArchived = written.records;
      await healthUpdate(db, counts, failure ? { error: failure, at: now } : undefined).run();
      return { inserted: written.lines.map((l) => JSON.parse(l) as DecisionRecord), objectsWritten: written.objects };
    } catch (e) {
      // The rows are in D1 and their objects registered unwritten: the queue retries the batch (the consumer), or
      // the scheduled cleanup writes them (deferArchive: the hook path's direct write, which nothing retries).
      if (!options.deferArchive) throw e;
      failure = `writing the archive failed (the scheduled cleanup writes it): ${errorText(e)}`;
      log("warn", { msg: "decision archive write deferred", records: batch.length, error: errorText(e) });
    }
  }
  await healthUpdate(db, counts, failure ? { error: failure, at: now } : undefined).run();
  return { inserted, objectsWritten: counts.objectsWritten };
}
