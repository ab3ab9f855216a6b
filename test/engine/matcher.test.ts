import { describe, expect, it } from "vitest";
import { CLAUDE_CODE_TOOLS } from "../../src/clients/claude-code/tools";
import { eventByName } from "../../src/clients/claude-code/events";
import { compilePolicy, type Problem } from "../../src/engine/policy/compilePolicy";
import type { HookEventName } from "../../src/clients/claude-code/events";
import { evaluate } from "../../src/engine/evaluate";
import { compileMatcher } from "../../src/engine/match/matcher";
import { claudeCode } from "../../src/clients/claude-code";

/** Contract §3.1, row by row: [matcher, query, expected]. Standard syntax (tool events, agent types, …). */
const STANDARD: [string | undefined, string, boolean][] = [
  // 1. match-all
  ["*", "Bash", true],
  ["*", "mcp__memory__create", true],
  ["", "Anything", true],
  [undefined, "Edit", true],
  // 2. exact / list, case-sensitive, trimmed pieces
  ["Bash", "Bash", true],
  ["Bash", "bash", false],
  ["Bash", "BashOutput", false],
  ["Bash", "PowerShell", false],
  ["Edit|Write", "Edit", true],
  ["Edit|Write", "Write", true],
  ["Edit|Write", "NotebookEdit", false],
  ["Edit|Write", "Edit|Write", false],
  ["Edit, Write", "Write", true],
  ["Edit, Write", "Edit", true],
  ["Edit, Write", " Write", false],
  ["Bash,PowerShell", "PowerShell", true],
  [" Bash | Read ", "Read", true],
  // hyphen stays on the exact path (v2.1.195+): no substring matches
  ["code-reviewer", "code-reviewer", true],
  ["code-reviewer", "my-code-reviewer", false],
  ["code-reviewer", "code-reviewer-2", false],
  // 3. regex, unanchored
  ["Edit.*", "Edit", true],
  ["Edit.*", "NotebookEdit", true],
  ["Edit.*", "Write", false],
  ["^Edit$", "Edit", true],
  ["^Edit$", "NotebookEdit", false],
  ["^Edit$", "EditX", false],
  ["Notebook.*|^Read$", "NotebookRead", true],
  ["Notebook.*|^Read$", "ReadMcpResourceTool", false],
  // MCP: a bare server is an exact string and matches none of its tools
  ["mcp__memory", "mcp__memory__create", false],
  ["mcp__memory", "mcp__memory", true],
  ["mcp__memory__.*", "mcp__memory__create_entities", true],
  ["mcp__memory__.*", "mcp__memory_extra__create", false],
  ["mcp__memory__.*", "Bash", false],
  ["mcp__brave-search__.*", "mcp__brave-search__web_search", true],
  ["mcp__brave-search__.*", "mcp__brave__search", false],
  ["mcp__.*__write.*", "mcp__github__write_file", true],
  ["mcp__.*__write.*", "mcp__github__read_file", false],
  ["mcp__brave-search", "mcp__brave-search__web_search", false],
  // legacy names: exact path normalises the matcher, regex path tests the aliases too
  ["Task", "Agent", true],
  ["Task|Bash", "Agent", true],
  ["Task", "Task", false],
  ["^Task$", "Agent", true],
  ["^KillShell$", "TaskStop", true],
  ["KillShell", "TaskStop", true],
  ["^BashOutputTool$", "TaskOutput", true],
  ["^Task$", "TaskStop", false],
  ["^Agent$", "Agent", true],
];

/** FileChanged/StopFailure: the older set [A-Za-z0-9_|]; `-`, `.`, space and `,` go down the regex path. */
const NARROW: [string, string, boolean][] = [
  ["rate_limit|overloaded", "rate_limit", true],
  ["rate_limit|overloaded", "overloaded", true],
  ["rate_limit|overloaded", "rate_limit_exceeded", false],
  // comma + space are regex characters here: the literal text "rate_limit, overloaded" is searched for
  ["rate_limit, overloaded", "rate_limit", false],
  ["rate_limit, overloaded", "overloaded", false],
  ["rate_limit,overloaded", "rate_limit", false],
  // `.` and `-` make it an unanchored regex
  [".env|package-lock.json", ".env", true],
  [".env|package-lock.json", "package-lock.json", true],
  [".env|package-lock.json", "prod.env", true],
  [".env|package-lock.json", "package-lockXjson", true],
  [".env|package-lock.json", "env", false],
  [".env|package-lock.json", "package.json", false],
  ["package-lock", "my-package-lock.json", true],
  // a plain word is exact, unlike in the regex path
  ["Makefile", "Makefile", true],
  ["Makefile", "Makefile.bak", false],
];

