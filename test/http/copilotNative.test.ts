// GitHub Copilot CLI on its own routes (/v1/hooks/<team>/copilot-cli/<event>, its .github/hooks http hooks), with
// the payloads the real 1.0.102 sent (test/fixtures/copilot-cli/wire-1.0.102.json, captured from the pinned binary
// driven offline): decided by the team's one policy in canonical terms (Copilot's bash/view/create are Bash/Read/
// Write), answered with only the fields Copilot reads (each answer passes its event's exact schema), refused with
// Copilot's field names when it does not fit, and recorded as copilot-cli.
import { beforeAll, describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import wire from "../fixtures/copilot-cli/wire-1.0.102.json";
import { copilotCli } from "../../src/clients/copilot-cli";
import { RM_REASON } from "../support/starter";
import { expectAnswer, hook, loggedDecision, nativeAnswerer, teamWith } from "../support/worker";

const route = (r: string) => `copilot-cli/${r}`;
/** The answer, checked against the event's exact answer schema (nothing Copilot would ignore). */
const answer = nativeAnswerer("copilot-cli", (r) => copilotCli.events.byRoute(r));
const pre = (toolName: string, toolArgs: unknown) => ({ ...wire.preToolUse, toolName, toolArgs });

describe("Copilot CLI's own routes, with the starter policy", () => {
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(starter, "copilot-native"));
  });

  it("denies `rm -rf /` from its bash tool, in exactly the fields Copilot reads", async () => {
    expect(await answer(team, "pre-tool-use", pre("bash", { command: "rm -rf /", description: "clean" }), token)).toEqual({
      permissionDecision: "deny",
      permissionDecisionReason: RM_REASON,
    });
    // toolArgs as a JSON string (older formats), and a shell tool's arguments that are not JSON: the command itself.
    expect(await answer(team, "pre-tool-use", pre("bash", JSON.stringify({ command: "rm -rf /" })), token)).toMatchObject({ permissionDecision: "deny" });
    expect(await answer(team, "pre-tool-use", pre("bash", "rm -rf /"), token)).toMatchObject({ permissionDecision: "deny" });
  });

  it("answers the captured payloads: the allowed echo and every other event with no opinion", async () => {
    expect(await answer(team, "pre-tool-use", wire.preToolUse, token)).toEqual({});
    for (const [r, body] of [
      ["session-start", wire.sessionStart],
      ["user-prompt-submitted", wire.userPromptSubmitted],
      ["permission-request", wire.permissionRequest],
      ["post-tool-use", wire.postToolUse],
      ["agent-stop", wire.agentStop],
    ] as const)
      expect(await answer(team, r, body, token), r).toEqual({});
    // SessionEnd is acknowledged at once (Copilot reads nothing from it).
    expect(await answer(team, "session-end", wire.sessionEnd, token)).toEqual({});
  });

  it("applies Read rules to its view tool and asks before a force-push", async () => {
    expect(await answer(team, "pre-tool-use", pre("view", { path: "/home/dev/shop/.env" }), token)).toMatchObject({ permissionDecision: "deny" });
    expect(await answer(team, "pre-tool-use", pre("view", { path: "/home/dev/shop/README.md" }), token)).toEqual({});
    expect(await answer(team, "pre-tool-use", pre("bash", { command: "git push --force origin main" }), token)).toMatchObject({ permissionDecision: "ask" });
  });

  // Seen with the pinned 1.0.102 (a GPT-5 Codex model): its file tool is `apply_patch`, the patch a bare string in
  // toolArgs; its search tools `grep`/`rg`/`glob` take a list of `paths`. Each is read as the canonical calls it is.
  it("reads its apply_patch as the Write/Edit of each file the patch touches, its grep, rg and glob as a Grep/Glob of each path", async () => {
    const patch = (path: string) => `*** Begin Patch\n*** Add File: ${path}\n+API_KEY=x\n*** End Patch\n`;
    expect(await answer(team, "pre-tool-use", pre("apply_patch", patch(".env")), token)).toMatchObject({ permissionDecision: "deny" });
    expect(await answer(team, "pre-tool-use", pre("apply_patch", JSON.stringify(patch(".env"))), token)).toMatchObject({ permissionDecision: "deny" });
    expect(await answer(team, "pre-tool-use", pre("apply_patch", patch("notes.md")), token)).toEqual({});
    // A patch it cannot read fails closed (the starter policy does).
    expect(await answer(team, "pre-tool-use", pre("apply_patch", "not a patch"), token)).toMatchObject({ permissionDecision: "deny" });
    expect(await answer(team, "pre-tool-use", pre("rg", { pattern: "KEY", paths: [".env"] }), token)).toMatchObject({ permissionDecision: "deny" });
    expect(await answer(team, "pre-tool-use", pre("grep", { pattern: "KEY", paths: ["src", "/home/dev/shop/.env"] }), token)).toMatchObject({ permissionDecision: "deny" });
    expect(await answer(team, "pre-tool-use", pre("grep", { pattern: "KEY", paths: ["src"] }), token)).toEqual({});
    expect(await loggedDecision(team, route("pre-tool-use"), pre("apply_patch", patch("/home/dev/shop/.env")), token)).toMatchObject({ client: "copilot-cli", event: "PreToolUse", verdict: "deny" });
  });

  it("blocks a prompt holding a credential before the model sees it", async () => {
    const body = { ...wire.userPromptSubmitted, prompt: "deploy with AKIAIOSFODNN7EXAMPLE and wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" };
    expect(await answer(team, "user-prompt-submitted", body, token)).toMatchObject({ decision: "block" });
  });

  it("refuses an input that is not Copilot's with its own field names, never as an allow", async () => {
    const res = await hook(team, route("pre-tool-use"), { ...wire.preToolUse, toolName: undefined }, token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; problems?: { path: string }[] } };
    expect(body.error.code).toBe("invalid_input");
    expect(body.error.problems?.map((p) => p.path)).toContain("copilot-cli: toolName");
  });

  it("records the decision as copilot-cli's, with the canonical tool", async () => {
    expect(await loggedDecision(team, route("pre-tool-use"), pre("bash", { command: "rm -rf / # copilot native" }), token)).toMatchObject({ client: "copilot-cli", event: "PreToolUse", tool: "Bash", verdict: "deny" });
  });
});

