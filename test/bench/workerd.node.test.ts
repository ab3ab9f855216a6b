// The bench's way of running the Worker (bench/workerd.ts: the built bundle on Miniflare, no wrangler dev) gives
// it a working D1: the migrations are applied at start, so the decision log the benchmark pays for is really written.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedColdState } from "../../bench/coldStart";
import { startOnWorkerd, type WorkerdWorker } from "../../bench/workerd";
import { ROOT } from "../support/localService";

const ADMIN = "hga_bench_test_admin_token";
let out: string;
let worker: WorkerdWorker;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "hookgate-bench-test-"));
  execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], { cwd: ROOT, stdio: "pipe", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  // With the decision queue's consumer: the test reads the record back from the index.
  worker = await startOnWorkerd({ name: "hookgate-test", config: join(ROOT, "wrangler.toml"), bundle: join(out, "index.js"), vars: { ADMIN_TOKEN: ADMIN }, consumers: true });
});

afterAll(async () => {
  await worker?.dispose();
  if (out) rmSync(out, { recursive: true, force: true });
});

// The workerd pool of the other tests loads the Worker inside a request, where the global scope's limits (no I/O, no
// timers, no random values, no Response) do not hold; here the built bundle's global scope runs as Cloudflare runs it.
it("the built Worker's warm-up runs to the end in the global scope (GET /healthz: done, not failed)", async () => {
  const health = (await (await fetch(new URL("/healthz", worker.url))).json()) as { warmUp: string };
  expect(health.warmUp).toBe("done");
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

// `npm run bench -- shape` runs the floor part by part (FLOOR_PARTS): each part must be switched on and off by its
// name, or a step's figure is another step's.
it("the floor Worker does exactly the parts of the shape it is given", async () => {
  const bundle = join(out, "floor", "worker.js");
  const config = join(ROOT, "bench", "floor", "wrangler.toml");
  const start = (parts: string) => startOnWorkerd({ name: `floor-parts-${parts || "none"}`, config, bundle, vars: { FLOOR_PARTS: parts } });
  const post = (w: { url: URL }, path: string, body: string) => fetch(new URL(path, w.url), { method: "POST", headers: { authorization: "Bearer x" }, body });
  const none = await start("");
  const read = await start("read,defer");
  const route = await start("route,answer");
  try {
    // none: any path, any body, `{}` with no header of hookgate's
    const r0 = await post(none, "/elsewhere", "not json");
    expect(r0.status).toBe(200);
    expect(await r0.json()).toEqual({});
    expect(r0.headers.get("x-request-id")).toBeNull();
    // read: the body is parsed (a body that is not JSON fails), still no route and no headers
    expect((await post(read, "/elsewhere", JSON.stringify({ hook_event_name: "PreToolUse" }))).status).toBe(200);
    expect((await post(read, "/elsewhere", "not json")).status).toBe(500);
    // route + answer: only the hook path, the body not parsed, hookgate's headers
    expect((await post(route, "/elsewhere", "{}")).status).toBe(404);
    const r2 = await post(route, "/v1/hooks/bench/pre-tool-use", "not json");
    expect(r2.status).toBe(200);
    expect(r2.headers.get("x-hookgate-decision-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(r2.headers.get("x-hookgate-policy-revision")).toBe("1");
  } finally {
    await Promise.all([none.dispose(), read.dispose(), route.dispose()]);
  }
});

it("the floor Worker refuses a part it does not know", async () => {
  const w = await startOnWorkerd({ name: "floor-parts-bad", config: join(ROOT, "bench", "floor", "wrangler.toml"), bundle: join(out, "floor", "worker.js"), vars: { FLOOR_PARTS: "answer,cache" } });
  try {
    expect((await fetch(new URL("/v1/hooks/bench/pre-tool-use", w.url), { method: "POST", body: "{}" })).status).toBe(500);
  } finally {
    await w.dispose();
  }
});

// `npm run bench -- cold` reports hookgate's first request over the bound floor (bench/floor/bound.toml): a bound
// floor that read nothing (a wrong key, its switch not passed) would make hookgate's own cold start look larger.
it("the bound floor reads hookgate's token and policy from hookgate's stored state, and fails when it cannot", async () => {
  const seeded = await seedColdState(join(out, "index.js"));
  const start = (vars: Record<string, string>) =>
    startOnWorkerd({ name: "floor-bound-test", config: join(ROOT, "bench", "floor", "bound.toml"), bundle: join(out, "floor", "worker.js"), stateDir: seeded.stateDir, vars });
  const hook = (w: WorkerdWorker, token: string) =>
    fetch(new URL("/v1/hooks/starter/pre-tool-use", w.url), { method: "POST", headers: { authorization: `Bearer ${token}` }, body: seeded.body(0) });
  try {
    const bound = await start({ FLOOR_BINDINGS: "1" });
    try {
      expect((await hook(bound, seeded.tokens.starter!)).status).toBe(200);
      expect((await hook(bound, "hgt_not_a_token")).status).toBe(500);
    } finally {
      await bound.dispose();
    }
  } finally {
    seeded.dispose();
  }
});
