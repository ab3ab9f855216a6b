import { describe, expect, it } from "vitest";
import { eventByName } from "../../src/clients/claude-code/events";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { evaluate } from "../../src/engine/evaluate";
import { analyseShell } from "../../src/engine/shell/analyse";
import { DEFAULT_SHELL_LIMITS } from "../../src/engine/shell/model";
import starterDocument from "../../policies/default.json";
import { claudeCode } from "../../src/clients/claude-code";

/**
 * Every request's work is bounded (issue: "unbounded work from one request"). Each hostile input below once took
 * from a fraction of a second to half a minute. What is asserted is structural, not a time: the analysis stops at
 * its counted limits (ShellLimits), the matching stops at its work budget, and whatever was not examined gets the
 * policy's failure verdict with a reason that names the limit — never a pass. The CPU time of these inputs on
 * workerd is measured in bench/ (the "hostile" rows).
 */

const compiled = (doc: unknown): CompiledPolicy => {
  const c = compilePolicy(doc, { client: claudeCode });
  if (!c.ok) throw new Error(JSON.stringify(c.error));
  return c.value;
};
const starter = compiled(starterDocument);
const cwd = "/home/dev/shop";
const pre = (tool_name: string, tool_input: Record<string, unknown>) => ({
  session_id: "s",
  transcript_path: "/home/dev/.claude/projects/p/s.jsonl",
  cwd,
  hook_event_name: "PreToolUse",
  tool_name,
  tool_input,
  tool_use_id: "t",
});
const decide = async (policy: CompiledPolicy, tool: string, input: Record<string, unknown>) =>
  (await evaluate(policy, eventByName("PreToolUse"), pre(tool, input))).answer as {
    hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
  };
const unexamined = (why: RegExp) => ({
  hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: expect.stringMatching(new RegExp(`could not examine this call in full: .*${why.source}`)) },
});

const L = DEFAULT_SHELL_LIMITS;

/** Inputs that once ran long, each at or near the 1 MiB body limit or at the size that hurt. */
const HOSTILE_BASH: [string, string][] = [
  ["here-doc openers, 512 KiB", "<<E ".repeat(131072)],
  ["here-doc openers, 64 KiB", "<<E ".repeat(16384)],
  ["80,000 words in one command", `echo ${"ab ".repeat(80000)}`],
  ["one 250 KB word", `echo ${"a".repeat(250000)}`],
  ["20,000 unclosed $(", "$(".repeat(20000)],
  ["40,000 substitutions inside one quoted word", `echo "${"$(a) ".repeat(40000)}"`],
  ["find -exec find -exec …", `${"find . -exec ".repeat(20000)}x`],
  ["bash -c inside bash -c …", 'bash -c "'.repeat(20000)],
  ["eval eval eval …", `${"eval ".repeat(100000)}x`],
  ["twelve nested loops of eight values", `${"for b in 1 2 3 4 5 6 7 8; do ".repeat(12)}for a in /; do rm -rf $a; done${"; done".repeat(12)}`],
  ["100,000 commands", "rm -rf x;".repeat(100000)],
  ["brace expansions", `echo ${"{a,b,c}".repeat(30000)}`],
  ["if inside if", `${"if a; then ".repeat(5000)}b${"; fi".repeat(5000)}`],
  ["function definitions calling themselves", "f(){ f; };".repeat(20000)],
];
const HOSTILE_POWERSHELL: [string, string][] = [
  ["80,000 words", `Write-Output ${"ab ".repeat(80000)}`],
  ["250,000 open parentheses", "(".repeat(250000)],
  ["40,000 commands", "Remove-Item x -Recurse;".repeat(40000)],
  ["40,000 sub-expressions in strings", '"$(a)" '.repeat(40000)],
  ["100,000 open script blocks", "{".repeat(100000)],
];

describe("the shell analysis stops at its limits", () => {
  const all = [...HOSTILE_BASH.map(([n, c]) => [n, c, "bash"] as const), ...HOSTILE_POWERSHELL.map(([n, c]) => [n, c, "powershell"] as const)];
  for (const [name, command, dialect] of all)
    it(`${dialect}: ${name} (${command.length} characters)`, () => {
      const a = analyseShell(command, dialect, { cwd });
      expect(a.work.commands).toBeLessThanOrEqual(L.maxCommands);
      expect(a.work.words).toBeLessThanOrEqual(L.maxWords);
      expect(a.work.nodes).toBeLessThanOrEqual(L.maxNodes + 1);
      expect(a.commands.length).toBe(a.work.commands);
      if (a.truncated) expect(a.limit).toEqual(expect.any(String));
    });
});

