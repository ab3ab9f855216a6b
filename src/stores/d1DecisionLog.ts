import { DECISION_INPUT_LIMITS, capText, capValue } from "../engine/limits/cap";
import { errorText, log } from "../log";
import { isDeferredRecord, type DecisionFilter, type DecisionLog, type DecisionLogHealth, type DecisionRecord, type DeferredRecord } from "../services";

/**
 * The decision log in D1: one row per evaluated request, queryable by team, event, verdict, session and time.
 * The tables come from migrations/ (`wrangler d1 migrations apply DB`), not from here: no request pays for DDL.
 * A database without them never fails a hook (records are written after the answer, and a failed write is
 * counted, not thrown); the records are lost and the log routes fail until the migrations are applied.
 *
 * Rows are written in batches: a D1 write per request costs as much CPU as answering the hook (measured in
 * bench/: the hook's throughput halves), so records wait up to FLUSH_MS in the log's buffer and go in one
 * `batch()`. The request that starts the wait flushes, inside its own waitUntil, so each record is covered by a
 * live request; a full buffer is flushed at once by the request that filled it.
 *
 * A deferred record waits in the buffer unbuilt and is built (capped, masked) with its batch: the request that gave
 * it has nothing left to do after its answer. Building it there instead of in a timer of its own request cost ~60 µs
 * less CPU per hook call on workerd (bench/ compare). What waits unbuilt is bounded, in records (MAX_UNBUILT: the
 * building work any one request does stays ~1–2 ms, within a Worker's CPU limits) and in the inputs they keep alive
 * (MAX_UNBUILT_CHARS): the request whose record would pass either builds them all, its own too, a macrotask after
 * its answer.
 *
 * Nothing taken is lost to another record: every field is capped before it is buffered (RECORD_LIMITS), and a
 * batch that fails anyway (D1 fails a batch whole) is written again record by record; a record that still cannot be
 * written is replaced by a minimal one that says why. What went wrong is counted in `decision_log_health`
 * (GET /v1/admin/decision-log).
 */
export const FLUSH_MS = 500;
const MAX_BATCH = 500;
/** Records waiting unbuilt, at most: what the request that builds them does (~25 µs each on workerd). */
export const MAX_UNBUILT = 64;
/** What unbuilt records may keep alive together (their `size`s: input JSON characters). */
export const MAX_UNBUILT_CHARS = 1024 * 1024;

/** The caps applied to every record before it is stored (docs/storage.md lists them). */
export const RECORD_LIMITS = {
  /** session_id, tool_name: the client's are UUIDs and tool names, far shorter. */
  id: 256,
  /** errors: entries, and characters each. */
  errors: 20,
  errorChars: 1000,
  /** fired and dry-run handler ids listed. */
  handlers: 100,
  /**
   * the masked input: per string, in total, entries per array/object, depth (4 KiB, 32 KiB, 200, 16). maskForExport
   * already cuts the input to these before it masks it (it masks only what is kept), so here they change nothing.
   */
  input: DECISION_INPUT_LIMITS,
  /** the whole record as JSON; far below D1's ~2 MB row limit, so a batch of MAX_BATCH stays well within limits too. */
  recordChars: 64 * 1024,
} as const;

type Counts = Omit<DecisionLogHealth, "lastError" | "lastFailureAt">;
const zero = (): Counts => ({ recordsWritten: 0, recordsTruncated: 0, batchesRetried: 0, recordsReplaced: 0, recordsLost: 0 });

/** A record within RECORD_LIMITS, and whether anything had to be cut (the record's `truncated` says so too). */
export function capRecord(entry: DecisionRecord): DecisionRecord {
  return cappedWithJson(entry).record;
}

/** A record within RECORD_LIMITS and its JSON (measured for the last cap anyway, and then stored as it is). */
interface Capped {
  record: DecisionRecord;
  json: string;
}

/** A buffered record not built yet (the buffer holds capped records and deferred ones). */
const isUnbuilt = (entry: Capped | DeferredRecord): entry is DeferredRecord => "build" in entry;

