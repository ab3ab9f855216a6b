/**
 * `npm run bench -- profile [scenario] [requests]`: where hookgate's CPU goes on workerd. The built bundle on
 * Miniflare with the inspector on; a V8 CPU profile of the hookgate isolate (which also runs the Coordinator Durable
 * Object) and of the local KV and D1 simulators' isolates while `requests` requests of one scenario run. Self time
 * is mapped through dist/index.js.map to source files and functions, and set against the workerd process's own CPU
 * (what is left is C++: HTTP, SQLite, storage, GC outside the sampled isolates). Writes dist/<isolate>.cpuprofile
 * (open in Chrome DevTools → Performance, or VS Code). Scenarios: rm, git, h1000, h10000, h10000push, write.
 * BENCH_PROFILE_INTERVAL_US sets the sampling interval (default 1000: at 100 the sampler doubles the CPU);
 * `npm run bench -- perf [scenario] [requests]` instead samples both workerd processes (hookgate and the no-op, no
 * inspector) with Linux `perf record` and splits their CPU per request by where it ran: the workerd binary (V8's
 * runtime and builtins, workerd's C++, SQLite), JIT-compiled JavaScript, the kernel, libc.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { WARM_REQUESTS, checkAndWarm, send, sleep, startBench } from "./workerdBench";

const root = join(import.meta.dirname, "..");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

// ------------------------------------------------------------------------------------------ a minimal CDP client

interface Cdp {
  send(method: string, params?: Record<string, unknown>): Promise<any>;
  close(): void;
}

async function connect(url: string): Promise<Cdp> {
  if (typeof WebSocket === "undefined") throw new Error("no WebSocket in this Node: run with --experimental-websocket (scripts/bench.mjs does)");
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  ws.addEventListener("message", (ev) => {
    const msg = JSON.parse(String(ev.data));
    const w = msg.id !== undefined ? waiting.get(msg.id) : undefined;
    if (!w) return;
    waiting.delete(msg.id);
    if (msg.error) w.reject(new Error(JSON.stringify(msg.error)));
    else w.resolve(msg.result);
  });
  return {
    send(method, params = {}) {
      const mine = ++id;
      ws.send(JSON.stringify({ id: mine, method, params }));
      return new Promise((resolve, reject) => waiting.set(mine, { resolve, reject }));
    },
    close: () => ws.close(),
  };
}

// ------------------------------------------------------------------------------------ source map: bundle → source

const B64 = new Map([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));

/** Per generated line, sorted segments [generated column, source index, original line]. */
function decodeMappings(mappings: string): [number, number, number][][] {
  const lines: [number, number, number][][] = [];
  let src = 0;
  let origLine = 0;
  for (const line of mappings.split(";")) {
    const segs: [number, number, number][] = [];
    let col = 0;
    for (const seg of line.split(",")) {
      if (!seg) continue;
      const vals: number[] = [];
      let shift = 0;
      let value = 0;
      for (const ch of seg) {
        const d = B64.get(ch)!;
        value += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          vals.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += vals[0]!;
      if (vals.length >= 4) {
        src += vals[1]!;
        origLine += vals[2]!; // fields 4 (original column) and 5 (name) are not needed
        segs.push([col, src, origLine]);
      }
    }
    lines.push(segs);
  }
  return lines;
}

function sourceMapper(mapFile: string) {
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources: string[]; mappings: string };
  const lines = decodeMappings(map.mappings);
  return (line: number, column: number): { file: string; line: number } | undefined => {
    const segs = lines[line];
    if (!segs?.length) return undefined;
    let lo = 0;
    let hi = segs.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (segs[mid]![0] <= column) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const seg = segs[Math.max(best, 0)]!;
    const file = map.sources[seg[1]]!.replace(/^(\.\.\/)+/, "").replace(/^.*node_modules\//, "node_modules/");
    return { file, line: seg[2] + 1 };
  };
}

/** A package or a source file: the unit the time is summed by. */
const moduleOf = (file: string) => {
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return m ? `${m[1]} (package)` : file;
};

// ----------------------------------------------------------------------------------------------------- profiling

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/**
 * Self time per node id, in µs, as samples × the sampling interval. Not the time deltas: every isolate of a workerd
 * process shares one thread, and an isolate is sampled only while it is entered, so the gap between two of its
 * samples also holds the time spent in other isolates, in C++ and off the CPU.
 */
function selfTimes(p: Profile, intervalUs: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const id of p.samples) out.set(id, (out.get(id) ?? 0) + intervalUs);
  return out;
}

