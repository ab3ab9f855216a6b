import { D1DecisionIndex } from "../decisionLog/d1Index";
import { ingest, type IngestTarget } from "../decisionLog/ingest";
import { queueDelivery } from "../decisionLog/queueSink";
import type { Capped } from "../decisionLog/record";
import { BufferedSink, type SinkOptions } from "../decisionLog/sink";
import { errorText, log } from "../log";
import type { DecisionFilter, DecisionLog, DecisionLogHealth, DecisionRecord, DecisionRollup, DeferredRecord } from "../services";

export { capRecord, RECORD_LIMITS } from "../decisionLog/record";
export { FLUSH_MS, MAX_UNBUILT, MAX_UNBUILT_CHARS } from "../decisionLog/sink";
export type DecisionLogOptions = SinkOptions;

/** Where the log's parts live: the index (D1), and optionally the archive (R2) and the queues. */
interface DecisionLogBindings {
  archive?: R2Bucket;
  /** The decision queue: with it, the hook path only sends records, and the queue's consumer writes them. */
  queue?: Queue;
  deadLetterQueue?: Queue;
}

/**
 * The decision log as the Worker uses it: the hook path's sink (records buffered per isolate, then sent to the
 * decision queue, or written to the index and archive directly where no queue is bound) and the admin side's query
 * of the index (docs/storage.md). The tables come from migrations/ (`wrangler d1 migrations apply DB`).
 */
export class D1DecisionLog implements DecisionLog {
  private readonly sink: BufferedSink;
  private readonly index: D1DecisionIndex;

  constructor(db: D1Database, options: DecisionLogOptions = {}, bindings: DecisionLogBindings = {}) {
    const target: IngestTarget = { db, ...(bindings.archive ? { archive: bindings.archive } : {}) };
    const deliver = bindings.queue
      ? queueDelivery(bindings.queue, target)
      : async (batch: Capped[]) => {
          await ingest(target, batch, { deferArchive: true });
        };
    // Whatever fails here has failed after the answer: it is counted and logged, never thrown into the hook path.
    const counted = async (batch: Capped[]) => {
      try {
        await deliver(batch);
      } catch (e) {
        this.sink.counts.recordsLost += batch.length;
        this.sink.counts.lastError = { error: `writing the records failed: ${errorText(e)}`, at: new Date().toISOString() };
        log("error", { msg: "decision records lost: the index could not be written", records: batch.length, error: errorText(e) });
      }
    };
    this.sink = new BufferedSink(counted, options);
    this.index = new D1DecisionIndex({ db, ...bindings, sink: () => ({ ...this.sink.counts, pending: this.sink.pendingCount }) });
  }

  record(entry: DecisionRecord | DeferredRecord): Promise<void> {
    return this.sink.record(entry);
  }

  drain(): Promise<void> {
    return this.sink.drain();
  }

  query(team: string, filter: DecisionFilter): Promise<DecisionRecord[]> {
    return this.index.query(team, filter);
  }

  health(): Promise<DecisionLogHealth> {
    return this.index.health();
  }

  export(team: string, since: string, until: string): ReadableStream<Uint8Array> {
    return this.index.export(team, since, until);
  }

  rollups(team: string, since: string): Promise<DecisionRollup[]> {
    return this.index.rollups(team, since);
  }

  dryRunCounts(team: string, since: string): Promise<{ hour: string; handler: string; decisions: number }[]> {
    return this.index.dryRunCounts(team, since);
  }
}
