// Cursor on its own routes (/v1/hooks/<team>/cursor/<event>, reached through the command bridge of .cursor/hooks.json),
// with the payloads its reference documents (test/fixtures/cursor/payloads.ts): decided by the team's one policy in
// canonical terms — beforeShellExecution is Bash, beforeReadFile Read, beforeMCPExecution mcp__cursor__<tool> —
// answered with only the fields Cursor reads (each answer passes its event's exact schema).
import { beforeAll, describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import { cursor } from "../../src/clients/cursor";
import { CURSOR_PAYLOADS as P } from "../fixtures/cursor/payloads";
import { hook, loggedDecision, nativeAnswerer, teamWith } from "../support/worker";

/** The answer, checked against the event's exact answer schema (nothing Cursor would ignore). */
const answer = nativeAnswerer("cursor", (r) => cursor.events.byRoute(r));

describe("Cursor's own routes, with the starter policy", () => {
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(starter, "cursor"));
  });

  it("denies `rm -rf /` from beforeShellExecution and from preToolUse's Shell, with the reason for the person and the agent", async () => {
    const a = await answer(team, "before-shell-execution", P.beforeShellExecution("rm -rf /"), token);
    expect(a).toMatchObject({ permission: "deny" });
    expect(a.user_message).toEqual(a.agent_message);
    expect(String(a.agent_message)).toMatch(/Recursive deletes/);
    expect(await answer(team, "pre-tool-use", P.preToolUse("Shell", { command: "rm -rf /" }), token)).toMatchObject({ permission: "deny" });
    expect(await answer(team, "before-shell-execution", P.beforeShellExecution("ls -la"), token)).toEqual({});
  });

  it("asks before a force-push; denies reading .env (beforeReadFile cannot ask: its answer is allow or deny only)", async () => {
    expect(await answer(team, "before-shell-execution", P.beforeShellExecution("git push --force origin main"), token)).toMatchObject({ permission: "ask" });
    expect(await answer(team, "before-read-file", P.beforeReadFile("/home/dev/shop/.env"), token)).toEqual({ permission: "deny" });
    expect(await answer(team, "before-read-file", P.beforeReadFile("/home/dev/shop/README.md"), token)).toEqual({});
  });

  // Cursor's preToolUse names its file tools its own way (StrReplace, Delete; a path in `path` or `file_path`).
  it("reads preToolUse's StrReplace and Delete as Edits and its Read and Write by either path field", async () => {
    for (const [tool, input] of [
      ["StrReplace", { path: "/home/dev/shop/.env", old_string: "a", new_string: "b" }],
      ["StrReplace", { file_path: "/home/dev/shop/.env", old_string: "a", new_string: "b" }],
      ["Delete", { path: "/home/dev/shop/.env" }],
      ["Read", { path: "/home/dev/shop/.env" }],
      ["Write", { path: "/home/dev/shop/.env" }],
    ] as const)
      expect(await answer(team, "pre-tool-use", P.preToolUse(tool, input), token), `${tool} ${JSON.stringify(input)}`).toMatchObject({ permission: "deny" });
    expect(await answer(team, "pre-tool-use", P.preToolUse("StrReplace", { path: "/home/dev/shop/a.ts", old_string: "a", new_string: "b" }), token)).toEqual({});
  });

  it("stops a prompt holding a credential before it is sent", async () => {
    const a = await answer(team, "before-submit-prompt", P.beforeSubmitPrompt("use AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"), token);
    expect(a).toMatchObject({ continue: false });
  });

  it("refuses an input that is not Cursor's, and one on another event's route, never as an allow", async () => {
    const missing = await hook(team, "cursor/before-shell-execution", { ...P.beforeShellExecution("ls"), conversation_id: undefined }, token);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("cursor: conversation_id");
    const wrong = await hook(team, "cursor/before-shell-execution", P.beforeReadFile("/etc/passwd"), token);
    expect(wrong.status).toBe(400);
    await wrong.text();
  });

  it("records the decision as cursor's", async () => {
    expect(await loggedDecision(team, "cursor/before-shell-execution", P.beforeShellExecution("rm -rf / # cursor"), token)).toMatchObject({ client: "cursor", event: "PreToolUse", tool: "Bash", verdict: "deny" });
  });
});

describe("Cursor with a policy of its own groups", () => {
  const policy = {
    hooks: {
      PreToolUse: [
        { matcher: "mcp__cursor__.*", clients: ["cursor"], hooks: [{ type: "rule", id: "no-drop", if: "mcp__cursor__drop_table", decision: "deny", reason: "no dropping tables" }] },
        { matcher: "Write", hooks: [{ type: "rule", id: "stamp", if: "Write(/home/dev/shop/**)", updatedInput: { content: "stamped" } }] },
      ],
      Stop: [{ hooks: [{ type: "rule", id: "tests", decision: "block", reason: "run the tests first" }] }],
    },
  };
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(policy, "cursor-own"));
  });

  it("preToolUse's MCP tools (`MCP:<tool>`) are mcp__cursor__<tool>, as on beforeMCPExecution", async () => {
    expect(await answer(team, "pre-tool-use", P.preToolUse("MCP:drop_table", { table: "users" }), token)).toEqual({ permission: "deny", user_message: "no dropping tables", agent_message: "no dropping tables" });
    expect(await answer(team, "pre-tool-use", P.preToolUse("MCP:list_tables", {}), token)).toEqual({});
  });

  it("an MCP tool is mcp__cursor__<tool>; a rewrite is preToolUse's updated_input; a stop block is a follow-up message", async () => {
    expect(await answer(team, "before-mcp-execution", P.beforeMCPExecution("drop_table", { name: "users" }), token)).toEqual({
      permission: "deny",
      user_message: "no dropping tables",
      agent_message: "no dropping tables",
    });
    expect(await answer(team, "before-mcp-execution", P.beforeMCPExecution("select", { q: "1" }), token)).toEqual({});
    expect(await answer(team, "pre-tool-use", P.preToolUse("Write", { file_path: "/home/dev/shop/a.txt", content: "x" }), token)).toEqual({
      permission: "allow",
      updated_input: { file_path: "/home/dev/shop/a.txt", content: "stamped" },
    });
    expect(await answer(team, "stop", P.stop(0), token)).toEqual({ followup_message: "run the tests first" });
  });
});
