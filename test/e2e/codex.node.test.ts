// The Codex settings work with the real client, end to end: `npm start` (scripts/start.mjs, the real Worker on
// workerd), `hookgate push`, a token from the admin API, `hookgate settings --client codex` written UNMODIFIED as
// CODEX_HOME/hooks.json, and the real `codex exec` 0.169.0 driven offline by a scripted Responses API stand-in.
// A denied command does not run and its reason reaches the model; an allowed one runs; a patch to a denied path is
// not applied (Codex 0.169.0 applies `apply_patch <<'EOF'` given to its shell tool itself: hooks see it as Bash).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROOT, runBin, startLocalService, type LocalService } from "../support/localService";
import { startResponsesServer, toolOutputs, type ResponsesScript, type ResponsesServer } from "../support/responsesServer";
import { CODEX_BIN, codexInstalled, managedFormUnavailable, runCodex } from "./codex";

const TEAM = "e2e-codex";
const REASON = "E2E-CX-5150: deleting the victim directory is blocked by the e2e-codex policy.";
const PATCH_REASON = "E2E-CX-6262: the secrets directory is written by no agent.";
const STARTER = JSON.parse(readFileSync(join(ROOT, "policies/default.json"), "utf8"));

function teamPolicy(): any {
  const policy = structuredClone(STARTER);
  policy.failMode = "closed";
  const bash = policy.hooks.PreToolUse.find((g: any) => String(g.matcher ?? "").split("|").includes("Bash"));
  bash.hooks.unshift({ type: "rule", id: "no-rm-victim", if: "Bash(rm *victim*)", decision: "deny", reason: REASON });
  policy.hooks.PreToolUse.push({
    matcher: "Edit|Write",
    hooks: [{ type: "rule", id: "no-secrets", if: ["Edit(**/secrets/**)", "Write(**/secrets/**)"], decision: "deny", reason: PATCH_REASON }],
  });
  return policy;
}

/** Ask for one shell command (Codex's `exec_command` tool); once its output comes back, finish the turn. */
const commandOnce =
  (cmd: string): ResponsesScript =>
  ({ body }) =>
    toolOutputs(body).size > 0 ? { text: "done" } : { call: { name: "exec_command", args: { cmd } } };

/** Ask for one call of any of Codex's tools; once its output comes back, finish the turn. */
const toolOnce =
  (name: string, args: unknown): ResponsesScript =>
  ({ body }) =>
    toolOutputs(body).size > 0 ? { text: "done" } : { call: { name, args } };

const SECRET_REASON = (() => {
  for (const group of STARTER.hooks.PreToolUse) for (const h of group.hooks) if (h.id === "no-secret-files") return String(h.reason);
  throw new Error("no starter secret-files rule");
})();

const patch = (path: string, line: string) => `apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: ${path}\n+${line}\n*** End Patch\nEOF`;

// `rm victim/keep.txt`, not `rm -rf victim`: Codex 0.169.0 refuses `rm -f`-style commands itself, hooks or not, so
// only a command Codex would run shows that hookgate's deny is what stopped it.

let svc: LocalService;
let dir: string;
let cwd: string;
let home: string;
let hooks: any;
let token: string;
let requirementsToml: string;
let model: ResponsesServer | undefined;
/** Why the managed form cannot run here (not root, no mount namespace), or undefined. */
const noManagedForm = managedFormUnavailable();

async function codex(script: ResponsesScript, form: { managed?: boolean } = {}) {
  model = await startResponsesServer(script);
  const where = form.managed ? { managedRequirements: requirementsToml } : { hooks };
  const r = await runCodex({ prompt: "do the step", home, cwd, baseUrl: model.url, ...where, env: { HOOKGATE_TOKEN: token } });
  expect(r.timedOut, `codex timed out\n${r.stderr}`).toBe(false);
  // (model.unknown is not asserted empty: on a shared machine another suite may poll a port this server reused)
  expect(model.requests.length, r.stdout + r.stderr).toBeGreaterThan(0);
  return r;
}

/** What the model was told of its tool call (the output Codex sent back in the next request). */
const toldModel = () => [...toolOutputs(model!.requests.at(-1)).values()].join("\n");

