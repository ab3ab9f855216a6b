// Codex's routes against Codex's own published formats (0.169.0, vendored in test/fixtures/codex/ with their source):
// every answer for deny, allow, ask, context, block and stop cases validates against its event's output schema
// (additionalProperties:false everywhere: nothing extra, anywhere), and is what Codex's parser honours (a deny carries
// a non-empty reason, no bare allow, no `ask`). apply_patch is gated through the files it writes, the strictest
// verdict winning; a patch hookgate cannot read fails closed. Runs through the real Worker (workerd, local KV/D1/DO).
import { describe, expect, it } from "vitest";
import { CODEX_EVENTS } from "../../src/clients/codex/events";
import { CODEX_ASK_PREFIX } from "../../src/clients/codex/answer";
import starter from "../../policies/default.json";
import { applyPatch, CODEX_PAYLOADS } from "../fixtures/codexPayloads";
import { schemaProblems } from "../support/jsonSchema";
import { admin, expectAnswer, hook, teamWith } from "../support/worker";
import interrupt_command_input from "../fixtures/codex/interrupt.command.input.schema.json";
import interrupt_command_output from "../fixtures/codex/interrupt.command.output.schema.json";
import permission_request_command_input from "../fixtures/codex/permission-request.command.input.schema.json";
import permission_request_command_output from "../fixtures/codex/permission-request.command.output.schema.json";
import post_compact_command_input from "../fixtures/codex/post-compact.command.input.schema.json";
import post_compact_command_output from "../fixtures/codex/post-compact.command.output.schema.json";
import post_tool_use_command_input from "../fixtures/codex/post-tool-use.command.input.schema.json";
import post_tool_use_command_output from "../fixtures/codex/post-tool-use.command.output.schema.json";
import pre_compact_command_input from "../fixtures/codex/pre-compact.command.input.schema.json";
import pre_compact_command_output from "../fixtures/codex/pre-compact.command.output.schema.json";
import pre_tool_use_command_input from "../fixtures/codex/pre-tool-use.command.input.schema.json";
import pre_tool_use_command_output from "../fixtures/codex/pre-tool-use.command.output.schema.json";
import session_end_command_input from "../fixtures/codex/session-end.command.input.schema.json";
import session_start_command_input from "../fixtures/codex/session-start.command.input.schema.json";
import session_start_command_output from "../fixtures/codex/session-start.command.output.schema.json";
import stop_command_input from "../fixtures/codex/stop.command.input.schema.json";
import stop_command_output from "../fixtures/codex/stop.command.output.schema.json";
import subagent_start_command_input from "../fixtures/codex/subagent-start.command.input.schema.json";
import subagent_start_command_output from "../fixtures/codex/subagent-start.command.output.schema.json";
import subagent_stop_command_input from "../fixtures/codex/subagent-stop.command.input.schema.json";
import subagent_stop_command_output from "../fixtures/codex/subagent-stop.command.output.schema.json";
import user_prompt_submit_command_input from "../fixtures/codex/user-prompt-submit.command.input.schema.json";
import user_prompt_submit_command_output from "../fixtures/codex/user-prompt-submit.command.output.schema.json";

const SCHEMAS: Record<string, Record<string, unknown>> = {
  "interrupt.command.input": interrupt_command_input,
  "interrupt.command.output": interrupt_command_output,
  "permission-request.command.input": permission_request_command_input,
  "permission-request.command.output": permission_request_command_output,
  "post-compact.command.input": post_compact_command_input,
  "post-compact.command.output": post_compact_command_output,
  "post-tool-use.command.input": post_tool_use_command_input,
  "post-tool-use.command.output": post_tool_use_command_output,
  "pre-compact.command.input": pre_compact_command_input,
  "pre-compact.command.output": pre_compact_command_output,
  "pre-tool-use.command.input": pre_tool_use_command_input,
  "pre-tool-use.command.output": pre_tool_use_command_output,
  "session-end.command.input": session_end_command_input,
  "session-start.command.input": session_start_command_input,
  "session-start.command.output": session_start_command_output,
  "stop.command.input": stop_command_input,
  "stop.command.output": stop_command_output,
  "subagent-start.command.input": subagent_start_command_input,
  "subagent-start.command.output": subagent_start_command_output,
  "subagent-stop.command.input": subagent_stop_command_input,
  "subagent-stop.command.output": subagent_stop_command_output,
  "user-prompt-submit.command.input": user_prompt_submit_command_input,
  "user-prompt-submit.command.output": user_prompt_submit_command_output,
};
const schemaOf = (route: string, kind: "input" | "output") => SCHEMAS[`${route}.command.${kind}`];

