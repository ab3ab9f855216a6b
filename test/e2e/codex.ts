// Drives the real, pinned Codex CLI (e2e/node_modules/.bin/codex, @openai/codex 0.169.0) headless (`codex exec`) and
// fully offline: CODEX_HOME is a temp dir whose config.toml points a `model_providers` entry at a local Responses
// API stand-in (test/support/responsesServer.ts), and whose hooks.json is the one `hookgate settings --client codex`
// wrote. Non-managed hooks run only once a person has trusted them; `--dangerously-bypass-hook-trust` is that
// review here. The managed form is /etc/codex/requirements.toml, a path Codex does not let anything move: with
// `managedRequirements`, Codex runs in a mount namespace of its own whose /etc is an overlay on the machine's
// (`unshare -m`, root only), so the file exists for that one process and nothing on the machine is written.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
  hooks?: object;
  /** The managed form (`--form requirements`): written as /etc/codex/requirements.toml for this run alone. */
  managedRequirements?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface RunCodexResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** The shell program that mounts an overlay on /etc, puts the managed file in it and runs Codex ("$@"). */
const IN_OWN_ETC = 'mount -t overlay overlay -o "lowerdir=/etc,upperdir=$1/upper,workdir=$1/work" /etc && mkdir -p /etc/codex && cp "$1/requirements.toml" /etc/codex/requirements.toml && shift && exec "$@"';

/**
 * Why a managed-form run cannot happen on this machine, or undefined when it can: it needs root, `unshare` and an
 * overlay mount (CI runs as root in a container that allows both; a developer's unprivileged shell does not).
 */
export function managedFormUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return "the managed form needs root (a mount namespace with /etc overlaid)";
  const dir = mkdtempSync(join(tmpdir(), "hookgate-codex-etc-"));
  for (const d of ["upper", "work"]) mkdirSync(join(dir, d));
  writeFileSync(join(dir, "requirements.toml"), "");
  const r = spawnSync("unshare", ["-m", "sh", "-c", IN_OWN_ETC, "sh", dir, "test", "-f", "/etc/codex/requirements.toml"], { encoding: "utf8" });
  rmSync(dir, { recursive: true, force: true });
  return r.status === 0 ? undefined : `unshare -m with an overlay on /etc failed here: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim()}`;
}

export function runCodex(o: RunCodexOptions): Promise<RunCodexResult> {
  mkdirSync(o.home, { recursive: true });
  writeFileSync(
    join(o.home, "config.toml"),
    ['model = "hookgate-test-model"', 'model_provider = "local"', "", "[model_providers.local]", 'name = "local"', `base_url = "${o.baseUrl}"`, 'wire_api = "responses"', ""].join("\n"),
  );
  if (o.hooks !== undefined) writeFileSync(join(o.home, "hooks.json"), JSON.stringify(o.hooks, null, 2));
  // Managed hooks need no person's trust, so the flag that stands in for it is left off.
  const codexArgs = ["exec", "--skip-git-repo-check", ...(o.managedRequirements === undefined ? ["--dangerously-bypass-hook-trust"] : []), "-s", "workspace-write", o.prompt];
  let command = CODEX_BIN;
  let args = codexArgs;
  let etc: string | undefined;
  if (o.managedRequirements !== undefined) {
    etc = mkdtempSync(join(tmpdir(), "hookgate-codex-etc-"));
    for (const d of ["upper", "work"]) mkdirSync(join(etc, d));
    writeFileSync(join(etc, "requirements.toml"), o.managedRequirements);
    command = "unshare";
    args = ["-m", "sh", "-c", IN_OWN_ETC, "sh", etc, CODEX_BIN, ...codexArgs];
  }
  return new Promise((resolveRun) => {
    const child = spawn(command, args, {
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
      if (etc) rmSync(etc, { recursive: true, force: true });
      resolveRun({ code, stdout, stderr, timedOut });
    });
  });
}
