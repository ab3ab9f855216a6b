// Starts the real local service for a test the way a newcomer does (`npm start`, i.e. `node scripts/start.mjs`):
// wrangler dev with local KV, D1 and Durable Objects, but on a free port and with its state in a fresh temp dir,
// so tests never touch the developer's `.wrangler/state` or collide with a running `npm start`.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");

export interface LocalService {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseUrl: string;
  port: number;
  /** ADMIN_TOKEN from .dev.vars (the admin API's bearer token; HOOKGATE_ADMIN_TOKEN for the CLI). */
  adminToken: string;
  /** HOOKGATE_DEV_TOKEN from .dev.vars: the token seeded for team `default`. */
  devToken: string;
  /** The fresh persistence dir (removed by stop()). */
  stateDir: string;
  /** Everything the child printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Kills the whole process tree (start.mjs → npx → wrangler → workerd, esbuild) and removes the state dir. Idempotent. */
  stop(): Promise<void>;
}

export interface StartLocalServiceOptions {
  /** How long to wait for GET /healthz to answer (default 60 s). */
  readyTimeoutMs?: number;
  /** Extra arguments for wrangler dev (start.mjs passes them on). */
  wranglerArgs?: string[];
}

/** A port that was free a moment ago (the kernel picks it; we release it at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/** The KEY=value lines of a .dev.vars file (the same reading as scripts/start.mjs). */
export function readDevVars(path = join(ROOT, ".dev.vars")): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, "utf8")
      .split("\n")
      .filter((l) => /^[A-Z_][A-Z0-9_]*=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).trim()]),
  );
}

const tail = (s: string, lines = 40) => s.replace(/\x1b\[[0-9;]*m/g, "").split("\n").slice(-lines).join("\n");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startLocalService(opts: StartLocalServiceOptions = {}): Promise<LocalService> {
  const readyTimeoutMs = opts.readyTimeoutMs ?? 60_000;
  const port = await freePort();
  // wrangler dev's devtools inspector listens on 9229 unless told otherwise: two services starting at once (files run
  // side by side, or another checkout's tests) would both pick it, and the later one exits "Address already in use".
  const inspectorPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stateDir = mkdtempSync(join(tmpdir(), "hookgate-state-"));
  let out = "";

  // detached: its own process group, so stop() can signal start.mjs and every descendant at once.
  // (`npm start -- --var X` hands start.mjs `--var X`: npm eats the `--`, so none here either.)
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs", "--inspector-port", String(inspectorPort), ...(opts.wranglerArgs ?? [])], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOOKGATE_STATE_DIR: stateDir, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (out += d));
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((r) =>
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      r();
    }),
  );
  let spawnError: Error | undefined;
  child.on("error", (e) => (spawnError = e));

  const pgid = child.pid;
  const killGroup = (sig: NodeJS.Signals) => {
    if (pgid === undefined) return;
    try {
      process.kill(-pgid, sig);
    } catch {
      /* the group is gone */
    }
  };
  // If the test process dies without calling stop(), do not leave wrangler/workerd behind.
  const onExit = () => killGroup("SIGKILL");
  process.once("exit", onExit);

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      process.removeListener("exit", onExit);
      if (!exited) {
        killGroup("SIGTERM");
        await Promise.race([exitPromise, sleep(5_000)]);
      }
      // start.mjs has exited; make sure no grandchild (workerd, esbuild) outlives it.
      killGroup("SIGKILL");
      rmSync(stateDir, { recursive: true, force: true });
    })());

  const fail = async (why: string): Promise<never> => {
    await stop();
    throw new Error(`local service (node scripts/start.mjs, PORT=${port}): ${why}\n--- last output ---\n${tail(out)}`);
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (spawnError) return fail(`could not spawn: ${spawnError.message}`);
    if (exited) return fail(`exited early (code ${exited.code}, signal ${exited.signal})`);
    try {
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      const body = (await res.json().catch(() => undefined)) as { ok?: boolean; service?: string } | undefined;
      if (res.ok && body?.service === "hookgate") break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) return fail(`GET /healthz did not answer within ${readyTimeoutMs} ms`);
    await sleep(150);
  }

  // start.mjs creates .dev.vars (from .dev.vars.example) before it starts wrangler, so it exists by now.
  const varsPath = join(ROOT, ".dev.vars");
  if (!existsSync(varsPath)) return fail(`${varsPath} is missing although the service is up`);
  const vars = readDevVars(varsPath);
  const adminToken = vars.ADMIN_TOKEN;
  const devToken = vars.HOOKGATE_DEV_TOKEN;
  if (!adminToken || !devToken) return fail(`${varsPath} lacks ADMIN_TOKEN or HOOKGATE_DEV_TOKEN`);
  // The service read .dev.vars when it started; make sure it is the same file now (and that team `default` is seeded).
  const seeded = await fetch(`${baseUrl}/v1/admin/teams/default/policy`, {
    headers: { authorization: `Bearer ${adminToken}` },
    signal: AbortSignal.timeout(10_000),
  }).catch((e: Error) => e);
  if (seeded instanceof Error || seeded.status !== 200)
    return fail(
      `GET /v1/admin/teams/default/policy with ADMIN_TOKEN from .dev.vars answered ${seeded instanceof Error ? seeded.message : `HTTP ${seeded.status}`}` +
        " (was .dev.vars rewritten while the service started?)",
    );

  return { baseUrl, port, adminToken, devToken, stateDir, output: () => out, stop };
}

export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Exactly these variables as a child's whole environment. Typed through here because `NodeJS.ProcessEnv` also
 * lists the Worker's [vars] (worker-configuration.d.ts: with nodejs_compat they are in the Worker's process.env).
 */
export const childEnv = (vars: Record<string, string | undefined>): NodeJS.ProcessEnv => vars as NodeJS.ProcessEnv;

/**
 * Runs the real `hookgate` binary (`node bin/hookgate.mjs …`) as a newcomer would, bounded by timeoutMs.
 * `env` is merged over process.env minus hookgate's own variables (tokens, HOOKGATE_URL, HOOKGATE_TEAM), so a
 * developer's shell cannot leak in. `entry` runs another Node entry point the same way (a built CLI bundle's, a script).
 */
export function runBin(
  args: string[],
  opts: { env?: Record<string, string | undefined>; cwd?: string; stdin?: string; timeoutMs?: number; entry?: string } = {},
): Promise<BinResult> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOOKGATE_ADMIN_TOKEN: undefined,
    HOOKGATE_TOKEN: undefined,
    HOOKGATE_URL: undefined,
    HOOKGATE_TEAM: undefined,
    ...opts.env,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [opts.entry ?? join(ROOT, "bin/hookgate.mjs"), ...args], {
      cwd: opts.cwd ?? ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`hookgate ${args.join(" ")} did not finish within ${opts.timeoutMs ?? 30_000} ms\n${tail(stdout + stderr)}`));
    }, opts.timeoutMs ?? 30_000);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr });
    });
    child.stdin.end(opts.stdin ?? "");
  });
}
