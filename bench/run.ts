/**
 * `npm run bench` (scripts/bench.mjs builds the bundles, then runs this): the engine in Node, then the built Worker
 * straight on workerd against a no-op Worker on the same runtime, then a Claude Code command hook doing the same
 * check. Ratios are measured in one run; absolute numbers depend on the machine. `npm run bench -- engine` or
 * `-- workerd` (or `-- replay`) runs one part; BENCH_REPS and BENCH_REQUESTS size the workerd part. `npm run bench -- profile
 * [scenario] [requests]` profiles hookgate's isolates on workerd instead, `-- perf [scenario] [requests]` samples both
 * workerd processes with Linux perf, `-- perf-cold [h1000|starter] [reps]` the first request on a fresh one beside the
 * bound floor's (bench/profile.ts). `-- compare A.js B.js [scenario,…] [reps] [requests]` sets
 * two builds side by side (bench/compare.ts); `-- floor [scenario,…] [reps] [requests]` sets the build beside the
 * floor Worker (bench/floor/: hookgate's API shape, deciding nothing); `-- shape [scenario] [reps] [requests]` runs
 * the floor part by part beside the no-op and hookgate (bench/shape.ts); `-- cold [reps]` the first request on a fresh
 * workerd (bench/coldStart.ts, also in the full run); `-- load [seconds] [sessions]` a bounded load run with the
 * decision queue's consumer running, checking every record reaches R2 and the index exactly once (bench/load.ts).
 */
import { resolve } from "node:path";
import { coldStartBench } from "./coldStart";
import { compareBench, FLOOR } from "./compare";
import { loadBench } from "./load";
import { engineBench } from "./engineBench";
import { perfBench, perfColdBench, profileBench, profileColdBench } from "./profile";
import { replayBench } from "./replayBench";
import { shapeBench } from "./shape";
import { workerdBench } from "./workerdBench";

const only = process.argv[2];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const missed: string[] = [];
if (!only || only === "engine") {
  console.log("\n## Engine (Node)\n");
  const rows = await engineBench();
  console.table(rows);
  missed.push(...rows.filter((r) => r.met === "MISSED").map((r) => `engine: ${r.name}`));
}
if (!only || only === "engine" || only === "replay") {
  console.log("\n## Replay (Node): Claude Code transcripts decided under two policies\n");
  console.table(await replayBench());
}
if (!only || only === "workerd") {
  console.log("\n## The built Worker on workerd (Miniflare, no wrangler dev), against the no-op Worker\n");
  const { rows, notes } = await workerdBench();
  console.table(rows);
  for (const note of notes) console.log(`  ${note}`);
  missed.push(...rows.filter((r) => r.met === "MISSED").map((r) => `workerd (median of the reps): ${r.figure}`));
}
if (!only || only === "cold") {
  console.log("\n## Cold start: the first request on a fresh workerd on stored state\n");
  const { lines, firstMs } = await coldStartBench(process.argv[3] && only ? Number(process.argv[3]) : 3);
  for (const line of lines) console.log(line);
  if (median(firstMs) > 10) missed.push(`cold start, 1,000 handlers: hookgate's own first request ${median(firstMs).toFixed(1)} ms CPU over the bound floor (target ≤ 10 ms)`);
}
if (only === "load") {
  console.log("\n## Load: simulated sessions through the local service, the decision queue's consumer running\n");
  for (const line of await loadBench(process.argv[3] ? Number(process.argv[3]) : 15, process.argv[4] ? Number(process.argv[4]) : 16)) console.log(line);
}
if (!only || only === "engine" || only === "workerd" || only === "cold")
  console.log(missed.length ? `\nMISSED targets:\n  - ${missed.join("\n  - ")}` : "\nevery target met");
if (only === "profile") {
  console.log("\n## CPU profile of hookgate on workerd\n");
  for (const line of await profileBench(process.argv[3], process.argv[4] ? Number(process.argv[4]) : undefined)) console.log(line);
}
if (only === "profile-cold") {
  console.log("\n## CPU profile of the first request on a fresh workerd\n");
  for (const line of await profileColdBench(process.argv[3] === "starter" ? "starter" : "h1000")) console.log(line);
}
if (only === "perf-cold") {
  console.log("\n## perf on the first request on a fresh workerd, hookgate and the bound floor\n");
  for (const line of await perfColdBench(process.argv[3] === "starter" ? "starter" : "h1000", process.argv[4] ? Number(process.argv[4]) : undefined)) console.log(line);
}
if (only === "perf") {
  console.log("\n## perf on the workerd processes\n");
  for (const line of await perfBench(process.argv[3], process.argv[4] ? Number(process.argv[4]) : undefined)) console.log(line);
}
if (only === "compare") {
  const [a, b, keys, reps, requests] = process.argv.slice(3);
  if (!a || !b) throw new Error("usage: npm run bench -- compare A.js B.js [scenario,…] [reps] [requests]");
  console.log("\n## Two builds on workerd, interleaved, against the no-op Worker\n");
  const lines = await compareBench(resolve(a), resolve(b), keys ? keys.split(",") : undefined, reps ? Number(reps) : undefined, requests ? Number(requests) : undefined);
  for (const line of lines) console.log(line);
}
if (only === "floor") {
  const [keys, reps, requests] = process.argv.slice(3);
  console.log("\n## hookgate and the floor of its API shape on workerd, interleaved, against the no-op Worker\n");
  const lines = await compareBench(resolve("dist/index.js"), FLOOR, keys ? keys.split(",") : undefined, reps ? Number(reps) : undefined, requests ? Number(requests) : undefined, {
    A: "hookgate",
    B: "floor",
  });
  for (const line of lines) console.log(line);
}
if (only === "shape") {
  const [key, reps, requests] = process.argv.slice(3);
  console.log("\n## The floor part by part: what hookgate's API shape costs on workerd before any decision\n");
  for (const line of await shapeBench(key, reps ? Number(reps) : undefined, requests ? Number(requests) : undefined)) console.log(line);
}