type Name = keyof typeof CODEX_PAYLOADS;
const routeOf = (name: Name) => CODEX_EVENTS.find((e) => e.name === name)!.route;

/** POST a Codex input to its route and return the answer, having checked it against Codex's output schema. */
async function codexAnswer(team: string, token: string, name: Name, patch: Record<string, unknown> = {}) {
  const route = routeOf(name);
  const input = { ...CODEX_PAYLOADS[name], ...patch };
  const answer = await expectAnswer(await hook(team, `codex/${route}`, input, token));
  const schema = schemaOf(route, "output");
  if (schema) expect(schemaProblems(schema, answer), JSON.stringify(answer)).toEqual([]);
  else expect(answer).toEqual({}); // SessionEnd: Codex reads no answer
  return answer as Record<string, Record<string, unknown> | string | boolean>;
}

const rule = (id: string, extra: Record<string, unknown>) => ({ type: "rule", id, ...extra });

const POLICY = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          rule("ls-deny", { if: ["Bash(ls)"], decision: "deny", reason: "no ls here" }),
          rule("push-ask", { if: ["Bash(git push *)"], decision: "ask", reason: "pushes are confirmed" }),
          rule("echo-allow", { if: ["Bash(echo *)"], decision: "allow" }),
          rule("pwd-rewrite", { if: ["Bash(pwd)"], decision: "allow", updatedInput: { command: "pwd -P" } }),
          rule("make-context", { if: ["Bash(make *)"], additionalContext: "make runs in CI too" }),
          rule("halt-stop", { if: ["Bash(halt)"], continue: false, stopReason: "halt stops the session" }),
        ],
      },
      { matcher: "Edit|Write", hooks: [rule("no-secrets-dir", { if: ["Edit(/home/dev/shop/secrets/**)", "Write(/home/dev/shop/secrets/**)"], decision: "deny", reason: "secrets/ is off limits" })] },
      { matcher: "Write", hooks: [rule("docs-allow", { if: ["Write(/home/dev/shop/docs/**)"], decision: "allow" })] },
    ],
    PermissionRequest: [
      {
        matcher: "Bash",
        hooks: [
          rule("pr-deny", { if: ["Bash(ls)"], decision: "deny", reason: "no" }),
          rule("pr-allow", { if: ["Bash(echo *)"], decision: "allow" }),
          rule("pr-ask", { if: ["Bash(git push *)"], decision: "ask" }),
        ],
      },
    ],
    PostToolUse: [{ matcher: "Bash", hooks: [rule("post-block", { if: ["Bash(ls)"], decision: "block", reason: "listing is noted", additionalContext: "the listing was logged" })] }],
    UserPromptSubmit: [{ hooks: [rule("prompt-context", { additionalContext: "house rules apply", systemMessage: "hookgate is watching" })] }],
    Stop: [{ hooks: [rule("stop-block", { decision: "block", reason: "run the tests first" })] }],
    SubagentStop: [{ hooks: [rule("sub-stop", { continue: false, stopReason: "enough" })] }],
    SessionStart: [{ hooks: [rule("start-context", { additionalContext: "welcome" })] }],
    SubagentStart: [{ hooks: [rule("sub-start", { additionalContext: "be brief" })] }],
    // Codex's own event (Claude Code has none): the policy is one document for every client
    Interrupt: [{ hooks: [rule("interrupt", { systemMessage: "interrupted" })] }],
  },
};

const hso = (a: Record<string, unknown>) => a.hookSpecificOutput as Record<string, unknown> | undefined;

