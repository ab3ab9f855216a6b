// "The settings work with the real client", end to end, the way a newcomer does it: `npm start` (scripts/start.mjs),
// `hookgate push`, a token from the admin API, `hookgate settings`, and that block passed UNMODIFIED to the real
// Claude Code CLI (pinned 2.1.332, driven offline by the local Messages API stand-in).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort, ROOT, runBin, startLocalService, type LocalService } from "../support/localService";
import { startModelServer, type ModelServer, type Script } from "../support/modelServer";
import { CLAUDE_BIN, claudeInstalled, runClaude } from "./claude";

const TEAM = "e2e-team";
const REASON = "E2E-7731: deleting the victim directory is blocked by the e2e-team policy.";
const SESSION_CONTEXT = "E2E-CTX-4242: this repository deploys on Fridays only.";
const SECRET_PROMPT = "deploy with the key AKIAIOSFODNN7EXAMPLE please";
const STARTER = JSON.parse(readFileSync(join(ROOT, "policies/default.json"), "utf8"));
/** The starter's secret-in-prompt rule (UserPromptSubmit, block). */
const SECRET_RULE = STARTER.hooks.UserPromptSubmit.flatMap((g: any) => g.hooks).find((h: any) => h.decision === "block" && (h.secrets ?? []).includes("prompt"));

type ToolResult = { type: "tool_result"; tool_use_id: string; is_error?: boolean; content: unknown };
const lastToolResults = (body: any): ToolResult[] => {
  const last = body?.messages?.at(-1);
  return Array.isArray(last?.content) ? last.content.filter((b: any) => b.type === "tool_result") : [];
};
const textOf = (content: unknown): string =>
  typeof content === "string" ? content : Array.isArray(content) ? content.map((c: any) => c?.text ?? "").join("") : JSON.stringify(content);

/** Ask for one Bash call; once a tool result comes back, finish the turn. */
const bashOnce =
  (command: string): Script =>
  ({ body }) =>
    lastToolResults(body).length ? { text: "done" } : { toolUse: { name: "Bash", input: { command, description: "e2e step" } } };

/** The starter policy plus one team rule with a distinctive reason (first in the Bash group). */
function teamPolicy(): any {
  const policy = structuredClone(STARTER);
  policy.failMode = "closed";
  const bash = policy.hooks.PreToolUse.find((g: any) => String(g.matcher ?? "").split("|").includes("Bash"));
  bash.hooks.unshift({ type: "rule", id: "no-rm-victim", if: "Bash(rm *victim*)", decision: "deny", reason: REASON });
  policy.hooks.SessionStart = [{ hooks: [{ type: "rule", id: "session-context", additionalContext: SESSION_CONTEXT }] }];
  return policy;
}

/** A PreToolUse-only policy (no UserPromptSubmit hook, so a dead service can only show up at the tool call). */
const toolOnlyPolicy = (failMode: "open" | "closed") => ({
  failMode,
  deadlineMs: 2000,
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no rm" }] }] },
});

let svc: LocalService;
let dir: string; // policy files, settings
let cwd: string; // the project Claude Code works in (fresh per test)
let model: ModelServer | undefined;
let token: string;
let settings: any;