describe("compileMatcher: contract §3.1 table (standard syntax)", () => {
  it.each(STANDARD)("matcher %j vs %j → %s", (matcher, query, expected) => {
    const m = compileMatcher(matcher, "standard", CLAUDE_CODE_TOOLS.matcherLegacy);
    if (!m.ok) throw new Error(m.error);
    expect(m.value(query)).toBe(expected);
  });

  it("never matches an absent query except for match-all", () => {
    for (const src of ["Bash", "Edit|Write", "Edit.*", "^Task$"]) {
      const m = compileMatcher(src, "standard", CLAUDE_CODE_TOOLS.matcherLegacy);
      if (!m.ok) throw new Error(m.error);
      expect(m.value(undefined), src).toBe(false);
    }
    for (const src of [undefined, "", "*"]) {
      const m = compileMatcher(src, "standard", CLAUDE_CODE_TOOLS.matcherLegacy);
      if (!m.ok) throw new Error(m.error);
      expect(m.value(undefined), String(src)).toBe(true);
    }
  });
});

describe("compileMatcher: narrow syntax (FileChanged, StopFailure)", () => {
  it.each(NARROW)("matcher %j vs %j → %s", (matcher, query, expected) => {
    const m = compileMatcher(matcher, "narrow", CLAUDE_CODE_TOOLS.matcherLegacy);
    if (!m.ok) throw new Error(m.error);
    expect(m.value(query)).toBe(expected);
  });

  it("a hyphenated matcher is exact in standard syntax but a substring regex in narrow syntax", () => {
    const std = compileMatcher("code-reviewer", "standard", CLAUDE_CODE_TOOLS.matcherLegacy);
    const narrow = compileMatcher("code-reviewer", "narrow", CLAUDE_CODE_TOOLS.matcherLegacy);
    if (!std.ok || !narrow.ok) throw new Error("compile failed");
    expect(std.value("senior-code-reviewer")).toBe(false);
    expect(narrow.value("senior-code-reviewer")).toBe(true);
  });
});

describe("matchers through compilePolicy + evaluate (the event's own match field)", () => {
  const fire = async (event: HookEventName, matcher: string, input: Record<string, unknown>) => {
    const spec = eventByName(event);
    // something the event takes, so the handler is valid there
    const handler = spec.topLevel.includes("systemMessage")
      ? { type: "rule", id: "h", systemMessage: "hit" }
      : spec.additionalContext
        ? { type: "rule", id: "h", additionalContext: "hit" }
        : { type: "rule", id: "h", output: { terminalSequence: "\u0007" } };
    const c = compilePolicy({ hooks: { [event]: [{ matcher, hooks: [handler] }] } }, { client: claudeCode });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    const r = await evaluate(c.value, spec, { session_id: "s", hook_event_name: event, cwd: "/home/dev/shop", ...input });
    return r.fired.includes("h");
  };

  it("FileChanged tests the basename of file_path (also for Windows paths)", async () => {
    expect(await fire("FileChanged", ".env|package-lock.json", { file_path: "/home/dev/shop/.env", event: "change" })).toBe(true);
    expect(await fire("FileChanged", ".env|package-lock.json", { file_path: "C:\\shop\\package-lock.json", event: "change" })).toBe(true);
    expect(await fire("FileChanged", ".env|package-lock.json", { file_path: "/home/dev/.envrc/x/README.md", event: "change" })).toBe(false);
    expect(await fire("FileChanged", "Makefile", { file_path: "/home/dev/shop/Makefile", event: "change" })).toBe(true);
    expect(await fire("FileChanged", "Makefile", { file_path: "/home/dev/Makefile/notes.txt", event: "change" })).toBe(false);
  });

  it("PreToolUse tests tool_name; SubagentStart tests agent_type; Notification tests notification_type", async () => {
    expect(await fire("PreToolUse", "Edit.*", { tool_name: "NotebookEdit", tool_input: {} })).toBe(true);
    expect(await fire("PreToolUse", "^Edit$", { tool_name: "NotebookEdit", tool_input: {} })).toBe(false);
    expect(await fire("PreToolUse", "Task", { tool_name: "Agent", tool_input: {} })).toBe(true);
    expect(await fire("SubagentStart", "code-reviewer", { agent_id: "a", agent_type: "code-reviewer" })).toBe(true);
    expect(await fire("SubagentStart", "code-reviewer", { agent_id: "a", agent_type: "code-reviewer-lite" })).toBe(false);
    expect(await fire("Notification", "permission_prompt|idle_prompt", { message: "m", notification_type: "idle_prompt" })).toBe(true);
    expect(await fire("Notification", "permission_prompt", { message: "m", notification_type: "auth_success" })).toBe(false);
  });

  it("the trace records the query and which groups matched", async () => {
    const c = compilePolicy({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "rule", id: "bash", systemMessage: "b" }] },
          { matcher: "Edit|Write", hooks: [{ type: "rule", id: "edit", systemMessage: "e" }] },
        ],
      },
    }, { client: claudeCode });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    const r = await evaluate(c.value, eventByName("PreToolUse"), {
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      tool_input: { file_path: "/x", content: "" },
    });
    expect(r.trace.query).toBe("Write");
    expect(r.trace.groups).toEqual([
      { index: 0, matcher: "Bash", matched: false },
      { index: 1, matcher: "Edit|Write", matched: true },
    ]);
    expect(r.fired).toEqual(["edit"]);
  });
});

