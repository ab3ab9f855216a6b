// `hookgate impact` through the real binary against the real local service (wrangler dev: KV, D1, Durable Objects):
// hook calls are answered and logged, then the log's stored (masked) inputs are decided again under a candidate.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin, startLocalService, type LocalService } from "../support/localService";

const TEAM = "impact-team";
const KEY = "AKIAIOSFODNN7EXAMPLE";
let svc: LocalService;
let dir: string;
let token: string;

/** A PreToolUse hook call as Claude Code makes it: the answer and the revision that gave it. */
async function hookCall(command: string, session: string, i: number): Promise<{ answer: any; revision: string | null }> {
  const res = await fetch(`${svc.baseUrl}/v1/hooks/${TEAM}/pre-tool-use`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ session_id: session, transcript_path: "/tmp/t.jsonl", cwd: "/tmp", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: `${session}-${i}` }),
  });
  expect(res.status).toBe(200);
  return { answer: await res.json(), revision: res.headers.get("x-hookgate-policy-revision") };
}
/** What the binary printed, shown with HOOKGATE_TEST_VERBOSE=1 (docs/rolling-out.md quotes it). */
const show = (args: string[], r: { stdout: string; stderr: string; code: number | null }) => console.log(`$ hookgate ${args.join(" ")}\n${r.stdout}${r.stderr}(exit ${r.code})`);

const rule = (id: string, extra: object) => ({ type: "rule", id, decision: "deny", reason: id, ...extra });
/** The published revision: one rule on `rm`, one that matches the access key's text (which the log masks). */
const CURRENT = {
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [rule("no-rm", { if: "Bash(rm *)" }), rule("no-key-literal", { when: { "tool_input.command": KEY } })] }],
  },
};
const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(content));
  return p;
};
const env = () => ({ HOOKGATE_URL: svc.baseUrl, HOOKGATE_TEAM: TEAM, HOOKGATE_ADMIN_TOKEN: svc.adminToken });

async function admin(path: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(`${svc.baseUrl}/v1/admin/teams/${TEAM}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${svc.adminToken}`, "content-type": "application/json" },
  });
  return res.json();
}

