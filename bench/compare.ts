/**
 * `npm run bench -- compare A.js B.js [scenarios] [reps] [requests]`: two builds of hookgate and the no-op Worker,
 * each on its own workerd, driven in blocks of BLOCK requests in rotating order (A, B, no-op; B, no-op, A; …), CPU
 * taken over the whole interleaved run of each rep. A shared machine speeds up and slows down over seconds, and
 * within one rep that drift falls on all three alike, so B÷A is steady where two separate runs would differ by
 * ±30%. For deciding whether a change helps: build A, copy dist/index.js aside, change, build B.
 */
import { join } from "node:path";
import { startOnWorkerd, type WorkerdWorker } from "./workerd";
import { checkAndWarm, send, sleep, startBench, type Scenario, type Target } from "./workerdBench";

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
  const a = await startBench({ n: requests, bundle: bundleA });
  const lines: string[] = [];
  try {
    const floor = bundleB === FLOOR;
    const b: { target: (s: Scenario) => Target; dispose(): Promise<void> } = floor
      ? await floorWorker((s) => a.hg(s))
      : await startBench({ n: requests, bundle: bundleB, noop: false }).then((bench) => ({ target: (s: Scenario) => bench.hg(s), dispose: () => bench.dispose() }));
    try {
      for (const key of keys) {
        const s = a.scenarios.find((x) => x.key === key);
        if (!s) throw new Error(`no scenario ${key}; one of ${a.scenarios.map((x) => x.key).join(", ")}`);
        const targets = { A: a.hg(s), B: b.target(s), noop: a.nt(s) };
        await checkAndWarm(targets.A, s, 300);
        await checkAndWarm(targets.B, floor ? { ...s, expect: /^\{\}$/ } : s, 300);
        await checkAndWarm(targets.noop, { ...s, expect: /^\{\}$/ }, 300);
        const order = ["A", "B", "noop"] as const;
        const reps_: Record<(typeof order)[number], number>[] = [];
        const p50s: Record<(typeof order)[number], number>[] = [];
        const blocks = Math.max(1, Math.ceil(s.n / BLOCK));
        for (let r = 0; r < reps; r++) {
          const c0 = order.map((k) => targets[k].worker.cpu().schedNs);
          const latency: Record<(typeof order)[number], number[]> = { A: [], B: [], noop: [] };
          for (let k = 0; k < blocks; k++)
            for (const name of [...order.slice(k % 3), ...order.slice(0, k % 3)])
              for (let i = 0; i < BLOCK; i++) {
                const started = performance.now();
                await send(targets[name].url, targets[name].headers, s.body(i));
                latency[name].push(performance.now() - started);
              }
          await sleep(SETTLE_MS); // the decision log's batches of these requests
          const perReqUs = order.map((k, i) => (targets[k].worker.cpu().schedNs - c0[i]!) / (blocks * BLOCK) / 1e3);
          reps_.push({ A: perReqUs[0]!, B: perReqUs[1]!, noop: perReqUs[2]! });
          p50s.push({ A: median(latency.A), B: median(latency.B), noop: median(latency.noop) });
        }
        const show = (xs: number[], digits: number) => `median ${median(xs).toFixed(digits)} (${xs.map((x) => x.toFixed(digits)).join(" ")})`;
        const { A, B } = names;
        lines.push(
          `${s.what} (${blocks * BLOCK} requests × ${reps} reps each):`,
          `  ${A}÷no-op ${show(reps_.map((r) => r.A / r.noop), 2)}`,
          `  ${B}÷no-op ${show(reps_.map((r) => r.B / r.noop), 2)}`,
          `  ${B}÷${A} ${show(reps_.map((r) => r.B / r.A), 3)}`,
          `  ${B}−${A} ${show(reps_.map((r) => r.B - r.A), 1)} µs CPU per request; the no-op's own: ${median(reps_.map((r) => r.noop)).toFixed(0)} µs`,
          `  p50 latency ÷ no-op: ${A} ${show(p50s.map((r) => r.A / r.noop), 2)}, ${B} ${show(p50s.map((r) => r.B / r.noop), 2)}`,
        );
      }
    } finally {
      await b.dispose();
    }
  } finally {
    await a.dispose();
  }
  return lines;
}

/** The floor Worker on its own workerd: each scenario's hookgate path and headers, aimed at it. */
async function floorWorker(hookgate: (s: Scenario) => Target): Promise<{ target: (s: Scenario) => Target; dispose(): Promise<void> }> {
  const root = join(import.meta.dirname, "..");
  const worker: WorkerdWorker = await startOnWorkerd({ name: "floor", config: join(root, "bench", "floor", "wrangler.toml"), bundle: join(root, "dist", "floor", "worker.js") });
  return {
    target: (s) => {
      const t = hookgate(s);
      return { worker, url: new URL(t.url.pathname, worker.url), headers: t.headers };
    },
    dispose: () => worker.dispose(),
  };
}
