// `hookgate settings --client codex`: the hooks.json form (a command bridge per event the policy uses, to the team's
// Codex route), the managed requirements.toml form, --merge into an existing .codex/hooks.json (other hooks kept,
// hookgate's replaced, never doubled), and the bridge itself: exit 2 with the reason on stderr when hookgate cannot
// be reached on a fail-closed gating event, exit 1 on a fail-open one.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, runBin } from "../support/localService";
import { cli } from "./support";

let dir: string;
const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return p;
};
const policy = (failMode: "open" | "closed") => ({
  failMode,
  hooks: {
    PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: ["Bash(rm *)"], decision: "deny", reason: "no rm" }] }],
    Stop: [{ hooks: [{ type: "rule", decision: "block", reason: "tests first" }] }],
    Interrupt: [{ hooks: [{ type: "rule", systemMessage: "bye" }] }],
  },
});
const URL_ = "https://hookgate.example.com";
const args = (path: string, ...more: string[]) => ["settings", "--client", "codex", "--url", URL_, "--team", "acme", "--policy", path, ...more];

function runBridge(command: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", command], { env: childEnv({ PATH: process.env.PATH ?? "", ...env }), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(JSON.stringify({ hook_event_name: "PreToolUse" }));
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-settings-codex-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("hookgate settings --client codex", () => {
  it("hooks.json: one command bridge per event the policy uses (Codex's own events too), to the team's Codex routes", async () => {
    const r = await cli(args(file("closed.json", policy("closed"))));
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out);
    expect(Object.keys(s)).toEqual(["hooks"]);
    expect(Object.keys(s.hooks)).toEqual(["PreToolUse", "Stop", "Interrupt"]);
    const pre = s.hooks.PreToolUse[0].hooks[0];
    expect(pre).toEqual({ type: "command", command: expect.stringMatching(/^node -e '/), timeout: 30 });
    expect(pre.command).toContain(`'${URL_}/v1/hooks/acme/codex/pre-tool-use' HOOKGATE_TOKEN 1`);
    // Stop fails open whatever the policy says (a block there would loop the session), Interrupt cannot gate
    expect(s.hooks.Stop[0].hooks[0].command).toMatch(/codex\/stop' HOOKGATE_TOKEN 0$/);
    expect(s.hooks.Interrupt[0].hooks[0].command).toMatch(/codex\/interrupt' HOOKGATE_TOKEN 0$/);
    const open = JSON.parse((await cli(args(file("open.json", policy("open"))))).out);
    expect(open.hooks.PreToolUse[0].hooks[0].command).toMatch(/ HOOKGATE_TOKEN 0$/);
  });

  it("the managed requirements.toml form: [[hooks.<Event>]] tables with the same commands", async () => {
    const path = file("closed.json", policy("closed"));
    const r = await cli(args(path, "--form", "requirements"));
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"node -e '");
    expect(r.out).toContain("timeout = 30");
    const hooksJson = JSON.parse((await cli(args(path))).out);
    const command: string = hooksJson.hooks.PreToolUse[0].hooks[0].command;
    // the TOML basic string holds exactly the hooks.json command
    const line = r.out.split("\n").find((l) => l.startsWith("command = ") && l.includes("pre-tool-use"))!;
    expect(JSON.parse(line.slice("command = ".length))).toBe(command);
    expect((await cli(["settings", "--url", URL_, "--team", "acme", "--policy", path, "--form", "requirements"])).code).toBe(2);
    expect((await cli(["settings", "--client", "cursorx", "--url", URL_, "--team", "acme"])).err).toMatch(/--client must be one of claude-code, codex/);
  });

  it("--merge keeps other hooks and replaces hookgate's earlier ones (merging twice = once)", async () => {
    const target = file("hooks.json", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./my-own-check.sh" }] }] } });
    const path = file("closed.json", policy("closed"));
    const first = await runBin(args(path, "--merge", target));
    expect(first.code, first.stderr).toBe(0);
    const once = readFileSync(target, "utf8");
    const again = await runBin(args(path, "--merge", target));
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(target, "utf8")).toBe(once);
    const merged = JSON.parse(once);
    const commands = merged.hooks.PreToolUse.flatMap((g: any) => g.hooks.map((h: any) => h.command));
    expect(commands.filter((c: string) => c === "./my-own-check.sh")).toHaveLength(1);
    expect(commands.filter((c: string) => c.includes("/codex/pre-tool-use"))).toHaveLength(1);
  });

  it("the bridge: hookgate unreachable → exit 2 with the reason on stderr (fail closed), exit 1 when failing open; no token → the same", async () => {
    const closed = JSON.parse((await cli(args(file("closed.json", policy("closed"))))).out).hooks.PreToolUse[0].hooks[0].command as string;
    const dead = closed.replace(URL_, "http://127.0.0.1:9");
    const r = await runBridge(dead, { HOOKGATE_TOKEN: "hg_test" });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^hookgate: could not reach http:\/\/127\.0\.0\.1:9\/v1\/hooks\/acme\/codex\/pre-tool-use: .* \(failing closed\)\n$/);
    const noToken = await runBridge(dead, {});
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/HOOKGATE_TOKEN is not set/);
    const open = dead.replace(/ HOOKGATE_TOKEN 1$/, " HOOKGATE_TOKEN 0");
    expect((await runBridge(open, { HOOKGATE_TOKEN: "hg_test" })).code).toBe(1);
  });
});