describe("hookgate impact", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hookgate-impact-"));
    svc = await startLocalService();
    const pushed = await runBin(["push", file("current.json", CURRENT)], { env: env() });
    expect(pushed.code, pushed.stderr).toBe(0);
    ({ token } = await admin("/tokens", { method: "POST", body: JSON.stringify({ name: "impact" }) }));
    const commands = ["ls -la", "git status", "rm -rf build", `echo ${KEY}`];
    for (const [i, command] of commands.entries()) {
      const res = await fetch(`${svc.baseUrl}/v1/hooks/${TEAM}/pre-tool-use`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          session_id: `s${i}`,
          transcript_path: "/tmp/t.jsonl",
          cwd: "/tmp",
          hook_event_name: "PreToolUse",
          tool_name: "Bash",
          tool_input: { command },
          tool_use_id: `t${i}`,
        }),
      });
      expect(res.status).toBe(200);
    }
    // The log is written after the answer: wait until all four are there (bounded).
    for (let i = 0; i < 100; i++) {
      const { decisions } = await admin("/decisions?limit=10");
      if (decisions.length >= commands.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    await svc?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("reports what the candidate changes on recorded traffic, and counts apart the record masking changed", async () => {
    const candidate = file("candidate.json", {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [rule("no-ls", { if: "Bash(ls *)" }), ...CURRENT.hooks.PreToolUse[0]!.hooks] }] },
    });
    const r = await runBin(["impact", "--json", candidate], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ team: TEAM, revision: 1, records: 4, otherRevision: 0, noInput: 0, total: 3 });
    expect(report.changed.byHandler).toEqual([
      { handler: "no-ls", count: 1, examples: [expect.objectContaining({ subject: "ls -la", baseline: "none", candidate: "deny", source: expect.any(String) })] },
    ]);
    // The key was answered deny live; its stored input holds it masked, so no revision matches it any more.
    expect(report.maskingChanged.count).toBe(1);
    expect(report.maskingChanged.byHandler[0]).toMatchObject({ handler: "no-key-literal", count: 1 });
    expect(report.maskingChanged.byHandler[0].examples[0].subject).not.toContain(KEY);

    const human = await runBin(["impact", candidate, "--fail-on-change"], { env: env() });
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(/1 decision\(s\) would change:\n {2}no-ls {2}\(1\)/);
    expect(human.stdout).toMatch(/1 record\(s\) decided differently from their masked input .*no-key-literal ×1/);
  });

  it("walks the road: shadow, its agreement, a canary, revisions, promote, abort — through the real binary", async () => {
    const candidate = file("deny-ls.json", {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [rule("no-ls", { if: ["Bash(ls)", "Bash(ls *)"] }), ...CURRENT.hooks.PreToolUse[0]!.hooks] }] },
    });
    const run = async (args: string[]) => {
      const r = await runBin(args, { env: env() });
      show(args, r);
      return r;
    };
    const staged = await run(["shadow", candidate, "--message", "deny ls"]);
    expect(staged.code, staged.stderr).toBe(0);
    expect(staged.stdout).toMatch(/^stored revision 2 as the shadow of team impact-team \(revision 1 still answers\)/);
    // The answers do not change: `ls` is still allowed by revision 1.
    for (const [i, command] of ["ls -la", "git status", "ls src"].entries()) {
      const { answer, revision } = await hookCall(command, "shadowed", i);
      expect(revision).toBe("1");
      expect(answer.hookSpecificOutput?.permissionDecision).toBeUndefined();
    }
    // The records reach the index through the queue: wait for the shadow's three (bounded) on the route the command
    // reads, then run the binary once.
    for (let i = 0; i < 100; i++) {
      if ((await admin("/policy/shadow")).decisions >= 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const report = JSON.parse((await runBin(["shadow", "--json"], { env: env() })).stdout);
    expect(report).toMatchObject({ revision: 2, decisions: 3, agreed: 1, disagreed: 2 });
    const human = await run(["shadow"]);
    expect(human.stdout).toMatch(/3 live decision\(s\), 1 agreed \(33\.3 %\), 2 disagreed/);
    expect(human.stdout).toMatch(/^ {2}no-ls {2}\(2\)$/m);

    const canary = await run(["canary", "2", "10", "--message", "a tenth first"]);
    expect(canary.code, canary.stderr).toBe(0);
    const revisions = await run(["revisions"]);
    expect(revisions.stdout).toMatch(/^ {2}2 .*shadow, canary 10 %/m);
    expect(revisions.stdout).toMatch(/^canary: revision 2 answers 10 % of sessions/m);
    const json = JSON.parse((await runBin(["revisions", "--json"], { env: env() })).stdout);
    expect(json.rollout).toMatchObject({ shadow: { revision: 2 }, canary: { revision: 2, percent: 10 } });
    const bad = await run(["canary", "2", "150"]);
    expect(bad.code).toBe(2);

    // A day of traffic, in little: 40 sessions, each asking for `ls` once; the canary's tenth of them is denied.
    const since = new Date().toISOString();
    let fromCanary = 0;
    for (let i = 0; i < 40; i++) if ((await hookCall("ls -la", `day-${i}`, 0)).revision === "2") fromCanary++;
    for (let i = 0; i < 100; i++) {
      const { decisions } = await admin(`/decisions?since=${since}&limit=100`);
      if (decisions.length >= 40) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const promoted = await run(["promote", "--message", "quiet for a day"]);
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(`team impact-team is on revision 2 (was 1)\n  canary  revision 2: ${fromCanary} of ${fromCanary} decision(s) denied or blocked`);
    expect(promoted.stdout).toMatch(/^ {2}before {2}revision 1: 0 of \d+ decision\(s\) denied or blocked \(0\.0 %\)$/m);
    expect((await hookCall("ls -la", "after-promote", 0)).answer.hookSpecificOutput?.permissionDecision).toBe("deny");
    const nothing = await run(["abort"]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/no canary or shadow to abort/);
    expect((await run(["canary", "1", "100"])).code).toBe(0);
    const aborted = await run(["abort"]);
    expect(aborted.stdout).toMatch(/^ended the canary of revision 1 for team impact-team/);
  }, 120_000);
});
