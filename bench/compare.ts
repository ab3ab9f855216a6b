/**
 * `npm run bench -- compare A.js B.js [scenarios] [reps] [requests]`: two builds of hookgate and the no-op Worker,
 * each on its own workerd, driven in blocks of BLOCK requests in rotating order (A, B, no-op; B, no-op, A; …), CPU
 * taken over the whole interleaved run of each rep. A shared machine speeds up and slows down over seconds, and
 * within one rep that drift falls on all three alike, so B÷A is steady where two separate runs would differ by
 * ±30%. For deciding whether a change helps: build A, copy dist/index.js aside, change, build B.
 */
import { join } from "node:path";
import { startOnWorkerd, type WorkerdWorker } from "./workerd";
import { WARM_REQUESTS, checkAndWarm, load, send, sleep, startBench, type Scenario, type Target } from "./workerdBench";

const BLOCK = 25;
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const SETTLE_MS = 650;

/** B as the floor Worker (bench/floor/): hookgate's API shape with no decision in it. */
export const FLOOR = "floor";

/**
 * `bundleB` is a second build of hookgate, or FLOOR: then B is the floor Worker, sent the same requests (A is the
 * hookgate build that seeds the teams). `names` label A and B in the output.
 */
export async function compareBench(bundleA: string, bundleB: string, keys = ["git"], reps = 5, requests = 1000, names = { A: "A", B: "B" }) {
  const seed10000 = keys.some((k) => k.startsWith("h10000"));
  const a = await startBench({ n: requests, bundle: bundleA, seed10000 });
  const lines: string[] = [];
  try {
    const floor = bundleB === FLOOR;
    const b: { target: (s: Scenario) => Target; dispose(): Promise<void> } = floor
      ? await floorWorker((s) => a.hg(s))
      : await startBench({ n: requests, bundle: bundleB, noop: false, seed10000 }).then((bench) => ({ target: (s: Scenario) => bench.hg(s), dispose: () => bench.dispose() }));
    const showAll = (xs: number[], digits: number) => `median ${median(xs).toFixed(digits)} (${xs.map((x) => x.toFixed(digits)).join(" ")})`;
    let loadAfter: { s: Scenario; A: Target; B: Target } | undefined;
    try {
      for (const key of keys) {
        const s = a.scenarios.find((x) => x.key === key);
        if (!s) throw new Error(`no scenario ${key}; one of ${a.scenarios.map((x) => x.key).join(", ")}`);
        const targets = { A: a.hg(s), B: b.target(s), noop: a.nt(s) };
        await checkAndWarm(targets.A, s, WARM_REQUESTS);
        await checkAndWarm(targets.B, floor ? { ...s, expect: /^\{\}$/ } : s, WARM_REQUESTS);
        await checkAndWarm(targets.noop, { ...s, expect: /^\{\}$/ }, WARM_REQUESTS);
        const { cpuUs: reps_, p50Ms: p50s } = await interleave(targets, s, reps);
        const show = (xs: number[], digits: number) => `median ${median(xs).toFixed(digits)} (${xs.map((x) => x.toFixed(digits)).join(" ")})`;
        const { A, B } = names;
        lines.push(
          `${s.what} (${interleavedRequests(s)} requests × ${reps} reps each):`,
          `  ${A}÷no-op ${show(reps_.map((r) => r.A / r.noop), 2)}`,
          `  ${B}÷no-op ${show(reps_.map((r) => r.B / r.noop), 2)}`,
          `  ${B}÷${A} ${show(reps_.map((r) => r.B / r.A), 3)}`,
          `  ${B}−${A} ${show(reps_.map((r) => r.B - r.A), 1)} µs CPU per request; the no-op's own: ${median(reps_.map((r) => r.noop)).toFixed(0)} µs`,
          `  p50 latency ÷ no-op: ${A} ${show(p50s.map((r) => r.A / r.noop), 2)}, ${B} ${show(p50s.map((r) => r.B / r.noop), 2)}`,
          `  p50 latency ${A}÷${B}: ${show(p50s.map((r) => r.A / r.B), 2)}`,
        );
        if (floor && key === keys[0]) loadAfter = { s, A: targets.A, B: targets.B };
      }
      // Throughput at c=16 (BENCH_LOAD_REQUESTS each) for the first scenario, hookgate and the floor alternating,
      // `reps` times — after every scenario's CPU, not in between: the scenario measured right after this load ran
      // with the floor cheaper than the no-op (floor÷no-op 0.91 and 1.06 where it was 1.33 and 1.43 measured first,
      // in two runs with the scenarios in either order), which made whichever scenario came second look ~0.5× worse
      // against the floor (`rm -rf /` 1.98× in one order, `git status` 1.78× in the other).
      if (loadAfter) {
        const { s, A: a_, B: b_ } = loadAfter;
        const total = Number(process.env.BENCH_LOAD_REQUESTS ?? 1500);
        const ratios: number[] = [];
        const cpuUs: [number[], number[]] = [[], []];
        for (let r = 0; r < reps; r++) {
          const x = await load(a_, s.body, 16, total);
          const y = await load(b_, s.body, 16, total);
          ratios.push(x.rps / y.rps);
          cpuUs[0].push(x.cpuNs / 1e3);
          cpuUs[1].push(y.cpuNs / 1e3);
        }
        lines.push(`${s.what}: throughput at c=16 (${total} requests each, alternating), ${names.A}÷${names.B}: ${showAll(ratios, 2)}`);
        // Whether the throughput is bound by the workerd process' CPU: if so, its ratio is about 1 ÷ this one.
        const cpu = cpuUs[0].map((a, r) => a / cpuUs[1][r]!);
        lines.push(`  CPU per request under that load, ${names.A}÷${names.B}: ${showAll(cpu, 2)}; ${names.A} ${showAll(cpuUs[0], 0)} µs, ${names.B} ${showAll(cpuUs[1], 0)} µs`);
      }
    } finally {
      await b.dispose();
    }
  } finally {
    await a.dispose();
  }
  return lines;
}

