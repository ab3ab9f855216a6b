/**
 * hookgate straight on workerd (hookgate spec §9): the built bundle on Miniflare with local KV, D1 and the Durable
 * Object, against the no-op Worker (bench/noop) on the same runtime in the same run, with the same request bodies.
 *
 * CPU per request is the workerd process's own CPU time (/proc: its threads' scheduler run time, cross-checked
 * against utime+stime) over N requests, divided by N. Every figure is a ratio to the no-op measured next to it;
 * each is taken `reps` times (every scenario once per rep, hookgate and no-op in alternating order) and reported as
 * min / median / max. Only loopback addresses; every loop is bounded in count.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { bigPolicy, corpusCommands, freshCd } from "./engineBench";
import { startOnWorkerd, type WorkerdWorker } from "./workerd";

const root = join(import.meta.dirname, "..");
const ADMIN_TOKEN = "hga_bench_admin_token_not_a_secret";
/** The decision log flushes a batch up to 500 ms after the request that opened it (FLUSH_MS): wait that out. */
const SETTLE_MS = 650;

// ---------------------------------------------------------------------------------------------------------- client

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
/**
 * The admin calls that seed the teams, each on a connection of its own: a kept-alive socket left idle while the next
 * policy is built (the 10,000-handler one takes seconds on a busy machine) may be closed by workerd just as it is
 * reused, and the seed died with "socket hang up" in about half the runs on a loaded machine.
 */
const seedAgent = new Agent({ keepAlive: false });

interface Reply {
  status: number;
  body: string;
}

/**
 * A keep-alive socket the Worker closed while idle can be handed to the next request just as it closes: that request
 * fails with ECONNRESET before anything reached the Worker (Node's documented race, `req.reusedSocket`). On a loaded
 * machine it ended whole runs; such a request is sent again, on a new socket. Any other error stands.
 */
const staleSocket = (req: { reusedSocket: boolean }, e: unknown) => req.reusedSocket && (e as { code?: string }).code === "ECONNRESET";

function post(url: URL, headers: Record<string, string>, body: Buffer, via: Agent = agent, retried = false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent: via, headers: { ...headers, "content-length": String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.on("error", (e) => (!retried && staleSocket(req, e) ? post(url, headers, body, via, true).then(resolve, reject) : reject(e)));
    req.end(body);
  });
}

