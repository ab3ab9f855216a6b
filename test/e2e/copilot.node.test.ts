// Drives the real, pinned GitHub Copilot CLI (1.0.102, e2e/node_modules/@github/copilot-linux-x64) headless and
// fully offline against a real local hookgate: no GitHub account (COPILOT_OFFLINE=true with a local BYOK provider,
// COPILOT_PROVIDER_BASE_URL → the scripted model server speaking streamed chat completions), the repository's
// `.github/hooks/hookgate.json` exactly as the Copilot profile generates it, team `default` with the starter policy.
// A command the policy denies does not run and its reason reaches the model; an allowed one runs; so for a patch.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import { copilotCli } from "../../src/clients/copilot-cli";
import { childEnv, ROOT, runBin, startLocalService, type LocalService } from "../support/localService";
import { startModelServer, type ModelServer, type Script } from "../support/modelServer";

const COPILOT_BIN = resolve(ROOT, "e2e/node_modules/@github/copilot-linux-x64/copilot");

const SECRET_REASON = (() => {
  for (const group of starter.hooks.PreToolUse) for (const h of group.hooks) if (h.id === "no-secret-files") return h.reason;
  throw new Error("no starter secret-files rule");
})();

let svc: LocalService;
let home: string;
let cwd: string;
let model: ModelServer | undefined;

/** Copilot's bash tool call from the model, then a final text once the tool's result came back. */
const bashThenDone = (command: string): Script => ({ body }) =>
  (body.messages as { role: string }[]).some((m) => m.role === "tool") ? { text: "done" } : { toolUse: { name: "bash", input: { command, description: "run it" } } };

/** Copilot's freeform apply_patch call (a GPT-5 Codex model's file tool), then a final text once its result came back. */
const patchThenDone = (patch: string): Script => ({ body }) =>
  (body.messages as { role: string }[]).some((m) => m.role === "tool") ? { text: "done" } : { toolUse: { name: "apply_patch", input: patch, freeform: true } };

async function copilot(prompt: string, modelName = "gpt-4.1", token = svc.devToken): Promise<{ code: number | null; out: string }> {
  return new Promise((done, reject) => {
    const child = spawn(COPILOT_BIN, ["-p", prompt], {
      cwd,
      env: childEnv({
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: home,
        HOOKGATE_TOKEN: token,
        // Trusts the folder (so its .github/hooks load) and approves tools: the hooks are what decides here.
        COPILOT_ALLOW_ALL: "true",
        // The service runs on plain http on localhost: Copilot refuses http hooks carrying a token otherwise.
        COPILOT_HOOK_ALLOW_LOCALHOST: "1",
        COPILOT_OFFLINE: "true",
        COPILOT_PROVIDER_BASE_URL: `${model!.url}/v1`,
        COPILOT_PROVIDER_API_KEY: "dummy",
        COPILOT_MODEL: modelName,
        COPILOT_AUTO_UPDATE: "false",
        NO_COLOR: "1",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, out });
    });
  });
}

