import { errorText, log } from "../log";
import type { DecisionFilter, DecisionLog, DecisionRecord } from "../services";

/**
 * The decision log in D1: one row per evaluated request, queryable by team, event, verdict, session and time.
 * The table is created on first use in each isolate (module scope flag), so a fresh database needs no manual step.
 *
 * Rows are written in batches: a D1 write per request costs as much CPU as answering the hook (measured in
 * bench/: the hook's throughput halves), so records wait up to FLUSH_MS in a module-scope buffer and go in one
 * `batch()`. The request that starts the wait flushes, inside its own waitUntil, so each record is covered by a
 * live request; a full buffer is flushed at once by the request that filled it.
 */
let ready: Promise<unknown> | undefined;
const FLUSH_MS = 500;
const MAX_BATCH = 500;
/** Module scope on purpose: records of every request this isolate serves share one buffer. */
const pending: DecisionRecord[] = [];
let flushScheduled = false;

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS decisions (
     decision_id TEXT PRIMARY KEY, time TEXT NOT NULL, team TEXT NOT NULL, event TEXT NOT NULL,
     session_id TEXT, tool TEXT, verdict TEXT, revision INTEGER, latency_ms REAL, dedup INTEGER NOT NULL,
     record TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS decisions_team_time ON decisions (team, time)`,
];

export class D1DecisionLog implements DecisionLog {
  constructor(private readonly db: D1Database) {}

  private init(): Promise<unknown> {
    ready ??= this.db.batch(SCHEMA.map((s) => this.db.prepare(s))).catch((e) => {
      ready = undefined;
      throw e;
    });
    return ready;
  }

  async record(entry: DecisionRecord): Promise<void> {
    pending.push(entry);
    if (pending.length >= MAX_BATCH) return this.flush();
    if (flushScheduled) return;
    flushScheduled = true;
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS));
    flushScheduled = false;
    await this.flush();
  }

  private async flush(): Promise<void> {
    const batch = pending.splice(0);
    if (batch.length === 0) return;
    try {
      await this.init();
      await this.db.batch(batch.map((entry) => this.insert(entry)));
    } catch (e) {
      log("error", { msg: "decision log write failed", records: batch.length, error: errorText(e) });
    }
  }

  private insert(entry: DecisionRecord): D1PreparedStatement {
    return this.db
      .prepare(
        `INSERT OR REPLACE INTO decisions (decision_id, time, team, event, session_id, tool, verdict, revision, latency_ms, dedup, record)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        entry.decisionId,
        entry.time,
        entry.team,
        entry.event,
        entry.sessionId ?? null,
        entry.tool ?? null,
        entry.verdict ?? null,
        entry.revision,
        entry.latencyMs,
        entry.dedup ? 1 : 0,
        JSON.stringify(entry),
      );
  }

  async query(team: string, filter: DecisionFilter): Promise<DecisionRecord[]> {
    await this.init();
    const where = ["team = ?"];
    const args: unknown[] = [team];
    if (filter.event) (where.push("event = ?"), args.push(filter.event));
    if (filter.verdict) (where.push(filter.verdict === "none" ? "verdict IS NULL" : "verdict = ?"), filter.verdict !== "none" && args.push(filter.verdict));
    if (filter.session) (where.push("session_id = ?"), args.push(filter.session));
    if (filter.since) (where.push("time >= ?"), args.push(filter.since));
    if (filter.until) (where.push("time <= ?"), args.push(filter.until));
    const rows = await this.db
      .prepare(`SELECT record FROM decisions WHERE ${where.join(" AND ")} ORDER BY time DESC LIMIT ?`)
      .bind(...args, filter.limit ?? 100)
      .all<{ record: string }>();
    return rows.results.map((r) => JSON.parse(r.record) as DecisionRecord);
  }
}