const INTERVAL_US = Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 1000);

export async function profileBench(scenarioKey = "git", requests = 2000) {
  const inspectorPort = await freePort();
  const bench = await startBench({ n: requests, noop: false, inspectorPort });
  try {
    const s = bench.scenarios.find((x) => x.key === scenarioKey);
    if (!s) throw new Error(`no scenario ${scenarioKey}; one of ${bench.scenarios.map((x) => x.key).join(", ")}`);
    const t = bench.hg(s);
    await checkAndWarm(t, s, WARM_REQUESTS);
    await sleep(700);
    const list = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { id: string; webSocketDebuggerUrl: string }[];
    // hookgate's isolate (with the Coordinator Durable Object) and every simulator beside it; not Miniflare's entry
    // worker, which the direct socket bypasses.
    const wanted = list.filter((x) => x.id !== "core:entry");
    const sessions = await Promise.all(wanted.map(async (x) => ({ id: x.id, cdp: await connect(x.webSocketDebuggerUrl) })));
    for (const { cdp } of sessions) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: INTERVAL_US });
      await cdp.send("Profiler.start");
    }
    const c0 = bench.hookgate.cpu().schedNs;
    const started = performance.now();
    for (let i = 0; i < requests; i++) await send(t.url, t.headers, s.body(i));
    await sleep(700); // the last decision-log batch
    const wallMs = performance.now() - started;
    const workerdMs = (bench.hookgate.cpu().schedNs - c0) / 1e6;
    const profiles: { id: string; profile: Profile }[] = [];
    for (const { id, cdp } of sessions) {
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
      profiles.push({ id, profile });
      cdp.close();
      writeFileSync(join(root, "dist", `${id.replace(/[^a-z0-9]+/gi, "_")}.cpuprofile`), JSON.stringify(profile));
    }

    const map = sourceMapper(join(root, "dist", "index.js.map"));
    const lines: string[] = [];
    lines.push(`scenario: ${s.what}; ${requests} requests in ${(wallMs / 1000).toFixed(1)} s (inspector attached: absolute figures are inflated)`);
    lines.push(`workerd process CPU: ${workerdMs.toFixed(0)} ms = ${((workerdMs * 1000) / requests).toFixed(0)} µs/request`);
    const perIsolate: Record<string, number> = {};
    const byModule = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const { id, profile } of profiles) {
      const self = selfTimes(profile, INTERVAL_US);
      let busy = 0;
      for (const node of profile.nodes) {
        const us = self.get(node.id) ?? 0;
        if (!us) continue;
        const f = node.callFrame;
        if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
        busy += us;
        if (id !== "core:user:hookgate") continue;
        const where = f.url && f.lineNumber >= 0 ? map(f.lineNumber, f.columnNumber) : undefined;
        const mod = where ? moduleOf(where.file) : f.url ? `${f.functionName || "(anonymous)"} [${f.url}]` : f.functionName || "(native)";
        byModule.set(mod, (byModule.get(mod) ?? 0) + us);
        const fn = `${f.functionName || "(anonymous)"}  ${where ? `${where.file}:${where.line}` : f.url || ""}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      }
      perIsolate[id] = busy;
    }
    lines.push(`time sampled inside each isolate (samples × ${INTERVAL_US} µs, µs/request; without (idle) and (program)):`);
    for (const [id, us] of Object.entries(perIsolate)) lines.push(`  ${id.padEnd(48)} ${(us / requests).toFixed(1)}`);
    const jsTotal = Object.values(perIsolate).reduce((a, b) => a + b, 0);
    lines.push(`  ${"the rest of the process (C++ outside them, the inspector)".padEnd(48)} ${((workerdMs * 1000 - jsTotal) / requests).toFixed(1)}`);
    const hg = perIsolate["core:user:hookgate"] ?? 1;
    const top = (m: Map<string, number>, k: number) =>
      [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, us]) => `  ${(us / requests).toFixed(1).padStart(7)} µs/req ${((us / hg) * 100).toFixed(1).padStart(5)}%  ${name}`);
    lines.push("hookgate isolate, self time by source file / package:", ...top(byModule, 25));
    lines.push("hookgate isolate, self time by function:", ...top(byFunction, 30));
    return lines;
  } finally {
    await bench.dispose();
  }
}

// ---------------------------------------------------------------------------------------------------------- perf

function perfReport(data: string, sort: string, limit: number): [number, string][] {
  const r = spawnSync("perf", ["report", "-i", data, "--no-children", "-g", "none", "--sort", sort, "--stdio"], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`perf report: ${r.stderr}`);
  const rows: [number, string][] = [];
  for (const line of r.stdout.split("\n")) {
    const m = /^\s+([\d.]+)%\s+(.*)$/.exec(line);
    if (m) rows.push([Number(m[1]) / 100, m[2]!.trim().replace(/^\[JIT\] tid \d+/, "[JIT] (JavaScript)").slice(0, 110)]);
    if (rows.length >= limit) break;
  }
  return rows;
}

const BUCKETS: [string, RegExp][] = [
  ["JavaScript, optimised/baseline code (JIT)", /^\[JIT\]/],
  ["kernel (syscalls, scheduling, loopback TCP)", /^\[kernel/],
  ["V8 garbage collector", /v8::internal::(Scavenge|Heap|Mark|Sweep|Concurrent|Minor|Evacuat|GlobalHandles|Traced|CppHeap)|cppgc::|HeapTracer|GlobalizeTracedReference/],
  ["V8 parser and compilers (lazy compile, bytecode, Sparkplug, Maglev, TurboFan)", /v8::internal::(Parser|PreParser|Scanner|Compiler|Compile|Bytecode|interpreter::|AstValue|Ast[A-Z]|Scope|DeclarationScope|FuncNameInferrer|baseline::|maglev::|compiler::|Zone)/],
  ["V8 builtins and interpreter", /\bBuiltins_|\bv8::internal::Runtime_/],
  ["V8 runtime (C++: ICs, maps, regexp, JSON, deopt)", /v8::|\bv8_/],
  ["SQLite (D1, KV and Durable Object storage)", /sqlite3/i],
  ["memory allocator (tcmalloc, memmove)", /tcmalloc|TCMalloc|memmove|memcpy|memset|malloc|free\b/],
  ["workerd and KJ C++ (HTTP, streams, promises, bindings)", /workerd::|kj::|capnp::|edgeworker|jsg::/],
];
const bucketOf = (what: string) => BUCKETS.find(([, re]) => re.test(what))?.[0] ?? "other native code";

/** Linux perf on both workerd processes while one scenario runs on each: CPU per request by where it ran. */
export async function perfBench(scenarioKey = "git", requests = 3000) {
  if (spawnSync("perf", ["--version"]).status !== 0) throw new Error("perf is not installed");
  const bench = await startBench({ n: requests });
  try {
    const s = bench.scenarios.find((x) => x.key === scenarioKey);
    if (!s) throw new Error(`no scenario ${scenarioKey}; one of ${bench.scenarios.map((x) => x.key).join(", ")}`);
    const lines = [`scenario: ${s.what}; ${requests} sequential requests to each Worker; perf at 997 Hz (user and kernel)`];
    const bySide: Record<string, { perReqUs: number; dso: [number, string][]; sym: [number, string][] }> = {};
    for (const [label, t] of [["hookgate", bench.hg(s)], ["no-op", bench.nt(s)]] as const) {
      await checkAndWarm(t, label === "hookgate" ? s : { ...s, expect: /^\{\}$/ }, WARM_REQUESTS);
      await sleep(700);
      const data = join(root, "dist", `workerd-${label}.perf.data`);
      const perf = spawn("perf", ["record", "-F", "997", "-g", "-p", String(t.worker.pid), "-o", data], { stdio: "ignore" });
      await sleep(500);
      const c0 = t.worker.cpu().schedNs;
      for (let i = 0; i < requests; i++) await send(t.url, t.headers, s.body(i));
      await sleep(700);
      const perReqUs = (t.worker.cpu().schedNs - c0) / 1e3 / requests;
      perf.kill("SIGINT");
      await new Promise((r) => perf.once("exit", r));
      bySide[label] = { perReqUs, dso: perfReport(data, "dso", 8), sym: perfReport(data, "dso,sym", 100_000) };
    }
    const buckets = (side: { sym: [number, string][] }) => {
      const out = new Map<string, number>();
      for (const [share, what] of side.sym) out.set(bucketOf(what), (out.get(bucketOf(what)) ?? 0) + share);
      return out;
    };
    const hgB = buckets(bySide.hookgate!);
    const noB = buckets(bySide["no-op"]!);
    lines.push(`CPU per request by kind of code (µs): hookgate ${bySide.hookgate!.perReqUs.toFixed(0)}, no-op ${bySide["no-op"]!.perReqUs.toFixed(0)}`);
    lines.push(`  ${"".padEnd(56)} ${"hookgate".padStart(9)} ${"no-op".padStart(9)} ${"extra".padStart(9)}`);
    for (const name of [...BUCKETS.map(([n]) => n), "other native code"]) {
      const h = (hgB.get(name) ?? 0) * bySide.hookgate!.perReqUs;
      const o = (noB.get(name) ?? 0) * bySide["no-op"]!.perReqUs;
      lines.push(`  ${name.padEnd(56)} ${h.toFixed(1).padStart(9)} ${o.toFixed(1).padStart(9)} ${(h - o).toFixed(1).padStart(9)}`);
    }
    for (const [label, side] of Object.entries(bySide)) {
      lines.push(`${label}: ${side.perReqUs.toFixed(0)} µs of workerd CPU per request, by shared object:`);
      for (const [share, what] of side.dso) lines.push(`  ${(share * side.perReqUs).toFixed(1).padStart(7)} µs/req ${(share * 100).toFixed(1).padStart(5)}%  ${what}`);
    }
    for (const [label, side] of Object.entries(bySide)) {
      lines.push(`${label}: top symbols`);
      for (const [share, what] of side.sym.slice(0, label === "hookgate" ? 30 : 10)) lines.push(`  ${(share * side.perReqUs).toFixed(1).padStart(7)} µs/req ${(share * 100).toFixed(1).padStart(5)}%  ${what}`);
    }
    return lines;
  } finally {
    await bench.dispose();
  }
}

// ---------------------------------------------------------------------------------------------- the cold start

/**
 * `npm run bench -- perf-cold [h1000|starter] [reps]`: Linux perf on the workerd process across the first request on
 * a fresh workerd on stored state (coldStart.ts's setup, no inspector), for hookgate and for the bound floor on the
 * same state, rep by rep: the first request's CPU by kind of code (BUCKETS), and hookgate's over the floor's. What the
 * V8 profiler cannot say: it inflates what it watches, and all native work (the collector, V8's compilers, JSON,
 * workerd's C++) is "(program)" or "(garbage collector)" to it.
 */
export async function perfColdBench(team: "h1000" | "starter" = "h1000", reps = 3) {
  if (spawnSync("perf", ["--version"]).status !== 0) throw new Error("perf is not installed");
  const { idleCpu, seedColdState } = await import("./coldStart");
  const { startOnWorkerd } = await import("./workerd");
  const seeded = await seedColdState();
  const sides = { hookgate: [] as Map<string, number>[], "bound floor": [] as Map<string, number>[] };
  const topSymbols = new Map<string, number>();
  try {
    for (let r = 0; r < reps; r++)
      for (const side of ["bound floor", "hookgate"] as const) {
        const w =
          side === "hookgate"
            ? await startOnWorkerd({ name: `hookgate-perf-cold-${r}`, config: join(root, "wrangler.toml"), bundle: join(root, "dist", "index.js"), vars: { ADMIN_TOKEN: seeded.adminToken, HOOKGATE_ENV: "bench" }, stateDir: seeded.stateDir })
            : await startOnWorkerd({ name: `floor-perf-cold-${r}`, config: join(root, "bench", "floor", "bound.toml"), bundle: join(root, "dist", "floor", "worker.js"), stateDir: seeded.stateDir, vars: { FLOOR_BINDINGS: "1" } });
        try {
          await idleCpu(w);
          const data = join(root, "dist", `perf-cold-${side.replace(" ", "-")}.perf.data`);
          const perf = spawn("perf", ["record", "-F", "4999", "-g", "-p", String(w.pid), "-o", data], { stdio: "ignore" });
          await sleep(500);
          const c0 = w.cpu().schedNs;
          const ok = await send(new URL(`/v1/hooks/${team}/pre-tool-use`, w.url), { authorization: `Bearer ${seeded.tokens[team]}`, "content-type": "application/json" }, Buffer.from(seeded.body(0)));
          if (!ok) throw new Error(`${side}'s first request was not answered 200`);
          await sleep(800); // as coldStart.ts: past the record's batch window, so its send is the first request's too
          const cpuMs = (w.cpu().schedNs - c0) / 1e6;
          perf.kill("SIGINT");
          await new Promise((resolve) => perf.once("exit", resolve));
          const rows = perfReport(data, "dso,sym", 100_000);
          const out = new Map<string, number>([["(total)", cpuMs]]);
          for (const [share, what] of rows) {
            out.set(bucketOf(what), (out.get(bucketOf(what)) ?? 0) + share * cpuMs);
            if (side === "hookgate") topSymbols.set(what, (topSymbols.get(what) ?? 0) + (share * cpuMs) / reps);
          }
          sides[side].push(out);
        } finally {
          await w.dispose();
        }
      }
  } finally {
    seeded.dispose();
  }
  const med = (maps: Map<string, number>[], k: string) => [...maps.map((m) => m.get(k) ?? 0)].sort((a, b) => a - b)[Math.floor(maps.length / 2)]!;
  const lines = [`the first request (${team}) on a fresh workerd, ${reps} reps, perf at 4999 Hz on the process; ms of CPU, median per kind of code:`];
  lines.push(`  ${"".padEnd(78)} ${"hookgate".padStart(9)} ${"floor".padStart(9)} ${"over".padStart(9)}`);
  for (const name of ["(total)", ...BUCKETS.map(([n]) => n), "other native code"]) {
    const h = med(sides.hookgate, name);
    const f = med(sides["bound floor"], name);
    lines.push(`  ${name.padEnd(78)} ${h.toFixed(2).padStart(9)} ${f.toFixed(2).padStart(9)} ${(h - f).toFixed(2).padStart(9)}`);
  }
  lines.push("hookgate's top symbols (mean ms per first request):");
  for (const [what, ms] of [...topSymbols].sort((a, b) => b[1] - a[1]).slice(0, 30)) lines.push(`  ${ms.toFixed(2).padStart(7)} ms  ${what}`);
  return lines;
}