describe("one policy for Copilot's own routes and its calls to Claude's", () => {
  const policy = {
    hooks: {
      PreToolUse: [
        { matcher: "Bash", clients: ["copilot-cli"], hooks: [{ type: "rule", id: "copilot-only", if: "Bash(curl *)", decision: "deny", reason: "not from Copilot" }] },
        { matcher: "Bash", clients: ["claude-code"], hooks: [{ type: "rule", id: "claude-only", if: "Bash(wget *)", decision: "deny", reason: "not from Claude" }] },
        { matcher: "Write", hooks: [{ type: "rule", id: "stamp", if: "Write(/home/dev/shop/**)", decision: "allow", updatedInput: { content: "stamped" } }] },
        { matcher: "mcp__.*", hooks: [{ type: "rule", id: "no-drop", if: ["mcp__stubsrv__drop_table", "mcp__github-mcp-server__merge_pull_request"], decision: "deny", reason: "no dropping" }] },
      ],
      Stop: [{ hooks: [{ type: "rule", id: "keep-going", decision: "block", reason: "run the tests first" }] }],
      PermissionRequest: [
        { matcher: "Bash", hooks: [{ type: "rule", id: "no-sudo", if: "Bash(sudo *)", decision: "deny", reason: "no sudo" }] },
        { matcher: "mcp__stubsrv__.*", hooks: [{ type: "rule", id: "no-drop-asked", if: "mcp__stubsrv__drop_table", decision: "deny", reason: "no dropping" }] },
      ],
    },
  };
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(policy, "copilot-clients"));
  });

  it("a group for copilot-cli applies on its own routes and on Claude's when Copilot calls them, never to Claude Code", async () => {
    expect(await answer(team, "pre-tool-use", pre("bash", { command: "curl https://example.com" }), token)).toEqual({ permissionDecision: "deny", permissionDecisionReason: "not from Copilot" });
    expect(await answer(team, "pre-tool-use", pre("bash", { command: "wget https://example.com" }), token)).toEqual({});
    // Copilot's VS Code-compatible payload on Claude Code's route (no transcript_path): still copilot-cli.
    const onClaude = { hook_event_name: "PreToolUse", session_id: "s", timestamp: "2026-12-02T06:00:00.000Z", cwd: "/home/dev/shop", tool_name: "Bash", tool_input: { command: "curl https://example.com" } };
    expect(await expectAnswer(await hook(team, "pre-tool-use", onClaude, token))).toMatchObject({ permissionDecision: "deny" });
    const claude = { ...onClaude, timestamp: undefined, transcript_path: "/home/dev/.claude/projects/x/s.jsonl", tool_use_id: "t1", permission_mode: "default" };
    expect(await expectAnswer(await hook(team, "pre-tool-use", claude, token))).toEqual({});
    const wget = { ...claude, tool_input: { command: "wget https://example.com" } };
    expect(await expectAnswer(await hook(team, "pre-tool-use", wget, token))).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });

  // Seen with the pinned 1.0.102 and an MCP server `stubsrv`: its tool is `stubsrv-drop_table` on preToolUse and
  // postToolUse, `stubsrv/drop_table` on permissionRequest. Both are mcp__stubsrv__drop_table; a server name with a
  // hyphen in it makes `<server>-<tool>` ambiguous, so every reading is decided and the strictest answered.
  it("an MCP tool (`<server>-<tool>`, `<server>/<tool>`) is mcp__<server>__<tool>, whatever hyphens the names hold", async () => {
    expect(await answer(team, "pre-tool-use", pre("stubsrv-drop_table", { x: "users" }), token)).toEqual({ permissionDecision: "deny", permissionDecisionReason: "no dropping" });
    expect(await answer(team, "pre-tool-use", pre("stubsrv-list_tables", {}), token)).toEqual({});
    expect(await answer(team, "pre-tool-use", pre("github-mcp-server-merge_pull_request", { pullNumber: 1 }), token)).toMatchObject({ permissionDecision: "deny" });
    expect(await answer(team, "pre-tool-use", pre("github-mcp-server-get_issue", { issue: 1 }), token)).toEqual({});
    const asked = { ...wire.permissionRequest, toolName: "stubsrv/drop_table", toolInput: { x: "users" } };
    expect(await answer(team, "permission-request", asked, token)).toEqual({ behavior: "deny", message: "no dropping" });
  });

  it("a rewrite decided in canonical names reaches Copilot in its own (create: path, file_text)", async () => {
    const a = await answer(team, "pre-tool-use", pre("create", { path: "/home/dev/shop/a.txt", file_text: "original" }), token);
    expect(a).toEqual({ permissionDecision: "allow", modifiedArgs: { path: "/home/dev/shop/a.txt", file_text: "stamped" } });
  });

  it("blocks the agent's stop with the reason as its next prompt, and lets the stop after one through on a failure only", async () => {
    expect(await answer(team, "agent-stop", wire.agentStop, token)).toEqual({ decision: "block", reason: "run the tests first" });
  });

  it("denies a permission request as Copilot reads it (behavior + message)", async () => {
    const body = { ...wire.permissionRequest, toolInput: { command: "sudo rm -rf /var/tmp/x" } };
    expect(await answer(team, "permission-request", body, token)).toEqual({ behavior: "deny", message: "no sudo" });
  });
});
