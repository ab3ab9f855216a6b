/**
 * `npm run bench`: the engine in Node, then the Worker through local workerd against a no-op Worker on the same
 * runtime, then against a Claude Code command hook doing the same check (a process per call). Ratios are
 * measured in one run; absolute numbers depend on the machine.
 */
import { engineBench } from "./engineBench";
import { httpBench } from "./httpBench";

const only = process.argv[2];
if (!only || only === "engine") {
  console.log("\n## Engine (Node)\n");
  console.table(await engineBench());
}
if (!only || only === "http") {
  console.log("\n## Through local workerd over loopback\n");
  const rows = await httpBench();
  console.table(rows);
}
