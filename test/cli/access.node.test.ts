// Who may do what, through the real `hookgate` binary against a real local service (npm start): admin tokens
// minted with `hookgate admin-tokens`, refused for scope with a clear message and nothing changed, revoked, never
// confused with hook tokens; the org baseline pushed, diffed, evaluated and tested offline; the audit trail and
// `hookgate revisions` naming who published and why.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin, startLocalService, type LocalService } from "../support/localService";

let svc: LocalService;
let dir: string;
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};
/** A PreToolUse input as Claude Code sends it: `ls`. */
const LS_INPUT = {
  hook_event_name: "PreToolUse",
  session_id: "s-1",
  transcript_path: "/home/dev/.claude/projects/x/s.jsonl",
  cwd: "/home/dev/shop",
  permission_mode: "default",
  tool_name: "Bash",
  tool_input: { command: "ls" },
  tool_use_id: "toolu_1",
};
const lsRule = (decision: string, id: string) => ({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id, if: ["Bash(ls)", "Bash(ls *)"], decision, reason: `${id}: ls is ${decision}` }] }] },
});

/** The binary with an admin token and the service's URL. */
const hg = (token: string, args: string[]) => runBin(args, { env: { HOOKGATE_ADMIN_TOKEN: token, HOOKGATE_URL: svc.baseUrl } });

async function mint(token: string, name: string, scopes: string, teams: string): Promise<string> {
  const r = await hg(token, ["admin-tokens", "create", "--name", name, "--scopes", scopes, "--teams", teams]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout.trim()).toMatch(/^hga_[\w-]{43}$/);
  return r.stdout.trim();
}