export async function send(url: URL, headers: Record<string, string>, body: Buffer): Promise<boolean> {
  try {
    const r = await post(url, headers, body);
    return r.status === 200;
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------------------- the bodies

const hookInput = (i: number, tool_name: string, tool_input: Record<string, unknown>) =>
  Buffer.from(
    JSON.stringify({
      session_id: "7f3c2a1e-5b6d-4c8e-9a0b-1d2e3f4a5b6c",
      transcript_path: "/home/dev/.claude/projects/-home-dev-shop/7f3c2a1e.jsonl",
      cwd: "/home/dev/shop",
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      tool_name,
      tool_input,
      tool_use_id: `toolu_01Hj7kQpL2mN3oP4qR5sT${String(i).padStart(3, "0")}`,
    }),
  );
/** A few bodies per scenario (they differ in tool_use_id only), sent round-robin. */
const bash = (command: string) => Array.from({ length: 8 }, (_, i) => hookInput(i, "Bash", { command, description: "bench", timeout: 120000 }));

/**
 * The corpus's ordinary Bash commands (test/corpus/ordinary.jsonl), each body a different command: more of them than
 * the isolate's shell-analysis cache holds (256), sent in order, so every request is a command the Worker has not
 * analysed yet — as most of an agent's commands are. The repeated `git status` of the other scenarios is the cache's
 * best case; this is its worst.
 */
function unseenBash(): (i: number) => Buffer {
  const commands = corpusCommands();
  let k = 0;
  // As an agent sends them: a fresh `cd` into a directory of its own before each command, so every call is new to the
  // cache and to the analysis (a comment alone would make the text new while a cache keyed on the words could still
  // hit, and a cd is what agents prefix nearly every call with). The engine bench does the same.
  return () => {
    const i = k++;
    return hookInput(i, "Bash", { command: freshCd(commands[i % commands.length]!, i), description: "bench", timeout: 120000 });
  };
}

/** Bodies sent round-robin. */
const roundRobin = (bodies: Buffer[]) => (i: number) => bodies[i % bodies.length]!;

/** 1,000,000 bytes of source-like text: the content of a large Write. */
function megabyte(): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < 1_000_000; i++) {
    const line = `export function handler${i}(input: Input, options = { retries: ${i % 7}, label: "step-${i}" }): Output { return compute(input, options); }\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join("").slice(0, 1_000_000);
}

// ------------------------------------------------------------------------------------------------------ statistics

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const mmm = (xs: number[]) => ({ min: Math.min(...xs), median: median(xs), max: Math.max(...xs) });

// ------------------------------------------------------------------------------------------------------- measuring

export interface Target {
  worker: WorkerdWorker;
  url: URL;
  headers: Record<string, string>;
}

interface Sample {
  /** CPU ns per request (schedstat) and the same from utime+stime */
  cpuNs: number;
  cpuStatNs: number;
  p50Ms: number;
  errors: number;
}

/** n sequential requests, each target in turn, then the settle wait; CPU deltas taken around all of it. */
async function sequentialPair(targets: [Target, Target], body: (i: number) => Buffer, n: number): Promise<[Sample, Sample]> {
  const start = targets.map((t) => t.worker.cpu());
  const lat: number[][] = [[], []];
  const errors = [0, 0];
  for (const k of [0, 1]) {
    const t = targets[k]!;
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      if (!(await send(t.url, t.headers, body(i)))) errors[k]!++;
      lat[k]!.push(performance.now() - s);
    }
  }
  await sleep(SETTLE_MS); // batched decision-log writes of these requests land inside the window
  const end = targets.map((t) => t.worker.cpu());
  return [0, 1].map((k) => ({
    cpuNs: (end[k]!.schedNs - start[k]!.schedNs) / n,
    cpuStatNs: (end[k]!.statNs - start[k]!.statNs) / n,
    p50Ms: pct(lat[k]!.sort((a, b) => a - b), 50),
    errors: errors[k]!,
  })) as [Sample, Sample];
}

/** `total` requests at fixed concurrency: requests/s, and CPU per request under that load. */
export async function load(t: Target, body: (i: number) => Buffer, concurrency: number, total: number) {
  let next = 0;
  let errors = 0;
  const c0 = t.worker.cpu();
  const s = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        if (!(await send(t.url, t.headers, body(i)))) errors++;
      }
    }),
  );
  const rps = total / ((performance.now() - s) / 1000);
  await sleep(SETTLE_MS);
  return { rps, cpuNs: (t.worker.cpu().schedNs - c0.schedNs) / total, errors };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ----------------------------------------------------------------------------------------------------- the servers

async function admin(worker: WorkerdWorker, method: string, path: string, body?: unknown) {
  const r = await post(new URL(path, worker.url), { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" }, Buffer.from(body === undefined ? "" : JSON.stringify(body)), seedAgent);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.body.slice(0, 300)}`);
  return JSON.parse(r.body) as Record<string, unknown>;
}
async function put(worker: WorkerdWorker, path: string, body: unknown, retried = false): Promise<Record<string, unknown>> {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body));
    const req = request(
      new URL(path, worker.url),
      { method: "PUT", agent: seedAgent, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json", "content-length": String(data.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`PUT ${path}: ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on("error", (e) => (!retried && staleSocket(req, e) ? put(worker, path, body, true).then(resolve, reject) : reject(e)));
    req.end(data);
  });
}

/** Publish a policy for a team through the admin API and make it a token; the headers a hook request sends. */
async function seedTeam(worker: WorkerdWorker, team: string, policy: unknown): Promise<Record<string, string>> {
  const published = await put(worker, `/v1/admin/teams/${team}/policy`, policy);
  if (typeof published.revision !== "number") throw new Error(`publishing ${team}'s policy: ${JSON.stringify(published)}`);
  const created = await admin(worker, "POST", `/v1/admin/teams/${team}/tokens`, { name: "bench" });
  return { authorization: `Bearer ${String(created.token)}`, "content-type": "application/json" };
}

// ------------------------------------------------------------------------------------------------------- scenarios

export interface Scenario {
  key: string;
  what: string;
  team: "starter" | "h1000" | "h10000";
  /** the i-th request's body */
  body: (i: number) => Buffer;
  /** requests per measurement */
  n: number;
  /** what the answer must contain (checked once, so a broken seed is not measured as "fast") */
  expect: RegExp;
}

