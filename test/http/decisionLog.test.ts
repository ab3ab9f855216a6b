// The decision log loses nothing it took (issue 8, item 2), on the real local D1 through the real routes: every
// field is capped before it is stored, a batch that fails is written again record by record, a record that still
// cannot be written is replaced by a minimal one, and the counts are visible in GET /v1/admin/decision-log.
// The batch is released by the test (the log's injectable `wait`), so which records share it is certain.
import { createExecutionContext, env } from "cloudflare:test";
import { claudeCode } from "../../src/clients/claude-code";
import { describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import { capRecord, D1DecisionLog, MAX_UNBUILT, MAX_UNBUILT_CHARS, RECORD_LIMITS } from "../../src/stores/d1DecisionLog";
import type { DecisionLogHealth, DecisionRecord } from "../../src/services";
import { hook as workerHook, lsPolicy, ONE_MIB, pollDecisions, teamWith, uniqueTeam } from "../support/worker";

/** A wait the test releases: every batch waits for the next release() call. */
function gate() {
  const waiting: (() => void)[] = [];
  return {
    wait: () => new Promise<void>((resolve) => waiting.push(resolve)),
    release: () => waiting.splice(0).forEach((r) => r()),
  };
}

/** A small PreToolUse record of `team`, the i-th (its time i ms from now), with `extra` over it. */
function plainRecord(team: string, i: number, extra: Partial<DecisionRecord> = {}): DecisionRecord {
  return {
    decisionId: crypto.randomUUID(),
    time: new Date(Date.now() + i).toISOString(),
    team,
    event: "PreToolUse",
    fired: [],
    dryRun: [],
    revision: 1,
    latencyMs: 0.5,
    dedup: false,
    errors: [],
    ...extra,
  };
}

const ADMIN = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };
function harness() {
  const g = gate();
  // One set of services for every request, as the Worker keeps per isolate: all records share one buffer.
  const services = servicesFor(env, { decisionLog: { wait: g.wait } });
  const app = createApp(claudeCode, () => services);
  // Not waiting on the execution context: the log's write is held until the test releases the batch.
  const call = (path: string, init?: RequestInit) => app.fetch(new Request(`http://hookgate.test${path}`, init), env, createExecutionContext());
  const admin = (method: string, path: string, body?: unknown) =>
    call(`/v1/admin${path}`, { method, headers: ADMIN, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { ...g, services, call, admin };
}

type Harness = ReturnType<typeof harness>;
async function teamWithToken(h: Harness, policy: unknown) {
  const team = uniqueTeam("dlog");
  expect((await h.admin("PUT", `/teams/${team}/policy`, policy)).status).toBe(201);
  const { token } = (await (await h.admin("POST", `/teams/${team}/tokens`)).json()) as { token: string };
  const hook = (body: unknown) =>
    h.call(`/v1/hooks/${team}/pre-tool-use`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return { team, hook };
}
const decisionsOf = async (h: Harness, team: string) =>
  ((await (await h.admin("GET", `/teams/${team}/decisions?limit=1000`)).json()) as { decisions: DecisionRecord[] }).decisions;
/** `read` again until `done` (the queue's consumer runs on its own schedule), for at most 10 s. */
async function pollUntil<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const end = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const health = async (h: Harness) => ((await (await h.admin("GET", "/decision-log")).json()) as { log: DecisionLogHealth }).log;

const pre = (command: string, extra: Record<string, unknown> = {}) => ({
  session_id: "s-other-team",
  transcript_path: "/home/dev/.claude/projects/p/s.jsonl",
  cwd: "/home/dev/shop",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command },
  tool_use_id: `toolu_${crypto.randomUUID()}`,
  ...extra,
});
const lsDeny = {
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "no-ls", if: "Bash(ls *)", decision: "deny", reason: "no ls" }] }] },
};

