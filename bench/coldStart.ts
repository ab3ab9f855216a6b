/**
 * `npm run bench -- cold [reps]` (also part of the full `npm run bench`): the first request on a fresh isolate. The
 * teams are seeded once on stored state (local KV, D1, Durable Objects persisted in a temp dir); then, each rep, a
 * fresh workerd starts on that state, and the CPU its process spends between "started and idle" and "first answer
 * received" is the first request's: the token and policy read from KV, the policy's load, compile and first use of
 * the engine's code, the decision, the record handed to the queue. The second request's CPU is shown beside it (warm),
 * and the process's start-up CPU (the bundle's compile and top-level run, which the platform does before the request).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bigPolicy } from "./engineBench";
import { startOnWorkerd, type WorkerdWorker } from "./workerd";

const ADMIN_TOKEN = "hga_bench_admin_token_not_a_secret";
const COLD_HANDLERS = Number(process.env.BENCH_COLD_HANDLERS ?? 1000);

function post(url: URL, headers: Record<string, string>, body: string, method = "POST"): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(body);
    const agent = new Agent({ keepAlive: false });
    const req = request(url, { method, agent, headers: { ...headers, "content-type": "application/json", "content-length": String(data.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end(data);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU of the process once it has stopped moving (start-up done): read until two reads 100 ms apart agree closely. */
export async function idleCpu(w: WorkerdWorker): Promise<number> {
  let last = w.cpu().schedNs;
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    const now = w.cpu().schedNs;
    if (now - last < 200_000) return now;
    last = now;
  }
  return last;
}

const root = join(import.meta.dirname, "..");
const BUILT = join(root, "dist", "index.js");
const start = (name: string, stateDir: string, bundle = BUILT) =>
  startOnWorkerd({ name, config: join(root, "wrangler.toml"), bundle, vars: { ADMIN_TOKEN, HOOKGATE_ENV: "bench" }, stateDir });

/**
 * Stored state with the starter and a 1,000-handler team published (their tokens), for fresh workerds to start on;
 * `bundle` is the build that publishes them (the bench's own build unless a test passes the one it made).
 */
export async function seedColdState(bundle = BUILT) {
  const stateDir = mkdtempSync(join(tmpdir(), "hookgate-bench-cold-"));
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const seed = await start("hookgate-seed", stateDir, bundle);
  const tokens: Record<string, string> = {};
  try {
    // BENCH_COLD_HANDLERS: the big team's size (1,000 unless set; the team keeps its name), for the sizes that fit.
    const policies = { starter: readFileSync(join(root, "policies", "default.json"), "utf8"), h1000: JSON.stringify(bigPolicy(COLD_HANDLERS)) };
    for (const [team, policy] of Object.entries(policies)) {
      const r = await post(new URL(`/v1/admin/teams/${team}/policy`, seed.url), admin, policy, "PUT");
      if (r.status !== 201) throw new Error(`publish ${team}: ${r.status} ${r.body.slice(0, 200)}`);
      tokens[team] = (JSON.parse((await post(new URL(`/v1/admin/teams/${team}/tokens`, seed.url), admin, "{}")).body) as { token: string }).token;
    }
  } finally {
    await seed.dispose();
  }
  const body = (i: number) =>
    JSON.stringify({
      session_id: "7f3c2a1e-5b6d-4c8e-9a0b-1d2e3f4a5b6c",
      transcript_path: "/t.jsonl",
      cwd: "/home/dev/shop",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "git status" },
      tool_use_id: `toolu_cold_${i}`,
    });
  return { stateDir, tokens, body, adminToken: ADMIN_TOKEN, dispose: () => rmSync(stateDir, { recursive: true, force: true }) };
}

/**
 * The floor Worker's (bench/floor/) first request on a fresh workerd: what the runtime and the API's shape cost on a
 * cold isolate before any decision (Hono's and the runtime's own first runs), the baseline for hookgate's.
 */
async function floorCold(body: string): Promise<{ first: number; second: number }> {
  const w = await startOnWorkerd({ name: "floor-cold", config: join(root, "bench", "floor", "wrangler.toml"), bundle: join(root, "dist", "floor", "worker.js") });
  try {
    const booted = await idleCpu(w);
    const url = new URL("/v1/hooks/starter/pre-tool-use", w.url);
    const a = await post(url, { authorization: "Bearer x" }, body);
    if (a.status !== 200) throw new Error(`floor's first request: ${a.status}`);
    const afterFirst = await idleCpu(w);
    await post(url, { authorization: "Bearer x" }, body);
    return { first: (afterFirst - booted) / 1e6, second: ((await idleCpu(w)) - afterFirst) / 1e6 };
  } finally {
    await w.dispose();
  }
}

