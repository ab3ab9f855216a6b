/**
 * `npm run bench -- load [seconds] [sessions]`: a bounded local load run through the real local service, the decision
 * queue's consumer running (Miniflare's Queues, R2 and D1 in the Worker's own workerd). Simulated sessions (each a
 * session id sending a prompt, then tool calls with commands never seen before, then their PostToolUse) run at once for
 * `seconds` (default 15), over loopback only. Then it waits for the consumer and checks that every decision id the
 * Worker answered with is in the R2 archive exactly once and in the D1 index exactly once, and nothing else is; and
 * reports the throughput held, the consumer's CPU per record, and the bytes per record in D1 and in R2.
 */
import { request, Agent } from "node:http";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { corpusCommands } from "./engineBench";
import { startOnWorkerd } from "./workerd";

const ADMIN_TOKEN = "hga_bench_admin_token_not_a_secret";
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function post(url: URL, headers: Record<string, string>, body: string, method = "POST"): Promise<{ status: number; body: string; decisionId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(body);
    const req = request(url, { method, agent, headers: { ...headers, "content-type": "application/json", "content-length": String(data.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), decisionId: res.headers["x-hookgate-decision-id"] as string | undefined }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(data);
  });
}

export async function loadBench(seconds = 15, sessions = 16): Promise<string[]> {
  const root = join(import.meta.dirname, "..");
  const worker = await startOnWorkerd({
    name: "hookgate-load",
    config: join(root, "wrangler.toml"),
    bundle: join(root, "dist", "index.js"),
    vars: { ADMIN_TOKEN, HOOKGATE_ENV: "bench" },
    consumers: true,
  });
  const lines: string[] = [];
  try {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const team = "load";
    const starter = readFileSync(join(root, "policies", "default.json"), "utf8");
    const published = await post(new URL(`/v1/admin/teams/${team}/policy`, worker.url), admin, starter, "PUT");
    if (published.status !== 201) throw new Error(`publish: ${published.status} ${published.body}`);
    const { token } = JSON.parse((await post(new URL(`/v1/admin/teams/${team}/tokens`, worker.url), admin, "{}")).body) as { token: string };
    const hookUrl = new URL(`/v1/hooks/${team}`, worker.url);
    const headers = { authorization: `Bearer ${token}` };
    const commands = corpusCommands();
    const db = await worker.mf.getD1Database("DB");
    const archive = await worker.mf.getR2Bucket("ARCHIVE");
    const sizeOf = async () => (await db.prepare("SELECT count(*) FROM decisions").run()).meta.size_after as number;
    const sizeBefore = await sizeOf();

    const ids: string[] = [];
    let errors = 0;
    let k = 0;
    const cpu0 = worker.cpu().schedNs;
    const started = performance.now();
    const end = started + seconds * 1000;
    const base = { transcript_path: "/home/dev/.claude/projects/p/s.jsonl", cwd: "/home/dev/shop", permission_mode: "default" };
    await Promise.all(
      Array.from({ length: sessions }, async (_, s) => {
        const session_id = `00000000-0000-4000-8000-${String(s).padStart(12, "0")}`;
        const send = async (body: Record<string, unknown>) => {
          const r = await post(hookUrl, headers, JSON.stringify({ session_id, ...base, ...body }));
          if (r.status === 200 && r.decisionId) ids.push(r.decisionId);
          else errors++;
        };
        for (let turn = 0; performance.now() < end; turn++) {
          await send({ hook_event_name: "UserPromptSubmit", prompt: `step ${turn}: fix the failing test` });
          for (let t = 0; t < 4 && performance.now() < end; t++) {
            const i = k++;
            const tool_input = { command: `${commands[i % commands.length]} # ${i}`, description: "load" };
            const tool_use_id = `toolu_load_${i}`;
            await send({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input, tool_use_id });
            await send({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_input, tool_use_id, tool_response: { stdout: "ok", stderr: "", interrupted: false } });
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const hookCpuNs = worker.cpu().schedNs - cpu0;

    // The consumer drains the queue (batches of 100, 2 s windows): wait for the index to hold every record, bounded.
    const deadline = Date.now() + 120_000;
    let indexed = 0;
    while (Date.now() < deadline) {
      indexed = ((await db.prepare("SELECT count(*) AS n FROM decisions WHERE team = ?").bind(team).first<{ n: number }>())?.n ?? 0);
      const unwritten = (await db.prepare("SELECT count(*) AS n FROM archive_objects WHERE written = 0").first<{ n: number }>())?.n ?? 0;
      if (indexed >= ids.length && unwritten === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const drainedAt = performance.now();
    const totalCpuNs = worker.cpu().schedNs - cpu0;

    const indexIds = (await db.prepare("SELECT decision_id FROM decisions WHERE team = ?").bind(team).all<{ decision_id: string }>()).results.map((r) => r.decision_id);
    const r2Ids: string[] = [];
    let r2Bytes = 0;
    let objects = 0;
    let cursor: string | undefined;
    do {
      const page = await archive.list({ prefix: `decisions/team=${team}/`, ...(cursor ? { cursor } : {}) });
      for (const o of page.objects) {
        const body = await archive.get(o.key);
        const bytes = Buffer.from(await body!.arrayBuffer());
        r2Bytes += bytes.length;
        objects++;
        for (const line of gunzipSync(bytes).toString("utf8").split("\n")) if (line) r2Ids.push((JSON.parse(line) as { decisionId: string }).decisionId);
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    const sizeAfter = await sizeOf();
    const widths = await db
      .prepare("SELECT avg(length(record)) AS record, avg(length(object_key)) AS objectKey FROM decisions WHERE team = ?")
      .bind(team)
      .first<{ record: number; objectKey: number }>();

    const exactlyOnce = (got: string[]) => {
      const counts = new Map<string, number>();
      for (const id of got) counts.set(id, (counts.get(id) ?? 0) + 1);
      const missing = ids.filter((id) => !counts.has(id)).length;
      const dupes = [...counts.values()].filter((n) => n > 1).length;
      const extra = [...counts.keys()].filter((id) => !ids.includes(id)).length;
      return { ok: missing === 0 && dupes === 0 && extra === 0, text: `${got.length} records, ${missing} missing, ${dupes} duplicated, ${extra} not answered` };
    };
    const inR2 = exactlyOnce(r2Ids);
    const inIndex = exactlyOnce(indexIds);
    const consumerCpuNs = totalCpuNs - hookCpuNs;
    lines.push(
      `${sessions} simulated sessions for ${seconds} s (loopback, the consumer running in the same workerd): ${ids.length} hook requests answered, ${errors} errors`,
      `  throughput held: ${(ids.length / elapsed).toFixed(0)} requests/s (c=${sessions}); workerd CPU during the run ${(hookCpuNs / ids.length / 1e3).toFixed(0)} µs per request (hook path, the queue simulator and whatever the consumer did meanwhile)`,
      `  drained ${((drainedAt - started) / 1000 - elapsed).toFixed(1)} s after the run; consumer CPU after the run ${(consumerCpuNs / 1e6).toFixed(0)} ms in all`,
      `  R2 archive: ${inR2.text} — ${inR2.ok ? "every record exactly once" : "NOT exactly once"}; ${objects} objects, ${(r2Bytes / Math.max(1, r2Ids.length)).toFixed(0)} bytes per record gzipped`,
      `  D1 index: ${inIndex.text} — ${inIndex.ok ? "every record exactly once" : "NOT exactly once"}; ${((sizeAfter - sizeBefore) / Math.max(1, indexIds.length)).toFixed(0)} bytes per record (database growth ÷ records: row, indexes, rollups, object register), of which the record's JSON ${widths?.record.toFixed(0)} and the object key ${widths?.objectKey.toFixed(0)} (stored in the row and its index)`,
    );
    if (!inR2.ok || !inIndex.ok || errors) lines.push("  LOAD RUN FAILED: see above");
  } finally {
    await worker.dispose();
  }
  return lines;
}