function cappedWithJson(entry: DecisionRecord): Capped {
  let cut = false;
  const text = (s: string, max: number) => {
    const out = capText(s, max);
    if (out !== s) cut = true;
    return out;
  };
  const list = <T>(items: readonly T[], max: number, more: (n: number) => T): T[] => {
    if (items.length <= max) return [...items];
    cut = true;
    return [...items.slice(0, max), more(items.length)];
  };
  const capped: DecisionRecord = {
    ...entry,
    fired: list(entry.fired, RECORD_LIMITS.handlers, (n) => `…[truncated by hookgate: ${n} entries]`).map((id) => text(id, RECORD_LIMITS.id)),
    dryRun: list(entry.dryRun, RECORD_LIMITS.handlers, (n) => ({ id: `…[truncated by hookgate: ${n} entries]` })).map((d) => ({
      ...d,
      id: text(d.id, RECORD_LIMITS.id),
    })),
    errors: list(entry.errors, RECORD_LIMITS.errors, (n) => `…[truncated by hookgate: ${n} entries]`).map((e) => text(e, RECORD_LIMITS.errorChars)),
  };
  if (entry.sessionId !== undefined) capped.sessionId = text(entry.sessionId, RECORD_LIMITS.id);
  if (entry.tool !== undefined) capped.tool = text(entry.tool, RECORD_LIMITS.id);
  if (entry.verdict !== undefined) capped.verdict = text(entry.verdict, 16);
  if (entry.input !== undefined) {
    const input = capValue(entry.input, RECORD_LIMITS.input);
    if (input.truncated) cut = true;
    capped.input = input.value;
  }
  if (cut || entry.truncated) capped.truncated = true;
  // The caps above keep a record far below this; it is the last word whatever a later field adds.
  const json = JSON.stringify(capped);
  if (json.length > RECORD_LIMITS.recordChars) {
    capped.input = `…[input omitted by hookgate: the record would be ${json.length} chars]`;
    capped.truncated = true;
    return { record: capped, json: JSON.stringify(capped) };
  }
  return { record: capped, json };
}

/** A field that should be text, as text whatever it is (the minimal record must always be writable). */
const textOf = (v: unknown): string => (typeof v === "string" ? v : String(v ?? ""));

/** What replaces a record that cannot be written even alone: enough to find the request, and why. */
function minimalRecord(entry: DecisionRecord, why: string): DecisionRecord {
  const r: DecisionRecord = {
    decisionId: capText(textOf(entry.decisionId), RECORD_LIMITS.id),
    time: typeof entry.time === "string" && entry.time ? capText(entry.time, 64) : new Date().toISOString(),
    team: capText(textOf(entry.team), RECORD_LIMITS.id),
    event: capText(textOf(entry.event), 64),
    fired: [],
    dryRun: [],
    // Only values D1 can always bind: whatever made the full record fail must not fail this one too.
    revision: typeof entry.revision === "number" && Number.isFinite(entry.revision) ? entry.revision : null,
    latencyMs: typeof entry.latencyMs === "number" && Number.isFinite(entry.latencyMs) ? entry.latencyMs : 0,
    dedup: entry.dedup === true,
    errors: [capText(`decision log: the full record could not be written (${why}); this minimal record replaces it`, RECORD_LIMITS.errorChars)],
    truncated: true,
  };
  if (typeof entry.verdict === "string") r.verdict = capText(entry.verdict, 16);
  return r;
}

/** The indexed columns of a record's row, in INSERT order (the record itself follows them). */
const columnsOf = (entry: DecisionRecord) => [
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
];
/**
 * A row as JSON: the columns, then the record's JSON as a JSON string (`->> 10` gives it back as the text it was).
 * A string, not the record spliced in as JSON: SQLite then copies the text instead of re-serialising a parsed
 * object for each row (bench/: ~15% less CPU per row in the local D1).
 */
const rowJson = ({ record, json }: Capped) => JSON.stringify([...columnsOf(record), json]);
// `->> n`: the SQL value of the row's element n (a string's text, a number, NULL).
/** The table's columns in the order columnsOf gives them, the record last: for both INSERTs. */
const INSERT_INTO = "INSERT OR REPLACE INTO decisions (decision_id, time, team, event, session_id, tool, verdict, revision, latency_ms, dedup, record)";
const INSERT_ROWS = `${INSERT_INTO}
  SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8, value ->> 9, value ->> 10
  FROM json_each(?) ORDER BY key`;
/** Characters of JSON rows per statement (D1 takes values up to 2,000,000 bytes; a character may be 3 bytes). */
const MAX_ROWS_PARAM_CHARS = 600_000;

export interface DecisionLogOptions {
  /**
   * Resolves when the buffered records are to be written; the default waits FLUSH_MS. Injectable so tests decide
   * when a batch goes (and which records share it) instead of sleeping.
   */
  wait?: () => Promise<void>;
  /**
   * Resolves when the request whose record filled what may wait unbuilt (MAX_UNBUILT, MAX_UNBUILT_CHARS) is to
   * build them; the default is the next macrotask (setTimeout 0), after its answer has been handed to the runtime.
   */
  afterAnswer?: () => Promise<void>;
}

