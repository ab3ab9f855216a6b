// GitHub Copilot CLI calling the Claude Code routes (it reads .claude/settings.json): its payloads — the "VS Code
// compatible" snake_case one for PascalCase-configured hooks, and the camelCase one with toolArgs as a JSON string
// (GitHub's CLI hooks reference, github/docs content/copilot/reference/copilot-cli-reference/cli-hooks-reference.md)
// — are decided by the team's policy and answered in the fields Copilot reads. Against the code before this change
// each was a 400 invalid_input (no transcript_path, no tool_use_id): Copilot then runs the tool, a silent allow.
import { beforeAll, describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import { RM_REASON } from "../support/starter";
import { admin, expectAnswer, expectError, hook, loggedDecision, teamWith } from "../support/worker";

const SESSION = "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
/** Copilot's PascalCase-configured ("VS Code compatible") PreToolUse payload: no transcript_path, no tool_use_id. */
const copilotPre = (toolName: string, toolInput: unknown) => ({
  hook_event_name: "PreToolUse",
  session_id: SESSION,
  timestamp: "2026-12-02T03:50:00.000Z",
  cwd: "/home/dev/shop",
  tool_name: toolName,
  tool_input: toolInput,
});
/** Its camelCase payload: toolArgs is a JSON string, the timestamp a number, no hook_event_name. */
const copilotCamelPre = (toolName: string, args: Record<string, unknown>) => ({
  sessionId: SESSION,
  timestamp: 1_796_183_400_000,
  cwd: "/home/dev/shop",
  toolName,
  toolArgs: JSON.stringify(args),
});

describe("Copilot CLI on the Claude Code routes, with the starter policy", () => {
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(starter, "copilot"));
  });

  it("denies `rm -rf /` from Copilot's bash tool, in the fields Copilot reads", async () => {
    const body = await expectAnswer(await hook(team, "pre-tool-use", copilotPre("bash", { command: "rm -rf /", description: "clean" }), token));
    expect(body).toEqual({
      permissionDecision: "deny",
      permissionDecisionReason: RM_REASON,
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: RM_REASON },
    });
  });

  it("denies it on the one-URL route too, and from the camelCase payload with toolArgs as a JSON string", async () => {
    const generic = await expectAnswer(await hook(team, undefined, copilotPre("bash", { command: "cd /tmp; rm -rf /" }), token));
    expect(generic).toMatchObject({ permissionDecision: "deny" });
    const camel = await expectAnswer(await hook(team, "pre-tool-use", copilotCamelPre("bash", { command: "rm -rf /" }), token));
    expect(camel).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: RM_REASON });
  });

  it("reads a shell tool's arguments that are not JSON as the command itself", async () => {
    const body = await expectAnswer(await hook(team, "pre-tool-use", copilotPre("bash", "rm -rf /"), token));
    expect(body).toMatchObject({ permissionDecision: "deny" });
  });

  it("applies Read rules to Copilot's view tool through its tool table (path → file_path)", async () => {
    const body = await expectAnswer(await hook(team, "pre-tool-use", copilotPre("view", { path: "/home/dev/shop/.env" }), token));
    expect(body).toMatchObject({ permissionDecision: "deny" });
    const fine = await hook(team, "pre-tool-use", copilotPre("view", { path: "/home/dev/shop/README.md" }), token);
    expect(fine.status).toBe(200);
    expect(await fine.text()).toBe("{}");
  });

  it("reads Copilot's apply_patch (a bare patch) as the Write of each file it adds, on Claude Code's routes too", async () => {
    const patch = (path: string) => `*** Begin Patch\n*** Add File: ${path}\n+API_KEY=x\n*** End Patch\n`;
    const body = await expectAnswer(await hook(team, "pre-tool-use", copilotPre("apply_patch", patch(".env")), token));
    expect(body).toMatchObject({ permissionDecision: "deny" });
    const fine = await expectAnswer(await hook(team, "pre-tool-use", copilotPre("apply_patch", patch("notes.md")), token));
    expect(fine).toEqual({});
  });

  it("answers an ask as Copilot's ask", async () => {
    const body = await expectAnswer(await hook(team, "pre-tool-use", copilotPre("bash", { command: "git push --force origin main" }), token));
    expect(body).toMatchObject({ permissionDecision: "ask" });
  });

  it("records the client that asked, with the canonical tool", async () => {
    expect(await loggedDecision(team, "pre-tool-use", copilotPre("bash", { command: "rm -rf / # logged" }), token)).toMatchObject({ client: "copilot-cli", tool: "Bash", verdict: "deny", sessionId: SESSION });
  });

  it("a Claude Code request stays Claude Code's even with a timestamp field (its transcript path says whose it is)", async () => {
    const claude = {
      hook_event_name: "PreToolUse",
      session_id: SESSION,
      transcript_path: `/home/dev/.claude/projects/-home-dev-shop/${SESSION}.jsonl`,
      cwd: "/home/dev/shop",
      tool_name: "Bash",
      tool_input: { command: "rm -rf /" },
      tool_use_id: "toolu_01",
      timestamp: "2026-12-02T03:50:00.000Z",
    };
    const body = await expectAnswer(await hook(team, "pre-tool-use", claude, token));
    expect(body).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: RM_REASON } });
  });

  it("the admin API's evaluate decides it the same way, and its trace names the client", async () => {
    const r = (await expectAnswer(await admin("POST", `/teams/${team}/evaluate`, { input: copilotPre("bash", { command: "rm -rf /" }) }))) as {
      answer: Record<string, unknown>;
      trace: { client: string; event: string };
    };
    expect(r.answer).toMatchObject({ permissionDecision: "deny", permissionDecisionReason: RM_REASON });
    expect(r.trace).toMatchObject({ client: "copilot-cli", event: "PreToolUse" });
  });

  it("an input no client's format fits is a 400 naming what each client lacks", async () => {
    const env = await expectError(await hook(team, "pre-tool-use", { hook_event_name: "PreToolUse", tool_name: "Bash" }, token), 400, "invalid_input");
    const paths = (env.error.problems ?? []).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(["claude-code: session_id", "claude-code: tool_use_id", "copilot-cli: session_id or sessionId", "copilot-cli: timestamp"]));
    expect(env.error.message).toBe("the PreToolUse input is not valid as Claude Code's or GitHub Copilot CLI's");
    // A Copilot payload missing its own fields names only Copilot's.
    const partial = await expectError(await hook(team, "pre-tool-use", { hook_event_name: "PreToolUse", timestamp: "2026-12-02T03:50:00.000Z", cwd: "/", tool_name: "bash" }, token), 400, "invalid_input");
    expect((partial.error.problems ?? []).map((p) => p.path)).toEqual(["copilot-cli: session_id or sessionId", "copilot-cli: tool_input or toolArgs"]);
    // One carrying Claude Code's own marks (transcript_path) is refused as Claude Code's, as before.
    const claude = await expectError(await hook(team, "pre-tool-use", { hook_event_name: "PreToolUse", session_id: "s", transcript_path: "/t", cwd: "/" }, token), 400, "invalid_input");
    expect((claude.error.problems ?? []).map((p) => p.path).sort()).toEqual(["tool_input", "tool_name", "tool_use_id"]);
  });
});