beforeAll(async () => {
  svc = await startLocalService();
  dir = mkdtempSync(join(tmpdir(), "hookgate-access-"));
}, 90_000);
afterAll(async () => {
  await svc?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("hookgate admin-tokens and scopes", () => {
  it("a team owner's token works for its team; for another team every change is refused for scope, naming it, and nothing changes", async () => {
    const root = svc.adminToken;
    const deny = file("deny.json", lsRule("deny", "ls-deny"));
    const allow = file("allow.json", lsRule("allow", "ls-allow"));
    expect((await hg(root, ["push", deny, "--team", "cli-b", "--message", "b's rules"])).code).toBe(0);
    const owner = await mint(root, "cli-a owner", "policy:read,policy:write,tokens:write,decisions:read", "cli-a");
    const ok = await hg(owner, ["push", allow, "--team", "cli-a", "--message", "allow ls for a"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("published revision 1 for team cli-a");

    const before = await hg(root, ["revisions", "--team", "cli-b", "--json"]);
    for (const [args, scope] of [
      [["push", allow, "--team", "cli-b"], "policy:write"],
      [["rollback", "1", "--team", "cli-b"], "policy:write"],
      [["decisions", "--team", "cli-b"], "decisions:read"],
      [["tokens", "create", "--team", "cli-b"], "tokens:write"],
    ] as const) {
      const r = await hg(owner, [...args]);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toContain("HTTP 403");
      expect(r.stderr).toContain(`scope "${scope}" for team "cli-b"`);
      expect(r.stderr).toContain("refused for scope");
    }
    const after = await hg(root, ["revisions", "--team", "cli-b", "--json"]);
    expect(after.stdout).toBe(before.stdout);

    // Who published, and why: from the audit trail.
    const revs = await hg(root, ["revisions", "--team", "cli-a"]);
    expect(revs.stdout).toMatch(/\* 1 .* cli-a owner \(atk_[\w-]+\) +allow ls for a/);
    const audit = await hg(root, ["audit", "--team", "cli-a"]);
    expect(audit.code, audit.stderr).toBe(0);
    expect(audit.stdout).toMatch(/cli-a +policy\.publish +1 +cli-a owner \(atk_[\w-]+\) +allow ls for a/);
  });

  it("a policy:read token cannot push; a tokens:write token cannot mint admin tokens", async () => {
    const root = svc.adminToken;
    const reader = await mint(root, "reader", "policy:read", "*");
    const r = await hg(reader, ["push", file("p.json", lsRule("deny", "x")), "--team", "cli-r"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('scope "policy:write"');
    const minter = await mint(root, "minter", "tokens:write", "cli-m");
    const m = await hg(minter, ["admin-tokens", "create", "--name", "escalate", "--scopes", "tokens:write", "--teams", "cli-m"]);
    expect(m.code).toBe(1);
    expect(m.stderr).toContain('scope "admin"');
    expect(m.stderr).toContain("refused for scope");
    // A bad scope is caught before anything is sent.
    const bad = await hg(root, ["admin-tokens", "create", "--name", "x", "--scopes", "root", "--teams", "*"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"root" is not one of policy:read');
  });

  it("a revoked token is refused; a hook token is not an admin token, nor an admin token a hook token", async () => {
    const root = svc.adminToken;
    const temp = await mint(root, "temporary", "policy:read", "*");
    const listed = await hg(root, ["admin-tokens", "list", "--json"]);
    const id = (JSON.parse(listed.stdout) as { tokens: { id: string; name: string }[] }).tokens.find((t) => t.name === "temporary")!.id;
    expect((await hg(temp, ["teams"])).code).toBe(0);
    const revoked = await hg(root, ["admin-tokens", "revoke", id, "--message", "done with it"]);
    expect(revoked.code, revoked.stderr).toBe(0);
    const refused = await hg(temp, ["teams"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("HTTP 401");

    const hookToken = (await hg(root, ["tokens", "create", "--team", "cli-h"])).stdout.trim();
    expect(hookToken).toMatch(/^hg_/);
    const asAdmin = await hg(hookToken, ["revisions", "--team", "cli-h"]);
    expect(asAdmin.code).toBe(1);
    expect(asAdmin.stderr).toContain("HTTP 401");
    const res = await fetch(`${svc.baseUrl}/v1/hooks/cli-h/pre-tool-use`, {
      method: "POST",
      headers: { authorization: `Bearer ${temp}`, "content-type": "application/json" },
      body: JSON.stringify({ hook_event_name: "PreToolUse", session_id: "s", tool_name: "Bash", tool_input: { command: "ls" } }),
    });
    expect(res.status).toBe(401);
    const audit = await hg(root, ["audit", "--json"]);
    const entries = (JSON.parse(audit.stdout) as { entries: { action: string; target?: string; message?: string; actor: { id: string } }[] }).entries;
    expect(entries.filter((e) => e.action === "admin-token.revoke" && e.target === id)).toEqual([expect.objectContaining({ message: "done with it", actor: { id: "root", name: "root" } })]);
  });
});

describe("hookgate and the org baseline", () => {
  it("push --baseline, diff --baseline, eval --baseline and test --baseline", async () => {
    const root = svc.adminToken;
    const baseline = file("baseline.json", lsRule("deny", "org-no-ls"));
    const pushed = await hg(root, ["push", "--baseline", baseline, "--message", "org: no ls"]);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(/published revision \d+ for the org baseline/);
    expect((await hg(root, ["diff", "--baseline", baseline])).code).toBe(0);
    expect((await hg(root, ["diff", "--baseline", file("other.json", lsRule("ask", "org-ask"))])).code).toBe(1);
    // A team owner cannot push the baseline.
    const owner = await mint(root, "web owner", "policy:read,policy:write", "cli-web-*");
    const refused = await hg(owner, ["push", "--baseline", baseline]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('scope "admin"');

    // Offline: the team's allow, under the baseline's deny.
    const team = file("team.json", lsRule("allow", "team-allows-ls"));
    const input = file("input.json", LS_INPUT);
    const evaluated = await runBin(["eval", team, input, "--baseline", baseline]);
    expect(evaluated.code, evaluated.stderr).toBe(0);
    const out = JSON.parse(evaluated.stdout) as { answer: { hookSpecificOutput: { permissionDecision: string } }; trace: { decidedBy: string } };
    expect(out.answer.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(out.trace.decidedBy).toBe("baseline");
    const alone = JSON.parse((await runBin(["eval", team, input])).stdout) as typeof out;
    expect(alone.answer.hookSpecificOutput.permissionDecision).toBe("allow");

    writeFileSync(join(dir, "team.test.json"), JSON.stringify({ policy: "team.json", cases: [{ Bash: "ls", expect: { decision: "allow" } }] }));
    expect((await runBin(["test", team], { cwd: dir })).code).toBe(0);
    const layered = await runBin(["test", team, "--baseline", baseline], { cwd: dir });
    expect(layered.code).toBe(1);
    expect(layered.stdout).toContain("deny");

    // The service answers the same: a team that allows ls is denied by the baseline.
    expect((await hg(root, ["push", team, "--team", "cli-web-shop"])).code).toBe(0);
    const hookToken = (await hg(root, ["tokens", "create", "--team", "cli-web-shop"])).stdout.trim();
    const res = await fetch(`${svc.baseUrl}/v1/hooks/cli-web-shop/pre-tool-use`, {
      method: "POST",
      headers: { authorization: `Bearer ${hookToken}`, "content-type": "application/json" },
      body: JSON.stringify(LS_INPUT),
    });
    expect(((await res.json()) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
    const revs = await hg(root, ["revisions", "--baseline"]);
    expect(revs.stdout).toMatch(/root \(root\) +org: no ls/);
  });
});
