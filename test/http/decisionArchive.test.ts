// The decision log at company scale (issue 22), on the real local Queue, R2 and D1: the hook path sends each record
// to the decision queue, the Worker's own queue() handler writes it to the R2 archive (compressed NDJSON by team and
// hour) and the D1 index exactly once whatever the redeliveries, a message it cannot write ends in the dead-letter
// queue and the health says so, the scheduled sweep deletes only index rows past the window (never a rollup, never
// an unarchived row), the export reads any age, and the OTLP exporter reaches a real local receiver.
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { hourOf, teamPrefix } from "../../src/decisionLog/ingest";
import { cappedWithJson } from "../../src/decisionLog/record";
import { decisionIdAt } from "../../src/gate/decisionId";
import worker from "../../src/index";
import type { DecisionLogHealth, DecisionRecord } from "../../src/services";
import { admin, decisions, hook, lsPolicy, teamWith, uniqueTeam } from "../support/worker";

/** An NDJSON answer's records (read as bytes: workerd warns on .text() of a type it does not call text). */
const ndjson = async (res: Response): Promise<DecisionRecord[]> =>
  new TextDecoder().decode(await res.arrayBuffer()).split("\n").filter(Boolean).map((l) => JSON.parse(l) as DecisionRecord);

/** Every record in the team's archive objects (R2), read as the objects are: gunzip, one JSON per line. */
async function archived(team: string): Promise<DecisionRecord[]> {
  const out: DecisionRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.ARCHIVE.list({ prefix: teamPrefix(team), ...(cursor ? { cursor } : {}) });
    for (const o of page.objects) {
      const body = await env.ARCHIVE.get(o.key);
      const text = await new Response(body!.body.pipeThrough(new DecompressionStream("gzip"))).text();
      for (const line of text.split("\n")) if (line) out.push(JSON.parse(line) as DecisionRecord);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

async function until<T>(what: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const health = async () => ((await (await admin("GET", "/decision-log")).json()) as { log: DecisionLogHealth }).log;
const indexRows = async (team: string) =>
  (await env.DB.prepare("SELECT decision_id FROM decisions WHERE team = ?").bind(team).all<{ decision_id: string }>()).results.map((r) => r.decision_id);
const rollup = async (team: string) =>
  (await env.DB.prepare("SELECT sum(decisions) AS n FROM decision_rollups WHERE team = ? AND handler = '*'").bind(team).first<{ n: number | null }>())?.n ?? 0;

/** The i-th record of `team`, at `at` (ms; default a second ago) + i, its id a UUIDv7 of that time as the gate makes. */
function record(team: string, i: number, extra: Partial<DecisionRecord> = {}, at = Date.now() - 1000): DecisionRecord {
  return {
    decisionId: decisionIdAt(at + i),
    time: new Date(at + i).toISOString(),
    team,
    event: "PreToolUse",
    sessionId: "s-archive",
    tool: "Bash",
    verdict: i % 2 ? "deny" : "allow",
    fired: i % 2 ? ["no-ls"] : [],
    dryRun: [],
    revision: 1,
    latencyMs: 0.25,
    dedup: false,
    errors: [],
    input: { tool_name: "Bash", tool_input: { command: `ls ${i}` }, tool_use_id: `toolu_${i}` },
    ...extra,
  };
}
/** Queue messages as the producer sends them: each a record's JSON, as text. */
const messages = (records: DecisionRecord[], attempts = 1) =>
  records.map((r) => ({ id: `m-${r.decisionId}`, timestamp: new Date(), attempts, body: cappedWithJson(r).json }));

/** An R2 bucket whose puts fail while `failing` is true: the real local bucket otherwise (an outage, not a mock). */
function flakyArchive() {
  const state = { failing: true, puts: 0 };
  const bucket = new Proxy(env.ARCHIVE, {
    get(target, prop) {
      if (prop === "put")
        return (...args: Parameters<R2Bucket["put"]>) => {
          state.puts++;
          if (state.failing) return Promise.reject(new Error("R2 is unavailable (test outage)"));
          return target.put(...args);
        };
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { bucket, state };
}

async function consume(records: DecisionRecord[], environment: Env = env, attempts = 1) {
  const batch = createMessageBatch("hookgate-decisions", messages(records, attempts));
  const ctx = createExecutionContext();
  await worker.queue(batch, environment);
  return getQueueResult(batch, ctx);
}

describe("the record of truth in R2, through the queue", () => {
  it("N hook requests leave exactly N records in R2 and in the index (the real producer → consumer path)", async () => {
    const { team, token } = await teamWith(lsPolicy("deny"), "arch");
    const N = 25;
    const ids: string[] = [];
    const before = await health();
    for (let i = 0; i < N; i++) {
      const res = await hook(team, "pre-tool-use", { session_id: "s1", transcript_path: "/t", cwd: "/w", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: i % 5 ? `echo ${i}` : "ls" }, tool_use_id: `toolu_${i}` }, token);
      expect(res.status).toBe(200);
      ids.push(res.headers.get("x-hookgate-decision-id")!);
    }
    const inR2 = await until(() => archived(team), (l) => l.length >= N);
    const inIndex = await until(() => indexRows(team), (l) => l.length >= N);
    expect(inR2.map((r) => r.decisionId).sort()).toEqual([...ids].sort());
    expect(inIndex.sort()).toEqual([...ids].sort());
    expect(inR2.filter((r) => r.verdict === "deny")).toHaveLength(5);
    // The archive's keys are partitioned by team and hour.
    const keys = (await env.ARCHIVE.list({ prefix: teamPrefix(team) })).objects.map((o) => o.key);
    const hour = hourOf(inR2[0]!.time);
    expect(keys.every((k) => k.startsWith(`decisions/team=${team}/date=${hour.slice(0, 10)}/hour=`) && k.endsWith(".ndjson.gz"))).toBe(true);
    expect(await rollup(team)).toBe(N);
    const after = await until(health, (h) => (h.recordsArchived ?? 0) - (before.recordsArchived ?? 0) >= N);
    expect((after.recordsArchived ?? 0) - (before.recordsArchived ?? 0)).toBeGreaterThanOrEqual(N);
    expect(after.queue).toEqual(expect.objectContaining({ backlogCount: expect.any(Number) }));
  });

  it("a batch that fails after its D1 write and is redelivered in other batches duplicates nothing in R2, the index or the rollups", async () => {
    const team = uniqueTeam("arch-retry");
    const rs = Array.from({ length: 6 }, (_, i) => record(team, i));
    const flaky = flakyArchive();
    // First delivery: the index rows go in, the R2 put fails: every message is retried, none acknowledged.
    const first = await consume(rs.slice(0, 4), { ...env, ARCHIVE: flaky.bucket });
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages.map((m: { msgId: string }) => m.msgId).sort()).toEqual(messages(rs.slice(0, 4)).map((m) => m.id).sort());
    expect(flaky.state.puts).toBeGreaterThan(0);
    expect(await archived(team)).toEqual([]);
    expect((await indexRows(team)).length).toBe(4);

    // Redelivered as the queue pleases: two of them with two new records, then the other two, then all again.
    flaky.state.failing = false;
    const second = await consume([rs[1]!, rs[3]!, rs[4]!, rs[5]!], { ...env, ARCHIVE: flaky.bucket }, 2);
    expect(second.retryMessages).toEqual([]);
    await consume([rs[0]!, rs[2]!], env, 2);
    await consume(rs, env, 3);

    const inR2 = await archived(team);
    expect(inR2.map((r) => r.decisionId).sort()).toEqual(rs.map((r) => r.decisionId).sort());
    expect((await indexRows(team)).sort()).toEqual(rs.map((r) => r.decisionId).sort());
    expect(await rollup(team)).toBe(6);
    const denies = await env.DB.prepare("SELECT decisions FROM decision_rollups WHERE team = ? AND handler = 'no-ls'").bind(team).first<{ decisions: number }>();
    expect(denies?.decisions).toBe(3);
  });

  it("a message the consumer cannot write ends in the dead-letter queue, and the health figure says so", async () => {
    const before = await health();
    const marker = `not-a-record-${crypto.randomUUID()}`;
    await env.DECISION_QUEUE.send(JSON.stringify({ marker, decisionId: 7 }), { contentType: "text" });
    const row = await until(
      () => env.DB.prepare("SELECT queue, attempts, body FROM dead_letters WHERE instr(body, ?) > 0").bind(marker).first<{ queue: string; attempts: number; body: string }>(),
      (r) => r !== null,
    );
    expect(row).toMatchObject({ queue: "hookgate-decisions-dlq" });
    expect(JSON.parse(row!.body)).toMatchObject({ marker });
    const after = await health();
    expect((after.deadLettered ?? 0) - (before.deadLettered ?? 0)).toBeGreaterThanOrEqual(1);
    expect(after.lastDeadLetterAt).toBeTruthy();
    expect(after.deadLetterQueue).toEqual(expect.objectContaining({ backlogCount: expect.any(Number) }));
  });

  it("a bad message in a batch does not hold back the others: they are written, it alone is retried", async () => {
    const team = uniqueTeam("arch-bad");
    const rs = [record(team, 0), record(team, 1)];
    const batch = createMessageBatch("hookgate-decisions", [...messages(rs), { id: "m-bad", timestamp: new Date(), attempts: 1, body: "{not json" }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m-bad"]);
    expect(result.explicitAcks.sort()).toEqual(messages(rs).map((m) => m.id).sort());
    expect((await archived(team)).length).toBe(2);
  });
});

describe("the index's retention, the rollups and the export", () => {
  it("the sweep deletes only index rows past the window (never a rollup, never a row not yet archived); export reads them back from R2", async () => {
    const team = uniqueTeam("arch-ret");
    const day = 86_400_000;
    const old = Array.from({ length: 5 }, (_, i) => record(team, i, {}, Date.now() - 20 * day));
    const recent = Array.from({ length: 3 }, (_, i) => record(team, i, {}, Date.now() - day));
    await consume([...old, ...recent]);
    // An old record whose archive object could not be written: the index is its only copy, so it stays.
    const flaky = flakyArchive();
    const unarchived = record(team, 9, {}, Date.now() - 20 * day);
    await consume([unarchived], { ...env, ARCHIVE: flaky.bucket });
    expect((await indexRows(team)).length).toBe(9);
    const rollupsBefore = await env.DB.prepare("SELECT count(*) AS n, sum(decisions) AS d FROM decision_rollups WHERE team = ?").bind(team).first();

    const before = await health();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env);
    const kept = await indexRows(team);
    expect(kept.sort()).toEqual([...recent, unarchived].map((r) => r.decisionId).sort());
    expect(await env.DB.prepare("SELECT count(*) AS n, sum(decisions) AS d FROM decision_rollups WHERE team = ?").bind(team).first()).toEqual(rollupsBefore);
    const after = await health();
    expect((after.rowsExpired ?? 0) - (before.rowsExpired ?? 0)).toBeGreaterThanOrEqual(5);
    expect(after.lastCleanupAt).toBeTruthy();

    // The export: records older than the window come from R2, the recent ones too, the unarchived one from the index.
    const res = await admin("GET", `/teams/${team}/decisions/export?since=${new Date(Date.now() - 30 * day).toISOString()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = await ndjson(res);
    expect(lines.map((r) => r.decisionId).sort()).toEqual([...old, ...recent, unarchived].map((r) => r.decisionId).sort());
    expect(lines.find((r) => r.decisionId === old[2]!.decisionId)).toEqual(cappedWithJson(old[2]!).record);
    // A window: only what falls inside it.
    const narrow = await admin("GET", `/teams/${team}/decisions/export?since=${new Date(Date.now() - 2 * day).toISOString()}&until=${new Date().toISOString()}`);
    const narrowIds = (await ndjson(narrow)).map((r) => r.decisionId);
    expect(narrowIds.sort()).toEqual(recent.map((r) => r.decisionId).sort());
    // The admin token is needed, and the bounds are checked.
    expect((await worker.fetch(new Request(`http://hookgate.test/v1/admin/teams/${team}/decisions/export?since=2026-01-01T00:00:00Z`), env, createExecutionContext())).status).toBe(401);
    expect((await admin("GET", `/teams/${team}/decisions/export?since=yesterday`)).status).toBe(400);
    expect((await admin("GET", `/teams/${team}/decisions/export`)).status).toBe(400);

    // A later sweep, with R2 back, writes the object left unwritten and then may expire its row.
    await env.DB.prepare("UPDATE archive_objects SET created_at = ? WHERE team = ? AND written = 0").bind(new Date(Date.now() - day).toISOString(), team).run();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env);
    expect((await archived(team)).map((r) => r.decisionId)).toContain(unarchived.decisionId);
    expect((await indexRows(team)).sort()).toEqual(recent.map((r) => r.decisionId).sort());
  });

  it("the decisions query still reads the index as before", async () => {
    const team = uniqueTeam("arch-q");
    await consume([record(team, 0), record(team, 1)]);
    const list = await decisions(team);
    expect(list.map((d) => d.verdict).sort()).toEqual(["allow", "deny"]);
  });
});

describe("the OTLP/HTTP exporter", () => {
  it("sends each record written to the collector, with Claude Code's tool_decision attribute names", async () => {
    const team = uniqueTeam("arch-otlp");
    const prefix = `/t/${team}`;
    const rs = [record(team, 0), record(team, 1, { errors: ["a judge timed out"] })];
    const withOtlp = { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: `${inject("otlpUrl")}${prefix}`, OTEL_EXPORTER_OTLP_HEADERS: "x-api-key=k1" };
    await consume(rs, withOtlp);
    await consume(rs, withOtlp); // redelivered: nothing new was written, so nothing new is sent
    // A delivery that failed after its D1 write sends nothing; the retry that writes its archive object sends it.
    const late = record(team, 2);
    const flaky = flakyArchive();
    expect((await consume([late], { ...withOtlp, ARCHIVE: flaky.bucket })).retryMessages).toHaveLength(1);
    await consume([late], withOtlp, 2);
    const got = (await (await fetch(`${inject("otlpUrl")}/_logs?prefix=${encodeURIComponent(prefix)}`)).json()) as {
      body: string;
      severityText: string;
      attributes: Record<string, unknown>;
      resource: Record<string, unknown>;
    }[];
    expect(got.map((g) => g.attributes["hookgate.decision_id"]).sort()).toEqual([...rs, late].map((r) => r.decisionId).sort());
    const byId = new Map(got.map((g) => [g.attributes["hookgate.decision_id"], g]));
    const allow = byId.get(rs[0]!.decisionId)!;
    expect(allow.body).toBe("hookgate.tool_decision");
    expect(allow.resource["service.name"]).toBe("hookgate");
    expect(allow.attributes).toMatchObject({
      "event.name": "tool_decision",
      "session.id": "s-archive",
      tool_name: "Bash",
      decision: "accept",
      source: "hookgate",
      tool_use_id: "toolu_0",
      "hookgate.team": team,
      "hookgate.verdict": "allow",
      "hookgate.policy_revision": 1,
    });
    const deny = byId.get(rs[1]!.decisionId)!;
    expect(deny.attributes).toMatchObject({ decision: "reject", "hookgate.handlers": "no-ls", "hookgate.errors": "a judge timed out" });
    expect(deny.severityText).toBe("WARN");
  });
});