describe("the generated Copilot CLI hooks work with the real Copilot CLI", () => {
  beforeAll(async () => {
    if (!existsSync(COPILOT_BIN)) throw new Error(`${COPILOT_BIN} missing: run \`npm install\` (its postinstall runs \`npm ci --prefix e2e\`)`);
    svc = await startLocalService();
    // One HOME for the file: Copilot unpacks itself under ~/.cache/copilot on its first run.
    home = mkdtempSync(join(tmpdir(), "hookgate-copilot-home-"));
  }, 90_000);
  afterAll(async () => {
    await svc?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "hookgate-copilot-cwd-"));
    mkdirSync(join(cwd, ".git"));
    mkdirSync(join(cwd, ".github/hooks"), { recursive: true });
    writeFileSync(join(cwd, ".github/hooks/hookgate.json"), JSON.stringify(copilotCli.settings({ url: svc.baseUrl, team: "default" }), null, 2));
    writeFileSync(join(cwd, ".env"), "API_KEY=not-for-the-agent\n");
  });
  afterEach(async () => {
    await model?.close();
    model = undefined;
    rmSync(cwd, { recursive: true, force: true });
  });

  it("a command the starter policy denies does not run, and its reason reaches the model", async () => {
    model = await startModelServer({ script: bashThenDone("cat .env > leaked.txt") });
    const r = await copilot("copy the env file");
    expect(existsSync(join(cwd, "leaked.txt")), r.out).toBe(false);
    const after = model.scripted().at(-1)?.rawBody ?? "";
    expect(after, r.out).toContain(SECRET_REASON);
  }, 150_000);

  it("an allowed command runs", async () => {
    model = await startModelServer({ script: bashThenDone("echo gated-by-hookgate > ran.txt") });
    const r = await copilot("write the file");
    expect(existsSync(join(cwd, "ran.txt")), r.out).toBe(true);
    expect(readFileSync(join(cwd, "ran.txt"), "utf8")).toBe("gated-by-hookgate\n");
  }, 150_000);

  // With a GPT-5 Codex model Copilot 1.0.102 has no create/edit tools: it writes files with apply_patch, its hook
  // input a bare patch string. Read as the Write of each file the patch adds, the starter's secret-files rule holds.
  it("a patch the starter policy denies (writing .env) is not applied, and its reason reaches the model; another one is", async () => {
    model = await startModelServer({ script: patchThenDone("*** Begin Patch\n*** Add File: .env.local\n+API_KEY=planted\n*** End Patch\n") });
    const r = await copilot("write the env file", "gpt-5.2-codex");
    expect(existsSync(join(cwd, ".env.local")), r.out).toBe(false);
    expect(model.scripted().at(-1)?.rawBody ?? "", r.out).toContain(SECRET_REASON);
    await model.close();
    model = await startModelServer({ script: patchThenDone("*** Begin Patch\n*** Add File: notes.md\n+E2E-COPILOT-PATCH\n*** End Patch\n") });
    const ok = await copilot("write the notes", "gpt-5.2-codex");
    expect(readFileSync(join(cwd, "notes.md"), "utf8"), ok.out).toContain("E2E-COPILOT-PATCH");
  }, 300_000);

  // Copilot 1.0.102 names an MCP tool `<server>-<tool>` in its preToolUse hook (`<server>/<tool>` in permissionRequest):
  // read as mcp__<server>__<tool>, a rule on that tool denies it. The server is the MCP stub of the differential suite.
  it("an MCP tool a team's rule denies (mcp__stubsrv__drop_table) is not called, and its reason reaches the model", async () => {
    const team = "e2e-copilot-mcp";
    const reason = "E2E-CP-7171: no dropping tables from Copilot.";
    const policyFile = join(home, "mcp-policy.json");
    const policy = { hooks: { PreToolUse: [{ matcher: "mcp__stubsrv__.*", hooks: [{ type: "rule", id: "no-drop", if: "mcp__stubsrv__drop_table", decision: "deny", reason }] }] } };
    writeFileSync(policyFile, JSON.stringify(policy));
    const pushed = await runBin(["push", policyFile, "--url", svc.baseUrl, "--team", team], { env: { HOOKGATE_ADMIN_TOKEN: svc.adminToken } });
    expect(pushed.code, pushed.stderr).toBe(0);
    const minted = await fetch(`${svc.baseUrl}/v1/admin/teams/${team}/tokens`, { method: "POST", headers: { authorization: `Bearer ${svc.adminToken}` } });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    writeFileSync(join(cwd, ".github/hooks/hookgate.json"), JSON.stringify(copilotCli.settings({ url: svc.baseUrl, team }), null, 2));
    const stub = resolve(ROOT, "test/e2e/differential/mcpStub.mjs");
    mkdirSync(join(home, ".copilot"), { recursive: true });
    const mcpConfig = join(home, ".copilot/mcp-config.json");
    writeFileSync(mcpConfig, JSON.stringify({ mcpServers: { stubsrv: { type: "local", command: process.execPath, args: [stub, "drop_table"], tools: ["*"] } } }));
    try {
      model = await startModelServer({ script: ({ body }) => ((body.messages as { role: string }[]).some((m) => m.role === "tool") ? { text: "done" } : { toolUse: { name: "stubsrv-drop_table", input: { x: "users" } } }) });
      const r = await copilot("drop the table", "gpt-4.1", token);
      const offered = JSON.stringify(model.scripted()[0]?.body?.tools ?? []);
      expect(offered, "Copilot offered the stub's tool under this name").toContain("stubsrv-drop_table");
      expect(model.scripted().at(-1)?.rawBody ?? "", r.out).toContain(reason);
    } finally {
      rmSync(mcpConfig, { force: true });
    }
  }, 150_000);
});
