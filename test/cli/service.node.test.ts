// The CLI's service commands as a policy owner uses them, through the real binary against the real local service
// (wrangler dev with KV, D1 and Durable Objects; test/support/localService.ts): push → revisions → diff →
// rollback, tokens create → list → revoke, decisions after hook calls (and --follow), settings from the service.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runBin, startLocalService, type LocalService } from "../support/localService";

const STARTER = join(ROOT, "policies/default.json");
let svc: LocalService;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-cli-svc-"));
  svc = await startLocalService();
}, 180_000);
afterAll(async () => {
  await svc?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The binary with the service and team in the environment, as the README's walkthrough sets them. */
const hookgate = (team: string, args: string[], opts: { stdin?: string } = {}) =>
  runBin(args, { env: { HOOKGATE_URL: svc.baseUrl, HOOKGATE_TEAM: team, HOOKGATE_ADMIN_TOKEN: svc.adminToken }, ...opts });

const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(content, null, 2));
  return p;
};

const rule = (id: string, reason: string) => ({ type: "rule", id, if: `Bash(${id} *)`, decision: "deny", reason });
const policyV1 = { failMode: "closed", hooks: { PreToolUse: [{ matcher: "Bash", hooks: [rule("shred", "no shredding"), rule("dd", "no dd")] }] } };
const policyV2 = {
  failMode: "open",
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [rule("dd", "no dd"), rule("shred", "never shred"), rule("mkfs", "no mkfs")] }] },
};

describe("push → revisions → diff → rollback", () => {
  const team = "cli-flow";

  it("diff before anything is published: every handler is new, exit 1", async () => {
    const r = await hookgate(team, ["diff", file("v1.json", policyV1)]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain(`--- team ${team} (no published policy)`);
    expect(r.stdout).toContain("+ handler id shred at hooks.PreToolUse[0].hooks[0]");
    expect(r.stdout).toContain('+ failMode: "closed"');
  });

  it("walks a policy through two revisions and back", async () => {
    const v1 = file("v1.json", policyV1);
    const v2 = file("v2.json", policyV2);
    const pushed = await hookgate(team, ["push", v1]);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toBe(`published revision 1 for team ${team}\n`);

    const same = await hookgate(team, ["diff", v1]);
    expect(same.code, same.stdout).toBe(0);
    expect(same.stdout).toBe(`${v1} is the same as team ${team} revision 1 (current)\n`);

    const differs = await hookgate(team, ["diff", v2]);
    expect(differs.code).toBe(1);
    const lines = differs.stdout.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^--- team ${team} revision 1 \\(current\\), published \\d{4}-`));
    expect(lines.slice(1)).toEqual([
      `+++ ${v2}`,
      '~ failMode: "closed" → "open"',
      "> handler id dd moved from hooks.PreToolUse[0].hooks[1] to hooks.PreToolUse[0].hooks[0]",
      "~ handler id shred at hooks.PreToolUse[0].hooks[1]",
      '    reason: "no shredding" → "never shred"',
      "> handler id shred moved from hooks.PreToolUse[0].hooks[0] to hooks.PreToolUse[0].hooks[1]",
      "+ handler id mkfs at hooks.PreToolUse[0].hooks[2]",
    ]);

    expect((await hookgate(team, ["push", v2])).stdout).toBe(`published revision 2 for team ${team}\n`);
    const revisions = await hookgate(team, ["revisions"]);
    expect(revisions.code, revisions.stderr).toBe(0);
    const rows = revisions.stdout.trimEnd().split("\n");
    expect(rows[0]).toMatch(/^ {2}revision +published +digest +by +message$/);
    // who published it (the audit trail): ADMIN_TOKEN, the root; no --message was given
    expect(rows[1]).toMatch(/^\* 2 +\d{4}-\d\d-\d\dT[\d:.]+Z +\S+ +root \(root\)$/);
    expect(rows[2]).toMatch(/^ {2}1 +\d{4}-/);

    const json = await hookgate(team, ["revisions", "--json"]);
    const listed = JSON.parse(json.stdout);
    expect(listed.revisions.map((r: any) => [r.revision, r.current])).toEqual([
      [2, true],
      [1, false],
    ]);

    // v2 against revision 1 differs; v1 against revision 1 is the same, whatever is current.
    expect((await hookgate(team, ["diff", v2, "--revision", "1"])).code).toBe(1);
    const againstOne = await hookgate(team, ["diff", v1, "--revision", "1", "--json"]);
    expect(againstOne.code).toBe(0);
    expect(JSON.parse(againstOne.stdout)).toMatchObject({ same: true, revision: 1, changes: [] });

    const back = await hookgate(team, ["rollback", "1"]);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toBe(`team ${team} is on revision 1 again\n`);
    expect((await hookgate(team, ["diff", v1])).code).toBe(0);
    expect(JSON.parse((await hookgate(team, ["revisions", "--json"])).stdout).revisions[1]).toMatchObject({ revision: 1, current: true });
  });

  it("refusals come from the error envelope: message and request id, exit 1", async () => {
    const missing = await hookgate(team, ["rollback", "99"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(new RegExp(`^rollback failed: HTTP 404: team "${team}" has no revision 99\\n {2}request id: \\S+\\n$`));
    const noSuchRevision = await hookgate(team, ["diff", STARTER, "--revision", "42"]);
    expect(noSuchRevision.code).toBe(1);
    expect(noSuchRevision.stderr).toContain("has no revision 42");
    const wrongToken = await runBin(["revisions", "--url", svc.baseUrl, "--team", team], { env: { HOOKGATE_ADMIN_TOKEN: "hga_wrong" } });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toMatch(/^revisions failed: HTTP 401: /);
  });
});

/** A PreToolUse hook call as Claude Code makes it, with the team token. */
const hookCall = (team: string, token: string, command: string, id: string) =>
  fetch(`${svc.baseUrl}/v1/hooks/${team}/pre-tool-use`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      session_id: "s-cli-svc",
      transcript_path: "/tmp/s.jsonl",
      cwd: "/tmp",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command },
      tool_use_id: id,
    }),
  });

describe("tokens create → list → revoke", () => {
  const team = "cli-tokens";
  it("the created token works until it is revoked", async () => {
    const created = await hookgate(team, ["tokens", "create", "--name", "laptop-alice"]);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^hg_\S+$/);
    expect(created.stdout).toBe(`${token}\n`); // only the token: `export HOOKGATE_TOKEN=$(…)` works
    const id = /created token (\S+) for team/.exec(created.stderr)?.[1];
    expect(id, created.stderr).toBeDefined();
    expect((await hookCall(team, token, "ls", "t1")).status).toBe(200);

    const list = await hookgate(team, ["tokens", "list"]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${id} +laptop-alice +${token.slice(0, 6)}\\S*… +\\d{4}-`, "m"));
    expect(list.stdout).not.toContain(token); // never the token itself
    const listed = JSON.parse((await hookgate(team, ["tokens", "list", "--json"])).stdout);
    expect(listed.tokens.map((t: any) => t.id)).toEqual([id]);

    const revoked = await hookgate(team, ["tokens", "revoke", id!]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toBe(`revoked token ${id} of team ${team}\n`);
    expect((await hookCall(team, token, "ls", "t2")).status).toBe(401); // at once, in the isolate that revoked it
    expect((await hookgate(team, ["tokens", "list"])).stdout).toBe(`team ${team} has no tokens\n`);

    const again = await hookgate(team, ["tokens", "revoke", id!]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`has no token ${id}`);
  });
});