describe("what could not be examined gets the failure verdict, never a pass", () => {
  for (const [name, command] of HOSTILE_BASH)
    it(`Bash: ${name}`, async () => {
      const a = analyseShell(command, "bash", { cwd });
      const answer = await decide(starter, "Bash", { command });
      // Examined in full or not, never a pass for what was not examined; what was examined is decided as usual.
      if (a.truncated) expect(answer).toMatchObject(unexamined(/too large or too deeply nested/));
      else expect(answer.hookSpecificOutput?.permissionDecisionReason ?? "").not.toMatch(/could not examine/);
    });
  for (const [name, command] of HOSTILE_POWERSHELL)
    it(`PowerShell: ${name}`, async () => {
      expect(await decide(starter, "PowerShell", { command })).toMatchObject(unexamined(/too large or too deeply nested/));
    });

  it("the reason names the limit that was reached", async () => {
    const many = Array.from({ length: L.maxCommands + 10 }, (_, i) => `echo ${i}`).join("; ");
    expect(await decide(starter, "Bash", { command: many })).toMatchObject(unexamined(new RegExp(`more than ${L.maxCommands} simple commands`)));
    const words = `echo ${Array.from({ length: L.maxWords + 10 }, (_, i) => `w${i}`).join(" ")}`;
    expect(await decide(starter, "Bash", { command: words })).toMatchObject(unexamined(new RegExp(`more than ${L.maxWords} words`)));
    const long = `echo '${"x".repeat(L.maxParsedChars + 10)}'`;
    expect(await decide(starter, "Bash", { command: long })).toMatchObject(unexamined(/longer than 128 KiB/));
  });

  it("a command just inside the limits is examined in full, and a danger at its very end is found", async () => {
    const body = Array.from({ length: L.maxCommands - 2 }, (_, i) => `echo ${i}`).join("; ");
    expect(await decide(starter, "Bash", { command: `${body}; ls -la` })).toEqual({});
    expect(await decide(starter, "Bash", { command: `${body}; rm -rf ~` })).toMatchObject({
      hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: expect.not.stringMatching(/could not examine/) },
    });
  });

  it("interpreter code longer than the scan reads is unexamined, not skipped", async () => {
    const padding = "x = 1\n".repeat(6000);
    expect(await decide(starter, "Bash", { command: `python3 -c '${padding}import shutil; shutil.rmtree("/")'` })).toMatchObject(
      unexamined(/too large or too deeply nested/),
    );
  });

  it("interpreter code with more operations than the scan follows is unexamined, not cut short", async () => {
    const opens = 'open("a.txt");'.repeat(80);
    expect(await decide(starter, "Bash", { command: `python3 -c '${opens} import shutil; shutil.rmtree("/")'` })).toMatchObject({
      hookSpecificOutput: { permissionDecision: "deny" },
    });
  });
});

describe("matching stops at the request's work budget", () => {
  const manyRules = compiled({
    hooks: {
      PreToolUse: [
        { matcher: "Bash", hooks: Array.from({ length: 1000 }, (_, i) => ({ type: "rule", id: `r${i}`, if: `Bash(*${"a*".repeat(20)}${i})`, decision: "deny" })) },
      ],
    },
  });

  it("1,000 wildcard rules against 250 long parts: the failure verdict, saying why", async () => {
    const command = Array.from({ length: 250 }, () => "a".repeat(100)).join(";");
    expect(await decide(manyRules, "Bash", { command })).toMatchObject(unexamined(/more work than one request is allowed/));
  });

  it("the same rules against an ordinary command are all examined", async () => {
    expect(await decide(manyRules, "Bash", { command: "git status" })).toEqual({});
    expect(await decide(manyRules, "Bash", { command: `echo ${"a".repeat(20)}7` })).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });

  it("a path rule with 4,000 wildcard characters against a 64 KiB path: longer than any real path, failure verdict", async () => {
    const pathRule = compiled({ hooks: { PreToolUse: [{ hooks: [{ type: "rule", if: `Read(*${"a".repeat(4000)}>b)`, decision: "deny", reason: "x" }] }] } });
    expect(await decide(pathRule, "Read", { file_path: `/${"a".repeat(65536)}` })).toMatchObject(unexamined(/longer than any real path/));
    expect(await decide(pathRule, "Read", { file_path: `/x/${"a".repeat(250)}/${"a".repeat(250)}` })).toEqual({});
  });

  it("templated paths in many commands (globs under variables): examined, or stopped by the budget — never passed unexamined", async () => {
    const command = Array.from({ length: 250 }, (_, i) => `rm -rf ~/d${i}/x${i}/../y/*.pem`).join(";");
    const answer = await decide(starter, "Bash", { command });
    const decision = answer.hookSpecificOutput?.permissionDecision;
    if (decision === "deny") expect(answer.hookSpecificOutput?.permissionDecisionReason).toMatch(/more work than one request/);
    else expect(answer).toEqual({});
  });
});