describe("the decision log loses nothing it took", () => {
  it("the reported case: a 1,040,000-character session_id in the same batch as ten records of another team", async () => {
    const h = harness();
    const before = await health(h);
    const other = await teamWithToken(h, lsDeny);
    const attacker = await teamWithToken(h, lsDeny);
    for (let i = 0; i < 10; i++) expect((await other.hook(pre(i === 3 ? "ls -la" : `echo ${i}`))).status).toBe(200);
    const body = JSON.stringify(pre("echo hi", { session_id: "s".repeat(1_040_000) }));
    expect(body.length).toBeLessThan(ONE_MIB);
    expect((await attacker.hook(body)).status).toBe(200);

    h.release(); // one batch: the ten records and the big one, sent to the decision queue together
    await h.services.decisions.drain();

    // The queue's consumer writes them (the real local queue): wait for it, not for a clock.
    const theirs = await pollUntil(() => decisionsOf(h, other.team), (l) => l.length >= 10);
    await pollUntil(() => decisionsOf(h, attacker.team), (l) => l.length >= 1);
    expect(theirs).toHaveLength(10);
    expect(theirs.filter((d) => d.verdict === "deny")).toHaveLength(1);
    const [big] = await decisionsOf(h, attacker.team);
    expect(big!.truncated).toBe(true);
    expect(big!.sessionId!.length).toBeLessThanOrEqual(RECORD_LIMITS.id);
    // The session column is read from the masked input, so it is cut and masked as the input's session_id is (a
    // run this long with no whitespace is masked from its start: it could be a token cut in two).
    expect(big!.sessionId).toMatch(/…\[truncated by hookgate: 1040000 chars\]$/);
    expect(big!.sessionId).toBe((big!.input as { session_id: string }).session_id);
    expect((big!.input as { session_id: string }).session_id).toMatch(/…\[truncated by hookgate: \d+ chars\]$/);
    expect(JSON.stringify(big).length).toBeLessThanOrEqual(RECORD_LIMITS.recordChars);

    const after = await pollUntil(() => health(h), (a) => a.recordsWritten - before.recordsWritten >= 11);
    expect(after.recordsWritten - before.recordsWritten).toBeGreaterThanOrEqual(11);
    expect(after.recordsTruncated - before.recordsTruncated).toBe(1);
    expect(after.recordsLost - before.recordsLost).toBe(0);
  });

  it("the same, through the Worker's own 500 ms batch (the report as it happened)", async () => {
    const other = await teamWith(lsPolicy("deny"), "dlog-w");
    const attacker = await teamWith(lsPolicy("deny"), "dlog-wa");
    // Sent together, well inside one batch window: the ten and the big one share a batch.
    await Promise.all(Array.from({ length: 10 }, (_, i) => workerHook(other.team, "pre-tool-use", pre(i === 3 ? "ls -la" : `echo ${i}`), other.token)));
    await workerHook(attacker.team, "pre-tool-use", pre("echo hi", { session_id: "s".repeat(1_040_000) }), attacker.token);
    const theirs = await pollDecisions(other.team, (l) => l.length >= 10);
    expect(theirs).toHaveLength(10);
    expect(theirs.filter((d) => d.verdict === "deny")).toHaveLength(1);
    expect(await pollDecisions(attacker.team, (l) => l.length >= 1)).toHaveLength(1);
  });

  it("a batch larger than one statement's rows parameter is split, and every record is written as it was", async () => {
    const g = gate();
    const log = new D1DecisionLog(env.DB, { wait: g.wait });
    const team = uniqueTeam("dlog-split");
    // 40 records of ~28 KB of input each: about twice what one statement takes (MAX_ROWS_PARAM_CHARS).
    const records: DecisionRecord[] = Array.from({ length: 40 }, (_, i) => ({
      decisionId: crypto.randomUUID(),
      time: new Date(Date.now() + i).toISOString(),
      team,
      event: "PreToolUse",
      sessionId: `s-${i}`,
      tool: "Bash",
      verdict: i % 2 ? "deny" : "allow",
      fired: [`h${i}`],
      dryRun: [],
      revision: i,
      latencyMs: i + 0.25,
      dedup: i % 3 === 0,
      errors: [],
      input: { command: `echo ${i} ${"é\"\n".repeat(1000)}`, n: i, ...Object.fromEntries("abcdef".split("").map((k) => [k, `${k}${"x".repeat(4000)}`])) },
    }));
    const writes = records.map((r) => log.record(r));
    g.release();
    await Promise.all(writes);
    await log.drain();
    const stored = await log.query(team, { limit: 100 });
    expect(stored).toHaveLength(records.length);
    const byId = new Map(stored.map((r) => [r.decisionId, r]));
    for (const r of records) expect(byId.get(r.decisionId)).toEqual(capRecord(r));
    const rows = await env.DB.prepare("SELECT session_id, tool, verdict, revision, latency_ms, dedup FROM decisions WHERE team = ? ORDER BY revision").bind(team).all();
    expect(rows.results[7]).toEqual({ session_id: "s-7", tool: "Bash", verdict: "deny", revision: 7, latency_ms: 7.25, dedup: 0 });
    // The stored record is the record's JSON exactly as it was measured for the caps.
    const text = await env.DB.prepare("SELECT record FROM decisions WHERE decision_id = ?").bind(records[7]!.decisionId).first<{ record: string }>();
    expect(text?.record).toBe(JSON.stringify(capRecord(records[7]!)));
  });

  it("a batch that fails is written record by record; a record that cannot be written is replaced by a minimal one", async () => {
    const g = gate();
    const log = new D1DecisionLog(env.DB, { wait: g.wait });
    const team = uniqueTeam("dlog-direct");
    const h = harness();
    const before = await health(h);
    const record = (i: number, extra: Partial<DecisionRecord> = {}) => plainRecord(team, i, extra);
    const good = Array.from({ length: 5 }, (_, i) => record(i));
    // A record the table refuses (time is NOT NULL): it fails the whole batch, and fails again on its own.
    const bad = record(9, { time: null as unknown as string, verdict: "deny" });
    const writes = [...good.slice(0, 2), bad, ...good.slice(2)].map((r) => log.record(r));
    g.release();
    await Promise.all(writes);
    await log.drain();

    const stored = await log.query(team, { limit: 100 });
    expect(stored.map((r) => r.decisionId).sort()).toEqual([...good, bad].map((r) => r.decisionId).sort());
    const minimal = stored.find((r) => r.decisionId === bad.decisionId)!;
    expect(minimal).toMatchObject({ verdict: "deny", revision: 1, truncated: true, event: "PreToolUse" });
    expect(minimal.errors[0]).toMatch(/^decision log: the full record could not be written \(.+\); this minimal record replaces it$/);

    const after = await health(h);
    expect(after.batchesRetried - before.batchesRetried).toBe(1);
    expect(after.recordsReplaced - before.recordsReplaced).toBe(1);
    expect(after.recordsWritten - before.recordsWritten).toBe(5);
    expect(after.recordsLost - before.recordsLost).toBe(0);
    expect(after.lastError).toBeTruthy();
  });

  it("a deferred record waits unbuilt and is built with its batch; drain() builds and writes it; one whose building fails is counted lost", async () => {
    const built = gate();
    const log = new D1DecisionLog(env.DB, { wait: () => new Promise(() => {}), afterAnswer: built.wait });
    const team = uniqueTeam("dlog-deferred");
    const record = (i: number) => plainRecord(team, i, { input: { command: `echo ${i}` } });
    const calls: number[] = [];
    const writes = [0, 1, 2].map((i) => log.record({ build: () => (calls.push(i), record(i)), size: 100 }));
    const failing = log.record({
      build: () => {
        throw new Error("cannot build");
      },
      size: 100,
    });
    await new Promise((resolve) => setTimeout(resolve, 0)); // a macrotask later: still nothing built
    expect(calls).toEqual([]);
    expect((await log.health()).pending).toBe(4); // waiting in the buffer, unbuilt
    const before = (await log.health()).recordsLost;
    await log.drain(); // builds the four (the flush timer never fires), writes the three
    expect(calls).toEqual([0, 1, 2]);
    expect((await log.query(team, { limit: 10 })).map((r) => r.input)).toEqual(expect.arrayContaining([0, 1, 2].map((i) => ({ command: `echo ${i}` }))));
    const after = await log.health();
    expect(after.recordsLost).toBe(before + 1);
    expect(after.lastError).toMatch(/building the record failed: .*cannot build/);
    expect(after.pending).toBe(0);
    void writes;
    void failing;
  });

  it("what waits unbuilt is bounded: the record that would pass MAX_UNBUILT_CHARS (or is of unknown size) or MAX_UNBUILT builds them all after its answer", async () => {
    const built = gate();
    const log = new D1DecisionLog(env.DB, { wait: () => new Promise(() => {}), afterAnswer: built.wait });
    const team = uniqueTeam("dlog-unbuilt");
    const calls: string[] = [];
    const deferred = (name: string, size: number) => ({ build: () => (calls.push(name), plainRecord(team, calls.length, { input: { name } })), size });
    const macrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

    // By size: exactly at the bound still waits; one character past it builds everything, its own record too.
    void log.record(deferred("half", MAX_UNBUILT_CHARS / 2));
    void log.record(deferred("rest", MAX_UNBUILT_CHARS / 2));
    await macrotask();
    expect(calls).toEqual([]);
    const past = log.record(deferred("past", 1));
    await Promise.resolve();
    expect(calls).toEqual([]); // not before the answer has left
    built.release();
    await past;
    expect(calls).toEqual(["half", "rest", "past"]);
    expect((await log.health()).pending).toBe(3);

    // Built, they no longer count: the next small record just waits (its request has nothing left to do).
    const returned = await Promise.race([log.record(deferred("small", 10)).then(() => "returned"), macrotask().then(() => "still waiting")]);
    expect(returned).toBe("returned");
    // A record of unknown size is past any bound: built after its answer, with what waits.
    const unknown = log.record(deferred("unknown", Number.POSITIVE_INFINITY));
    built.release();
    await unknown;
    expect(calls.slice(3)).toEqual(["small", "unknown"]);

    // By count: MAX_UNBUILT − 1 wait unbuilt; the next one builds them all.
    for (let i = 0; i < MAX_UNBUILT - 1; i++) void log.record(deferred(`n${i}`, 1));
    await macrotask();
    expect(calls).toHaveLength(5);
    const last = log.record(deferred("last", 1));
    built.release();
    await last;
    expect(calls).toHaveLength(5 + MAX_UNBUILT);
    expect(calls.at(-1)).toBe("last");

    // Nothing is lost on the way: drain writes every one of them, and the bounds start again from zero.
    await log.drain();
    expect((await log.query(team, { limit: 200 })).length).toBe(5 + MAX_UNBUILT);
    void log.record(deferred("again", 1));
    await macrotask();
    expect(calls).not.toContain("again");
    await log.drain();
    expect(calls).toContain("again");
  });

  it("GET /v1/admin/decision-log needs the admin token", async () => {
    const h = harness();
    expect((await h.call("/v1/admin/decision-log")).status).toBe(401);
    const ok = await h.admin("GET", "/decision-log");
    expect(ok.status).toBe(200);
    expect(Object.keys(((await ok.json()) as { log: object }).log)).toEqual(
      expect.arrayContaining(["recordsWritten", "recordsTruncated", "batchesRetried", "recordsReplaced", "recordsLost"]),
    );
  });

  it("migrations/ 0001 applies again to a database that has the tables (as earlier versions created them on first use)", async () => {
    const migrations = inject("d1Migrations");
    expect(migrations.map((m) => m.name).slice(0, 2)).toEqual(["0001_decision_log.sql", "0002_decision_archive.sql"]);
    // 0002 adds columns (ALTER TABLE): wrangler applies it once, as it applies every migration once.
    for (const m of migrations.slice(0, 1)) await env.DB.batch(m.queries.map((q) => env.DB.prepare(q)));
    const h = harness();
    expect((await h.admin("GET", "/decision-log")).status).toBe(200);
  });
});
