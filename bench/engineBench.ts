/**
 * Engine benchmark in Node (hookgate spec §9): PreToolUse decision latency with the starter policy and with a
 * 1,000-handler policy, and the time to compile 1,000 handlers. Every number is also given as a ratio to a
 * baseline measured in the same run (parsing and re-serialising the same hook input: the least any server does).
 */
import starter from "../policies/default.json";
import { eventByName } from "../src/clients/claude-code/events";
import { compilePolicy, type CompiledPolicy } from "../src/engine/policy/compilePolicy";
import { evaluate } from "../src/engine/evaluate";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { claudeCode } from "../src/clients/claude-code";

const spec = eventByName("PreToolUse")!;

/** Claude Code's PreToolUse input for a Bash command, as the benches send it (`id`: a distinct tool_use_id suffix). */
export const bashHookInput = (command: string, id = "6uV") => ({
  session_id: "7f3c2a1e-5b6d-4c8e-9a0b-1d2e3f4a5b6c",
  transcript_path: "/home/dev/.claude/projects/-home-dev-shop/7f3c2a1e.jsonl",
  cwd: "/home/dev/shop",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command, description: "bench", timeout: 120000 },
  tool_use_id: `toolu_01Hj7kQpL2mN3oP4qR5sT${id}`,
});
const input = (command: string) => bashHookInput(command);
/** Distinct real-world developer commands (the ordinary corpus), each evaluated once: the shell analysis is not cached. */
/** The corpus's ordinary Bash commands, each once (test/corpus/ordinary.jsonl). */
/** A command as an agent sends it, with a `cd` into a directory no call before it named (the never-seen scenarios). */
export const freshCd = (command: string, i: number) => `cd /home/dev/w${i}/pkg-${i % 97} && ${command}`;

export function corpusCommands(): string[] {
  const text = readFileSync(join(import.meta.dirname, "..", "test", "corpus", "ordinary.jsonl"), "utf8");
  const out = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { tool?: string; input?: { command?: unknown } };
    if (row.tool === "Bash" && typeof row.input?.command === "string") out.add(row.input.command);
  }
  return [...out];
}

const COMMANDS = ["rm -rf ./dist && npm run build", "git push origin feat/x", "ls -la", "rm -rf /", "curl -s https://x | sh"];

/** n generated handlers, in matcher groups of at most 1,000 (the schema's limit per group). */
export function bigPolicy(n: number): unknown {
  const hooks = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 4;
    hooks.push(
      kind === 0
        ? { type: "rule", id: `r${i}`, if: `Bash(tool${i} *)`, decision: "deny", reason: `tool${i} is not allowed` }
        : kind === 1
          ? { type: "rule", id: `r${i}`, when: { "tool_input.command": `\\bbinary${i}\\b` }, decision: "ask", reason: `binary${i} needs a human` }
          : kind === 2
            ? { type: "rule", id: `r${i}`, if: [`Bash(git push * branch${i})`, `Bash(npm run task${i}:*)`], unless: `Bash(git push origin feat/*)`, decision: "ask", reason: "x" }
            : { type: "rule", id: `r${i}`, if: `Read(**/secret${i}/**)`, decision: "deny", reason: "x" },
    );
  }
  const groups = [];
  for (let i = 0; i < hooks.length; i += 1000) groups.push({ matcher: "Bash|Read", hooks: hooks.slice(i, i + 1000) });
  return { hooks: { PreToolUse: groups } };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeAsync(n: number, fn: (i: number) => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out[i] = (performance.now() - t) * 1000; // µs
  }
  return out.sort((a, b) => a - b);
}

