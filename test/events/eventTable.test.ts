import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_EVENTS as EVENT_TABLE, eventByName, claudeCodeEvents } from "../../src/clients/claude-code/events";
import type { EventSpec } from "../../src/engine/event/eventSpec";
import { HOOK_EVENTS, type HookEventName } from "../../src/clients/claude-code/events";
import { PAYLOADS, payloadOf } from "../fixtures/payloads";

const kebab = (name: string) => name.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();
const spec = (name: HookEventName): EventSpec => eventByName(name);
const valid = (s: EventSpec, answer: unknown) => s.output.safeParse(answer).success;

describe("the event table", () => {
  it("holds the 34 events of HOOK_EVENTS, in order", () => {
    expect(EVENT_TABLE).toHaveLength(34);
    expect(EVENT_TABLE.map((s) => s.name)).toEqual([...HOOK_EVENTS]);
  });

  it("gives each event a unique kebab-case route", () => {
    const routes = EVENT_TABLE.map((s) => s.route);
    expect(new Set(routes).size).toBe(34);
    for (const s of EVENT_TABLE) {
      expect(s.route).toBe(kebab(s.name));
      expect(s.route).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    expect(spec("PreToolUse").route).toBe("pre-tool-use");
    expect(spec("PreSkillShellCommand").route).toBe("pre-skill-shell-command");
  });

  it("looks events up by name and by route", () => {
    for (const s of EVENT_TABLE) {
      expect(eventByName(s.name)).toBe(s);
      expect(claudeCodeEvents.byRoute(s.route)).toBe(s);
    }
    expect(eventByName("preToolUse")).toBeUndefined();
    expect(eventByName("__proto__")).toBeUndefined();
    expect(claudeCodeEvents.byRoute("PreToolUse")).toBeUndefined();
    expect(claudeCodeEvents.byRoute("constructor")).toBeUndefined();
  });

  it("marks tool events, the no-matcher events and the narrow matchers", () => {
    const tool = EVENT_TABLE.filter((s) => s.toolEvent).map((s) => s.name);
    expect(tool.sort()).toEqual(
      ["PermissionDenied", "PermissionRequest", "PostToolUse", "PostToolUseFailure", "PreSkillShellCommand", "PreToolUse"],
    );
    const noMatcher = EVENT_TABLE.filter((s) => s.matcher === null).map((s) => s.name);
    expect(noMatcher.sort()).toEqual(
      [
        "CwdChanged", "MessageDisplay", "PostToolBatch", "Stop", "TaskCompleted", "TaskCreated", "TeammateIdle",
        "UserPromptSubmit", "WorktreeCreate", "WorktreeRemove",
      ],
    );
    const narrow = EVENT_TABLE.filter((s) => s.matcher?.syntax === "narrow").map((s) => s.name);
    expect(narrow.sort()).toEqual(["FileChanged", "StopFailure"]);
  });

  it("answers the matcher query from the event's match field (contract §3.1)", () => {
    const expected: Partial<Record<HookEventName, string>> = {
      SessionStart: "startup", Setup: "init", InstructionsLoaded: "path_glob_match", UserPromptExpansion: "deploy",
      PreToolUse: "Bash", PermissionRequest: "Bash", PostToolUse: "Write", PostToolUseFailure: "Bash",
      PermissionDenied: "Bash", Notification: "permission_prompt", SubagentStart: "Explore", SubagentStop: "Explore",
      StopFailure: "rate_limit", ConfigChange: "project_settings", DirectoryAdded: "slash_command", FileChanged: ".env",
      PreCompact: "manual", PostCompact: "auto", SessionEnd: "prompt_input_exit", Elicitation: "deploy-bot",
      ElicitationResult: "deploy-bot", PreModelSwitch: "claude-opus-5", PostModelSwitch: "claude-opus-5",
      PreSkillShellCommand: "Bash",
    };
    for (const s of EVENT_TABLE) {
      if (s.matcher === null) continue;
      expect(s.matcher.query(payloadOf(s.name)), s.name).toBe(expected[s.name]);
      expect(s.matcher.query({}), s.name).toBeUndefined();
    }
    const fileChanged = spec("FileChanged").matcher!;
    expect(fileChanged.query({ file_path: "C:\\Users\\ana\\shop\\.env.local" })).toBe(".env.local");
    expect(fileChanged.query({ file_path: "package.json" })).toBe("package.json");
    expect(spec("PreToolUse").matcher!.query({ tool_name: 42 })).toBeUndefined();
  });

  it("records the client's budgets and delivery", () => {
    for (const s of EVENT_TABLE) {
      const budget = { UserPromptSubmit: 30_000, MessageDisplay: 10_000, SessionEnd: 1_500 }[s.name as string] ?? 600_000;
      expect(s.clientTimeoutMs, s.name).toBe(budget);
      expect(s.httpDelivered, s.name).toBe(s.name !== "SessionStart" && s.name !== "Setup");
      expect(s.acknowledgeFirst ?? false, s.name).toBe(s.name === "SessionEnd");
    }
  });

  it("gives each answer kind its verdicts", () => {
    const verdicts = Object.fromEntries(EVENT_TABLE.map((s) => [s.name, [s.answer, ...s.verdicts].join(" ")]));
    expect(verdicts.PreToolUse).toBe("permission allow deny ask defer");
    expect(verdicts.PreSkillShellCommand).toBe("permission allow deny ask");
    expect(verdicts.PreModelSwitch).toBe("permission allow deny ask");
    expect(verdicts.PermissionRequest).toBe("permissionRequest allow deny ask");
    const blocking = [
      "UserPromptSubmit", "UserPromptExpansion", "PostToolUse", "PostToolBatch", "SubagentStop", "Stop", "TaskCreated",
      "TaskCompleted", "TeammateIdle", "ConfigChange", "PreCompact",
    ];
    for (const s of EVENT_TABLE) {
      if (blocking.includes(s.name)) expect(verdicts[s.name], s.name).toBe("block block");
      else if (s.answer === "none") expect(s.verdicts, s.name).toEqual([]);
    }
    expect(EVENT_TABLE.filter((s) => s.answer === "none")).toHaveLength(34 - 4 - blocking.length);
    expect(EVENT_TABLE.filter((s) => s.updatedInput).map((s) => s.name).sort()).toEqual(
      ["PermissionRequest", "PreSkillShellCommand", "PreToolUse"],
    );
  });
});

describe("input schemas", () => {
  it.each(HOOK_EVENTS.map((n) => [n]))("%s parses its payload and keeps unknown fields", (name) => {
    const s = spec(name);
    const parsed = s.input.safeParse(payloadOf(name));
    expect(parsed.error?.issues ?? []).toEqual([]);
    const extra = s.input.parse({ ...payloadOf(name), brand_new_field: { nested: [1, 2] }, duration_ms: 3 });
    expect(extra.brand_new_field).toEqual({ nested: [1, 2] });
  });

  it.each(HOOK_EVENTS.map((n) => [n]))("%s rejects a body without the common fields", (name) => {
    const { session_id: _drop, ...rest } = payloadOf(name);
    expect(spec(name).input.safeParse(rest).success).toBe(false);
    expect(spec(name).input.safeParse({ ...payloadOf(name), cwd: 7 }).success).toBe(false);
  });

  it("is lenient where the contract says values vary", () => {
    const pre = spec("PreToolUse").input;
    expect(pre.safeParse({ ...PAYLOADS.PreToolUse, permission_mode: "some-future-mode", effort: { level: "ultra" } }).success)
      .toBe(true);
    const compact = spec("PreCompact").input;
    expect(compact.safeParse({ ...PAYLOADS.PreCompact, custom_instructions: null }).success).toBe(true);
    expect(compact.safeParse({ ...PAYLOADS.PreCompact, custom_instructions: "" }).success).toBe(true);
    const post = spec("PostToolUse").input;
    expect(post.safeParse({ ...PAYLOADS.PostToolUse, tool_response: "plain text" }).success).toBe(true);
    expect(post.safeParse({ ...PAYLOADS.PostToolUse, tool_response: [{ type: "text", text: "x" }] }).success).toBe(true);
    const start = spec("SessionStart").input;
    const { model: _model, ...noModel } = PAYLOADS.SessionStart;
    expect(start.safeParse({ ...noModel, source: "fork" }).success).toBe(true);
    // PermissionRequest has no tool_use_id (contract §1.4 #8); other tool events require it.
    expect(spec("PermissionRequest").input.safeParse(PAYLOADS.PermissionRequest).success).toBe(true);
    const { tool_use_id: _id, ...noId } = PAYLOADS.PreToolUse;
    expect(pre.safeParse(noId).success).toBe(false);
    expect(pre.safeParse({ ...PAYLOADS.PreToolUse, tool_input: "rm -rf /" }).success).toBe(false);
  });
});

describe("output schemas", () => {
  const otherName = (name: HookEventName) => (name === "Stop" ? "SubagentStop" : "Stop");
  const longText = "x".repeat(10_001);

  it.each(HOOK_EVENTS.map((n) => [n]))("%s accepts {} and rejects wrong names, unknown fields and long strings", (name) => {
    const s = spec(name);
    expect(valid(s, {})).toBe(true);
    expect(valid(s, { hookSpecificOutput: { hookEventName: otherName(name) } })).toBe(false);
    expect(valid(s, { hookSpecificOutput: { hookEventName: name.toLowerCase() } })).toBe(false);
    expect(valid(s, { unknownField: true })).toBe(false);
    expect(valid(s, { suppressOutput: true })).toBe(false);
    expect(valid(s, { decision: "approve" })).toBe(false);
    expect(valid(s, { hookSpecificOutput: { hookEventName: name, unknownField: 1 } })).toBe(false);

    // Every top-level text field the event takes is capped at 10,000 characters.
    let capped = 0;
    for (const key of ["systemMessage", "reason", "stopReason", "terminalSequence"]) {
      const withKey = key === "stopReason" ? { continue: false } : key === "reason" ? { decision: "block" } : {};
      if (!valid(s, { ...withKey, [key]: "x" })) continue;
      capped++;
      expect(valid(s, { ...withKey, [key]: "x".repeat(10_000) }), key).toBe(true);
      expect(valid(s, { ...withKey, [key]: longText }), key).toBe(false);
    }
    for (const key of ["additionalContext", "permissionDecisionReason", "sessionTitle", "initialUserMessage", "displayContent", "worktreePath"]) {
      const specific = { hookEventName: name, ...(name === "WorktreeCreate" ? { worktreePath: "/w" } : {}) };
      if (!valid(s, { hookSpecificOutput: { ...specific, [key]: "x" } })) continue;
      capped++;
      expect(valid(s, { hookSpecificOutput: { ...specific, [key]: longText } }), key).toBe(false);
    }
    const discarded = ["InstructionsLoaded", "WorktreeRemove", "PostCompact", "SessionEnd"].includes(name);
    expect(capped > 0).toBe(!discarded);
    if (discarded) expect(valid(s, { systemMessage: longText })).toBe(false);
  });

  it("takes a hookSpecificOutput only for the Appendix C variants hookgate produces", () => {
    const withVariant = EVENT_TABLE.filter((s) =>
      valid(s, { hookSpecificOutput: { hookEventName: s.name, ...(s.name === "WorktreeCreate" ? { worktreePath: "/w" } : {}) } }),
    ).map((s) => s.name);
    expect(withVariant.sort()).toEqual(
      [
        "CwdChanged", "Elicitation", "ElicitationResult", "FileChanged", "MessageDisplay", "PermissionDenied",
        "PermissionRequest", "PostModelSwitch", "PostToolBatch", "PostToolUse", "PostToolUseFailure", "PreModelSwitch",
        "PreSkillShellCommand", "PreToolUse", "SessionStart", "Setup", "Stop", "SubagentStart", "SubagentStop",
        "UserPromptExpansion", "UserPromptSubmit", "WorktreeCreate",
      ],
    );
    expect(valid(spec("WorktreeCreate"), { hookSpecificOutput: { hookEventName: "WorktreeCreate" } })).toBe(false);
  });

  it("takes top-level fields only where the event honours them", () => {
    const takes = (name: HookEventName, answer: Record<string, unknown>) => valid(spec(name), answer);
    expect(takes("Notification", { terminalSequence: "\u0007" })).toBe(true);
    expect(takes("Notification", { systemMessage: "hi" })).toBe(false);
    expect(takes("Notification", { continue: false })).toBe(false);
    expect(takes("StopFailure", { systemMessage: "hi" })).toBe(false);
    expect(takes("ConfigChange", { decision: "block", reason: "r" })).toBe(true);
    expect(takes("ConfigChange", { systemMessage: "hi" })).toBe(false);
    expect(takes("ConfigChange", { continue: false })).toBe(false);
    expect(takes("Stop", { continue: false, stopReason: "done" })).toBe(true);
    expect(takes("TaskCreated", { continue: false })).toBe(false);
    expect(takes("PreToolUse", { decision: "block" })).toBe(false);
    expect(takes("Notification", { decision: "block" })).toBe(false);
    expect(takes("MessageDisplay", { systemMessage: "hi" })).toBe(false);
    for (const name of ["InstructionsLoaded", "WorktreeRemove", "PostCompact", "SessionEnd"] as const) {
      for (const answer of [{ terminalSequence: "\u0007" }, { systemMessage: "x" }, { continue: false }, { decision: "block" }])
        expect(takes(name, answer), name).toBe(false);
    }
  });

  it("checks the enums and shapes of event-specific fields", () => {
    const hso = (name: HookEventName, fields: Record<string, unknown>) =>
      valid(spec(name), { hookSpecificOutput: { hookEventName: name, ...fields } });
    expect(hso("PreToolUse", { permissionDecision: "defer" })).toBe(true);
    expect(hso("PreToolUse", { permissionDecision: "block" })).toBe(false);
    expect(hso("PreModelSwitch", { permissionDecision: "defer" })).toBe(false);
    expect(hso("PreModelSwitch", { updatedInput: {} })).toBe(false);
    expect(hso("PreSkillShellCommand", { additionalContext: "x" })).toBe(false);
    expect(hso("PreSkillShellCommand", { updatedInput: { command: "ls" } })).toBe(true);
    expect(hso("PermissionRequest", { decision: { behavior: "ask" } })).toBe(false);
    expect(hso("PermissionRequest", { decision: { behavior: "deny", updatedPermissions: [] } })).toBe(false);
    expect(hso("PermissionRequest", { decision: { behavior: "allow", interrupt: true } })).toBe(false);
    expect(hso("PermissionRequest", { permissionDecision: "allow" })).toBe(false);
    expect(
      hso("PermissionRequest", {
        decision: {
          behavior: "allow",
          updatedPermissions: [
            { type: "setMode", mode: "acceptEdits", destination: "session" },
            { type: "addDirectories", directories: ["/home/dev/lib"], destination: "localSettings" },
            { type: "removeRules", rules: [{ toolName: "Bash" }], behavior: "deny", destination: "projectSettings" },
          ],
        },
      }),
    ).toBe(true);
    expect(
      hso("PermissionRequest", {
        decision: { behavior: "allow", updatedPermissions: [{ type: "setMode", mode: "yolo", destination: "session" }] },
      }),
    ).toBe(false);
    expect(hso("Elicitation", { action: "accept", content: { environment: "staging" } })).toBe(true);
    expect(hso("Elicitation", { action: "approve" })).toBe(false);
    expect(hso("Elicitation", { content: ["staging"] })).toBe(false);
    expect(hso("CwdChanged", { watchPaths: [] })).toBe(true);
    expect(hso("CwdChanged", { watchPaths: ["relative/path"] })).toBe(false);
    expect(hso("PostToolUse", { classifierContext: "x".repeat(2_001) })).toBe(false);
    expect(hso("PostToolUse", { updatedToolOutput: { stdout: "", stderr: "", interrupted: false, isImage: false } })).toBe(true);
    expect(hso("PermissionDenied", { retry: "yes" })).toBe(false);
    expect(hso("Notification", { additionalContext: "x" })).toBe(false);
  });

  it("accepts the contract's example answers (§7)", () => {
    const examples: [HookEventName, Record<string, unknown>][] = [
      ["PreToolUse", { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "Policy: recursive rm is not allowed." } }],
      ["PreToolUse", { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "r", updatedInput: { file_path: "/a", old_string: "x", new_string: "y", replace_all: false }, additionalContext: "c" } }],
      ["PostToolUse", { decision: "block", reason: "r", hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "c" } }],
      ["UserPromptSubmit", { decision: "block", reason: "r", hookSpecificOutput: { hookEventName: "UserPromptSubmit", suppressOriginalPrompt: true } }],
      ["UserPromptSubmit", { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "c", sessionTitle: "Refund order 1042" } }],
      ["Stop", { decision: "block", reason: "Run `npm test -- refunds` and fix failures before finishing." }],
      ["Stop", { hookSpecificOutput: { hookEventName: "Stop", additionalContext: "Please run `npm test -- refunds` before finishing." } }],
      ["SessionStart", { hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "Deploy freeze.", sessionTitle: "shop · feat/refunds" } }],
      ["PermissionRequest", { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedPermissions: [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "npm run lint:*" }], behavior: "allow", destination: "session" }] } } }],
      ["PermissionRequest", { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: "Lint autofix is disabled on release branches", interrupt: false } } }],
      ["Notification", { terminalSequence: "\u001b]777;notify;Claude Code;Needs permission\u0007" }],
      ["PreCompact", { decision: "block", reason: "Snapshot of the transcript is still uploading; retry /compact in a minute." }],
      ["Elicitation", { hookSpecificOutput: { hookEventName: "Elicitation", action: "decline" } }],
      ["WorktreeCreate", { hookSpecificOutput: { hookEventName: "WorktreeCreate", worktreePath: "/abs/path" } }],
    ];
    for (const [name, answer] of examples) expect(spec(name).output.safeParse(answer).error?.issues ?? [], name).toEqual([]);
  });
});
