/**
 * hookgate through local workerd (`wrangler dev`) against a no-op Worker on the same runtime, and against a
 * command hook (a process per call). Only loopback addresses; every loop is bounded in count and time.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

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

async function waitFor(url: string, child: ChildProcess, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

function startDetached(cmd: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: "ignore", detached: true });
}
const stop = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {}
};

const body = (command: string) =>
  JSON.stringify({
    session_id: "bench-session",
    transcript_path: "/home/dev/.claude/projects/p/bench.jsonl",
    cwd: "/home/dev/shop",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "toolu_bench",
  });
const COMMANDS = ["rm -rf ./dist && npm run build", "git push origin feat/x", "rm -rf /", "ls -la"];

async function latency(url: string, headers: Record<string, string>, n: number) {
  const times: number[] = [];
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url, { method: "POST", headers, body: body(COMMANDS[i % COMMANDS.length]!) });
    await res.text();
    if (res.status !== 200) errors++;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n / 2)]!, p99: times[Math.floor(n * 0.99)]!, errors };
}

async function throughput(url: string, headers: Record<string, string>, concurrency: number, total: number) {
  let next = 0;
  let errors = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const res = await fetch(url, { method: "POST", headers, body: body(COMMANDS[i % COMMANDS.length]!) });
        await res.text();
        if (res.status !== 200) errors++;
      }
    }),
  );
  return { rps: total / ((performance.now() - t) / 1000), errors };
}

function commandHookLatency(n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = spawnSync("sh", ["-c", `node ${join(root, "bench", "commandHook.mjs")}`], { input: body(COMMANDS[i % COMMANDS.length]!) });
    if (r.status !== 0) throw new Error("command hook failed");
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n / 2)]!, p99: times[Math.floor(n * 0.99)]! };
}

export async function httpBench(n = Number(process.env.BENCH_REQUESTS ?? 2000)) {
  const [hgPort, noopPort, hgInspector, noopInspector] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const state = mkdtempSync(join(tmpdir(), "hookgate-bench-"));
  const hookgate = startDetached("node", ["scripts/start.mjs", "--inspector-port", String(hgInspector)], { PORT: String(hgPort), HOOKGATE_STATE_DIR: state });
  const noop = startDetached("npx", ["wrangler", "dev", "-c", "bench/noop/wrangler.toml", "--ip", "127.0.0.1", "--port", String(noopPort), "--show-interactive-dev-session=false", "--inspector-port", String(noopInspector)], {});
  try {
    await waitFor(`http://127.0.0.1:${hgPort}/healthz`, hookgate);
    await waitFor(`http://127.0.0.1:${noopPort}/`, noop);
    const token = /HOOKGATE_DEV_TOKEN=(\S+)/.exec(readFileSync(join(root, ".dev.vars"), "utf8"))![1]!;
    const hgUrl = `http://127.0.0.1:${hgPort}/v1/hooks/default/pre-tool-use`;
    const noopUrl = `http://127.0.0.1:${noopPort}/`;
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    // warm both (JIT, caches, the seeded policy)
    await latency(hgUrl, headers, 300);
    await latency(noopUrl, headers, 300);
    const noopLat = await latency(noopUrl, headers, n);
    const hgLat = await latency(hgUrl, headers, n);
    // 3n requests: long enough that the decision log batch still pending at the end (≤ 500 ms of records) is a
    // small part of the run.
    const noopTp = await throughput(noopUrl, headers, 16, 3 * n);
    const hgTp = await throughput(hgUrl, headers, 16, 3 * n);
    const cmd = commandHookLatency(Math.min(100, n));
    const ms = (x: number) => +x.toFixed(3);
    return [
      { what: "no-op Worker (floor)", p50_ms: ms(noopLat.p50), p99_ms: ms(noopLat.p99), rps: Math.round(noopTp.rps), errors: noopLat.errors + noopTp.errors, ratio: "1.00" },
      {
        what: "hookgate PreToolUse, starter policy",
        p50_ms: ms(hgLat.p50),
        p99_ms: ms(hgLat.p99),
        rps: Math.round(hgTp.rps),
        errors: hgLat.errors + hgTp.errors,
        ratio: `latency p50 ${(hgLat.p50 / noopLat.p50).toFixed(2)}× (target ≤ 1.25×), throughput ${((hgTp.rps / noopTp.rps) * 100).toFixed(0)}% (target ≥ 80%)`,
      },
      { what: "command hook, a process per call", p50_ms: ms(cmd.p50), p99_ms: ms(cmd.p99), rps: NaN, errors: 0, ratio: `hookgate is ${(cmd.p50 / hgLat.p50).toFixed(0)}× faster at p50 (target ≥ 10×)` },
    ];
  } finally {
    stop(hookgate);
    stop(noop);
  }
}