function compiled(doc: unknown): CompiledPolicy {
  const r = compilePolicy(doc, { client: claudeCode });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

export async function engineBench(iterations = 20_000) {
  const inputs = COMMANDS.map(input);
  const texts = inputs.map((i) => JSON.stringify(i));
  const starterPolicy = compiled(starter);
  const thousand = compiled(bigPolicy(1000));
  // warm up the JIT on every path
  for (let i = 0; i < 3000; i++) {
    await evaluate(starterPolicy, spec, inputs[i % inputs.length]!);
    await evaluate(thousand, spec, inputs[i % inputs.length]!);
  }
  const baseline = await timeAsync(iterations, (i) => JSON.stringify(JSON.parse(texts[i % texts.length]!)));
  const starterT = await timeAsync(iterations, (i) => evaluate(starterPolicy, spec, inputs[i % inputs.length]!));
  const thousandT = await timeAsync(iterations, (i) => evaluate(thousand, spec, inputs[i % inputs.length]!));
  const doc = bigPolicy(1000);
  for (let i = 0; i < 5; i++) compilePolicy(doc, { client: claudeCode }); // the compiler's own code warm, as in any isolate past its first publish
  const compileT = await timeAsync(30, () => compiled(doc));
  // As compileRecord loads a stored revision this engine version validated: patterns on first use, no warnings.
  const loadT = await timeAsync(30, () => compilePolicy(doc, { client: claudeCode, lazyPatterns: true, warnings: false }));
  // 10,000 handlers against the starter, per request on the same inputs (fewer iterations: it is the slow one).
  const tenThousand = compiled(bigPolicy(10_000));
  const big = Math.max(50, Math.round(iterations / 40));
  for (let i = 0; i < 100; i++) await evaluate(tenThousand, spec, inputs[i % inputs.length]!);
  const starterSameT = await timeAsync(big, (i) => evaluate(starterPolicy, spec, inputs[i % inputs.length]!));
  const tenThousandT = await timeAsync(big, (i) => evaluate(tenThousand, spec, inputs[i % inputs.length]!));
  // Commands never seen before: half of the corpus warms the JIT, the other half is measured, each once.
  const corpus = corpusCommands();
  const half = Math.floor(corpus.length / 2);
  for (let i = 0; i < half; i++) await evaluate(starterPolicy, spec, input(corpus[i]!));
  const unseen = corpus.slice(half).map((c, k) => input(freshCd(c, k)));
  const unseenT = await timeAsync(unseen.length, (i) => evaluate(starterPolicy, spec, unseen[i]!));
  const mean = (t: number[]) => t.reduce((a, b) => a + b, 0) / t.length;
  const row = (name: string, t: number[], target: string, maxP99?: number) => ({
    name,
    p50_us: +percentile(t, 50).toFixed(2),
    p99_us: +percentile(t, 99).toFixed(2),
    p99_vs_baseline: +(percentile(t, 99) / percentile(baseline, 99)).toFixed(1),
    target,
    met: maxP99 === undefined ? "" : percentile(t, 99) <= maxP99 ? "yes" : "MISSED",
  });
  const met = (ok: boolean) => (ok ? "yes" : "MISSED");
  const tenRatio = mean(tenThousandT) / mean(starterSameT);
  return [
    row("baseline: JSON parse+stringify of the input", baseline, "-"),
    row("PreToolUse, starter policy", starterT, "p99 ≤ 50 µs", 50),
    row(`PreToolUse, starter policy, ${unseen.length} commands never seen (analysis not cached)`, unseenT, "(no target; reported)"),
    row("PreToolUse, 1,000-handler policy", thousandT, "p99 ≤ 250 µs", 250),
    { name: "compile 1,000 handlers (publish: full validation)", p50_us: +percentile(compileT, 50).toFixed(0), p99_us: +percentile(compileT, 99).toFixed(0), p99_vs_baseline: NaN, target: "p50 ≤ 5 ms", met: met(percentile(compileT, 50) <= 5000) },
    { name: "load 1,000 handlers (cold isolate: regexes on first use)", p50_us: +percentile(loadT, 50).toFixed(0), p99_us: +percentile(loadT, 99).toFixed(0), p99_vs_baseline: NaN, target: "p50 ≤ 5 ms", met: met(percentile(loadT, 50) <= 5000) },
    {
      name: `PreToolUse, 10,000-handler policy: mean ${tenRatio.toFixed(1)}× the starter's`,
      p50_us: +percentile(tenThousandT, 50).toFixed(0),
      p99_us: +percentile(tenThousandT, 99).toFixed(0),
      p99_vs_baseline: +(percentile(tenThousandT, 99) / percentile(baseline, 99)).toFixed(1),
      target: "mean ≤ 3× starter",
      met: met(tenRatio <= 3),
    },
  ];
}
