// Proves the e2e harness: the real Claude Code CLI, a scripted local model, and a tiny real HTTP hook server.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer, type Script } from "../support/modelServer";
import { claudeInstalled, CLAUDE_BIN, runClaude } from "./claude";

interface HookCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** PreToolUse per spec §7.1: deny `rm` commands with a reason, no opinion (`{}`) otherwise. */
async function startHookServer(): Promise<{ url: string; calls: HookCall[]; close(): Promise<void> }> {
  const calls: HookCall[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8").on("data", (d: string) => (raw += d));
    req.on("end", () => {
      const body = JSON.parse(raw || "{}");
      calls.push({ path: req.url ?? "", headers: req.headers, body });
      const command: string = body?.tool_input?.command ?? "";
      const out = /(^|[\s;&|])rm\s/.test(command)
        ? { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "policy says no" } }
        : {};
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

type ToolResult = { type: "tool_result"; tool_use_id: string; is_error?: boolean; content: unknown };

/** The tool_result blocks in the last user message of a Messages request body. */
function lastToolResults(body: any): ToolResult[] {
  const last = body?.messages?.at(-1);
  return Array.isArray(last?.content) ? last.content.filter((b: any) => b.type === "tool_result") : [];
}

/** Ask for one Bash call; once a tool result comes back, finish the turn. */
const bashOnce =
  (command: string): Script =>
  ({ body }) =>
    lastToolResults(body).length ? { text: "done" } : { toolUse: { name: "Bash", input: { command, description: "test step" } } };

const TOKEN = "tok-e2e-123";
let hooks: Awaited<ReturnType<typeof startHookServer>>;
let model: ModelServer | undefined;
let cwd: string;

const settings = () => ({
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          {
            type: "http",
            url: `${hooks.url}/pre`,
            timeout: 10,
            headers: { Authorization: "Bearer $HOOKGATE_TOKEN" },
            allowedEnvVars: ["HOOKGATE_TOKEN"],
          },
        ],
      },
    ],
  },
});

async function run(command: string) {
  model = await startModelServer({ script: bashOnce(command) });
  return runClaude({
    prompt: "do the thing",
    settings: settings(),
    cwd,
    baseUrl: model.url,
    env: { HOOKGATE_TOKEN: TOKEN },
    allowedTools: ["Bash"],
    timeoutMs: 60_000,
  });
}

describe("real Claude Code CLI + http PreToolUse hook", () => {
  beforeAll(async () => {
    if (!claudeInstalled()) throw new Error(`${CLAUDE_BIN} missing: run \`npm install\` (its postinstall runs \`npm ci --prefix e2e\`)`);
    hooks = await startHookServer();
  });
  afterAll(() => hooks?.close());
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "hookgate-e2e-cwd-"));
    hooks.calls.length = 0;
  });
  afterEach(async () => {
    await model?.close();
    model = undefined;
    rmSync(cwd, { recursive: true, force: true });
  });

  it("hook says nothing ({}) → the command runs and its result reaches the model", async () => {
    const r = await run("echo hello-from-bash > marker.txt");
    expect(r.timedOut, r.stderr).toBe(false);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.result).toMatchObject({ type: "result", is_error: false, result: "done", permission_denials: [] });

    expect(readFileSync(join(cwd, "marker.txt"), "utf8")).toBe("hello-from-bash\n");

    expect(hooks.calls).toHaveLength(1);
    const call = hooks.calls[0]!;
    expect(call.path).toBe("/pre");
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call.headers["content-type"]).toContain("application/json");
    expect(call.body).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "echo hello-from-bash > marker.txt" },
      cwd,
    });

    const msgs = model!.scripted();
    expect(msgs).toHaveLength(2);
    const [result] = lastToolResults(msgs[1]!.body);
    expect(result).toBeDefined();
    expect(result!.is_error ?? false).toBe(false);
    expect(result!.tool_use_id).toBe(call.body.tool_use_id);
    expect(model!.unknown).toEqual([]);
  });

  it("hook denies → the command does not run, the model gets the reason as a tool error, the CLI reports the denial", async () => {
    mkdirSync(join(cwd, "victim"));
    const r = await run("rm -rf ./victim");
    expect(r.timedOut, r.stderr).toBe(false);
    expect(r.exitCode, r.stderr).toBe(0);

    expect(existsSync(join(cwd, "victim"))).toBe(true);

    expect(hooks.calls).toHaveLength(1);
    expect(hooks.calls[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(hooks.calls[0]!.body.tool_input.command).toBe("rm -rf ./victim");

    const msgs = model!.scripted();
    expect(msgs).toHaveLength(2);
    const [result] = lastToolResults(msgs[1]!.body);
    expect(result).toMatchObject({ is_error: true });
    expect(JSON.stringify(result!.content)).toContain("policy says no");

    expect(r.result!.permission_denials).toEqual([
      expect.objectContaining({ tool_name: "Bash", tool_input: expect.objectContaining({ command: "rm -rf ./victim" }) }),
    ]);
  });

  it("is bounded: a model that never answers gets the CLI killed at timeoutMs", async () => {
    model = await startModelServer({ script: () => ({ delayMs: 60_000, text: "too late" }) });
    // 10 s: long enough for the CLI to start and reach the model on a loaded CI machine (at 2 s it sometimes had not).
    const r = await runClaude({ prompt: "hang", cwd, baseUrl: model.url, timeoutMs: 10_000 });
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).not.toBe(0); // the CLI traps SIGTERM and exits 143
    expect(r.durationMs).toBeLessThan(30_000);
    expect(model.scripted()).toHaveLength(1);
  });
});
