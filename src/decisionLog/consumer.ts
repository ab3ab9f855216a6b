import { z } from "zod";
import { capText } from "../engine/limits/cap";
import { errorText, log } from "../log";
import type { DecisionRecord } from "../services";
import { ingest, type IngestTarget } from "./ingest";
import { otlpConfigFrom, sendOtlpLogs } from "./otlp";
import { cappedWithJson, type Capped } from "./record";

/**
 * The decision queue's consumer (the Worker's `queue()` handler): each batch of records is written to the index and
 * the archive (ingest.ts), then, when OTEL_EXPORTER_OTLP_ENDPOINT is set, sent on as OTLP logs.
 *
 * A message that is not a decision record, or that cannot be written even alone, is retried by the queue and after
 * its retries goes to the dead-letter queue, whose consumer (the same handler) keeps it in D1's `dead_letters` table
 * and counts it in GET /v1/admin/decision-log. A batch whose write fails whole is tried message by message first, so
 * one bad record does not hold back the others.
 */
const DEAD_LETTER_QUEUE_SUFFIX = "-dlq";

/** What a message must be to be written: the record's shape (the producer's caps are applied again on top). */
const recordShape = z.looseObject({
  // A UUIDv7 as the gate makes them (decisionIdAt): the retention sweep reads the time from the id.
  decisionId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
  time: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
  team: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/),
  event: z.string().min(1).max(64),
  fired: z.array(z.string()),
  dryRun: z.array(z.looseObject({ id: z.string() })),
  revision: z.number().int().nullable(),
  latencyMs: z.number(),
  dedup: z.boolean(),
  errors: z.array(z.string()),
});

/** A message's record, capped as the producer caps it, or why it is not one. */
function recordOfMessage(body: unknown): { ok: true; capped: Capped } | { ok: false; why: string } {
  let value = body;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body);
    } catch (e) {
      return { ok: false, why: `not JSON: ${errorText(e)}` };
    }
  }
  const parsed = recordShape.safeParse(value);
  if (!parsed.success) return { ok: false, why: `not a decision record: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}` };
  return { ok: true, capped: cappedWithJson(parsed.data as unknown as DecisionRecord) };
}

interface ConsumerEnv {
  DB: D1Database;
  ARCHIVE?: R2Bucket;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_HEADERS?: string;
}

const targetOf = (env: ConsumerEnv): IngestTarget => ({ db: env.DB, ...(env.ARCHIVE ? { archive: env.ARCHIVE } : {}) });

export async function consumeDecisions(batch: MessageBatch<unknown>, env: ConsumerEnv): Promise<void> {
  if (batch.queue.endsWith(DEAD_LETTER_QUEUE_SUFFIX)) return keepDeadLetters(batch, env);
  const valid: { message: Message<unknown>; capped: Capped }[] = [];
  for (const message of batch.messages) {
    const r = recordOfMessage(message.body);
    if (r.ok) valid.push({ message, capped: r.capped });
    else {
      log("error", { msg: "decision queue: a message is not a decision record; retried, then dead-lettered", id: message.id, attempts: message.attempts, error: r.why });
      message.retry();
    }
  }
  const target = targetOf(env);
  const inserted: DecisionRecord[] = [];
  try {
    inserted.push(...(await ingest(target, valid.map((v) => v.capped))).inserted);
    for (const v of valid) v.message.ack();
  } catch (e) {
    log("warn", { msg: "decision queue: the batch could not be written; trying its messages one by one", records: valid.length, error: errorText(e) });
    for (const v of valid) {
      try {
        inserted.push(...(await ingest(target, [v.capped])).inserted);
        v.message.ack();
      } catch (e2) {
        log("error", { msg: "decision queue: a record could not be written; retried, then dead-lettered", id: v.message.id, attempts: v.message.attempts, error: errorText(e2) });
        v.message.retry();
      }
    }
  }
  const otlp = otlpConfigFrom(env);
  // At least once to the collector too: a failed send is logged, never retried into a duplicate of the archive.
  if (otlp && inserted.length) await sendOtlpLogs(otlp, inserted).catch((e) => log("warn", { msg: "OTLP export failed", records: inserted.length, error: errorText(e) }));
}

/** The dead-letter queue's messages, kept in D1 (idempotent by message id) and counted in the log's health. */
async function keepDeadLetters(batch: MessageBatch<unknown>, env: ConsumerEnv): Promise<void> {
  const at = new Date().toISOString();
  const statements = batch.messages.map((m) =>
    env.DB.prepare("INSERT OR IGNORE INTO dead_letters (message_id, at, queue, attempts, body) VALUES (?, ?, ?, ?, ?)").bind(
      m.id,
      at,
      batch.queue,
      m.attempts,
      capText(typeof m.body === "string" ? m.body : JSON.stringify(m.body) ?? String(m.body), 128 * 1024),
    ),
  );
  if (statements.length) await env.DB.batch(statements); // a failure retries the whole batch: the inserts are idempotent
  log("error", { msg: "decision records dead-lettered", records: batch.messages.length });
  batch.ackAll();
}
