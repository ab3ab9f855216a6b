// One contract over every event route of every client hookgate serves (CLIENT_PROFILES): with a policy that fires on
// every event — the strongest verdict it takes with a reason and context, or a rewrite with context — each answer
// holds only fields that client reads (it passes the event's exact answer schema: Claude Code's Appendix C layout,
// Codex's vendored output schemas as zod, Copilot CLI's and Cursor's writers), and the starter policy denies
// `rm -rf /` from each client. Inputs: Claude Code's fixtures, Codex's (test/fixtures/codexPayloads.ts), the payloads
// the real Copilot CLI 1.0.102 sent (test/fixtures/copilot-cli/) and Cursor's documented ones (test/fixtures/cursor/).
import { beforeAll, describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import { CLIENT_PROFILES } from "../../src/clients";
import { claudeCode } from "../../src/clients/claude-code";
import { isNative } from "../../src/clients/native";
import type { EventSpec } from "../../src/engine/event/eventSpec";
import type { ClientProfile } from "../../src/gate/profile";
import wire from "../fixtures/copilot-cli/wire-1.0.102.json";
import { CODEX_PAYLOADS } from "../fixtures/codexPayloads";
import { CURSOR_PAYLOADS } from "../fixtures/cursor/payloads";
import { payloadOf } from "../fixtures/payloads";
import { expectAnswer, hook, teamWith } from "../support/worker";

const copilotBase = { sessionId: wire.preToolUse.sessionId, timestamp: wire.preToolUse.timestamp, cwd: wire.preToolUse.cwd };
const COPILOT: Record<string, Record<string, unknown>> = {
  ...wire,
  postToolUseFailure: { ...wire.preToolUse, error: "exit code 1" },
  subagentStart: { ...copilotBase, transcriptPath: "/home/dev/.copilot/t.jsonl", agentName: "explore" },
  subagentStop: { ...copilotBase, transcriptPath: "/home/dev/.copilot/t.jsonl", agentName: "explore", stopReason: "end_turn" },
  preCompact: { ...copilotBase, transcriptPath: "/home/dev/.copilot/t.jsonl", trigger: "auto", customInstructions: "" },
  notification: { ...copilotBase, hook_event_name: "Notification", message: "Shell completed", notification_type: "shell_completed" },
};
const CURSOR: Record<string, Record<string, unknown>> = {
  beforeShellExecution: CURSOR_PAYLOADS.beforeShellExecution("ls"),
  beforeMCPExecution: CURSOR_PAYLOADS.beforeMCPExecution("query", { q: 1 }),
  beforeReadFile: CURSOR_PAYLOADS.beforeReadFile("/home/dev/shop/a.txt"),
  preToolUse: CURSOR_PAYLOADS.preToolUse("Write", { file_path: "/home/dev/shop/a.txt", content: "x" }),
  beforeSubmitPrompt: CURSOR_PAYLOADS.beforeSubmitPrompt("hello"),
  stop: CURSOR_PAYLOADS.stop(0),
};

/** A valid input of the client for the event, as that client sends it. */
function inputOf(p: ClientProfile, s: EventSpec): Record<string, unknown> {
  if (p.name === "claude-code") return payloadOf(s.name);
  if (p.name === "codex") return (CODEX_PAYLOADS as Record<string, Record<string, unknown>>)[s.name]!;
  const native = isNative(s) ? s.native.native : s.name;
  const table = p.name === "copilot-cli" ? COPILOT : CURSOR;
  const input = table[native];
  if (!input) throw new Error(`no ${p.name} input for ${native}`);
  return input;
}

const path = (p: ClientProfile, s: EventSpec) => (p.routeSegment ? `${p.routeSegment}/${s.route}` : s.route);

/** On every canonical event: its strongest verdict with a reason (and context where it takes one); or a rewrite. */
function everywhere(kind: "strong" | "rewrite") {
  const hooks: Record<string, unknown[]> = {};
  for (const s of claudeCode.events.list) {
    const rule: Record<string, unknown> = { type: "rule" };
    if (kind === "strong" && s.verdicts.length > 0) {
      rule.decision = s.verdicts.includes("deny") ? "deny" : s.verdicts.includes("block") ? "block" : s.verdicts[0];
      rule.reason = `contract ${s.name}`;
    }
    if (kind === "rewrite" && s.updatedInput) {
      if (s.verdicts.includes("allow")) rule.decision = "allow";
      rule.updatedInput = { command: "echo rewritten" };
    }
    if (s.additionalContext) rule.additionalContext = `context ${s.name}`;
    if (Object.keys(rule).length > 1) hooks[s.name] = [{ hooks: [rule] }];
  }
  return { hooks };
}

describe("every client's every event route answers only what that client reads", () => {
  const teams: Record<string, { team: string; token: string }> = {};
  beforeAll(async () => {
    teams.strong = await teamWith(everywhere("strong"), "contract-strong");
    teams.rewrite = await teamWith(everywhere("rewrite"), "contract-rewrite");
    teams.starter = await teamWith(starter, "contract-starter");
  });

  for (const p of CLIENT_PROFILES)
    it(`${p.name}: ${p.events.list.length} routes, each answer passes its exact schema under a policy firing everywhere`, async () => {
      let nonEmpty = 0;
      for (const kind of ["strong", "rewrite"] as const)
        for (const s of p.events.list) {
          const { team, token } = teams[kind]!;
          const a = await expectAnswer(await hook(team, path(p, s), inputOf(p, s), token));
          const checked = s.output.safeParse(a);
          expect(checked.success, `${p.name} ${s.route} (${kind}): ${JSON.stringify(a)}`).toBe(true);
          if (Object.keys(a).length > 0) nonEmpty++;
        }
      // The policy said something the client reads on most routes (not a suite of `{}`).
      expect(nonEmpty, p.name).toBeGreaterThan(p.events.list.length / 2);
    });

  it("the starter policy denies `rm -rf /` from each of the four clients", async () => {
    const { team, token } = teams.starter!;
    const rm = "rm -rf /";
    const asked: [string, string, Record<string, unknown>, (a: Record<string, unknown>) => unknown][] = [
      ["claude-code", "pre-tool-use", { ...payloadOf("PreToolUse"), tool_name: "Bash", tool_input: { command: rm } }, (a) => (a.hookSpecificOutput as Record<string, unknown>)?.permissionDecision],
      ["codex", "codex/pre-tool-use", { ...CODEX_PAYLOADS.PreToolUse, tool_input: { command: rm } }, (a) => (a.hookSpecificOutput as Record<string, unknown>)?.permissionDecision],
      ["copilot-cli", "copilot-cli/pre-tool-use", { ...wire.preToolUse, toolArgs: { command: rm } }, (a) => a.permissionDecision],
      ["cursor", "cursor/before-shell-execution", CURSOR_PAYLOADS.beforeShellExecution(rm), (a) => a.permission],
      ["cursor", "cursor/pre-tool-use", CURSOR_PAYLOADS.preToolUse("Shell", { command: rm }), (a) => a.permission],
    ];
    for (const [client, r, body, verdict] of asked) {
      const a = await expectAnswer(await hook(team, r, body, token));
      expect(verdict(a), `${client} ${r}: ${JSON.stringify(a)}`).toBe("deny");
    }
    expect(new Set(asked.map(([c]) => c))).toEqual(new Set(CLIENT_PROFILES.map((p) => p.name)));
  });
});