/**
 * The bound floor's first request (bench/floor/bound.toml) on a fresh workerd on hookgate's stored state: the floor
 * Worker making hookgate's binding calls for `team` (its token and current policy from KV, a record to the queue). What
 * the runtime, the API's shape and the local simulators' own first runs cost before any decision; hookgate's first
 * request over it is hookgate's own cold start.
 */
async function boundFloorCold(stateDir: string, team: string, token: string, body: string): Promise<number> {
  const w = await startOnWorkerd({ name: `floor-bound-${team}`, config: join(root, "bench", "floor", "bound.toml"), bundle: join(root, "dist", "floor", "worker.js"), stateDir, vars: { FLOOR_BINDINGS: "1" } });
  try {
    const booted = await idleCpu(w);
    const a = await post(new URL(`/v1/hooks/${team}/pre-tool-use`, w.url), { authorization: `Bearer ${token}` }, body);
    if (a.status !== 200) throw new Error(`bound floor's first request (${team}): ${a.status} ${a.body.slice(0, 200)}`);
    await sleep(800); // as hookgate's: the same wait before reading the process idle
    return ((await idleCpu(w)) - booted) / 1e6;
  } finally {
    await w.dispose();
  }
}

/** firstMs: hookgate's own first-request CPU with 1,000 handlers (over the bound floor), one per rep. */
export async function coldStartBench(reps = 5): Promise<{ lines: string[]; firstMs: number[] }> {
  const seeded = await seedColdState();
  const { stateDir, tokens, body } = seeded;
  const lines: string[] = [];
  const firstMs: number[] = [];
  const mmm = (xs: number[], f = 1) => `${(Math.min(...xs) / f).toFixed(1)} / ${(median(xs) / f).toFixed(1)} / ${(Math.max(...xs) / f).toFixed(1)}`;
  try {
    const floor: { first: number; second: number }[] = [];
    for (let r = 0; r < reps; r++) floor.push(await floorCold(body(r)));
    lines.push(
      `the floor Worker (no bindings, no decision), fresh workerd, ${reps} reps (min / median / max):`,
      `  first request's CPU ${mmm(floor.map((f) => f.first))} ms; the second request's ${mmm(floor.map((f) => f.second))} ms`,
    );
    for (const team of ["h1000", "starter"]) {
      const first: number[] = [];
      const second: number[] = [];
      const startup: number[] = [];
      const bound: number[] = [];
      for (let r = 0; r < reps; r++) {
        // The bound floor and hookgate alternate, so a drift of the shared machine falls on both.
        bound.push(await boundFloorCold(stateDir, team, tokens[team]!, body(0)));
        const w = await start(`hookgate-cold-${team}-${r}`, stateDir);
        try {
          const booted = await idleCpu(w);
          startup.push(booted / 1e6);
          const headers = { authorization: `Bearer ${tokens[team]}` };
          const a = await post(new URL(`/v1/hooks/${team}/pre-tool-use`, w.url), headers, body(0));
          if (a.status !== 200) throw new Error(`first request: ${a.status} ${a.body.slice(0, 200)}`);
          // The CPU until the process is idle again: the request and its waitUntil (the record's send after FLUSH_MS).
          await sleep(800); // past the record's batch window (FLUSH_MS 500), so its send is the first request's too
          const afterFirst = await idleCpu(w);
          first.push((afterFirst - booted) / 1e6);
          await post(new URL(`/v1/hooks/${team}/pre-tool-use`, w.url), headers, body(1));
          await sleep(800);
          second.push((await idleCpu(w)) - afterFirst);
        } finally {
          await w.dispose();
        }
      }
      const own = first.map((f, i) => f - bound[i]!);
      if (team === "h1000") firstMs.push(...own);
      lines.push(
        `${team === "h1000" ? `${COLD_HANDLERS.toLocaleString("en")} handlers` : "starter policy"}, fresh workerd on stored state, ${reps} reps (min / median / max):`,
        `  first request's CPU ${mmm(first)} ms; the second request's ${mmm(second, 1e6)} ms; process start-up ${mmm(startup)} ms`,
        `  the bound floor's first request (the floor Worker making the same binding calls, on the same state): ${mmm(bound)} ms`,
        `  hookgate's own first request, over the bound floor: ${mmm(own)} ms`,
      );
    }
  } finally {
    seeded.dispose();
  }
  return { lines, firstMs };
}
