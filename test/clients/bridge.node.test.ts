// The command bridge (src/clients/bridge.ts) run by a real sh with the real curl, as Cursor's .cursor/hooks.json runs
// it: when hookgate cannot be asked and the event fails closed, the event's blocking answer on stdout, the reason on
// stderr and Cursor's blocking exit status 2; failing open, nothing on stdout and a non-blocking status.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cursor } from "../../src/clients/cursor";
import { childEnv, freePort } from "../support/localService";

const run = (command: string, env: Record<string, string>) =>
  spawnSync("sh", ["-c", command], { input: JSON.stringify({ hook_event_name: "beforeShellExecution", command: "ls" }), env: childEnv({ PATH: process.env.PATH ?? "/usr/bin:/bin", ...env }), encoding: "utf8" });

describe("the generated Cursor bridge", () => {
  it("fails closed with Cursor's deny and exit 2 when hookgate is unreachable or the token is missing", async () => {
    const port = await freePort();
    const settings = cursor.settings({ url: `http://127.0.0.1:${port}`, team: "acme" }) as { hooks: Record<string, { command: string }[]> };
    const shell = settings.hooks.beforeShellExecution?.[0]?.command;
    expect(shell).toContain(`/v1/hooks/acme/cursor/before-shell-execution`);
    const unreachable = run(shell!, { HOOKGATE_TOKEN: "hg_x" });
    expect(unreachable.status).toBe(2);
    expect(JSON.parse(unreachable.stdout)).toMatchObject({ permission: "deny" });
    expect(unreachable.stderr).toContain("hookgate: could not reach");
    const noToken = run(shell!, {});
    expect(noToken.status).toBe(2);
    expect(noToken.stderr).toContain("HOOKGATE_TOKEN is not set");
    // The prompt event's blocking answer is its own (continue: false), the stop event fails open (nothing to block).
    const prompt = run(settings.hooks.beforeSubmitPrompt![0]!.command, {});
    expect(JSON.parse(prompt.stdout)).toMatchObject({ continue: false });
    const stop = run(settings.hooks.stop![0]!.command, {});
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
    const r = run(settings.hooks.beforeShellExecution![0]!.command, { HOOKGATE_TOKEN: "hg_x" });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
  });
});