async function settingsFor(url: string, policyFile: string): Promise<any> {
  const r = await runBin(["settings", "--url", url, "--team", TEAM, "--policy", policyFile]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

async function claude(script: Script, prompt: string, withSettings: object, hookToken = token, extraArgs: string[] = []) {
  model = await startModelServer({ script });
  const r = await runClaude({
    prompt,
    settings: withSettings,
    cwd,
    baseUrl: model.url,
    env: { HOOKGATE_TOKEN: hookToken },
    extraArgs,
    allowedTools: ["Bash"],
    timeoutMs: 60_000,
  });
  expect(r.timedOut, `claude timed out\n${r.stderr}`).toBe(false);
  return r;
}

async function admin(path: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(`${svc.baseUrl}/v1/admin/teams/${TEAM}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${svc.adminToken}`, "content-type": "application/json", ...init.headers },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The decision log is written after the answer (waitUntil): poll until `query` returns something, ≤ 5 s. */
async function decisions(query: string): Promise<any[]> {
  for (let i = 0; ; i++) {
    const { decisions: found } = await admin(`/decisions?${query}`);
    if (found.length || i >= 50) return found;
    await new Promise((res) => setTimeout(res, 100));
  }
}

describe("the generated settings work with the real Claude Code client", () => {
  beforeAll(async () => {
    if (!claudeInstalled()) throw new Error(`${CLAUDE_BIN} missing: run \`npm install\` (its postinstall runs \`npm ci --prefix e2e\`)`);
    svc = await startLocalService();
    dir = mkdtempSync(join(tmpdir(), "hookgate-e2e-"));
    const policyFile = join(dir, "team-policy.json");
    writeFileSync(policyFile, JSON.stringify(teamPolicy(), null, 2));

    const pushed = await runBin(["push", policyFile, "--url", svc.baseUrl, "--team", TEAM], { env: { HOOKGATE_ADMIN_TOKEN: svc.adminToken } });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(/published revision 1 for team e2e-team/);

    const minted = await admin("/tokens", { method: "POST", body: JSON.stringify({ name: "e2e" }) });
    expect(minted.token).toEqual(expect.any(String));
    token = minted.token;

    settings = await settingsFor(svc.baseUrl, policyFile);
  }, 90_000);

  afterAll(async () => {
    await svc?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "hookgate-e2e-cwd-"));
  });
  afterEach(async () => {
    await model?.close();
    model = undefined;
    rmSync(cwd, { recursive: true, force: true });
  });

  it("the settings block is what the CLI promises: http hooks, bearer token, onFailure block (fail closed)", () => {
    const pre = settings.hooks.PreToolUse[0];
    // The starter's PreToolUse groups all name tools exactly, so the client pre-filters on their union.
    expect(pre.matcher.split("|")).toEqual(expect.arrayContaining(["Bash", "Read", "Edit", "Write"]));
    expect(pre.hooks[0]).toEqual({
      type: "http",
      url: `${svc.baseUrl}/v1/hooks/${TEAM}/pre-tool-use`,
      headers: { Authorization: "Bearer $HOOKGATE_TOKEN" },
      allowedEnvVars: ["HOOKGATE_TOKEN"],
      timeout: expect.any(Number),
      onFailure: "block",
    });
    expect(pre.hooks[0].timeout * 1000).toBeGreaterThan(STARTER.deadlineMs);
    expect(settings.hooks.UserPromptSubmit[0].hooks[0]).toMatchObject({
      type: "http",
      url: `${svc.baseUrl}/v1/hooks/${TEAM}/user-prompt-submit`,
      onFailure: "block",
    });
    // SessionStart is never sent over HTTP by the client: a curl command bridge instead.
    expect(settings.hooks.SessionStart[0].hooks[0]).toMatchObject({ type: "command", command: expect.stringContaining(`'${svc.baseUrl}/v1/hooks/${TEAM}/session-start'`) });
    expect(Object.keys(settings.hooks).sort()).toEqual(["PreToolUse", "SessionStart", "UserPromptSubmit"]);
  });

  it("(a) a denied rm: the dir survives, the model gets the policy's reason as a tool error, the CLI lists the denial, the service logged it", async () => {
    mkdirSync(join(cwd, "victim"));
    writeFileSync(join(cwd, "victim", "keep.txt"), "precious");
    const r = await claude(bashOnce("rm -rf ./victim"), "clean up the victim dir", settings);
    expect(r.exitCode, r.stderr).toBe(0);

    expect(existsSync(join(cwd, "victim", "keep.txt"))).toBe(true);

    const msgs = model!.scripted();
    expect(msgs).toHaveLength(2);
    const [result] = lastToolResults(msgs[1]!.body);
    expect(result).toMatchObject({ is_error: true });
    expect(textOf(result!.content)).toBe(`PreToolUse:Bash hook error: ${REASON}`);

    expect(r.result).toMatchObject({ is_error: false, result: "done" });
    expect(r.result!.permission_denials).toEqual([
      expect.objectContaining({ tool_name: "Bash", tool_use_id: result!.tool_use_id, tool_input: expect.objectContaining({ command: "rm -rf ./victim" }) }),
    ]);

    // The hook request really reached the service (the decision log is written after the answer: poll briefly).
    const denials = await decisions(`event=PreToolUse&verdict=deny&session=${encodeURIComponent(r.result!.session_id)}`);
    expect(denials).toHaveLength(1);
    expect(denials[0]).toMatchObject({ team: TEAM, event: "PreToolUse", verdict: "deny", tool: "Bash", fired: ["no-rm-victim"], revision: 1 });
  });

  it("(b) an allowed command runs: the service answers {} and the marker file appears", async () => {
    const r = await claude(bashOnce("echo ok > marker.txt"), "write the marker", settings);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readFileSync(join(cwd, "marker.txt"), "utf8")).toBe("ok\n");
    const [result] = lastToolResults(model!.scripted()[1]!.body);
    expect(result!.is_error ?? false).toBe(false);
    expect(r.result).toMatchObject({ is_error: false, result: "done", permission_denials: [] });

    const logged = await decisions(`event=PreToolUse&session=${encodeURIComponent(r.result!.session_id)}`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ event: "PreToolUse", tool: "Bash", fired: [] });
    expect(logged[0].verdict).toBeUndefined();
  });

  it("(c) a prompt holding an AWS key is blocked by UserPromptSubmit: the model never sees it", async () => {
    const r = await claude(() => ({ text: "the model should never be asked" }), SECRET_PROMPT, settings);

    // What Claude Code 2.1.332 does with UserPromptSubmit {decision:"block", reason, suppressOriginalPrompt}: no
    // Messages request at all; the -p run ends at once with exit 0, zero turns, is_error false, and the reason as
    // its result text (so a script checking only the exit code would not notice).
    expect(model!.requests.filter((q) => q.kind === "messages")).toHaveLength(0);
    expect(model!.requests.map((q) => q.rawBody).join("\n")).not.toContain("AKIAIOSFODNN7EXAMPLE");
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.result).toMatchObject({
      is_error: false,
      subtype: "success",
      num_turns: 0,
      permission_denials: [],
      result: `UserPromptSubmit operation blocked by hook:\n${SECRET_RULE.reason}`,
    });

    const blocks = await decisions(`event=UserPromptSubmit&verdict=block&session=${encodeURIComponent(r.result!.session_id)}`);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ event: "UserPromptSubmit", verdict: "block", fired: [SECRET_RULE.id] });
    // The decision log masks the secret.
    expect(JSON.stringify(blocks[0])).not.toContain("AKIAIOSFODNN7EXAMPLE");
  });

  it("(e) the SessionStart curl bridge: the team's additionalContext reaches the model's first request", async () => {
    const r = await claude(() => ({ text: "hello" }), "hi", settings);
    expect(r.exitCode, r.stderr).toBe(0);
    const first = model!.scripted()[0]!;
    expect(first.rawBody).toContain(SESSION_CONTEXT);
    const logged = await decisions(`event=SessionStart&session=${encodeURIComponent(r.result!.session_id)}`);
    expect(logged[0]).toMatchObject({ event: "SessionStart", fired: ["session-context"] });
  });

  it("(e2) the bridge with a wrong token: a hook error the client reports, not the envelope passed off as the answer", async () => {
    // The bridge exits 1 with the reason on stderr: the client's non-blocking hook error. Before, curl printed the
    // envelope on stdout and exited 0, and the client recorded a successful SessionStart hook with that output.
    // Only the bridge here: with a wrong token the http hooks would (rightly) fail closed and block the prompt.
    const bridgeOnly = { hooks: { SessionStart: settings.hooks.SessionStart } };
    const events = ["--verbose", "--output-format", "stream-json", "--include-hook-events"];
    const r = await claude(() => ({ text: "hello" }), "hi", bridgeOnly, "hg_wrong-token", events);
    expect(r.exitCode, r.stderr).toBe(0); // the session goes on
    const hookResponses = r.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.type === "system" && e.subtype === "hook_response" && e.hook_event === "SessionStart");
    expect(hookResponses).toHaveLength(1);
    expect(hookResponses[0]).toMatchObject({
      outcome: "error",
      exit_code: 1,
      stdout: "",
      stderr: "hookgate: HTTP 401: missing or invalid hook token for this team\n",
    });
    const first = model!.scripted()[0]!.rawBody;
    expect(first).not.toContain("unauthorized");
    expect(first).not.toContain(SESSION_CONTEXT);
  });

  describe("(d) fail closed: the service cannot be reached", () => {
    let deadUrl: string;
    beforeAll(async () => {
      deadUrl = `http://127.0.0.1:${await freePort()}`;
    });

    it("failMode closed → onFailure:block on PreToolUse → the command is blocked, not run", async () => {
      const file = join(dir, "closed.json");
      writeFileSync(file, JSON.stringify(toolOnlyPolicy("closed")));
      const dead = await settingsFor(deadUrl, file);
      expect(dead.hooks.PreToolUse[0].hooks[0].onFailure).toBe("block");

      const r = await claude(bashOnce("echo ok > marker.txt"), "write the marker", dead);
      expect(existsSync(join(cwd, "marker.txt"))).toBe(false);
      const [result] = lastToolResults(model!.scripted()[1]!.body);
      expect(result).toMatchObject({ is_error: true });
      // "PreToolUse:Bash hook error: [<url>]: failed; blocking because onFailure is \"block\"\nconnect ECONNREFUSED …"
      expect(textOf(result!.content)).toContain(`[${deadUrl}/v1/hooks/${TEAM}/pre-tool-use]: failed; blocking because onFailure is "block"`);
      expect(textOf(result!.content)).toMatch(/ECONNREFUSED/);
      expect(r.result!.permission_denials).toEqual([expect.objectContaining({ tool_name: "Bash" })]);
    });

    it("failMode open → no onFailure → the same dead service lets the command run (Claude Code fails open)", async () => {
      const file = join(dir, "open.json");
      writeFileSync(file, JSON.stringify(toolOnlyPolicy("open")));
      const dead = await settingsFor(deadUrl, file);
      expect(dead.hooks.PreToolUse[0].hooks[0]).not.toHaveProperty("onFailure");

      await claude(bashOnce("echo ok > marker.txt"), "write the marker", dead);
      expect(readFileSync(join(cwd, "marker.txt"), "utf8")).toBe("ok\n");
    });

    it("the team's own settings after the service stops: fail closed at the first gate", async () => {
      await svc.stop();
      const r = await claude(bashOnce("echo ok > marker.txt"), "write the marker", settings);
      expect(existsSync(join(cwd, "marker.txt"))).toBe(false);
      // UserPromptSubmit carries onFailure:block too, so the prompt itself is refused before any model request
      // (exit 0, zero turns, the connection error as the result text); the Bash call is never even proposed.
      expect(model!.scripted()).toHaveLength(0);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.result).toMatchObject({ num_turns: 0, permission_denials: [] });
      expect(r.result!.result).toMatch(/^UserPromptSubmit operation blocked by hook:\n\[http:\/\/127\.0\.0\.1:\d+\/v1\/hooks\/e2e-team\/user-prompt-submit\]: failed; blocking because onFailure is "block"\n.*ECONNREFUSED/);
    });
  });
});