/**
 * The scenario's requests to every target, interleaved in blocks of BLOCK in rotating order, `reps` times: per rep,
 * each target's CPU per request (µs, its workerd process over the whole rep) and p50 latency (ms). The drift of a
 * shared machine falls on all targets of a rep alike.
 */
export async function interleave<K extends string>(targets: Record<K, Target>, s: Scenario, reps: number): Promise<{ cpuUs: Record<K, number>[]; p50Ms: Record<K, number>[] }> {
  const order = Object.keys(targets) as K[];
  const blocks = Math.max(1, Math.ceil(s.n / BLOCK));
  const cpuUs: Record<K, number>[] = [];
  const p50Ms: Record<K, number>[] = [];
  for (let r = 0; r < reps; r++) {
    const c0 = order.map((k) => targets[k].worker.cpu().schedNs);
    const latency = new Map<K, number[]>(order.map((k) => [k, []]));
    for (let b = 0; b < blocks; b++)
      for (let j = 0; j < order.length; j++) {
        const name = order[(j + b) % order.length]!;
        for (let i = 0; i < BLOCK; i++) {
          const started = performance.now();
          await send(targets[name].url, targets[name].headers, s.body(i));
          latency.get(name)!.push(performance.now() - started);
        }
      }
    await sleep(SETTLE_MS); // the decision log's batches of these requests
    cpuUs.push(Object.fromEntries(order.map((k, i) => [k, (targets[k].worker.cpu().schedNs - c0[i]!) / (blocks * BLOCK) / 1e3])) as Record<K, number>);
    p50Ms.push(Object.fromEntries(order.map((k) => [k, median(latency.get(k)!)])) as Record<K, number>);
  }
  return { cpuUs, p50Ms };
}

/** Requests per target and rep that `interleave` sends for a scenario. */
export const interleavedRequests = (s: Scenario) => Math.max(1, Math.ceil(s.n / BLOCK)) * BLOCK;

/**
 * The floor Worker on its own workerd: each scenario's hookgate path and headers, aimed at it. `parts`: which parts of
 * the shape it does (bench/floor/worker.ts; all of them by default).
 */
export async function floorWorker(hookgate: (s: Scenario) => Target, parts?: readonly string[]): Promise<{ target: (s: Scenario) => Target; dispose(): Promise<void> }> {
  const root = join(import.meta.dirname, "..");
  const worker: WorkerdWorker = await startOnWorkerd({
    name: parts ? `floor-${parts.join("-") || "none"}` : "floor",
    config: join(root, "bench", "floor", "wrangler.toml"),
    bundle: join(root, "dist", "floor", "worker.js"),
    ...(parts ? { vars: { FLOOR_PARTS: parts.join(",") } } : {}),
  });
  return {
    target: (s) => {
      const t = hookgate(s);
      return { worker, url: new URL(t.url.pathname, worker.url), headers: t.headers };
    },
    dispose: () => worker.dispose(),
  };
}
