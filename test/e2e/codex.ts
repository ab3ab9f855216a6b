// Drives the real, pinned Codex CLI (e2e/node_modules/.bin/codex, @openai/codex 0.169.0) headless (`codex exec`) and
// fully offline: CODEX_HOME is a temp dir whose config.toml points a `model_providers` entry at a local Responses
// API stand-in (test/support/responsesServer.ts), and whose hooks.json is the one `hookgate settings --client codex`
// wrote. Non-managed hooks run only once a person has trusted them; `--dangerously-bypass-hook-trust` is that
// review here (the managed form, /etc/codex/requirements.toml, would be a machine-wide file).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { childEnv } from "../support/localService";

export const CODEX_BIN = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../e2e/node_modules/.bin/codex");
export const codexInstalled = (): boolean => existsSync(CODEX_BIN);

export interface RunCodexOptions {
  prompt: string;
  /** CODEX_HOME (config.toml and hooks.json are written into it). */
  home: string;
  cwd: string;
  /** The Responses API stand-in's base URL (…/v1). */
  baseUrl: string;
  /** hooks.json as `hookgate settings --client codex` printed it. */
  hooks: object;
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface RunCodexResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export function runCodex(o: RunCodexOptions): Promise<RunCodexResult> {
  mkdirSync(o.home, { recursive: true });
  writeFileSync(
    join(o.home, "config.toml"),
    ['model = "hookgate-test-model"', 'model_provider = "local"', "", "[model_providers.local]", 'name = "local"', `base_url = "${o.baseUrl}"`, 'wire_api = "responses"', ""].join("\n"),
  );
  writeFileSync(join(o.home, "hooks.json"), JSON.stringify(o.hooks, null, 2));
  const args = ["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "-s", "workspace-write", o.prompt];
  return new Promise((resolveRun) => {
    const child = spawn(CODEX_BIN, args, {
      cwd: o.cwd,
      env: childEnv({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: o.home, CODEX_HOME: o.home, ...o.env }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, o.timeoutMs ?? 90_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr, timedOut });
    });
  });
}