describe("Codex routes answer in Codex's schema", () => {
  it("the vendored payloads are what Codex sends (each validates against Codex's input schema)", () => {
    for (const [name, payload] of Object.entries(CODEX_PAYLOADS)) {
      const schema = schemaOf(routeOf(name as Name), "input");
      expect(schema, name).toBeDefined();
      expect(schemaProblems(schema!, payload), name).toEqual([]);
    }
    // and the checker itself refuses what Codex refuses: one field more, anywhere
    const out = schemaOf("pre-tool-use", "output")!;
    expect(schemaProblems(out, { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "x", extra: 1 } })).not.toEqual([]);
    expect(schemaProblems(out, { extra: 1 })).not.toEqual([]);
  });

  it("PreToolUse: deny with its reason, ask and defer as a deny a person must act on, allow as no opinion, a rewrite as allow + updatedInput", async () => {
    const { team, token } = await teamWith(POLICY, "cx");
    const deny = await codexAnswer(team, token, "PreToolUse");
    expect(deny).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no ls here" } });
    const ask = hso(await codexAnswer(team, token, "PreToolUse", { tool_input: { command: "git push origin main" } }))!;
    expect(ask.permissionDecision).toBe("deny");
    expect(ask.permissionDecisionReason).toBe(`${CODEX_ASK_PREFIX} pushes are confirmed`);
    expect(await codexAnswer(team, token, "PreToolUse", { tool_input: { command: "echo hi" } })).toEqual({});
    expect(await codexAnswer(team, token, "PreToolUse", { tool_input: { command: "pwd" } })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "pwd -P" } },
    });
    expect(await codexAnswer(team, token, "PreToolUse", { tool_input: { command: "make test" } })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "make runs in CI too" },
    });
    // continue:false is unsupported on Codex's PreToolUse: the call is denied, with the stop's reason
    expect(await codexAnswer(team, token, "PreToolUse", { tool_input: { command: "halt" } })).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "halt stops the session" },
    });
    // a tool input Codex sends as a bare string is the command itself, inspected, never skipped
    expect(hso(await codexAnswer(team, token, "PreToolUse", { tool_input: "ls" }))?.permissionDecision).toBe("deny");
  });

  it("apply_patch is gated through the files it writes: the strictest verdict of its files; a patch it cannot read fails closed", async () => {
    const { team, token } = await teamWith(POLICY, "cxp");
    const pre = (tool_input: unknown) => codexAnswer(team, token, "PreToolUse", { tool_name: "apply_patch", tool_input });
    const denied = hso(await pre(applyPatch("*** Add File: secrets/key.txt", "+hunter2")))!;
    expect(denied).toEqual({ hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "secrets/ is off limits" });
    // several files: one denied one allowed → denied; update, delete and a move into the denied directory count too
    expect(hso(await pre(applyPatch("*** Add File: docs/a.md", "+hi", "*** Update File: secrets/b.txt", "@@", "-a", "+b")))?.permissionDecision).toBe("deny");
    expect(hso(await pre(applyPatch("*** Delete File: /home/dev/shop/secrets/old.txt")))?.permissionDecision).toBe("deny");
    expect(hso(await pre(applyPatch("*** Update File: src/x.ts", "*** Move to: secrets/x.ts", "@@", "-a", "+b")))?.permissionDecision).toBe("deny");
    // nothing denied: no opinion (an allow of docs/ alone is no opinion on Codex too)
    expect(await pre(applyPatch("*** Add File: docs/a.md", "+hi", "*** Update File: src/x.ts", "@@", "-a", "+b"))).toEqual({});
    // Codex 0.169.0 applies a patch given to its shell tool itself; its hooks see a Bash call: read as a patch too
    const bash = (command: string) => codexAnswer(team, token, "PreToolUse", { tool_input: { command } });
    const heredoc = (dir: string, path: string) => `${dir}apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: ${path}\n+x\n*** End Patch\nEOF`;
    expect(hso(await bash(heredoc("", "secrets/k.txt")))?.permissionDecision).toBe("deny");
    expect(hso(await bash(heredoc("cd secrets && ", "k.txt")))?.permissionDecision).toBe("deny");
    expect(await bash(heredoc("", "docs/k.md"))).toEqual({});
    expect(await bash("grep -rn apply_patch src")).toEqual({}); // a command that only names it is a command
    const unreadable = hso(await pre({ command: "this is not a patch" }))!;
    expect(unreadable.permissionDecision).toBe("deny");
    expect(String(unreadable.permissionDecisionReason)).toMatch(/could not read this call/);
  });

  it("PermissionRequest: allow and deny decisions, ask as no decision (Codex's own prompt)", async () => {
    const { team, token } = await teamWith(POLICY, "cxr");
    expect(await codexAnswer(team, token, "PermissionRequest")).toEqual({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "no" } } });
    expect(await codexAnswer(team, token, "PermissionRequest", { tool_input: { command: "echo hi" } })).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
    expect(await codexAnswer(team, token, "PermissionRequest", { tool_input: { command: "git push origin main" } })).toEqual({});
  });

  it("block, context, stop and message answers of the other events", async () => {
    const { team, token } = await teamWith(POLICY, "cxo");
    expect(await codexAnswer(team, token, "PostToolUse")).toEqual({
      decision: "block",
      reason: "listing is noted",
      hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "the listing was logged" },
    });
    expect(await codexAnswer(team, token, "UserPromptSubmit")).toEqual({
      systemMessage: "hookgate is watching",
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "house rules apply" },
    });
    expect(await codexAnswer(team, token, "Stop")).toEqual({ decision: "block", reason: "run the tests first" });
    // a stop already continuing because of a block: a rule's block still answers (only failures are let through)
    expect(await codexAnswer(team, token, "Stop", { stop_hook_active: true })).toEqual({ decision: "block", reason: "run the tests first" });
    expect(await codexAnswer(team, token, "SubagentStop")).toEqual({ continue: false, stopReason: "enough" });
    expect(await codexAnswer(team, token, "SessionStart")).toEqual({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "welcome" } });
    expect(await codexAnswer(team, token, "SubagentStart")).toEqual({ hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "be brief" } });
    expect(await codexAnswer(team, token, "Interrupt")).toEqual({ systemMessage: "interrupted" });
    expect(await codexAnswer(team, token, "SessionEnd")).toEqual({});
  });

  it("every event answers {} with no policy, and a Codex input that does not fit is a 400 naming the field", async () => {
    const { team, token } = await teamWith({ hooks: { Stop: [{ hooks: [rule("noop", { systemMessage: "x" })] }] } }, "cxn");
    for (const name of Object.keys(CODEX_PAYLOADS) as Name[]) if (name !== "Stop") expect(await codexAnswer(team, token, name)).toEqual({});
    const res = await hook(team, "codex/pre-tool-use", { ...CODEX_PAYLOADS.PreToolUse, tool_name: undefined }, token);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/tool_name/);
  });

  it("the starter policy denies `rm -rf /` from Codex, as a schema-exact deny", async () => {
    const { team, token } = await teamWith(starter, "cxs");
    const answer = hso(await codexAnswer(team, token, "PreToolUse", { tool_input: { command: "rm -rf /" } }))!;
    expect(answer.permissionDecision).toBe("deny");
    expect(String(answer.permissionDecisionReason)).toMatch(/Recursive deletes/);
  });

  // Seen with the real codex exec 0.169.0: its view_image tool reaches PreToolUse as `view_image` with `{ path }`. It
  // reads a local file into the model's context: a Read of that path, for every Read rule.
  it("view_image is a Read of its path: the starter policy denies viewing .env, and lets an image through", async () => {
    const { team, token } = await teamWith(starter, "cxv");
    const denied = hso(await codexAnswer(team, token, "PreToolUse", { tool_name: "view_image", tool_input: { path: "/home/dev/shop/.env" } }))!;
    expect(denied.permissionDecision).toBe("deny");
    expect(await codexAnswer(team, token, "PreToolUse", { tool_name: "view_image", tool_input: { path: "/home/dev/shop/shot.png" } })).toEqual({});
  });

  // Seen with the real codex exec 0.169.0 and an MCP server configured: read_mcp_resource `{ server, uri }` reaches
  // PreToolUse under its own name; it is Claude Code's ReadMcpResourceTool (the same fields).
  it("read_mcp_resource and list_mcp_resources are ReadMcpResourceTool and ListMcpResourcesTool", async () => {
    const policy = { hooks: { PreToolUse: [{ matcher: "ReadMcpResourceTool|ListMcpResourcesTool", hooks: [rule("no-resources", { decision: "deny", reason: "no MCP resources" })] }] } };
    const { team, token } = await teamWith(policy, "cxr");
    const read = hso(await codexAnswer(team, token, "PreToolUse", { tool_name: "read_mcp_resource", tool_input: { server: "stubsrv", uri: "file:///etc/passwd" } }))!;
    expect(read.permissionDecisionReason).toBe("no MCP resources");
    const list = hso(await codexAnswer(team, token, "PreToolUse", { tool_name: "list_mcp_resources", tool_input: {} }))!;
    expect(list.permissionDecision).toBe("deny");
  });

  it("publishing warns of what Codex cannot honour, and a Claude-only event compiles to nothing for Codex (a Codex-only one to nothing for Claude Code)", async () => {
    const team = `cxw-${Date.now().toString(36)}`;
    const res = await admin("PUT", `/teams/${team}/policy`, { hooks: { ...POLICY.hooks, PostToolUseFailure: [{ hooks: [rule("n", { additionalContext: "x" })] }] } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { warnings } = (await res.json()) as { warnings: { path: string; message: string }[] };
    const codexOnes = warnings.filter((w) => w.message.startsWith("Codex"));
    expect(codexOnes.some((w) => w.path === "hooks.PreToolUse[0].hooks[1]" && /cannot ask; .*deny/.test(w.message))).toBe(true);
    expect(codexOnes.some((w) => w.path === "hooks.PostToolUseFailure" && /no PostToolUseFailure event/.test(w.message))).toBe(true);
    expect(codexOnes.some((w) => w.path === "hooks.PreToolUse[0].hooks[5]" && /cannot stop the agent/.test(w.message))).toBe(true);
  });
});
