/**
 * maskForExport in Node, on the inputs a request brings: (a) a typical PreToolUse (a Bash command), (b) a Write of
 * 100 KB of source, (c) a Write of 1 MB. Each with the decision log's caps (maskForExport's default, what every
 * request pays) and with the judge's/forward's caps (MASK_SCAN_LIMITS, only when a policy has a prompt or http
 * handler). `npx tsx bench/maskBench.ts [iterations]`; median and p90 of per-call times after a warm-up.
 */
import { maskForExport } from "../src/engine/secrets/mask";
import { MASK_SCAN_LIMITS } from "../src/engine/secrets/maskCut";

function source(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `export function handler${i}(input: Input, options = { retries: ${i % 7}, label: "step-${i}" }): Output { return compute(input, options); }\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join("").slice(0, bytes);
}

const base = {
  session_id: "7f3c2a1e-5b6d-4c8e-9a0b-1d2e3f4a5b6c",
  transcript_path: "/home/dev/.claude/projects/-home-dev-shop/7f3c2a1e.jsonl",
  cwd: "/home/dev/shop",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_use_id: "toolu_01Hj7kQpL2mN3oP4qR5sT6uV",
};
const inputs: [string, unknown, number][] = [
  ["typical PreToolUse (Bash)", { ...base, tool_name: "Bash", tool_input: { command: "git status && npm run build -- --mode production", description: "bench", timeout: 120000 } }, 2000],
  ["Write, 100 KB", { ...base, tool_name: "Write", tool_input: { file_path: "/home/dev/shop/src/generated.ts", content: source(100_000) } }, 300],
  ["Write, 1 MB", { ...base, tool_name: "Write", tool_input: { file_path: "/home/dev/shop/src/generated.ts", content: source(1_000_000) } }, 200],
];

const scale = Number(process.argv[2] ?? 1);
const rows: Record<string, string>[] = [];
for (const [what, input, n0] of inputs) {
  for (const [caps, f] of [
    ["log (default)", () => maskForExport(input)],
    ["judge/forward (MASK_SCAN_LIMITS)", () => maskForExport(input, [], MASK_SCAN_LIMITS)],
  ] as const) {
    const n = Math.max(10, Math.round(n0 * scale));
    for (let i = 0; i < Math.min(50, n); i++) f();
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      f();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    rows.push({ input: what, caps, median: `${times[Math.floor(n / 2)]!.toFixed(3)} ms`, p90: `${times[Math.floor(n * 0.9)]!.toFixed(3)} ms` });
  }
}
console.table(rows);
