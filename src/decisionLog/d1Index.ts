import { errorText, log } from "../log";
import type { DecisionFilter, DecisionLogHealth, DecisionQuery, DecisionRecord, DecisionRollup, QueueBacklog } from "../services";
import { hourOf } from "./ingest";
import type { SinkCounts } from "./sink";

/**
 * The admin side of the decision log: queries of the recent index in D1 (rows kept for DECISION_RETENTION_DAYS),
 * the log's health (counts in D1, the queues' backlogs, what this isolate still holds), and the export of any age:
 * the archive's objects in R2, then the index's rows not archived yet.
 */
interface IndexDeps {
  db: D1Database;
  archive?: R2Bucket;
  queue?: Queue;
  deadLetterQueue?: Queue;
  /** What this isolate's sink holds and saw go wrong (not in D1). */
  sink?: () => SinkCounts & { pending: number };
}

/** Archive objects and index rows read per D1 query while exporting: what the export holds at once is bounded. */
const EXPORT_PAGE = 100;
/** Index-pass decision ids remembered to skip in the archive (an object written while the export runs). */
const EXPORT_SEEN_MAX = 10_000;
/** Bytes of NDJSON gathered before a chunk goes to the client. */
const EXPORT_CHUNK_CHARS = 64 * 1024;

async function backlog(queue: Queue | undefined): Promise<QueueBacklog | undefined> {
  if (!queue || typeof queue.metrics !== "function") return undefined;
  try {
    const m = await queue.metrics();
    return {
      backlogCount: m.backlogCount,
      backlogBytes: m.backlogBytes,
      ...(m.oldestMessageTimestamp ? { oldestMessageAt: new Date(m.oldestMessageTimestamp).toISOString() } : {}),
    };
  } catch (e) {
    log("warn", { msg: "queue metrics unavailable", error: errorText(e) });
    return undefined;
  }
}

/** The record's `time` of an NDJSON line (every record's JSON starts with decisionId, then time). */
const timeOfLine = (line: string): string | undefined => {
  try {
    const t = (JSON.parse(line) as { time?: unknown }).time;
    return typeof t === "string" ? t : undefined;
  } catch {
    return undefined;
  }
};

export class D1DecisionIndex implements DecisionQuery {
  constructor(private readonly deps: IndexDeps) {}

  async query(team: string, filter: DecisionFilter): Promise<DecisionRecord[]> {
    const where = ["team = ?"];
    const args: unknown[] = [team];
    if (filter.event) (where.push("event = ?"), args.push(filter.event));
    if (filter.verdict) (where.push(filter.verdict === "none" ? "verdict IS NULL" : "verdict = ?"), filter.verdict !== "none" && args.push(filter.verdict));
    if (filter.session) (where.push("session_id = ?"), args.push(filter.session));
    if (filter.tool) (where.push("tool = ?"), args.push(filter.tool));
    if (filter.client) (where.push("record ->> '$.client' = ?"), args.push(filter.client));
    if (filter.since) (where.push("time >= ?"), args.push(filter.since));
    if (filter.until) (where.push("time <= ?"), args.push(filter.until));
    const rows = await this.deps.db
      .prepare(`SELECT record FROM decisions WHERE ${where.join(" AND ")} ORDER BY time DESC LIMIT ?`)
      .bind(...args, filter.limit ?? 100)
      .all<{ record: string }>();
    return rows.results.map((r) => JSON.parse(r.record) as DecisionRecord);
  }

  async rollups(team: string, since: string): Promise<DecisionRollup[]> {
    const rows = await this.deps.db
      .prepare("SELECT hour, event, verdict, handler, decisions FROM decision_rollups WHERE team = ? AND hour >= ? ORDER BY hour LIMIT 20000")
      .bind(team, since.slice(0, 13))
      .all<DecisionRollup>();
    return rows.results;
  }

  async dryRunCounts(team: string, since: string): Promise<{ hour: string; handler: string; decisions: number }[]> {
    const rows = await this.deps.db
      .prepare(
        `SELECT substr(d.time, 1, 13) AS hour, j.value ->> '$.id' AS handler, count(*) AS decisions
         FROM decisions d, json_each(d.record, '$.dryRun') j WHERE d.team = ? AND d.time >= ? GROUP BY 1, 2 ORDER BY 1 LIMIT 20000`,
      )
      .bind(team, since)
      .all<{ hour: string; handler: string; decisions: number }>();
    return rows.results;
  }

