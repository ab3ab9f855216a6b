/**
 * Commands never seen, in Node: the Gate's decision of a Bash call (the starter policy, as engineBench evaluates it)
 * and its decision record built as the log builds it (masked, capped, its JSON), over the corpus's commands each
 * after a fresh `cd` (freshCd), every call new to the isolate's analysis cache. Prints process CPU per call for each
 * run; with `--alloc`, bytes allocated per call (V8's sampling heap profiler, objects a GC already freed included).
 * Bundled as the Worker is (esbuild, no keep-names helper), so a profile of it is the Worker's code:
 *   npx esbuild bench/unseenNode.ts --bundle --platform=node --format=esm --outfile=/tmp/unseen.mjs \
 *     --define:import.meta.dirname='"bench"' && node /tmp/unseen.mjs [runs] [calls] [--alloc] [--cpu=FILE.cpuprofile]
 * (`--cpu=`: a V8 CPU profile of the measured runs, sampled every 100 µs, after the warm-up.)
 */
import { Session } from "node:inspector/promises";
import { PerformanceObserver } from "node:perf_hooks";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import starter from "../policies/default.json";
import { claudeCode } from "../src/clients/claude-code";
import { eventByName } from "../src/clients/claude-code/events";
import { Gate } from "../src/gate/gate";
import { cappedWithJson } from "../src/decisionLog/record";
import type { DecisionLog, DecisionRecord, DeferredRecord } from "../src/services";
import { bashHookInput, corpusCommands, freshCd } from "./engineBench";

const spec = eventByName("PreToolUse")!;
const input = (command: string, i: number) => bashHookInput(command, String(i).padStart(3, "0"));

/** The ordinary corpus's Bash commands, each once (what the Worker bench's `unseen` sends); `--dangerous` adds that corpus's. */
function commands(): string[] {
  const out = new Set<string>(corpusCommands());
  for (const file of process.argv.includes("--dangerous") ? ["dangerous.jsonl"] : []) {
    for (const line of readFileSync(join(import.meta.dirname, "..", "test", "corpus", file), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { tool?: string; input?: { command?: unknown } };
      if (row.tool === "Bash" && typeof row.input?.command === "string") out.add(row.input.command);
    }
  }
  return [...out];
}

let built = 0;
const log = {
  record: async (entry: DecisionRecord | DeferredRecord) => {
    built += cappedWithJson("build" in entry ? entry.build() : entry).json.length;
  },
  drain: async () => {},
} as unknown as DecisionLog;
const gate = new Gate(claudeCode, process.argv.includes("--no-record") ? {} : { decisions: log });
const compiled = gate.compile(starter);
if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
const policy = compiled.value;

const all = commands();
let serial = 0;
async function call(): Promise<void> {
  const i = serial++;
  const d = await gate.decide({ team: "t", event: spec, input: input(freshCd(all[i % all.length]!, i), i), policy });
  if (!d.ok) throw new Error(d.error.message);
  await d.value.after;
}

const [runs = 5, calls = all.length] = process.argv.slice(2).filter((a) => !a.startsWith("--")).map(Number);
// Warm-up: the JIT on every command of the corpora, several times over (each new to the cache by its cd); the time per
// call is still falling after two cycles.
for (let i = 0; i < 6 * all.length; i++) await call();
const profileTo = process.argv.find((a) => a.startsWith("--cpu="))?.slice(6);
const profiler = new Session();
profiler.connect();
if (profileTo) {
  await profiler.post("Profiler.enable");
  await profiler.post("Profiler.setSamplingInterval", { interval: 100 });
  await profiler.post("Profiler.start");
}
const perCall: number[] = [];
// The collector's own time (main thread pauses, as the gc performance entries report them) over the measured runs.
let gcMs = 0;
const gc = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
});
gc.observe({ entryTypes: ["gc"] });
for (let r = 0; r < runs; r++) {
  const t = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call();
  const u = process.cpuUsage(t);
  perCall.push((u.user + u.system) / calls);
}
if (profileTo) {
  const { profile } = await profiler.post("Profiler.stop");
  writeFileSync(profileTo, JSON.stringify(profile));
}
await new Promise((r) => setTimeout(r, 10));
gc.disconnect();
const sorted = [...perCall].sort((a, b) => a - b);
console.log(`CPU µs per call, ${runs} runs of ${calls}: ${perCall.map((x) => x.toFixed(0)).join(" ")}  (min ${sorted[0]!.toFixed(0)}, median ${sorted[Math.floor(runs / 2)]!.toFixed(0)}); GC pauses ${((gcMs * 1000) / (runs * calls)).toFixed(1)} µs per call`);
if (process.argv.some((a) => a.startsWith("--alloc"))) {
  const session = profiler;
  await session.post("HeapProfiler.startSampling", { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  for (let i = 0; i < calls; i++) await call();
  type Node = { selfSize: number; children: Node[] };
  const { profile } = (await session.post("HeapProfiler.stopSampling")) as { profile: { head: Node } };
  const total = (n: Node): number => n.children.reduce((a, c) => a + total(c), n.selfSize);
  const bytes = total(profile.head);
  const allocTo = process.argv.find((a) => a.startsWith("--alloc="))?.slice(8);
  if (allocTo) writeFileSync(allocTo, JSON.stringify(profile));
  console.log(`allocated per call: ${(bytes / calls / 1024).toFixed(1)} KB (sampled)`);
}
if (built === 0 && !process.argv.includes("--no-record")) throw new Error("no record was built");