describe("decisions", () => {
  const team = "cli-decisions";
  let token: string;
  beforeAll(async () => {
    expect((await hookgate(team, ["push", STARTER])).code).toBe(0);
    token = (await hookgate(team, ["tokens", "create"])).stdout.trim();
  });

  /**
   * The log is written by the queue's consumer in batches: ask the route the command reads (`path`, under the team's
   * admin API) until `found` holds, bounded, so that the binary is then run once on a log that has the records.
   */
  async function logUntil(path: string, found: (body: string) => boolean): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const res = await fetch(`${svc.baseUrl}/v1/admin/teams/${team}${path}`, { headers: { authorization: `Bearer ${svc.adminToken}` } });
      if (found(await res.text()) || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it("lists the decisions made for hook calls, oldest first, with filters; --json is one document", async () => {
    const deny = await hookCall(team, token, "rm -rf /", "d1");
    const denyId = deny.headers.get("x-hookgate-decision-id")!;
    const allow = await hookCall(team, token, "ls -la", "d2");
    const allowId = allow.headers.get("x-hookgate-decision-id")!;
    await logUntil("/decisions", (body) => body.includes(denyId) && body.includes(allowId));
    const r = await hookgate(team, ["decisions"]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines.findIndex((l) => l.includes(denyId))).toBeLessThan(lines.findIndex((l) => l.includes(allowId)));
    expect(lines.find((l) => l.includes(denyId))).toMatch(/^\S+Z {2}PreToolUse {2}Bash {2}deny {2}fired no-recursive-delete\S* {2}rev 1 {2}\d+ms {2}/);
    expect(lines.find((l) => l.includes(allowId))).toMatch(/ {2}none {2}fired - {2}/);

    const denies = await hookgate(team, ["decisions", "--verdict", "deny", "--json"]);
    const doc = JSON.parse(denies.stdout);
    expect(doc.team).toBe(team);
    expect(doc.decisions.map((d: any) => d.decisionId)).toEqual([denyId]);

    const one = JSON.parse((await hookgate(team, ["decisions", "--limit", "1", "--json", "--event", "PreToolUse"])).stdout);
    expect(one.decisions.map((d: any) => d.decisionId)).toEqual([allowId]); // the newest
    const future = await hookgate(team, ["decisions", "--since", "2999-01-01T00:00:00Z"]);
    expect(future.stdout).toBe("");
    expect(future.stderr).toBe(`no decisions for team ${team} matching the filters\n`);
  });

  it("decisions export streams every record of the window as NDJSON, through the local queue, R2 and D1 of npm start", async () => {
    const ids = await Promise.all(["x1", "x2", "x3"].map(async (n) => (await hookCall(team, token, `echo ${n}`, n)).headers.get("x-hookgate-decision-id")!));
    const since = new Date(Date.now() - 3_600_000).toISOString();
    await logUntil(`/decisions/export?since=${since}`, (body) => ids.every((id) => body.includes(id)));
    const r = await hookgate(team, ["decisions", "export", "--since", "1h"]);
    expect(r.code, r.stderr).toBe(0);
    const records = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { decisionId: string; team: string });
    expect(records.filter((d) => ids.includes(d.decisionId))).toHaveLength(3);
    expect(new Set(records.map((d) => d.decisionId)).size).toBe(records.length); // each record once
    expect(records.every((d) => d.team === team)).toBe(true);
    expect(r.stderr).toBe(`exported ${records.length} decision record(s) of team ${team}\n`);
    // The consumer archived them: the health figure counts objects written to the local R2.
    const health = await fetch(`${svc.baseUrl}/v1/admin/decision-log`, { headers: { authorization: `Bearer ${svc.adminToken}` } });
    expect(((await health.json()) as { log: { objectsWritten: number } }).log.objectsWritten).toBeGreaterThan(0);
    const missing = await hookgate(team, ["decisions", "export"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("decisions export needs --since");
  });

  it("--follow prints records as they are made and exits 0 on Ctrl-C (SIGINT)", async () => {
    const child = spawn(process.execPath, [join(ROOT, "bin/hookgate.mjs"), "decisions", "--follow", "--interval", "150", "--json", "--since", "1m"], {
      env: { ...process.env, HOOKGATE_URL: svc.baseUrl, HOOKGATE_TEAM: team, HOOKGATE_ADMIN_TOKEN: svc.adminToken },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const waiters: (() => void)[] = [];
    child.stdout.setEncoding("utf8").on("data", (d: string) => ((stdout += d), waiters.splice(0).forEach((w) => w())));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    let exited = false;
    const closed = new Promise<number | null>((resolve) => child.on("close", (code) => ((exited = true), waiters.splice(0).forEach((w) => w()), resolve(code))));
    /** Resolves when stdout holds `text`; fails at once if the follow ends first (the test's timeout bounds the rest). */
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () =>
          stdout.includes(text) ? resolve() : exited ? reject(new Error(`--follow exited before printing ${text}: ${stderr}`)) : waiters.push(check);
        check();
      });
    try {
      const firstId = (await hookCall(team, token, "git push --force origin main", "f1")).headers.get("x-hookgate-decision-id")!;
      await printed(firstId);
      const secondId = (await hookCall(team, token, "cat .env", "f2")).headers.get("x-hookgate-decision-id")!;
      await printed(secondId);
      child.kill("SIGINT");
      expect(await closed, stderr).toBe(0);
      const records = stdout.trim().split("\n").map((l) => JSON.parse(l));
      const ids = records.map((d) => d.decisionId);
      expect(ids.filter((id) => id === firstId || id === secondId)).toEqual([firstId, secondId]); // each once, in order
      expect(new Set(ids).size).toBe(ids.length); // no record printed twice across polls
      expect(records.find((d) => d.decisionId === firstId)).toMatchObject({ verdict: "ask", event: "PreToolUse" });
    } finally {
      child.kill("SIGKILL");
    }
  });
});

describe("settings from the service", () => {
  const team = "cli-settings-svc";
  it("without --policy and with the admin token: the service's block for the published policy; --merge writes it", async () => {
    const path = file("svc-policy.json", { hooks: { Stop: [{ hooks: [{ type: "rule", decision: "block", reason: "tests first" }] }] } });
    expect((await hookgate(team, ["push", path])).code).toBe(0);
    const r = await hookgate(team, ["settings"]);
    expect(r.code, r.stderr).toBe(0);
    const block = JSON.parse(r.stdout);
    const api = await fetch(`${svc.baseUrl}/v1/admin/teams/${team}/settings?url=${encodeURIComponent(svc.baseUrl)}`, {
      headers: { authorization: `Bearer ${svc.adminToken}` },
    });
    expect(block).toEqual(await api.json());
    expect(Object.keys(block.hooks)).toEqual(["Stop"]);

    const settingsPath = join(dir, "proj", ".claude", "settings.json");
    const merged = await hookgate(team, ["settings", "--merge", settingsPath]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(`${settingsPath}: created\n  + hookgate hooks added: Stop\n`);
    expect(JSON.parse(readFileSync(settingsPath, "utf8"))).toEqual(block);

    const refused = await hookgate(team, ["settings", "--token-env", "ACME_TOKEN"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^--token-env needs --policy/);
  });
});

describe("first run", () => {
  it("npm start is quiet: no request.cf fetch and its stack traces, one line saying so", () => {
    const out = svc.output();
    expect(out).toContain("request.cf is miniflare's placeholder (hookgate does not read it)");
    expect(out).not.toMatch(/ENOTFOUND|Unable to fetch the `Request\.cf` object/);
  });

  it("npm install is the whole set-up: the postinstall installs e2e/ from its lockfile and bundles the CLI, and CI does not do it again", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.postinstall).toBe("npm ci --prefix e2e --no-audit --no-fund && node scripts/build-cli.mjs");
    // e2e/ has no install scripts of its own, so the postinstall cannot recurse.
    expect(JSON.parse(readFileSync(join(ROOT, "e2e/package.json"), "utf8")).scripts).toBeUndefined();
    const ci = readFileSync(join(ROOT, ".ci/run"), "utf8");
    expect(ci).toMatch(/^npm ci --no-audit --no-fund$/m);
    expect(ci).not.toMatch(/cd e2e|--prefix e2e/);
  });
});

describe("--json", () => {
  it("every read command with --json prints exactly one JSON document on stdout (the real binary)", async () => {
    const team = "cli-json";
    const input = file("json-input.json", { session_id: "s", transcript_path: "/t", cwd: "/", hook_event_name: "Stop", stop_hook_active: false });
    const runs: [string[], number, (doc: any) => void][] = [
      [["push", STARTER, "--json"], 0, (d) => expect(d).toMatchObject({ team, revision: 1 })],
      [["push", STARTER, "--dry-run", "--json"], 0, (d) => expect(d).toMatchObject({ dryRun: true, valid: true })],
      [["check", STARTER, "--json"], 0, (d) => expect(d).toMatchObject({ ok: true, problems: [] })],
      [["check", file("json-bad.json", { hooks: { Nope: [] } }), "--json"], 1, (d) => expect(d.problems[0].path).toBe("hooks.Nope")],
      [["eval", STARTER, input, "--json"], 0, (d) => expect(d.answer).toEqual({})],
      [["diff", STARTER, "--json"], 0, (d) => expect(d).toMatchObject({ same: true, revision: 1 })],
      [["revisions", "--json"], 0, (d) => expect(d.revisions).toHaveLength(1)],
      // (rolling back to the revision in force is a 409: a second revision first)
      [["push", file("json-v2.json", { ...JSON.parse(readFileSync(STARTER, "utf8")), description: "v2" }), "--json"], 0, (d) => expect(d).toMatchObject({ team, revision: 2 })],
      [["rollback", "1", "--json"], 0, (d) => expect(d).toMatchObject({ team, revision: 1 })],
      [["tokens", "create", "--json"], 0, (d) => expect(d.token).toMatch(/^hg_/)],
      [["tokens", "list", "--json"], 0, (d) => expect(d.tokens).toHaveLength(1)],
      [["decisions", "--json"], 0, (d) => expect(d).toEqual({ team, decisions: [] })],
      [["settings", "--json"], 0, (d) => expect(Object.keys(d.hooks)).toContain("PreToolUse")],
    ];
    for (const [args, code, check] of runs) {
      const r = await hookgate(team, args);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(code);
      check(JSON.parse(r.stdout));
    }
    const id = JSON.parse((await hookgate(team, ["tokens", "list", "--json"])).stdout).tokens[0].id;
    const revoked = await hookgate(team, ["tokens", "revoke", id, "--json"]);
    expect(JSON.parse(revoked.stdout)).toEqual({ revoked: id });
  }, 300_000); // a dozen real CLI runs: ~35 s alone, past 120 s on a loaded CI machine
});
