// Drives the real, pinned Claude Code CLI (e2e/node_modules/.bin/claude) headless and fully offline.
// Installed by `npm install` (the postinstall script runs `npm ci --prefix e2e`).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const CLAUDE_BIN = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../e2e/node_modules/.bin/claude");
export const claudeInstalled = (): boolean => existsSync(CLAUDE_BIN);

export interface RunClaudeOptions {
  prompt: string;
  /** Written to a temp file and passed with --settings. */
  settings?: object;
  /** Working directory; a fresh temp dir if omitted. */
  cwd?: string;
  /** HOME, kept after the run (its .claude/projects holds the session's transcript); a fresh temp dir if omitted. */
  home?: string;
  /** The model server (sets ANTHROPIC_BASE_URL); or put ANTHROPIC_BASE_URL in env. */
  baseUrl?: string;
  /** Merged over the offline environment (which does not inherit the caller's env except PATH). */
  env?: Record<string, string>;
  allowedTools?: string[];
  extraArgs?: string[];
  timeoutMs?: number;
}

export interface RunClaudeResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The parsed `--output-format json` result, or undefined if stdout was not JSON. */
  result: ClaudeJsonResult | undefined;
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** The fields of the CLI's JSON result we rely on (it has many more). */
export interface ClaudeJsonResult {
  type: "result";
  subtype: string;
  is_error: boolean;
  result?: string;
  num_turns: number;
  session_id: string;
  permission_denials: { tool_name: string; tool_use_id: string; tool_input: Record<string, unknown> }[];
  [k: string]: unknown;
}

/**
 * What Claude Code 2.1.332 needs to run offline against a local model server without hanging or phoning home.
 * HOME is a temp dir per run so no user settings, credentials or history leak in or out.
 */
export const OFFLINE_ENV: Record<string, string> = {
  ANTHROPIC_API_KEY: "dummy",
  DISABLE_TELEMETRY: "1",
  DISABLE_ERROR_REPORTING: "1",
  DISABLE_AUTOUPDATER: "1",
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  // A 5xx from the model server would otherwise be retried with backoff for minutes.
  CLAUDE_CODE_MAX_RETRIES: "0",
};

export async function runClaude(opts: RunClaudeOptions): Promise<RunClaudeResult> {
  const tmp = await mkdtemp(join(tmpdir(), "hookgate-claude-"));
  try {
    const home = opts.home ?? join(tmp, "home");
    const cwd = opts.cwd ?? join(tmp, "work");
    await mkdir(home, { recursive: true });
    if (!opts.cwd) await mkdir(cwd);
    const args = ["-p", "--output-format", "json"];
    if (opts.settings) {
      const file = join(tmp, "settings.json");
      await writeFile(file, JSON.stringify(opts.settings));
      args.push("--settings", file);
    }
    if (opts.allowedTools?.length) args.push("--allowedTools", opts.allowedTools.join(","));
    args.push(...(opts.extraArgs ?? []));
    // `--` ends the variadic --allowedTools and lets a prompt start with "-".
    args.push("--", opts.prompt);

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
      HOME: home,
      TMPDIR: tmpdir(),
      ...OFFLINE_ENV,
      ...(opts.baseUrl ? { ANTHROPIC_BASE_URL: opts.baseUrl } : {}),
      ...opts.env,
    };
    return await spawnBounded(CLAUDE_BIN, args, cwd, env, opts.timeoutMs ?? 60_000);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

function spawnBounded(bin: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs: number): Promise<RunClaudeResult> {
  const t0 = Date.now();
  return new Promise((resolvePromise, reject) => {
    // Own process group, so a timeout kills the CLI and any Bash children it started.
    const child = spawn(bin, args, { cwd, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const killGroup = (sig: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup("SIGTERM");
      setTimeout(() => killGroup("SIGKILL"), 2000).unref();
    }, timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      let result: ClaudeJsonResult | undefined;
      try {
        result = JSON.parse(stdout) as ClaudeJsonResult;
      } catch {
        result = undefined;
      }
      resolvePromise({ exitCode, signal, timedOut, result, stdout, stderr, durationMs: Date.now() - t0 });
    });
  });
}