export class D1DecisionLog implements DecisionLog {
  /** Records waiting for the next batch, capped or unbuilt: one buffer per log, and the Worker keeps one log per isolate. */
  private readonly pending: (Capped | DeferredRecord)[] = [];
  /** How many of the records in `pending` are unbuilt, and their `size`s. */
  private unbuilt = 0;
  private unbuiltChars = 0;
  private flushScheduled = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** Counts not yet saved to decision_log_health (its own write failed): added to the next save and to health(). */
  private unsaved: Counts = zero();
  private unsavedError: { error: string; at: string } | undefined;
  private readonly wait: () => Promise<void>;
  private readonly afterAnswer: () => Promise<void>;
  /** Builds of the buffer's unbuilt records waiting for their request's answer to leave: drain() waits for them. */
  private readonly building = new Set<Promise<unknown>>();

  constructor(
    private readonly db: D1Database,
    options: DecisionLogOptions = {},
  ) {
    this.wait = options.wait ?? (() => new Promise((resolve) => setTimeout(resolve, FLUSH_MS)));
    this.afterAnswer = options.afterAnswer ?? (() => new Promise((resolve) => setTimeout(resolve, 0)));
  }

  async record(entry: DecisionRecord | DeferredRecord): Promise<void> {
    if (!isDeferredRecord(entry)) this.pending.push(this.capped(entry));
    else {
      this.pending.push(entry);
      this.unbuilt++;
      this.unbuiltChars += entry.size;
      if (this.unbuilt >= MAX_UNBUILT || this.unbuiltChars > MAX_UNBUILT_CHARS) {
        // This request builds what waits unbuilt (its own record too) once its answer has left: the memory held and
        // the work left to any one request stay bounded.
        const building = this.afterAnswer().then(() => this.buildPending());
        this.building.add(building);
        try {
          await building;
        } finally {
          this.building.delete(building);
        }
      }
    }
    if (this.pending.length >= MAX_BATCH) return this.flush();
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    await this.wait();
    this.flushScheduled = false;
    await this.flush();
  }

  /**
   * A record built (if deferred) and capped: nothing over the limits is ever batched or stored. A record that cannot
   * be built or capped is counted lost, with why, and throws.
   */
  private capped(entry: DecisionRecord | DeferredRecord): Capped {
    try {
      return cappedWithJson(isDeferredRecord(entry) ? entry.build() : entry);
    } catch (e) {
      this.unsaved.recordsLost++;
      this.unsavedError = { error: `building the record failed: ${errorText(e)}`, at: new Date().toISOString() };
      log("error", { msg: "decision log record lost: building it failed", error: errorText(e) });
      throw e;
    }
  }

  /** Build the buffer's unbuilt records where they wait; one that cannot be built is dropped (counted by capped()). */
  private buildPending(): void {
    const kept: (Capped | DeferredRecord)[] = [];
    for (const entry of this.pending) {
      try {
        kept.push(isUnbuilt(entry) ? this.capped(entry) : entry);
      } catch {
        // counted by capped(); the others are kept
      }
    }
    this.pending.splice(0, this.pending.length, ...kept);
    this.unbuilt = 0;
    this.unbuiltChars = 0;
  }

  /** Write everything buffered now and wait for every write in flight (tests; nothing else needs it). */
  async drain(): Promise<void> {
    // Builds waiting for their request's answer first (a record that fails to build is counted).
    await Promise.allSettled([...this.building]);
    await this.flush();
    await Promise.all([...this.inFlight]);
  }

  private async flush(): Promise<void> {
    this.buildPending();
    const batch = this.pending.splice(0).filter((entry): entry is Capped => !isUnbuilt(entry));
    if (batch.length === 0) return;
    const work = this.write(batch);
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }

  private async write(batch: Capped[]): Promise<void> {
    const counts = zero();
    counts.recordsTruncated = batch.filter((c) => c.record.truncated).length;
    let failure: string | undefined;
    try {
      counts.recordsWritten = batch.length;
      await this.db.batch([...this.insertMany(batch), this.healthUpdate(this.withUnsaved(counts), undefined)]);
      this.unsaved = zero();
      this.unsavedError = undefined;
      return;
    } catch (e) {
      // D1 fails a batch whole: one bad record would take the others with it. Write them one by one instead.
      failure = errorText(e);
      counts.recordsWritten = 0;
      counts.batchesRetried = 1;
    }
    for (const { record: entry, json } of batch) {
      try {
        await this.insert(entry, json).run();
        counts.recordsWritten++;
      } catch (e) {
        const why = errorText(e);
        failure = why;
        try {
          const minimal = minimalRecord(entry, why);
          await this.insert(minimal, JSON.stringify(minimal)).run();
          counts.recordsReplaced++;
        } catch (e2) {
          counts.recordsLost++;
          failure = errorText(e2);
          log("error", { msg: "decision log record lost", team: entry.team, decisionId: entry.decisionId, error: failure });
        }
      }
    }
    log("warn", { msg: "decision log batch retried record by record", records: batch.length, ...counts, error: failure });
    const all = this.withUnsaved(counts);
    const at = new Date().toISOString();
    try {
      await this.healthUpdate(all, { error: failure, at }).run();
      this.unsaved = zero();
      this.unsavedError = undefined;
    } catch {
      this.unsaved = all;
      this.unsavedError = { error: failure, at };
    }
  }

