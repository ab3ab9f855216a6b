/**
 * `npm run bench -- shape [scenario] [reps] [requests]`: what hookgate's API shape costs on this runtime, part by
 * part. The no-op Worker; the floor Worker (bench/floor/) with one more part of the shape switched on at each step
 * (the answer's headers, the strict body read and parse, the Hono route, the waitUntil); and hookgate. Each on its
 * own workerd, all interleaved in one run (compare.ts), so each step's CPU over the one before is what that part
 * costs, and the last floor step over the no-op is the least any Worker answering as hookgate does can cost before
 * it decides anything: the bound under hookgate's CPU-ratio targets.
 */
import { FLOOR_PARTS } from "./floor/worker";
import { checkAndWarm, startBench, type Target } from "./workerdBench";
import { floorWorker, interleave, interleavedRequests } from "./compare";

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

export async function shapeBench(key = "git", reps = 7, requests = 1000): Promise<string[]> {
  const bench = await startBench({ n: requests });
  const floors: Awaited<ReturnType<typeof floorWorker>>[] = [];
  try {
    const s = bench.scenarios.find((x) => x.key === key);
    if (!s) throw new Error(`no scenario ${key}; one of ${bench.scenarios.map((x) => x.key).join(", ")}`);
    // Step k has the first k parts: "+answer", "+read", "+route", "+defer" (= the floor of `-- floor`).
    const steps = FLOOR_PARTS.map((_, k) => FLOOR_PARTS.slice(0, k + 1));
    for (const parts of steps) floors.push(await floorWorker((x) => bench.hg(x), parts));
    const targets: Record<string, Target> = { "no-op": bench.nt(s) };
    steps.forEach((parts, k) => {
      targets[`+${parts.at(-1)}`] = floors[k]!.target(s);
    });
    targets.hookgate = bench.hg(s);
    const emptyAnswer = { ...s, expect: /^\{\}$/ };
    for (const [name, t] of Object.entries(targets)) await checkAndWarm(t, name === "hookgate" ? s : emptyAnswer, 300);
    const { cpuUs, p50Ms } = await interleave(targets, s, reps);
    const names = Object.keys(targets);
    const lines = [
      `${s.what}: ${interleavedRequests(s)} requests × ${reps} reps to each Worker, interleaved; the no-op's own CPU ${median(cpuUs.map((r) => r["no-op"]!)).toFixed(0)} µs per request (median)`,
      "| Worker | CPU ÷ no-op, median (min–max) | CPU over the step before, median | p50 latency ÷ no-op |",
      "|---|---|---|---|",
    ];
    names.forEach((name, k) => {
      const ratios = cpuUs.map((r) => r[name]! / r["no-op"]!);
      const step = k === 0 ? "" : `${median(cpuUs.map((r) => r[name]! - r[names[k - 1]!]!)).toFixed(0)} µs`;
      const label = name === "no-op" ? "no-op (reads the body, answers `{}`)" : name === "hookgate" ? "hookgate" : `floor ${name}`;
      lines.push(
        `| ${label} | ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${step} | ${median(p50Ms.map((r) => r[name]! / r["no-op"]!)).toFixed(2)}× |`,
      );
    });
    return lines;
  } finally {
    for (const f of floors) await f.dispose();
    await bench.dispose();
  }
}
