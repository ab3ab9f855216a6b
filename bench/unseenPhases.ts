/**
 * Commands never seen, phase by phase in Node (the inputs of bench/unseenNode.ts): unbash's parse alone, the shell
 * analysis (parse and walk), its effects, the whole `evaluate` with the starter, and masking the input for the
 * record, each over the whole corpus in turn, process CPU per command. Bundle and run as unseenNode.ts.
 */
import { parse } from "unbash";
import starter from "../policies/default.json";
import { claudeCode } from "../src/clients/claude-code";
import { eventByName } from "../src/clients/claude-code/events";
import { compilePolicy } from "../src/engine/policy/compilePolicy";
import { evaluate } from "../src/engine/evaluate";
import { analyseShell } from "../src/engine/shell/analyse";
import { effectsOf } from "../src/engine/shell/effects";
import { maskForExport } from "../src/engine/secrets/mask";
import { bashHookInput, corpusCommands, freshCd } from "./engineBench";

const spec = eventByName("PreToolUse")!;
const compiled = compilePolicy(starter, { client: claudeCode });
if (!compiled.ok) throw new Error("starter does not compile");
const policy = compiled.value;
const base = corpusCommands();
let serial = 0;
const next = () => {
  const i = serial++;
  return freshCd(base[i % base.length]!, i);
};
const input = (command: string) => bashHookInput(command, String(serial).padStart(3, "0"));
const phases: [string, () => unknown][] = [
  ["parse (unbash)", () => parse(next())],
  ["analyse (parse + walk)", () => analyseShell(next(), "bash")],
  ["analyse + effects", () => effectsOf(analyseShell(next(), "bash"))],
  ["evaluate (starter)", () => evaluate(policy, spec, input(next()))],
  ["mask the input for the record", () => maskForExport(input(next()))],
];
const rounds = Number(process.argv[2] ?? 5);
const cpu: Record<string, number[]> = {};
for (let r = -2; r < rounds; r++)
  for (const [name, run] of phases) {
    const t = process.cpuUsage();
    for (let k = 0; k < base.length; k++) await run();
    const u = process.cpuUsage(t);
    if (r >= 0) (cpu[name] ??= []).push((u.user + u.system) / base.length);
  }
for (const [name, xs] of Object.entries(cpu)) {
  const s = [...xs].sort((a, b) => a - b);
  console.log(`${name.padEnd(32)} min ${s[0]!.toFixed(1).padStart(6)}  median ${s[Math.floor(s.length / 2)]!.toFixed(1).padStart(6)} µs per command`);
}