/**
 * `npm run bench -- profile-cold [h1000|starter]`: a V8 CPU profile of the first request on a fresh workerd on stored
 * state (coldStart.ts's setup): the profiler starts before that request, so its self time by file and function says
 * where the cold start's CPU goes (lazy compilation shows as the functions being compiled).
 */
/** The cold profile's sampling interval: 100 µs unless BENCH_PROFILE_INTERVAL_US says otherwise (a cold request is short). */
const coldInterval = Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 100);

export async function profileColdBench(team: "h1000" | "starter" = "h1000") {
  const { seedColdState } = await import("./coldStart");
  const { startOnWorkerd } = await import("./workerd");
  const seeded = await seedColdState();
  const lines: string[] = [];
  try {
    const inspectorPort = await freePort();
    const w = await startOnWorkerd({
      name: "hookgate-cold-profile",
      config: join(root, "wrangler.toml"),
      bundle: join(root, "dist", "index.js"),
      vars: { ADMIN_TOKEN: seeded.adminToken, HOOKGATE_ENV: "bench" },
      stateDir: seeded.stateDir,
      inspectorPort,
    });
    try {
      await sleep(1000);
      const list = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { id: string; webSocketDebuggerUrl: string }[];
      const hookgateId = "core:user:hookgate-cold-profile";
      if (!list.some((x) => x.id === hookgateId)) throw new Error(`no hookgate isolate in ${list.map((x) => x.id).join(", ")}`);
      // Every isolate of the process (hookgate's and the local simulators'), so the first request's CPU outside
      // hookgate's JavaScript is accounted for too.
      const sessions = await Promise.all(list.map(async (t) => ({ id: t.id, cdp: await connect(t.webSocketDebuggerUrl) })));
      for (const { cdp } of sessions) {
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: coldInterval });
        await cdp.send("Profiler.start");
      }
      const c0 = w.cpu().schedNs;
      const ok = await send(new URL(`/v1/hooks/${team}/pre-tool-use`, w.url), { authorization: `Bearer ${seeded.tokens[team]}`, "content-type": "application/json" }, Buffer.from(seeded.body(0)));
      await sleep(900);
      const cpuMs = (w.cpu().schedNs - c0) / 1e6;
      const perIsolate: string[] = [];
      let profile: Profile | undefined;
      for (const { id, cdp } of sessions) {
        const stopped = ((await cdp.send("Profiler.stop")) as { profile: Profile }).profile;
        cdp.close();
        if (id === hookgateId) profile = stopped;
        const times = selfTimes(stopped, coldInterval);
        let js = 0;
        let program = 0;
        for (const node of stopped.nodes) {
          const us = times.get(node.id) ?? 0;
          if (node.callFrame.functionName === "(program)") program += us;
          else if (node.callFrame.functionName !== "(idle)") js += us;
        }
        if (js + program >= 100) perIsolate.push(`  ${id.padEnd(48)} ${(js / 1000).toFixed(1).padStart(6)} ms JavaScript, ${(program / 1000).toFixed(1).padStart(5)} ms (program)`);
      }
      if (!profile) throw new Error("no profile of hookgate's isolate");
      writeFileSync(join(root, "dist", `cold_${team}.cpuprofile`), JSON.stringify(profile));
      const map = sourceMapper(join(root, "dist", "index.js.map"));
      const self = selfTimes(profile, coldInterval);
      const byModule = new Map<string, number>();
      const byFunction = new Map<string, number>();
      let busy = 0;
      for (const node of profile.nodes) {
        const us = self.get(node.id) ?? 0;
        const f = node.callFrame;
        if (!us || f.functionName === "(idle)") continue;
        busy += us;
        const where = f.url && f.lineNumber >= 0 ? map(f.lineNumber, f.columnNumber) : undefined;
        const mod = where ? moduleOf(where.file) : f.functionName || "(native)";
        byModule.set(mod, (byModule.get(mod) ?? 0) + us);
        const fn = `${f.functionName || "(anonymous)"}  ${where ? `${where.file}:${where.line}` : f.url || ""}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
      }
      const top = (m: Map<string, number>, k: number) =>
        [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, us]) => `  ${(us / 1000).toFixed(1).padStart(6)} ms ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
      lines.push(
        `the first request (${team}) on a fresh workerd, answered ${ok ? "200" : "NOT 200"}: process CPU ${cpuMs.toFixed(1)} ms (the profiler at ${coldInterval} µs inflates it); sampled in the isolate ${(busy / 1000).toFixed(1)} ms`,
        "sampled in each isolate of the process (at least 0.1 ms):",
        ...perIsolate,
        "self time by source file / package ((program) is V8 compiling and other work outside JavaScript):",
        ...top(byModule, 20),
        "self time by function:",
        ...top(byFunction, 25),
      );
    } finally {
      await w.dispose();
    }
  } finally {
    seeded.dispose();
  }
  return lines;
}
