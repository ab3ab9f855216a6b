// The README's walkthrough ("From `npm start` to Claude Code enforcing your policy") run exactly as written: its
// shell blocks are read from README.md and run in one bash (so its exports carry over), in a scratch directory laid
// out like a clone, against a real local service. Only the port is substituted. README and test cannot drift.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ROOT, startLocalService, type LocalService } from "../support/localService";

const HEADING = "## From `npm start` to Claude Code enforcing your policy";

/** The ```sh blocks of the walkthrough section, in order. */
function walkthroughBlocks(readme: string): string[] {
  const start = readme.indexOf(HEADING);
  if (start === -1) throw new Error(`README.md has no section "${HEADING}"`);
  const next = readme.indexOf("\n## ", start + HEADING.length);
  const section = readme.slice(start, next === -1 ? undefined : next);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

let svc: LocalService;
let clone: string;
beforeAll(async () => {
  svc = await startLocalService();
  // What a clone has that the walkthrough uses: the policies, the package's binary (as npm install links it), and
  // the .dev.vars `npm start` wrote (here: the test service's).
  clone = mkdtempSync(join(tmpdir(), "hookgate-walkthrough-"));
  cpSync(join(ROOT, "policies"), join(clone, "policies"), { recursive: true });
  mkdirSync(join(clone, "node_modules", ".bin"), { recursive: true });
  symlinkSync(join(ROOT, "bin", "hookgate.mjs"), join(clone, "node_modules", ".bin", "hookgate"));
  writeFileSync(join(clone, ".dev.vars"), `ADMIN_TOKEN=${svc.adminToken}\nHOOKGATE_DEV_TOKEN=${svc.devToken}\n`);
}, 90_000);
afterAll(async () => {
  await svc?.stop();
  if (clone) rmSync(clone, { recursive: true, force: true });
});

function bash(script: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false" };
    for (const k of ["HOOKGATE_ADMIN_TOKEN", "HOOKGATE_TOKEN", "HOOKGATE_URL", "HOOKGATE_TEAM"]) delete env[k];
    const child = spawn("bash", ["-c", script], { cwd, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject).on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

it("the README walkthrough runs as written and ends with Claude Code's settings pointing at the team", async () => {
  const blocks = walkthroughBlocks(readFileSync(join(ROOT, "README.md"), "utf8"));
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  const script = blocks.join("\n").replaceAll("http://127.0.0.1:8787", svc.baseUrl);
  expect(existsSync(join(clone, ".claude"))).toBe(false); // a fresh clone has none: --merge creates it
  // Every command must succeed (pipefail: inside $(…) too, via inherit_errexit); the env is printed at the end to check.
  const r = await bash(`set -euo pipefail; shopt -s inherit_errexit\n${script}\necho; echo "TOKEN=$HOOKGATE_TOKEN"`, clone);
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);

  expect(r.stdout).toMatch(/my-policy\.json: ok — \d+ handler\(s\)/);
  expect(r.stdout).toContain("published revision 1 for team acme");
  expect(r.stdout).toContain("my-policy.json is the same as team acme revision 1 (current)");
  // Published by the team owner's token the walkthrough minted, with its message.
  expect(r.stdout).toMatch(/\* 1 .* acme-owner \(atk_[\w-]+\) +start from the starter/);
  expect(r.stdout).toContain(".claude/settings.json: created");
  // The hook call with the token the walkthrough created was answered by the policy: a deny.
  expect(r.stdout).toMatch(/"permissionDecision":"deny"/);
  const token = /^TOKEN=(hg_\S+)$/m.exec(r.stdout)?.[1];
  expect(token, r.stdout).toBeDefined();

  const settings = JSON.parse(readFileSync(join(clone, ".claude", "settings.json"), "utf8"));
  expect(settings.hooks.PreToolUse[0].hooks[0]).toMatchObject({
    type: "http",
    url: `${svc.baseUrl}/v1/hooks/acme/pre-tool-use`,
    headers: { Authorization: "Bearer $HOOKGATE_TOKEN" },
  });
  expect(JSON.parse(readFileSync(join(clone, "my-policy.json"), "utf8"))).toEqual(JSON.parse(readFileSync(join(ROOT, "policies/default.json"), "utf8")));
});
