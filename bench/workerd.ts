/**
 * A built Worker bundle on workerd through Miniflare (no `wrangler dev`, no proxy in front), and the CPU time the
 * workerd process itself has used, from Linux's per-process accounting.
 *
 * Each Worker gets its own Miniflare instance, so its own workerd process: the CPU of one process is the CPU of one
 * Worker plus whatever runs beside it in that runtime (for hookgate: the local KV, D1 and Durable Object
 * simulators, which run in the same workerd process). Each D1 database starts with the config's migrations
 * applied, as `wrangler d1 migrations apply --local` would.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig, unstable_splitSqlQuery } from "wrangler";

const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime in ns (clock-tick resolution: 1e9 / CLK_TCK) */
  statNs: number;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm may hold spaces and parentheses: it runs from the first "(" to the last ")".
    const comm = s.slice(s.indexOf("(") + 1, s.lastIndexOf(")"));
    const f = s.slice(s.lastIndexOf(")") + 2).split(" "); // f[0] is field 3 (state)
    return { pid, ppid: Number(f[1]), comm, statNs: ((Number(f[11]) + Number(f[12])) * 1e9) / CLK_TCK };
  } catch {
    return undefined; // gone, or not ours to read
  }
}

function allProcs(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const d of readdirSync("/proc")) if (/^\d+$/.test(d)) {
    const p = readProc(Number(d));
    if (p) out.push(p);
  }
  return out;
}

/** Every process below `root` in the process tree (children, grandchildren, …). */
function descendants(root: number, procs = allProcs()): ProcInfo[] {
  const byParent = new Map<number, ProcInfo[]>();
  for (const p of procs) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const out: ProcInfo[] = [];
  const walk = (pid: number) => {
    for (const c of byParent.get(pid) ?? []) {
      out.push(c);
      walk(c.pid);
    }
  };
  walk(root);
  return out;
}

const isWorkerd = (p: ProcInfo) => {
  if (p.comm === "workerd") return true;
  try {
    return basename(readlinkSync(`/proc/${p.pid}/exe`)) === "workerd";
  } catch {
    return false;
  }
};

/**
 * A process's CPU time in ns, two ways: the sum of its threads' schedstat run time (ns resolution, from the
 * scheduler) and utime+stime from /proc/<pid>/stat (10 ms ticks, but it also keeps the time of threads that exited).
 */
export function cpuOf(pid: number): { schedNs: number; statNs: number } {
  const stat = readProc(pid);
  if (!stat) throw new Error(`process ${pid} is gone`);
  let schedNs = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        schedNs += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {} // a thread that ended between the listing and the read
    }
  } catch {
    schedNs = NaN;
  }
  return { schedNs, statNs: stat.statNs };
}

export interface WorkerdWorker {
  name: string;
  url: URL;
  /** the workerd process Miniflare started for this Worker */
  pid: number;
  /** CPU ns of the workerd process (and any children it has) */
  cpu(): { schedNs: number; statNs: number };
  /** the Miniflare instance (its local R2 and D1, for the load run's checks) */
  mf: Miniflare;
  dispose(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** the wrangler config the bindings come from (KV, D1, Durable Objects, compatibility date and flags) */
  config: string;
  /** the built bundle (an ES module), e.g. dist/index.js from `wrangler deploy --dry-run --outdir dist` */
  bundle: string;
  /** plain-text vars, replacing any from the config or .dev.vars */
  vars?: Record<string, string>;
  inspectorPort?: number;
  /**
   * Run the config's queue consumers in this workerd (the load run). Off by default: the hot-path figures measure the
   * hook request, and on Cloudflare the consumer is an invocation of its own (its CPU is reported by the load run).
   */
  consumers?: boolean;
  /** Persist storage here and keep it on dispose (the cold start: a fresh workerd on stored state). */
  stateDir?: string;
}

/** Every D1 binding's migrations (its `migrations_dir`, by default migrations/ beside the config), in order. */
async function applyD1Migrations(mf: Miniflare, config: string): Promise<void> {
  for (const d1 of unstable_readConfig({ config }).d1_databases) {
    const dir = resolve(dirname(config), d1.migrations_dir ?? "migrations");
    if (!existsSync(dir)) continue;
    const db = await mf.getD1Database(d1.binding);
    const files = readdirSync(dir).filter((f) => f.endsWith(".sql"));
    files.sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
    for (const file of files) await db.batch(unstable_splitSqlQuery(readFileSync(join(dir, file), "utf8")).map((q) => db.prepare(q)));
  }
}

/** Start a built bundle on its own workerd, with local persisted storage in a fresh temp dir. */
export async function startOnWorkerd(o: StartOptions): Promise<WorkerdWorker> {
  if (!existsSync(o.bundle)) throw new Error(`${o.bundle} is missing: build it first (npm run build)`);
  // Without the static assets ([assets]: the API reference page's files). Locally, Miniflare puts an assets router
  // and an RPC proxy (two more isolates in the same process) in front of every request once a Worker has assets:
  // about 0.5 ms of CPU per hook call, which is the simulator's routing, not hookgate's, and on Cloudflare that
  // routing is the platform's. The bench measures the Worker itself.
  const { workerOptions: all } = unstable_getMiniflareWorkerOptions(o.config);
  const { assets: _assets, queueConsumers, ...rest } = all as typeof all & { assets?: unknown; queueConsumers?: unknown };
  const workerOptions = o.consumers ? { ...rest, queueConsumers } : rest;
  const state = o.stateDir ?? mkdtempSync(join(tmpdir(), `hookgate-bench-${o.name}-`));
  const ours = () => new Set(descendants(process.pid).filter(isWorkerd).map((p) => p.pid));
  const before = ours();
  const mf = new Miniflare({
    ...workerOptions,
    name: o.name,
    modules: [{ type: "ESModule", path: o.bundle }],
    modulesRoot: dirname(o.bundle),
    bindings: o.vars ?? {},
    // The Worker's own socket: no Miniflare entry worker between the client and the Worker (that entry worker is
    // what rewrites requests and logs each one through the Node loopback).
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
    defaultPersistRoot: state,
    logRequests: false,
    ...(o.inspectorPort ? { inspectorPort: o.inspectorPort } : {}),
  });
  try {
    if (!o.stateDir || !existsSync(join(state, ".migrated"))) {
      await applyD1Migrations(mf, o.config);
      if (o.stateDir) writeFileSync(join(state, ".migrated"), "");
    }
  } catch (e) {
    await mf.dispose();
    throw e;
  }
  const url = await mf.unsafeGetDirectURL();
  const fresh = [...ours()].filter((pid) => !before.has(pid));
  if (fresh.length !== 1) {
    await mf.dispose();
    throw new Error(`expected one new workerd process for ${o.name}, found ${fresh.length}`);
  }
  const pid = fresh[0]!;
  return {
    name: o.name,
    url,
    pid,
    cpu() {
      const own = cpuOf(pid);
      // workerd starts no processes of its own today; if a version ever does, their CPU is the runtime's too.
      for (const child of descendants(pid)) {
        const c = cpuOf(child.pid);
        own.schedNs += c.schedNs;
        own.statNs += c.statNs;
      }
      return own;
    },
    mf,
    async dispose() {
      await mf.dispose();
      if (!o.stateDir) rmSync(state, { recursive: true, force: true });
    },
  };
}