describe("the generated settings work with the real Codex CLI", () => {
  beforeAll(async () => {
    if (!codexInstalled()) throw new Error(`${CODEX_BIN} missing: run \`npm install\` (its postinstall runs \`npm ci --prefix e2e\`)`);
    svc = await startLocalService();
    dir = mkdtempSync(join(tmpdir(), "hookgate-e2e-codex-"));
    const policyFile = join(dir, "policy.json");
    writeFileSync(policyFile, JSON.stringify(teamPolicy(), null, 2));
    const pushed = await runBin(["push", policyFile, "--url", svc.baseUrl, "--team", TEAM], { env: { HOOKGATE_ADMIN_TOKEN: svc.adminToken } });
    expect(pushed.code, pushed.stderr).toBe(0);
    const res = await fetch(`${svc.baseUrl}/v1/admin/teams/${TEAM}/tokens`, { method: "POST", headers: { authorization: `Bearer ${svc.adminToken}` } });
    expect(res.status).toBe(201);
    token = ((await res.json()) as { token: string }).token;
    const settings = await runBin(["settings", "--client", "codex", "--url", svc.baseUrl, "--team", TEAM, "--policy", policyFile]);
    expect(settings.code, settings.stderr).toBe(0);
    hooks = JSON.parse(settings.stdout);
    const managed = await runBin(["settings", "--client", "codex", "--url", svc.baseUrl, "--team", TEAM, "--policy", policyFile, "--form", "requirements"]);
    expect(managed.code, managed.stderr).toBe(0);
    requirementsToml = managed.stdout;
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "hookgate-e2e-codex-cwd-"));
    home = mkdtempSync(join(tmpdir(), "hookgate-e2e-codex-home-"));
  });
  afterEach(async () => {
    await model?.close();
    model = undefined;
    rmSync(cwd, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it("the hooks.json is a command bridge to the team's Codex route, failing closed on the gating events", () => {
    const pre = hooks.hooks.PreToolUse[0].hooks[0];
    expect(pre.type).toBe("command");
    expect(pre.command).toContain(`'${svc.baseUrl}/v1/hooks/${TEAM}/codex/pre-tool-use' HOOKGATE_TOKEN 1`);
    expect(pre.timeout).toBe(30);
  });

  it("a denied command does not run, and the policy's reason reaches the model", async () => {
    mkdirSync(join(cwd, "victim"));
    writeFileSync(join(cwd, "victim", "keep.txt"), "keep");
    const r = await codex(commandOnce("rm victim/keep.txt"));
    expect(existsSync(join(cwd, "victim", "keep.txt")), r.stdout + r.stderr).toBe(true);
    expect(toldModel()).toContain(REASON);
  }, 120_000);

  it("an allowed command runs", async () => {
    const r = await codex(commandOnce("echo E2E-CX-OK > made.txt"));
    expect(readFileSync(join(cwd, "made.txt"), "utf8").trim(), r.stdout + r.stderr).toBe("E2E-CX-OK");
  }, 120_000);

  it("a patch to a denied path is not applied and the model is told why; one to another path is", async () => {
    const r = await codex(commandOnce(patch("secrets/key.txt", "hunter2")));
    expect(existsSync(join(cwd, "secrets", "key.txt")), r.stdout + r.stderr).toBe(false);
    expect(toldModel()).toContain(PATCH_REASON);
    await model?.close();
    const ok = await codex(commandOnce(patch("docs/note.md", "E2E-CX-NOTE")));
    expect(existsSync(join(cwd, "docs", "note.md")), `${toldModel()}\n${ok.stdout}${ok.stderr}`).toBe(true);
    expect(readFileSync(join(cwd, "docs", "note.md"), "utf8")).toContain("E2E-CX-NOTE");
  }, 180_000);

  // Codex 0.169.0's view_image reaches PreToolUse as `view_image` `{ path }` (not Read): read as the Read it is, so the
  // starter's secret-files rule keeps .env out of the model's context (unmapped, Codex would have read the file).
  it("view_image of a secret file is denied, and the model is told why", async () => {
    writeFileSync(join(cwd, ".env"), "API_KEY=not-for-the-agent\n");
    await codex(toolOnce("view_image", { path: join(cwd, ".env") }));
    expect(toldModel()).toContain(SECRET_REASON);
  }, 120_000);

  // The form an organisation deploys: /etc/codex/requirements.toml, which runs without a person's trust and which
  // users cannot turn off. No hooks.json and no --dangerously-bypass-hook-trust: only the managed tables.
  it.skipIf(noManagedForm !== undefined)(`the managed requirements.toml form gates the real client on its own${noManagedForm ? ` (skipped: ${noManagedForm})` : ""}`, async () => {
    mkdirSync(join(cwd, "victim"));
    writeFileSync(join(cwd, "victim", "keep.txt"), "keep");
    const r = await codex(commandOnce("rm victim/keep.txt"), { managed: true });
    expect(existsSync(join(cwd, "victim", "keep.txt")), r.stdout + r.stderr).toBe(true);
    expect(toldModel()).toContain(REASON);
    await model?.close();
    const ok = await codex(commandOnce("echo E2E-CX-MANAGED > made.txt"), { managed: true });
    expect(readFileSync(join(cwd, "made.txt"), "utf8").trim(), ok.stdout + ok.stderr).toBe("E2E-CX-MANAGED");
  }, 180_000);

  it("when hookgate cannot be reached, the bridge fails closed: the command does not run (exit 2)", async () => {
    const dead = structuredClone(hooks);
    const pre = dead.hooks.PreToolUse[0].hooks[0];
    pre.command = pre.command.replace(svc.baseUrl, "http://127.0.0.1:9");
    hooks = dead;
    try {
      const r = await codex(commandOnce("echo SHOULD-NOT > ran.txt"));
      expect(existsSync(join(cwd, "ran.txt")), r.stdout + r.stderr).toBe(false);
      expect(toldModel()).toMatch(/hookgate: could not reach/);
    } finally {
      hooks = JSON.parse(JSON.stringify(dead).replaceAll("http://127.0.0.1:9", svc.baseUrl));
    }
  }, 120_000);
});
