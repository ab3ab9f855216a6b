import { errorText, log } from "../log";
import { isDeferredRecord, type DecisionRecord, type DeferredRecord } from "../services";
import { cappedWithJson, type Capped } from "./record";

/**
 * The hook path's side of the decision log: it takes records (built, or to be built after the answer), caps them and
 * hands them on in batches to a `deliver` function: the Queue producer in the Worker (queueSink.ts), the D1 index
 * directly where there is no queue (d1DecisionLog.ts).
 *
 * Records wait up to FLUSH_MS in the isolate's buffer and go in one delivery: one `sendBatch` per isolate per window
 * instead of one `send` per request (bench/: measured with `npm run bench -- compare`). The request that starts the
 * wait delivers, inside its own waitUntil, so each record is covered by a live request; a full buffer is delivered at
 * once by the request that filled it.
 *
 * A deferred record waits in the buffer unbuilt and is built (capped, masked) with its batch: the request that gave
 * it has nothing left to do after its answer. What waits unbuilt is bounded, in records (MAX_UNBUILT: the building
 * work any one request does stays ~1–2 ms, within a Worker's CPU limits) and in the inputs they keep alive
 * (MAX_UNBUILT_CHARS): the request whose record would pass either builds them all, its own too, a macrotask after
 * its answer.
 */
export const FLUSH_MS = 500;
/** Records per delivery at most (a Queue's sendBatch takes 100 messages; queueSink splits further by bytes). */
export const MAX_BATCH = 500;
/** Records waiting unbuilt, at most: what the request that builds them does (~25 µs each on workerd). */
export const MAX_UNBUILT = 64;
/** What unbuilt records may keep alive together (their `size`s: input JSON characters). */
export const MAX_UNBUILT_CHARS = 1024 * 1024;

export interface SinkOptions {
  /**
   * Resolves when the buffered records are to be delivered; the default waits FLUSH_MS. Injectable so tests decide
   * when a batch goes (and which records share it) instead of sleeping.
   */
  wait?: () => Promise<void>;
  /**
   * Resolves when the request whose record filled what may wait unbuilt (MAX_UNBUILT, MAX_UNBUILT_CHARS) is to
   * build them; the default is the next macrotask (setTimeout 0), after its answer has been handed to the runtime.
   */
  afterAnswer?: () => Promise<void>;
}

/** What the sink itself saw go wrong (records that could not be built), in this isolate. */
export interface SinkCounts {
  recordsLost: number;
  lastError?: { error: string; at: string };
}

const isUnbuilt = (entry: Capped | DeferredRecord): entry is DeferredRecord => "build" in entry;

export class BufferedSink {
  /** Records waiting for the next batch, capped or unbuilt: the Worker keeps one sink per isolate. */
  private readonly pending: (Capped | DeferredRecord)[] = [];
  private unbuilt = 0;
  private unbuiltChars = 0;
  private flushScheduled = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly building = new Set<Promise<unknown>>();
  private readonly wait: () => Promise<void>;
  private readonly afterAnswer: () => Promise<void>;
  readonly counts: SinkCounts = { recordsLost: 0 };

  constructor(
    private readonly deliver: (batch: Capped[]) => Promise<void>,
    options: SinkOptions = {},
  ) {
    this.wait = options.wait ?? (() => new Promise((resolve) => setTimeout(resolve, FLUSH_MS)));
    this.afterAnswer = options.afterAnswer ?? (() => new Promise((resolve) => setTimeout(resolve, 0)));
  }

  /** Records buffered in this isolate, waiting for their batch. */
  get pendingCount(): number {
    return this.pending.length;
  }

  async record(entry: DecisionRecord | DeferredRecord): Promise<void> {
    if (!isDeferredRecord(entry)) this.pending.push(this.capped(entry));
    else {
      this.pending.push(entry);
      this.unbuilt++;
      this.unbuiltChars += entry.size;
      if (this.unbuilt >= MAX_UNBUILT || this.unbuiltChars > MAX_UNBUILT_CHARS) {
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

  /** A record built (if deferred) and capped; one that cannot be built is counted lost, with why, and throws. */
  private capped(entry: DecisionRecord | DeferredRecord): Capped {
    try {
      return cappedWithJson(isDeferredRecord(entry) ? entry.build() : entry);
    } catch (e) {
      this.counts.recordsLost++;
      this.counts.lastError = { error: `building the record failed: ${errorText(e)}`, at: new Date().toISOString() };
      log("error", { msg: "decision log record lost: building it failed", error: errorText(e) });
      throw e;
    }
  }

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

  /** Deliver everything buffered now and wait for every delivery in flight (tests; nothing else needs it). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.building]);
    await this.flush();
    await Promise.all([...this.inFlight]);
  }

  private async flush(): Promise<void> {
    this.buildPending();
    const batch = this.pending.splice(0).filter((entry): entry is Capped => !isUnbuilt(entry));
    if (batch.length === 0) return;
    const work = this.deliver(batch);
    this.inFlight.add(work);
    try {
      await work;
    } finally {
      this.inFlight.delete(work);
    }
  }
}
