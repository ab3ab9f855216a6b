// The command bridge (src/clients/bridge.ts) run by a real sh with the real curl, as Cursor's .cursor/hooks.json runs
// it: when hookgate cannot be asked and the event fails closed, the event's blocking answer on stdout, the reason on
// stderr and Cursor's blocking exit status 2; failing open, nothing on stdout and a non-blocking status. And the one
// recogniser `settings --merge` replaces hookgate's own bridges by, for every client's form.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { describe, expect, it } from "vitest";
import { bridgeTarget } from "../../src/clients/bridge";
import { claudeCode } from "../../src/clients/claude-code";
import { codex } from "../../src/clients/codex";
import { cursor } from "../../src/clients/cursor";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import { childEnv, freePort } from "../support/localService";

/** The command run by sh with a hook's stdin (async: a test's own server must keep answering meanwhile). */
const run = (command: string, env: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("sh", ["-c", command], { env: childEnv({ PATH: process.env.PATH ?? "/usr/bin:/bin", ...env }) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    // A bridge that stops before curl (no token) never reads stdin: EPIPE then is expected, not a failure.
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ hook_event_name: "beforeShellExecution", command: "ls" }));
  });

describe("the generated Cursor bridge", () => {
  it("fails closed with Cursor's deny and exit 2 when hookgate is unreachable or the token is missing", async () => {
    const port = await freePort();
    const settings = cursor.settings({ url: `http://127.0.0.1:${port}`, team: "acme" }) as { hooks: Record<string, { command: string }[]> };
    const shell = settings.hooks.beforeShellExecution?.[0]?.command;
    expect(shell).toContain(`/v1/hooks/acme/cursor/before-shell-execution`);
    const unreachable = await run(shell!, { HOOKGATE_TOKEN: "hg_x" });
    expect(unreachable.status).toBe(2);
    expect(JSON.parse(unreachable.stdout)).toMatchObject({ permission: "deny" });
    expect(unreachable.stderr).toContain("hookgate: could not reach");
    const noToken = await run(shell!, {});
    expect(noToken.status).toBe(2);
    expect(noToken.stderr).toContain("HOOKGATE_TOKEN is not set");
    // The prompt event's blocking answer is its own (continue: false), the stop event fails open (nothing to block).
    const prompt = await run(settings.hooks.beforeSubmitPrompt![0]!.command, {});
    expect(JSON.parse(prompt.stdout)).toMatchObject({ continue: false });
    const stop = await run(settings.hooks.stop![0]!.command, {});
    expect(stop.status).toBe(1);
    expect(stop.stdout).toBe("");
  });

  it("fails open when every layer of the policy does", async () => {
    const { compilePolicy } = await import("../../src/engine/policy/compilePolicy");
    const c = compilePolicy({ failMode: "open", hooks: { PreToolUse: [{ hooks: [{ type: "rule", decision: "deny" }] }] } }, { client: cursor });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    const port = await freePort();
    const settings = cursor.settings({ url: `http://127.0.0.1:${port}`, team: "acme", policy: c.value }) as { hooks: Record<string, { command: string }[]> };
    expect(Object.keys(settings.hooks).sort()).toEqual(["beforeMCPExecution", "beforeReadFile", "beforeShellExecution", "preToolUse"]);
    const r = await run(settings.hooks.beforeShellExecution![0]!.command, { HOOKGATE_TOKEN: "hg_x" });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
  });

  it("on an HTTP error: the error envelope's message on stderr (not its JSON), and the blocking answer failing closed", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "unauthorized", message: 'missing or invalid hook token for "acme"' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const settings = cursor.settings({ url: `http://127.0.0.1:${port}`, team: "acme" }) as { hooks: Record<string, { command: string }[]> };
      const r = await run(settings.hooks.beforeShellExecution![0]!.command, { HOOKGATE_TOKEN: "hg_x" });
      expect(r.stderr).toBe('hookgate: HTTP 401: missing or invalid hook token for "acme"\n');
      expect(r.status).toBe(2);
      expect(JSON.parse(r.stdout)).toMatchObject({ permission: "deny" });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("bridgeTarget: every bridge hookgate writes, and only those", () => {
  const url = "https://hooks.example.com";
  const commands = (settings: unknown): string[] => JSON.stringify(settings).match(/"command":"(?:[^"\\]|\\.)*"/g)?.map((m) => JSON.parse(m.slice("\"command\":".length))) ?? [];

  const compiled = compilePolicy({ hooks: { SessionStart: [{ hooks: [{ type: "rule", additionalContext: "x" }] }] } }, { client: claudeCode });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
  const sessionStart = compiled.value;

  it("recognises Claude Code's sh bridge, Cursor's, Codex's node bridge, and the bare curl line of earlier versions", () => {
    const forms = [
      ...commands(claudeCode.settings({ url, team: "acme", policy: sessionStart })),
      ...commands(cursor.settings({ url, team: "acme" })),
      ...commands((codex.settings({ url, team: "acme" }) as { hooks: unknown }).hooks),
      `curl -sS -X POST -H 'Content-Type: application/json' --data-binary @- '${url}/v1/hooks/acme/session-start'`,
    ];
    expect(forms.length).toBeGreaterThan(5);
    for (const c of forms) expect(bridgeTarget(c), c.slice(0, 60)).toMatch(/^https:\/\/hooks\.example\.com\/v1\/hooks\/acme\//);
    expect(bridgeTarget("node -e 'console.log(1)' 'https://x' HOOKGATE_TOKEN 1")).toBeUndefined();
    expect(bridgeTarget("npx prettier --check .")).toBeUndefined();
  });
});
