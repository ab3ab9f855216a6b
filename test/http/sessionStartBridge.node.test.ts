// The SessionStart command bridge exactly as the settings block ships it, run by `sh -c` against the real local
// service: a good token gives the answer on stdout and exit 0; a revoked, wrong or missing token and an unreachable
// service give nothing on stdout, the reason on stderr and a non-zero exit (the client shows it as a hook error).
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, freePort, type LocalService, startLocalService } from "../support/localService";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `sh -c command` with exactly `env` (plus PATH) and `stdin`, as Claude Code runs a command hook. */
function sh(command: string, env: Record<string, string>, stdin: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { env: childEnv({ PATH: process.env.PATH ?? "/usr/bin:/bin", ...env }) });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    // A bridge that stops before curl (no token) never reads stdin: EPIPE then is expected, not a failure.
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
  });
}

const sessionStart = JSON.stringify({
  session_id: "s-bridge",
  transcript_path: "/home/dev/.claude/projects/p/s.jsonl",
  cwd: "/home/dev/shop",
  hook_event_name: "SessionStart",
  source: "startup",
});

describe("the SessionStart curl bridge", () => {
  let service: LocalService;
  let team: string;
  let token: string;
  let tokenId: string;
  let settingsFor: (url: string) => Promise<string>;

  const adminCall = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.baseUrl}/v1/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  beforeAll(async () => {
    service = await startLocalService();
    team = `bridge-${Date.now().toString(36)}`;
    await adminCall("PUT", `/teams/${team}/policy`, {
      hooks: { SessionStart: [{ matcher: "startup", hooks: [{ type: "rule", additionalContext: "Team rules apply." }] }] },
    });
    const minted = await adminCall("POST", `/teams/${team}/tokens`);
    token = String(minted.token);
    tokenId = String(minted.id);
    settingsFor = async (url) => {
      const s = (await adminCall("GET", `/teams/${team}/settings?url=${encodeURIComponent(url)}`)) as {
        hooks: Record<string, { hooks: { type: string; command?: string }[] }[]>;
      };
      const h = s.hooks.SessionStart![0]!.hooks[0]!;
      expect(h.type).toBe("command");
      return h.command!;
    };
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
  });

  it("with a good token: the answer on stdout, nothing on stderr, exit 0", async () => {
    const run = await sh(await settingsFor(service.baseUrl), { HOOKGATE_TOKEN: token }, sessionStart);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "Team rules apply." } });
  });

  it("with a wrong or missing token: nothing on stdout, the envelope's message on stderr, exit 1", async () => {
    const command = await settingsFor(service.baseUrl);
    for (const env of [{ HOOKGATE_TOKEN: "hg_not-a-real-token" }, { HOOKGATE_TOKEN: "" }, {}] as Record<string, string>[]) {
      const run = await sh(command, env, sessionStart);
      expect(run.stdout, JSON.stringify(env)).toBe("");
      expect(run.code, JSON.stringify(env)).toBe(1);
      expect(run.stderr).toMatch(/^hookgate: /);
      if (env.HOOKGATE_TOKEN) expect(run.stderr).toBe("hookgate: HTTP 401: missing or invalid hook token for this team\n");
      else expect(run.stderr).toMatch(/HOOKGATE_TOKEN is not set/);
    }
  });

  it("with a revoked token: the same, at once", async () => {
    const command = await settingsFor(service.baseUrl);
    expect((await sh(command, { HOOKGATE_TOKEN: token }, sessionStart)).code).toBe(0);
    await adminCall("DELETE", `/teams/${team}/tokens/${tokenId}`);
    const run = await sh(command, { HOOKGATE_TOKEN: token }, sessionStart);
    expect(run).toEqual({ code: 1, stdout: "", stderr: "hookgate: HTTP 401: missing or invalid hook token for this team\n" });
  });

  it("with the service unreachable: nothing on stdout, curl's reason and the URL on stderr, exit 1", async () => {
    const url = `http://127.0.0.1:${await freePort()}`; // nothing listens there
    const run = await sh(await settingsFor(url), { HOOKGATE_TOKEN: "hg_whatever" }, sessionStart);
    expect(run.stdout).toBe("");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/curl: \(7\)/);
    expect(run.stderr).toContain(`hookgate: could not reach ${url}/v1/hooks/${team}/session-start`);
  });
});