export interface WorkerdRow {
  figure: string;
  min: string;
  median: string;
  max: string;
  target: string;
  met: string;
}

export interface Bench {
  hookgate: WorkerdWorker;
  noop?: WorkerdWorker;
  scenarios: Scenario[];
  /** a scenario's requests aimed at hookgate, or at the no-op Worker (same path, headers and bodies) */
  hg(s: Scenario): Target;
  nt(s: Scenario): Target;
  dispose(): Promise<void>;
}

/** Both Workers on workerd, hookgate's teams seeded through the admin API, and the scenarios. */
/**
 * `seed10000`: publish the 10,000-handler team too (the default). Its publish is the slowest step of the set-up (1.2 MB,
 * compiled for every client), and under load it can take the isolate down (a reset connection): a run that measures
 * no h10000 scenario can leave it out.
 */
export async function startBench(o: { n: number; noop?: boolean; inspectorPort?: number; bundle?: string; seed10000?: boolean }): Promise<Bench> {
  const hookgate = await startOnWorkerd({
    name: "hookgate",
    config: join(root, "wrangler.toml"),
    bundle: o.bundle ?? join(root, "dist", "index.js"),
    // HOOKGATE_ENV is not "development": no dev seed, the deployed code path. The body limit is raised only so the
    // 10,000-handler policy (1.2 MB of JSON) can be published; every hook body here is under the default 1 MiB.
    vars: { ADMIN_TOKEN, HOOKGATE_ENV: "bench", BODY_LIMIT_BYTES: String(2 * 1024 * 1024) },
    ...(o.inspectorPort ? { inspectorPort: o.inspectorPort } : {}),
  });
  let noop: WorkerdWorker | undefined;
  try {
    if (o.noop !== false)
      noop = await startOnWorkerd({ name: "noop", config: join(root, "bench", "noop", "wrangler.toml"), bundle: join(root, "dist", "noop", "worker.js") });
    const starter = JSON.parse(readFileSync(join(root, "policies", "default.json"), "utf8"));
    const headersOf = {
      starter: await seedTeam(hookgate, "starter", starter),
      h1000: await seedTeam(hookgate, "h1000", bigPolicy(1000)),
      ...(o.seed10000 === false ? {} : { h10000: await seedTeam(hookgate, "h10000", bigPolicy(10_000)) }),
    } as Record<Scenario["team"], Record<string, string>>;
    const route = (w: WorkerdWorker, team: string) => new URL(`/v1/hooks/${team}/pre-tool-use`, w.url);
    const content = megabyte();
    const write = Array.from({ length: 2 }, (_, i) => hookInput(i, "Write", { file_path: "/home/dev/shop/src/generated.ts", content }));
    const { n } = o;
    const scenarios: Scenario[] = [
      { key: "rm", what: "starter, Bash `rm -rf /`", team: "starter", body: roundRobin(bash("rm -rf /")), n, expect: /"permissionDecision":"deny"/ },
      { key: "git", what: "starter, Bash `git status`", team: "starter", body: roundRobin(bash("git status")), n, expect: /^\{/ },
      { key: "unseen", what: "starter, Bash commands never seen (the corpus)", team: "starter", body: unseenBash(), n, expect: /^\{/ },
      { key: "h1000", what: "1,000 handlers, Bash `git status`", team: "h1000", body: roundRobin(bash("git status")), n, expect: /^\{/ },
      // ~100× the starter's CPU today: fewer requests still give a long enough window
      { key: "h10000", what: "10,000 handlers, Bash `git status`", team: "h10000", body: roundRobin(bash("git status")), n: Math.max(10, Math.round(n / 6)), expect: /^\{/ },
      { key: "h10000push", what: "10,000 handlers, Bash `git push origin feat/x`", team: "h10000", body: roundRobin(bash("git push origin feat/x")), n: Math.max(10, Math.round(n / 6)), expect: /^\{/ },
      { key: "write", what: "starter, Write of 1 MB content", team: "starter", body: roundRobin(write), n: Math.max(5, Math.round(n / 10)), expect: /^\{/ },
    ];
    return {
      hookgate,
      ...(noop ? { noop } : {}),
      scenarios,
      hg: (s) => ({ worker: hookgate, url: route(hookgate, s.team), headers: headersOf[s.team] }),
      nt: (s) => {
        if (!noop) throw new Error("no no-op Worker in this run");
        return { worker: noop, url: route(noop, s.team), headers: headersOf[s.team] };
      },
      async dispose() {
        agent.destroy();
        await hookgate.dispose();
        await noop?.dispose();
      },
    };
  } catch (e) {
    await hookgate.dispose();
    await noop?.dispose();
    throw e;
  }
}

/**
 * Requests each Worker gets on a scenario before it is measured (`BENCH_WARM`, 300 unless set). A young isolate is
 * what serves most of a real Worker's requests (isolates are evicted and started often), so the default stays small;
 * a large figure (6,000) shows the steady state V8 reaches once its optimising tiers have finished with the code.
 */
export const WARM_REQUESTS = Math.max(1, Number(process.env.BENCH_WARM ?? 300) || 300);

/** Check a scenario answers what it should (a broken seed is not measured as "fast"), then warm it. */
export async function checkAndWarm(t: Target, s: Scenario, count: number) {
  const r = await post(t.url, t.headers, s.body(0));
  if (r.status !== 200 || !s.expect.test(r.body)) throw new Error(`${s.what}: unexpected answer ${r.status} ${r.body.slice(0, 300)}`);
  for (let i = 0; i < count; i++) await send(t.url, t.headers, s.body(i));
}

export async function workerdBench(opts: { reps?: number; requests?: number } = {}) {
  const reps = opts.reps ?? Number(process.env.BENCH_REPS ?? 5);
  const n = opts.requests ?? Number(process.env.BENCH_REQUESTS ?? 300);
  const concurrency = 16;
  const loadTotal = Number(process.env.BENCH_LOAD_REQUESTS ?? 1500);
  const bench = await startBench({ n });
  const { hookgate, scenarios, hg, nt } = bench;
  const noop = bench.noop!;
  try {
    // Warm both Workers on every path (JIT, the isolate's policy and token caches, the 10,000-handler policy's
    // lazy patterns).
    for (const s of scenarios) {
      await checkAndWarm(hg(s), s, Math.min(150, s.n * 2));
      await checkAndWarm(nt(s), { ...s, expect: /^\{\}$/ }, Math.min(150, s.n * 2));
    }
    await sleep(SETTLE_MS);
    // What each process burns doing nothing, so it can be told apart from the per-request figures.
    const idle0 = [hookgate.cpu(), noop.cpu()];
    await sleep(1000);
    const idle1 = [hookgate.cpu(), noop.cpu()];
    const idleMsPerS = [0, 1].map((k) => (idle1[k]!.schedNs - idle0[k]!.schedNs) / 1e6);

    const samples = new Map<string, { hg: Sample[]; noop: Sample[] }>(scenarios.map((s) => [s.key, { hg: [], noop: [] }]));
    const loads: { hg: Awaited<ReturnType<typeof load>>; noop: Awaited<ReturnType<typeof load>> }[] = [];
    const loadBodies = roundRobin([...bash("rm -rf /").slice(0, 4), ...bash("git status").slice(4)]);
    const loadScenario = scenarios[1]!;
    for (let rep = 0; rep < reps; rep++) {
      const hgFirst = rep % 2 === 0;
      for (const s of scenarios) {
        const pair: [Target, Target] = hgFirst ? [hg(s), nt(s)] : [nt(s), hg(s)];
        const [a, b] = await sequentialPair(pair, s.body, s.n);
        samples.get(s.key)!.hg.push(hgFirst ? a : b);
        samples.get(s.key)!.noop.push(hgFirst ? b : a);
      }
      const first = await load(hgFirst ? hg(loadScenario) : nt(loadScenario), loadBodies, concurrency, loadTotal);
      const second = await load(hgFirst ? nt(loadScenario) : hg(loadScenario), loadBodies, concurrency, loadTotal);
      loads.push(hgFirst ? { hg: first, noop: second } : { hg: second, noop: first });
      process.stderr.write(`  rep ${rep + 1}/${reps} done\n`);
    }

    // Command hook: the same check as a process per call (what a team runs without hookgate).
    const cmdTimes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const s = performance.now();
      const r = spawnSync("sh", ["-c", `node ${join(root, "bench", "commandHook.mjs")}`], { input: scenarios[0]!.body(0) });
      if (r.status !== 0) throw new Error("command hook failed");
      cmdTimes.push(performance.now() - s);
    }
    const cmdP50 = pct(cmdTimes.sort((a, b) => a - b), 50);

    // ------------------------------------------------------------------------------------------------ the table
    const perRep = (key: string, f: (hg: Sample, noop: Sample, rep: number) => number) => {
      const s = samples.get(key)!;
      return s.hg.map((h, i) => f(h, s.noop[i]!, i));
    };
    const cpuRatio = (key: string) => perRep(key, (h, o) => h.cpuNs / o.cpuNs);
    const errorsOf = (key: string) => samples.get(key)!.hg.reduce((a, s) => a + s.errors, 0) + samples.get(key)!.noop.reduce((a, s) => a + s.errors, 0);
    const rows: WorkerdRow[] = [];
    const fmt = (x: number, digits: number, unit: string) => `${x.toFixed(digits)}${unit}`;
    const add = (figure: string, xs: number[], digits: number, unit: string, target: string, ok?: (median: number) => boolean) => {
      const m = mmm(xs);
      rows.push({
        figure,
        min: fmt(m.min, digits, unit),
        median: fmt(m.median, digits, unit),
        max: fmt(m.max, digits, unit),
        target,
        met: ok === undefined ? "" : ok(m.median) ? "yes" : "MISSED",
      });
    };
    const ms = (ns: number) => ns / 1e6;
    for (const s of scenarios) {
      if (s.key === "write") continue;
      add(`CPU/req no-op, ${s.what}`, samples.get(s.key)!.noop.map((x) => ms(x.cpuNs)), 3, " ms", "");
      add(`CPU/req hookgate, ${s.what}`, samples.get(s.key)!.hg.map((x) => ms(x.cpuNs)), 3, " ms", "");
    }
    add("CPU/req ratio, starter `rm -rf /`", cpuRatio("rm"), 2, "×", "≤ 1.35×", (m) => m <= 1.35);
    add("CPU/req ratio, starter `git status`", cpuRatio("git"), 2, "×", "≤ 1.35×", (m) => m <= 1.35);
    add("CPU/req ratio, 1,000 handlers", cpuRatio("h1000"), 2, "×", "≤ 1.6×", (m) => m <= 1.6);
    add("CPU/req ratio, starter, commands never seen", cpuRatio("unseen"), 2, "×", "");
    add("CPU/req ratio, 10,000 handlers (vs no-op)", cpuRatio("h10000"), 2, "×", "");
    add("CPU/req ratio, 10,000 handlers `git push` (vs no-op)", cpuRatio("h10000push"), 2, "×", "");
    const vsStarter = (key: string) => samples.get(key)!.hg.map((h, i) => h.cpuNs / samples.get("git")!.hg[i]!.cpuNs);
    add("CPU/req 10,000 handlers ÷ starter (`git status`)", vsStarter("h10000"), 2, "×", "≤ 3×", (m) => m <= 3);
    add("CPU/req 10,000 handlers `git push` ÷ starter", vsStarter("h10000push"), 2, "×", "≤ 3×", (m) => m <= 3);
    add("extra CPU/req over no-op, starter `git status`", perRep("git", (h, o) => ms(h.cpuNs - o.cpuNs)), 3, " ms", "");
    add("extra CPU/req over no-op, 1,000 handlers", perRep("h1000", (h, o) => ms(h.cpuNs - o.cpuNs)), 3, " ms", "");
    add("extra CPU/req over no-op, starter, commands never seen", perRep("unseen", (h, o) => ms(h.cpuNs - o.cpuNs)), 3, " ms", "");
    add("extra CPU/req over no-op, 10,000 handlers", perRep("h10000", (h, o) => ms(h.cpuNs - o.cpuNs)), 3, " ms", "");
    add("CPU/req no-op, 1 MB Write", samples.get("write")!.noop.map((x) => ms(x.cpuNs)), 2, " ms", "");
    add("CPU/req hookgate, 1 MB Write", samples.get("write")!.hg.map((x) => ms(x.cpuNs)), 2, " ms", "");
    add("1 MB Write: extra CPU over no-op", perRep("write", (h, o) => ms(h.cpuNs - o.cpuNs)), 2, " ms", "≤ 3 ms", (m) => m <= 3);
    add("p50 latency ratio, starter `rm -rf /`", perRep("rm", (h, o) => h.p50Ms / o.p50Ms), 2, "×", "≤ 1.3×", (m) => m <= 1.3);
    add("p50 latency ratio, starter `git status`", perRep("git", (h, o) => h.p50Ms / o.p50Ms), 2, "×", "≤ 1.3×", (m) => m <= 1.3);
    add("p50 latency ratio, 1,000 handlers", perRep("h1000", (h, o) => h.p50Ms / o.p50Ms), 2, "×", "");
    add("p50 latency ratio, starter, commands never seen", perRep("unseen", (h, o) => h.p50Ms / o.p50Ms), 2, "×", "");
    add("p50 latency ratio, 10,000 handlers", perRep("h10000", (h, o) => h.p50Ms / o.p50Ms), 2, "×", "");
    add("p50 latency ms, no-op (starter bodies)", samples.get("git")!.noop.map((x) => x.p50Ms), 3, " ms", "");
    add("p50 latency ms, hookgate starter `git status`", samples.get("git")!.hg.map((x) => x.p50Ms), 3, " ms", "");
    add(`throughput no-op, c=${concurrency}`, loads.map((l) => l.noop.rps), 0, " req/s", "");
    add(`throughput hookgate starter, c=${concurrency}`, loads.map((l) => l.hg.rps), 0, " req/s", "");
    add(`throughput ratio, starter, c=${concurrency}`, loads.map((l) => l.hg.rps / l.noop.rps), 2, "×", "≥ 0.75×", (m) => m >= 0.75);
    add(`CPU/req ratio under load, starter, c=${concurrency}`, loads.map((l) => l.hg.cpuNs / l.noop.cpuNs), 2, "×", "");
    const totalErrors = scenarios.reduce((a, s) => a + errorsOf(s.key), 0) + loads.reduce((a, l) => a + l.hg.errors + l.noop.errors, 0);
    rows.push({ figure: "errors (every request above, both Workers)", min: "", median: String(totalErrors), max: "", target: "0", met: totalErrors === 0 ? "yes" : "MISSED" });
    const hgP50 = median(samples.get("rm")!.hg.map((x) => x.p50Ms));
    rows.push({ figure: "command hook (process per call) p50 ÷ hookgate p50", min: "", median: `${(cmdP50 / hgP50).toFixed(0)}× (${cmdP50.toFixed(1)} ms)`, max: "", target: "≥ 10×", met: cmdP50 / hgP50 >= 10 ? "yes" : "MISSED" });

    // The schedstat figures against utime+stime over the whole run: two accountings of the same process.
    const sum = (pick: (s: Sample) => number, side: "hg" | "noop") =>
      scenarios.reduce((a, s) => a + samples.get(s.key)![side].reduce((b, x) => b + pick(x) * s.n, 0), 0);
    const check = {
      hookgateSchedMs: sum((x) => x.cpuNs, "hg") / 1e6,
      hookgateStatMs: sum((x) => x.cpuStatNs, "hg") / 1e6,
      noopSchedMs: sum((x) => x.cpuNs, "noop") / 1e6,
      noopStatMs: sum((x) => x.cpuStatNs, "noop") / 1e6,
    };
    return {
      rows,
      notes: [
        `workerd pids: hookgate ${hookgate.pid}, no-op ${noop.pid}; ${reps} reps × ${n} sequential requests per scenario and Worker (1 MB Write: ${scenarios.at(-1)!.n}), load ${loadTotal} requests at c=${concurrency}`,
        `idle CPU: hookgate ${idleMsPerS[0]!.toFixed(2)} ms/s, no-op ${idleMsPerS[1]!.toFixed(2)} ms/s (included in the windows, ${SETTLE_MS} ms settle each)`,
        `accounting cross-check over the sequential windows: hookgate ${check.hookgateSchedMs.toFixed(0)} ms (schedstat) vs ${check.hookgateStatMs.toFixed(0)} ms (utime+stime); no-op ${check.noopSchedMs.toFixed(0)} ms vs ${check.noopStatMs.toFixed(0)} ms`,
      ],
    };
  } finally {
    await bench.dispose();
  }
}
