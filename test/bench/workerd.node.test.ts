// The bench's way of running the Worker (bench/workerd.ts: the built bundle on Miniflare, no wrangler dev) gives
// it a working D1: the migrations are applied at start, so the decision log the benchmark pays for is really written.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startOnWorkerd, type WorkerdWorker } from "../../bench/workerd";
import { ROOT } from "../support/localService";

const ADMIN = "hga_bench_test_admin_token";
let out: string;
let worker: WorkerdWorker;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "hookgate-bench-test-"));
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], { cwd: ROOT, stdio: "pipe", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  worker = await startOnWorkerd({ name: "hookgate-test", config: join(ROOT, "wrangler.toml"), bundle: join(out, "index.js"), vars: { ADMIN_TOKEN: ADMIN } });
});

afterAll(async () => {
  await worker?.dispose();
  if (out) rmSync(out, { recursive: true, force: true });
});

it("a hook answered by the bench's Worker is in the decision log", async () => {
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(new URL(`/v1/admin${path}`, worker.url), {
      method,
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const policy = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "no-rm", if: "Bash(rm *)", decision: "deny", reason: "no" }] }] } };
  expect((await admin("PUT", "/teams/bench/policy", policy)).status).toBe(201);
  const { token } = (await (await admin("POST", "/teams/bench/tokens")).json()) as { token: string };
  const res = await fetch(new URL("/v1/hooks/bench/pre-tool-use", worker.url), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      session_id: "s",
      transcript_path: "/t",
      cwd: "/w",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "rm -rf x" },
      tool_use_id: "t1",
    }),
  });
  expect(await res.json()).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  const decisionId = res.headers.get("x-hookgate-decision-id");
  // A separate process on its own timer (the Worker's 500 ms batch): poll for the record, bounded.
  let logged: { decisionId: string }[] = [];
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    logged = ((await (await admin("GET", "/teams/bench/decisions")).json()) as { decisions: { decisionId: string }[] }).decisions;
    if (logged.length > 0) break;
  }
  expect(logged.map((d) => d.decisionId)).toEqual([decisionId]);
  const health = (await (await admin("GET", "/decision-log")).json()) as { log: { recordsWritten: number; recordsLost: number } };
  expect(health.log).toMatchObject({ recordsWritten: 1, recordsLost: 0 });
  hookgateAnswer = { headers: [...res.headers.keys()] };
});

let hookgateAnswer: { headers: string[] } | undefined;

// `npm run bench -- floor` measures hookgate over the floor of its API shape: the floor must keep that shape (the
// same route, body and answer headers), or the figure says nothing.
it("the floor Worker answers a hook request as hookgate does, with the same headers, deciding nothing", async () => {
  const floorOut = join(out, "floor");
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "-c", join(ROOT, "bench", "floor", "wrangler.toml"), "--outdir", floorOut], {
    cwd: ROOT,
    stdio: "pipe",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  const floor = await startOnWorkerd({ name: "floor-test", config: join(ROOT, "bench", "floor", "wrangler.toml"), bundle: join(floorOut, "worker.js") });
  try {
    const res = await fetch(new URL("/v1/hooks/bench/pre-tool-use", floor.url), {
      method: "POST",
      headers: { authorization: "Bearer x", "content-type": "application/json" },
      body: JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf x" } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(hookgateAnswer).toBeDefined();
    // Every header hookgate's answer carries (X-Hookgate-Dedup only on a redelivery, so not here) and no other.
    expect([...res.headers.keys()].sort()).toEqual([...hookgateAnswer!.headers].sort());
    expect(res.headers.get("x-hookgate-decision-id")).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    await floor.dispose();
  }
});
