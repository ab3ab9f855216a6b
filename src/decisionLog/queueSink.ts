import { errorText, log } from "../log";
import { ingest, type IngestTarget } from "./ingest";
import type { Capped } from "./record";

/**
 * Delivery to the decision queue: a batch of capped records as `sendBatch` calls of at most 100 messages and 256 KB
 * (the queue's limits), each record one text message of its JSON (the consumer parses and checks it; text costs no
 * structured clone on the hook path). A record over the 128 KB message limit (the caps keep it to 64 K characters,
 * which non-ASCII text can make up to 192 KB) goes with its input replaced by a note of its size.
 *
 * If the queue refuses (an outage, a limit), the batch is written where the consumer would write it (ingest): the
 * hook path pays for that write only then, and the record is not lost.
 */
const MAX_MESSAGES = 100;
const MAX_BATCH_BYTES = 256 * 1000;
const MAX_MESSAGE_BYTES = 128 * 1000 - 1000;

const encoder = new TextEncoder();
/** UTF-8 bytes of `s`, counted only when the characters alone could exceed `bound`. */
const bytesOf = (s: string, bound: number): number => (s.length * 3 <= bound ? s.length : encoder.encode(s).byteLength);

function fitted(c: Capped): { json: string; bytes: number } {
  const bytes = bytesOf(c.json, MAX_MESSAGE_BYTES);
  if (bytes <= MAX_MESSAGE_BYTES) return { json: c.json, bytes };
  const record = { ...c.record, input: `…[input omitted by hookgate: the record is ${bytes} bytes]`, truncated: true };
  const json = JSON.stringify(record);
  return { json, bytes: encoder.encode(json).byteLength };
}

export function queueDelivery(queue: Queue, fallback: IngestTarget): (batch: Capped[]) => Promise<void> {
  return async (batch) => {
    const sends: Promise<unknown>[] = [];
    let messages: MessageSendRequest[] = [];
    let bytes = 0;
    let chunkStart = 0;
    const chunks: [number, number][] = [];
    const close = (end: number) => {
      if (messages.length === 0) return;
      sends.push(queue.sendBatch(messages));
      chunks.push([chunkStart, end]);
      messages = [];
      bytes = 0;
      chunkStart = end;
    };
    batch.forEach((c, i) => {
      const m = fitted(c);
      // sendBatch counts each message's body and some bytes of its own
      if (messages.length >= MAX_MESSAGES || bytes + m.bytes + 100 > MAX_BATCH_BYTES) close(i);
      messages.push({ body: m.json, contentType: "text" });
      bytes += m.bytes + 100;
    });
    close(batch.length);
    const results = await Promise.allSettled(sends);
    const refused: Capped[] = [];
    results.forEach((r, i) => {
      if (r.status === "rejected") {
        const [from, to] = chunks[i]!;
        refused.push(...batch.slice(from, to));
        log("warn", { msg: "decision queue refused a batch: writing it directly", records: to - from, error: errorText(r.reason) });
      }
    });
    if (refused.length) await ingest(fallback, refused, { deferArchive: true });
  };
}