  async health(): Promise<DecisionLogHealth> {
    const [row, queue, deadLetterQueue] = await Promise.all([
      this.deps.db
        .prepare(
          `SELECT h.records_written, h.records_truncated, h.batches_retried, h.records_replaced, h.records_lost, h.last_error, h.last_failure_at,
             h.records_archived, h.objects_written, h.rows_expired, h.last_cleanup_at,
             (SELECT count(*) FROM dead_letters) AS dead, (SELECT max(at) FROM dead_letters) AS last_dead
           FROM (SELECT 1) LEFT JOIN decision_log_health h ON h.id = 1`,
        )
        .first<Record<string, number | string | null>>(),
      backlog(this.deps.queue),
      backlog(this.deps.deadLetterQueue),
    ]);
    const n = (k: string) => Number(row?.[k] ?? 0);
    const t = (k: string) => (typeof row?.[k] === "string" ? (row[k] as string) : undefined);
    const sink = this.deps.sink?.();
    const lastError = sink?.lastError?.error ?? t("last_error");
    const lastFailureAt = sink?.lastError?.at ?? t("last_failure_at");
    return {
      recordsWritten: n("records_written"),
      recordsTruncated: n("records_truncated"),
      batchesRetried: n("batches_retried"),
      recordsReplaced: n("records_replaced"),
      recordsLost: n("records_lost") + (sink?.recordsLost ?? 0),
      ...(lastError ? { lastError } : {}),
      ...(lastFailureAt ? { lastFailureAt } : {}),
      pending: sink?.pending ?? 0,
      recordsArchived: n("records_archived"),
      objectsWritten: n("objects_written"),
      rowsExpired: n("rows_expired"),
      ...(t("last_cleanup_at") ? { lastCleanupAt: t("last_cleanup_at") } : {}),
      deadLettered: n("dead"),
      ...(t("last_dead") ? { lastDeadLetterAt: t("last_dead") } : {}),
      ...(queue ? { queue } : {}),
      ...(deadLetterQueue ? { deadLetterQueue } : {}),
    };
  }

  export(team: string, since: string, until: string): ReadableStream<Uint8Array> {
    const lines = this.exportChunks(team, since, until);
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await lines.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (e) {
          log("error", { msg: "decision export failed", team, error: errorText(e) });
          controller.error(e);
        }
      },
      async cancel() {
        await lines.return(undefined);
      },
    });
  }

  /** The export as chunks of NDJSON: the index's rows not archived yet, then the archive's objects, by hour. */
  private async *exportChunks(team: string, since: string, until: string): AsyncGenerator<string> {
    const { db, archive } = this.deps;
    const inRange = (time: string | undefined) => time !== undefined && time >= since && time <= until;
    let chunk = "";
    const seen = new Set<string>();

    // The index's rows whose object is not written yet (or that have no archive at all), in pages by (time, id).
    let after: [string, string] = ["", ""];
    for (;;) {
      const page = await db
        .prepare(
          `SELECT decision_id, time, record FROM decisions d
           WHERE team = ?1 AND time >= ?2 AND time <= ?3 AND (time, decision_id) > (?4, ?5)
             AND NOT EXISTS (SELECT 1 FROM archive_objects a WHERE a.object_key = d.object_key AND a.written = 1)
           ORDER BY time, decision_id LIMIT ?6`,
        )
        .bind(team, since, until, after[0], after[1], EXPORT_PAGE)
        .all<{ decision_id: string; time: string; record: string }>();
      for (const r of page.results) {
        if (seen.size < EXPORT_SEEN_MAX) seen.add(r.decision_id);
        chunk += `${r.record}\n`;
        if (chunk.length >= EXPORT_CHUNK_CHARS) (yield chunk, (chunk = ""));
      }
      if (page.results.length < EXPORT_PAGE) break;
      const last = page.results.at(-1)!;
      after = [last.time, last.decision_id];
    }
    if (!archive) {
      if (chunk) yield chunk;
      return;
    }

    // The archive's objects of the hours in range, one at a time, streamed through gunzip and split into lines.
    let afterKey: [string, string] = ["", ""];
    for (;;) {
      const page = await db
        .prepare(
          `SELECT object_key, hour FROM archive_objects
           WHERE team = ?1 AND written = 1 AND hour >= ?2 AND hour <= ?3 AND (hour, object_key) > (?4, ?5)
           ORDER BY hour, object_key LIMIT ?6`,
        )
        .bind(team, hourOf(since), hourOf(until), afterKey[0], afterKey[1], EXPORT_PAGE)
        .all<{ object_key: string; hour: string }>();
      for (const o of page.results) {
        const object = await archive.get(o.object_key);
        if (!object) {
          log("error", { msg: "decision export: an archive object registered as written is missing", team, key: o.object_key });
          continue;
        }
        const text = object.body.pipeThrough(new DecompressionStream("gzip")).pipeThrough(new TextDecoderStream());
        let rest = "";
        const take = (line: string) => {
          if (!line || !inRange(timeOfLine(line))) return;
          if (seen.size > 0) {
            const id = (JSON.parse(line) as { decisionId?: string }).decisionId;
            if (id && seen.has(id)) return;
          }
          chunk += `${line}\n`;
        };
        for await (const part of text) {
          const parts = (rest + part).split("\n");
          rest = parts.pop() ?? "";
          for (const line of parts) take(line);
          if (chunk.length >= EXPORT_CHUNK_CHARS) (yield chunk, (chunk = ""));
        }
        take(rest);
      }
      if (page.results.length < EXPORT_PAGE) break;
      const last = page.results.at(-1)!;
      afterKey = [last.hour, last.object_key];
    }
    if (chunk) yield chunk;
  }
}