describe("invalid matchers are refused at publish (the client would silently match nothing)", () => {
  const problemsFor = (matcher: string): Problem[] => {
    const c = compilePolicy({ hooks: { PreToolUse: [{ matcher, hooks: [{ type: "rule", decision: "deny" }] }] } }, { client: claudeCode });
    expect(c.ok, `${matcher} should be refused`).toBe(false);
    return c.ok ? [] : c.error;
  };

  it.each([
    ["unbalanced group", "Edit(", /not a valid regular expression/],
    ["unbalanced class", "[Edit", /not a valid regular expression/],
    ["bad repeat", "a{2,1}", /repeat/],
    ["nothing to repeat", "*Edit", /not a valid regular expression/],
    ["lookahead", "(?=Bash)Bash", /lookaround|unsupported|\(\?=/],
    ["negative lookahead", "^(?!Read).*", /lookaround|unsupported|\(\?!/],
    ["lookbehind", "(?<=mcp__)memory", /lookaround|unsupported|named capture|\(\?<=/],
    ["backreference", "(Edit)\\1", /backreference|escape/],
  ])("%s: %s", (_what, matcher, detail) => {
    const problems = problemsFor(matcher);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe("hooks.PreToolUse[0].matcher");
    expect(problems[0]!.message).toContain(`matcher "${matcher}" is not a valid regular expression`);
    expect(problems[0]!.message).toMatch(detail);
  });

  it("names RE2 so the author knows why lookaround is refused", () => {
    expect(problemsFor("(?=x)y")[0]!.message).toMatch(/RE2/);
  });

  it("a narrow-syntax event refuses an invalid regex too", () => {
    const c = compilePolicy({ hooks: { FileChanged: [{ matcher: ".env(", hooks: [{ type: "rule", output: { watchPaths: ["/a"] } }] }] } }, { client: claudeCode });
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.error.map((p) => p.path)).toEqual(["hooks.FileChanged[0].matcher"]);
  });
});

describe("a matcher on an event without one is a warning, not an error", () => {
  it.each(["Stop", "UserPromptSubmit", "PostToolBatch", "TeammateIdle", "CwdChanged"] as const)("%s", async (event) => {
    const handler =
      event === "CwdChanged" ? { type: "rule", id: "h", output: { watchPaths: ["/home/dev/shop/.env"] } } : { type: "rule", id: "h", systemMessage: "hi" };
    const c = compilePolicy({ hooks: { [event]: [{ matcher: "Bash", hooks: [handler] }] } }, { client: claudeCode });
    if (!c.ok) throw new Error(JSON.stringify(c.error));
    expect(c.value.warnings).toHaveLength(1);
    expect(c.value.warnings[0]!.path).toBe(`hooks.${event}[0].matcher`);
    expect(c.value.warnings[0]!.message).toContain(`${event} has no matcher`);
    // ignored, as the client does: the handler fires whatever the input
    const r = await evaluate(c.value, eventByName(event), { session_id: "s", hook_event_name: event, prompt: "p", tool_name: "Read" });
    expect(r.fired).toEqual(["h"]);
  });

  it("match-all forms on a no-matcher event give no warning", () => {
    for (const matcher of [undefined, "", "*"]) {
      const c = compilePolicy({ hooks: { Stop: [{ ...(matcher === undefined ? {} : { matcher }), hooks: [{ type: "rule", systemMessage: "x" }] }] } }, { client: claudeCode });
      if (!c.ok) throw new Error(JSON.stringify(c.error));
      expect(c.value.warnings, String(matcher)).toEqual([]);
    }
  });

  it("even an invalid regex there is only a warning (the client never compiles it)", () => {
    const c = compilePolicy({ hooks: { Stop: [{ matcher: "(", hooks: [{ type: "rule", systemMessage: "x" }] }] } }, { client: claudeCode });
    expect(c.ok).toBe(true);
    if (c.ok) expect(c.value.warnings.map((w) => w.path)).toEqual(["hooks.Stop[0].matcher"]);
  });
});