  private withUnsaved(c: Counts): Counts {
    const u = this.unsaved;
    return {
      recordsWritten: c.recordsWritten + u.recordsWritten,
      recordsTruncated: c.recordsTruncated + u.recordsTruncated,
      batchesRetried: c.batchesRetried + u.batchesRetried,
      recordsReplaced: c.recordsReplaced + u.recordsReplaced,
      recordsLost: c.recordsLost + u.recordsLost,
    };
  }

  private healthUpdate(c: Counts, failure: { error: string; at: string } | undefined): D1PreparedStatement {
    const f = failure ?? this.unsavedError;
    return this.db
      .prepare(
        `INSERT INTO decision_log_health (id, records_written, records_truncated, batches_retried, records_replaced, records_lost, last_error, last_failure_at)
         VALUES (1, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET
           records_written = records_written + excluded.records_written,
           records_truncated = records_truncated + excluded.records_truncated,
           batches_retried = batches_retried + excluded.batches_retried,
           records_replaced = records_replaced + excluded.records_replaced,
           records_lost = records_lost + excluded.records_lost,
           last_error = COALESCE(excluded.last_error, last_error),
           last_failure_at = COALESCE(excluded.last_failure_at, last_failure_at)`,
      )
      .bind(c.recordsWritten, c.recordsTruncated, c.batchesRetried, c.recordsReplaced, c.recordsLost, f ? capText(f.error, 500) : null, f?.at ?? null);
  }

  async health(): Promise<DecisionLogHealth> {
    const row = await this.db
      .prepare(
        `SELECT records_written, records_truncated, batches_retried, records_replaced, records_lost, last_error, last_failure_at
         FROM decision_log_health WHERE id = 1`,
      )
      .first<Record<string, number | string | null>>();
    const saved: Counts = {
      recordsWritten: Number(row?.records_written ?? 0),
      recordsTruncated: Number(row?.records_truncated ?? 0),
      batchesRetried: Number(row?.batches_retried ?? 0),
      recordsReplaced: Number(row?.records_replaced ?? 0),
      recordsLost: Number(row?.records_lost ?? 0),
    };
    const c = this.withUnsaved(saved);
    const lastError = this.unsavedError?.error ?? (typeof row?.last_error === "string" ? row.last_error : undefined);
    const lastFailureAt = this.unsavedError?.at ?? (typeof row?.last_failure_at === "string" ? row.last_failure_at : undefined);
    return { ...c, ...(lastError ? { lastError } : {}), ...(lastFailureAt ? { lastFailureAt } : {}), pending: this.pending.length };
  }

  /**
   * The batch as few statements as fit: each inserts the rows of one JSON array parameter through `json_each`, so
   * the database unpacks them instead of binding one statement per record (measured in bench/: one statement per
   * record cost ~5× as much CPU in the local D1; rows of 9 records per VALUES statement, twice as much). A
   * statement's array stays under D1's 2 MB limit on a value (a record alone is well under it: capRecord).
   */
  private insertMany(batch: readonly Capped[]): D1PreparedStatement[] {
    const statements: D1PreparedStatement[] = [];
    let rows: string[] = [];
    let size = 0;
    const close = () => {
      if (rows.length === 0) return;
      statements.push(this.db.prepare(INSERT_ROWS).bind(`[${rows.join(",")}]`));
      rows = [];
      size = 0;
    };
    for (const entry of batch) {
      const row = rowJson(entry);
      if (size + row.length > MAX_ROWS_PARAM_CHARS) close();
      rows.push(row);
      size += row.length + 1;
    }
    close();
    return statements;
  }

  private insert(entry: DecisionRecord, json: string): D1PreparedStatement {
    return this.db.prepare(`${INSERT_INTO} VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(...columnsOf(entry), json);
  }

  async query(team: string, filter: DecisionFilter): Promise<DecisionRecord[]> {
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

