import { describe, expect, it } from "vitest";
import { compileRule, matchesCall, matchingSubjects, type CompiledRule } from "../../src/engine/match/permissionRule";
import { CLAUDE_CODE_TOOLS } from "../../src/clients/claude-code/tools";
import { describeSubject, subjectCount } from "../../src/engine/match/callSubjects";
import { subjectsOf, type ToolCall } from "../../src/engine/match/callSubjects";

/**
 * Permission rules (contract §3.2 `if`, §3.3 syntax) as hookgate evaluates them. Rows noted STRICTER are
 * where hookgate deliberately matches more than the client (it is a security gate: the client's fail-opens
 * are not copied); CHOICE marks a documented decision where the contract leaves room.
 */

const CWD = "/home/dev/shop";
const HOME = "/home/dev";

function rule(raw: string): CompiledRule {
  const r = compileRule(raw, CLAUDE_CODE_TOOLS);
  if (!r.ok) throw new Error(`compile ${raw}: ${r.error}`);
  return r.value;
}
const bash = (command: string, extra: Record<string, unknown> = {}): ToolCall => ({
  toolName: "Bash",
  toolInput: { command, ...extra },
  cwd: CWD,
  home: HOME,
});
const ps = (command: string): ToolCall => ({ toolName: "PowerShell", toolInput: { command }, cwd: CWD, home: HOME });
const tool = (toolName: string, toolInput: Record<string, unknown> = {}): ToolCall => ({ toolName, toolInput, cwd: CWD, home: HOME });

// ---------------------------------------------------------------------------------------------------------
describe("compileRule: parsing (contract §3.3)", () => {
  it.each([
    ["Bash", "Bash", undefined],
    ["Bash()", "Bash", undefined],
    ["Bash(*)", "Bash", undefined],
    ["Task", "Agent", undefined],
    ["Task(Explore)", "Agent", "Explore"],
    ["KillShell", "TaskStop", undefined],
    ["AgentOutputTool", "TaskOutput", undefined],
    ["Bash(npm run test:*)", "Bash", "npm run test:*"],
    ["Bash(echo \\(hi\\))", "Bash", "echo (hi)"],
    ["Bash(a\\\\b)", "Bash", "a\\b"],
    ["Bash(echo (hi))", "Bash", "echo (hi)"],
    ["  Bash(ls)  ", "Bash", "ls"],
    ["Read(~/.ssh/**)", "Read", "~/.ssh/**"],
    ["WebFetch(domain:example.com)", "WebFetch", "domain:example.com"],
    ["mcp__puppeteer", "mcp__puppeteer", undefined],
    ["mcp__puppeteer__*", "mcp__puppeteer__*", undefined],
    ["mcp__*", "mcp__*", undefined],
    ["mcp__x__y()", "mcp__x__y", undefined],
    ["Agent(model:opus)", "Agent", "model:opus"],
    ["Grep(path:/etc*)", "Grep", "path:/etc*"],
    ["MyCustomTool", "MyCustomTool", undefined],
  ] as Array<[string, string, string | undefined]>)("%j → tool %s, specifier %j", (raw, toolName, spec) => {
    const r = compileRule(raw, CLAUDE_CODE_TOOLS);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.tool).toBe(toolName);
      expect(r.value.specifier).toBe(spec);
      expect(r.value.raw).toBe(raw);
    }
  });

  // The client reads a malformed rule as a bare tool name; hookgate rejects it at publish (STRICTER).
  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["(x)", /missing tool name/],
    ["Bash(ls", /closing "\)"/],
    ["Bash(ls)x", /text after the closing/],
    ["Bash)", /without "\("/],
    ["Bash (ls)", /whitespace/],
    ["Bash( )", /blank specifier/],
    ["bash(ls)", /did you mean "Bash"/],
    ["read", /did you mean "Read"/],
    ["Ba*sh", /only for MCP/],
    ["*", /only for MCP/],
    ["Bash(command:rm *)", /primary field "command"/],
    ["PowerShell(command:Remove-Item *)", /primary field/],
    ["Agent(subagent_type:Explore)", /primary field/],
    ["mcp__x__y(arg)", /MCP tools take no argument specifiers/],
    ["mcp__puppeteer(*.com)", /MCP tools take no argument specifiers/],
    ["mcp__", /not a valid MCP tool name/],
    ["WebFetch(example.com)", /domain specifier/],
    ["WebFetch(domain:)", /names no domain/],
    ["WebFetch(domain:https://example.com)", /hostname only/],
    ["WebFetch(domain:example.com:8080)", /hostname only/],
    ["WebFetch(domain:a..b)", /empty label/],
    ["TodoWrite(anything)", /TodoWrite\(…\) takes only parameter rules/],
    ["Grep(*.ts)", /Grep\(…\) takes only parameter rules/],
    ["Read( )", /blank specifier/],
    ["Bash(:*)", /empty command before/],
    [`Bash(${"x".repeat(5000)})`, /longer than/],
  ] as Array<[string, RegExp]>)("rejects %j", (raw, message) => {
    const r = compileRule(raw, CLAUDE_CODE_TOOLS);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

// ---------------------------------------------------------------------------------------------------------
type Row = [rule: string, call: ToolCall, expected: boolean, note?: string];

const bashRows: Row[] = [
  // contract §3.2 examples
  ["Bash(git *)", bash("FOO=bar git push"), true],
  ["Bash(git *)", bash("npm test && git push"), true],
  ["Bash(rm *)", bash("echo $(rm -rf /)"), true],
  ["Bash(rm *)", bash("echo $(date)"), false],
  ["Bash(rm *)", bash("echo `rm -rf /`"), true],
  ["Bash(git push *)", bash("git push $(git remote)"), true, "STRICTER: the client runs the hook without looking"],
  ["Bash(git push *)", bash('git push "$REMOTE" main'), true, "STRICTER: $VAR is inspected, not a fail-open"],
  ["Bash(git push *)", bash("$GIT push"), true, "SOUND: a dynamic command word may be any command"],
  // contract §3.3 table
  ["Bash(npm run build)", bash("npm run build"), true],
  ["Bash(npm run build)", bash("npm run build --prod"), false],
  ["Bash(npm run build)", bash("npm run  build"), true, "words are re-joined with single spaces"],
  ["Bash(npm run test:*)", bash("npm run test"), true],
  ["Bash(npm run test:*)", bash("npm run test -- --watch"), true],
  ["Bash(npm run test:*)", bash("npm run testing"), false],
  ["Bash(npm run test:*)", bash("npm run test:unit"), false, "legacy prefix needs a word boundary"],
  ["Bash(npm run test:*)", bash("xargs npm run test"), true],
  ["Bash(npm run test:*)", bash("npm ci && npm run test"), true, "STRICTER: the client's allow path never matches compounds"],
  ["Bash(git:* push)", bash("git push"), false, "literal ':' matches nothing useful"],
  ["Bash(npm run *)", bash("npm run build"), true],
  ["Bash(npm run *)", bash("npm install"), false],
  ["Bash(git *)", bash("git"), true, "trailing ' *' is optional when it is the only wildcard"],
  ["Bash(git * main)", bash("git push origin main"), true],
  ["Bash(git * main)", bash("git push origin dev"), false],
  ["Bash(git * main *)", bash("git push main"), false, "two wildcards: the trailing one is not optional"],
  ["Bash(ls *)", bash("ls -la"), true],
  ["Bash(ls *)", bash("lsof"), false],
  ["Bash(ls *)", bash("ls"), true],
  ["Bash(ls*)", bash("ls -la"), true],
  ["Bash(ls*)", bash("lsof"), true],
  ["Bash(* --version)", bash("node --version"), true],
  ["Bash(* --version)", bash("node --version --json"), false],
  ["Bash(echo \\*)", bash("echo '*'"), true, "\\* is a literal star"],
  ["Bash(echo \\*)", bash("echo hi"), false],
  ["Bash(echo a\\\\b)", bash("echo 'a\\b'"), true, "\\\\ in the rule string is one literal backslash"],
  ["Bash(echo \\(hi\\))", bash('echo "(hi)"'), true],
  ["Bash(printf *)", bash("printf 'a\nb'"), true, "* spans newlines"],
  ["Bash(git commit -m \"wip\")", bash('git commit -m "wip"'), true, "raw form keeps quotes"],
  ["Bash(git commit -m wip)", bash('git commit -m "wip"'), true, "dequoted form"],
  // the brief's examples
  ["Bash(git push *)", bash("git push origin main"), true],
  ["Bash(git push *)", bash("timeout 5 git push"), true],
  ["Bash(git push *)", bash("nohup git push &"), true],
  ["Bash(git push *)", bash("sudo -E git push"), true, "STRICTER: sudo is stripped"],
  ["Bash(git push *)", bash("echo `git push`"), true],
  ["Bash(git push *)", bash('bash -c "git push -f"'), true, "STRICTER: bash -c strings are parsed"],
  ["Bash(git push *)", bash("cd x; git push"), true],
  ["Bash(git push *)", bash("git pushx"), false],
  ["Bash(git push *)", bash("github push"), false],
  ["Bash(rm -rf /*)", bash("rm -rf /"), true],
  ["Bash(rm -rf /*)", bash("rm -rf /home"), true],
  ["Bash(rm -rf /*)", bash('rm -rf "/"'), true],
  ["Bash(rm -rf /*)", bash("rm -rf ./build"), false],
  // wrappers (contract list + hookgate's)
  ["Bash(rm *)", bash("time rm x"), true],
  ["Bash(rm *)", bash("nice -n 5 rm x"), true],
  ["Bash(rm *)", bash("stdbuf -oL rm x"), true],
  ["Bash(rm *)", bash("command rm x"), true],
  ["Bash(rm *)", bash("builtin rm x"), true],
  ["Bash(rm *)", bash("noglob rm x"), true],
  ["Bash(rm *)", bash("timeout -s KILL 5 rm x"), true],
  ["Bash(rm *)", bash("timeout --signal=KILL 5s rm x"), true],
  ["Bash(rm *)", bash("find . | xargs rm"), true],
  ["Bash(rm *)", bash("find . -print0 | xargs -0 -n 1 rm"), true, "STRICTER: xargs with flags"],
  ["Bash(rm *)", bash("env FOO=1 rm x"), true, "STRICTER: env"],
  ["Bash(rm *)", bash("env -i -u HOME rm x"), true, "STRICTER: env flags"],
  ["Bash(rm *)", bash("sudo -u root rm x"), true, "STRICTER"],
  ["Bash(rm *)", bash("doas rm x"), true, "STRICTER"],
  ["Bash(rm *)", bash("exec rm x"), true, "STRICTER"],
  ["Bash(rm *)", bash("sudo nohup nice -n 5 timeout 10 rm x"), true, "nested wrappers"],
  ["Bash(rm *)", bash("/bin/rm -rf x"), true, "STRICTER: a path to the command is reduced to its name"],
  ["Bash(rm *)", bash("npx rimraf x"), false, "runners are not stripped"],
  ["Bash(sudo *)", bash("sudo rm x"), true, "the unstripped form is kept"],
  ["Bash(timeout *)", bash("timeout 5 rm x"), true],
  ["Bash(FOO=bar *)", bash("FOO=bar make"), true],
  // everywhere a command can hide (STRICTER than the client)
  ["Bash(rm *)", bash("(cd x && rm y)"), true],
  ["Bash(rm *)", bash("{ rm y; }"), true],
  ["Bash(rm *)", bash("if true; then rm y; fi"), true],
  ["Bash(rm *)", bash("for f in *; do rm $f; done"), true],
  ["Bash(rm *)", bash("f() { rm y; }; f"), true],
  ["Bash(rm *)", bash("cat <(rm y)"), true],
  ["Bash(rm *)", bash('echo "$(rm y)"'), true],
  ["Bash(rm *)", bash("eval 'rm y'"), true],
  ["Bash(rm *)", bash("sh -c 'rm y'"), true],
  ["Bash(rm *)", bash("bash -lc \"rm y\""), true],
  ["Bash(rm *)", bash("bash <<'EOF'\nrm y\nEOF"), true],
  ["Bash(rm *)", bash("find . -name '*.tmp' -exec rm {} \\;"), true],
  ["Bash(rm *)", bash("echo 'unterminated; rm y"), true, "unparseable: naive split"],
  ["Bash(rm *)", bash("echo $(rm y"), true, "unterminated substitution"],
  ["Bash(rm *)", bash("true\nrm y"), true],
  ["Bash(rm *)", bash("a | rm y"), true],
  ["Bash(rm *)", bash("a |& rm y"), true],
  ["Bash(rm *)", bash("a & rm y"), true],
  ["Bash(rm *)", bash("a || rm y"), true],
  // not commands
  ["Bash(rm *)", bash("echo rm y"), false],
  ["Bash(rm *)", bash('echo "rm -rf /"'), false],
  ["Bash(rm *)", bash('git commit -m "rm -rf /"'), false],
  ["Bash(rm *)", bash("echo hi # rm y"), false],
  ["Bash(rm *)", bash("grep -r 'rm ' ."), false],
  // parameter rules
  ["Bash(run_in_background:true)", bash("sleep 9", { run_in_background: true }), true],
  ["Bash(run_in_background:true)", bash("sleep 9", { run_in_background: false }), false],
  ["Bash(run_in_background:true)", bash("sleep 9"), false, "an absent parameter matches nothing"],
  ["Bash(timeout:60*)", bash("x", { timeout: 600000 }), true, "numbers compare as String(value)"],
  ["Bash(description:*deploy*)", bash("x", { description: "deploy to prod" }), true],
  ["Bash(dangerouslyDisableSandbox:true)", bash("x", { dangerouslyDisableSandbox: true }), true],
  ["Bash(timeout:*)", bash("timeout 5 x"), true, "`:*` at the end is the legacy prefix, not a parameter"],
  // whole tool, other tools
  ["Bash", bash("anything"), true],
  ["Bash(*)", bash(""), true],
  ["Bash", ps("ls"), false],
  ["Bash(rm *)", tool("Read", { file_path: "/x" }), false, "a rule for another tool matches nothing"],
];

const psRows: Row[] = [
  ["PowerShell(Remove-Item *)", ps("remove-item C:\\x"), true, "case-insensitive"],
  ["PowerShell(Remove-Item *)", ps("rm -r C:\\x"), true, "alias canonicalisation"],
  ["PowerShell(Remove-Item *)", ps("Get-ChildItem; Remove-Item x"), true],
  ["PowerShell(Remove-Item *)", ps('Write-Output "$(Remove-Item x)"'), true],
  ["PowerShell(Remove-Item *)", ps("Write-Output 'Remove-Item x'"), false],
  ["PowerShell(Remove-Item *)", ps('iex "Remove-Item x"'), true, "STRICTER"],
  ["PowerShell(Remove-Item *)", ps('pwsh -Command "Remove-Item x"'), true, "STRICTER"],
  ["PowerShell(git push*)", ps("git push origin"), true],
  ["PowerShell(git push*)", ps("GIT PUSH"), true],
  ["PowerShell(*)", ps("anything"), true],
  ["PowerShell(Get-Content:*)", ps("get-content x"), true],
  ["PowerShell(rm *)", bash("rm x"), false],
];

const fileRows: Row[] = [
  ["Read(~/.ssh/**)", tool("Read", { file_path: "/home/dev/.ssh/id_rsa" }), true],
  ["Read(~/.ssh/**)", tool("Read", { file_path: "/home/dev/shop/.ssh/id_rsa" }), false],
  ["Read(~/.ssh/**)", { toolName: "Read", toolInput: { file_path: "/home/dev/.ssh/id_rsa" }, cwd: CWD }, true, "home derived from cwd"],
  ["Read(.env)", tool("Read", { file_path: "/home/dev/shop/.env" }), true],
  ["Read(.env)", tool("Read", { file_path: "/home/dev/shop/sub/.env" }), true],
  ["Read(.env)", tool("Read", { file_path: "/opt/app/.env" }), true, "STRICTER: any depth anywhere"],
  ["Read(.env)", tool("Read", { file_path: "/home/dev/shop/.env.example" }), false],
  ["Read(.env)", tool("Read", { file_path: "/home/dev/shop/.ENV" }), true, "STRICTER: case-insensitive"],
  ["Read(.env)", tool("Read", { file_path: "C:\\Users\\a\\.env" }), true, "backslash path"],
  ["Read(.env)", tool("Read", { file_path: ".env" }), true, "relative to cwd"],
  ["Read(.env)", tool("Read", {}), false, "no path"],
  ["Read(*.pem)", tool("Read", { file_path: "/home/dev/shop/certs/server.pem" }), true],
  ["Read(*.pem)", tool("Read", { file_path: "/tmp/x.pem" }), true, "STRICTER"],
  ["Read(*.pem)", tool("Read", { file_path: "/tmp/x.pem.txt" }), false],
  ["Read(./.env)", tool("Read", { file_path: "/home/dev/shop/sub/.env" }), true, "CLIENT: ./name at any depth"],
  ["Read(//c/Users/*/.env)", tool("Read", { file_path: "C:\\Users\\a\\.env" }), true],
  ["Read(.env)", tool("Edit", { file_path: "/home/dev/shop/.env" }), false, "Read rules are for Read"],
  ["Read", tool("Edit", { file_path: "/x" }), false],
  ["Edit(src/**)", tool("Edit", { file_path: "/home/dev/shop/src/a.ts" }), true],
  ["Edit(src/**)", tool("Write", { file_path: "/home/dev/shop/src/a.ts" }), true, "Edit covers Write"],
  ["Edit(src/**)", tool("MultiEdit", { file_path: "/home/dev/shop/src/a.ts" }), true],
  ["Edit(src/**)", tool("NotebookEdit", { notebook_path: "/home/dev/shop/src/n.ipynb" }), true],
  ["Edit(src/**)", tool("Edit", { file_path: "/home/dev/shop/pkg/src/a.ts" }), true, "STRICTER: any depth under cwd"],
  ["Edit(src/**)", tool("Edit", { file_path: "/home/dev/other/src/a.ts" }), false],
  ["Edit(src/**)", tool("Read", { file_path: "/home/dev/shop/src/a.ts" }), false],
  ["Edit(**/src/**)", tool("Edit", { file_path: "/home/dev/shop/a/src/b.ts" }), true],
  ["Edit(/src/**/*.ts)", tool("Edit", { file_path: "/home/dev/shop/src/a/b.ts" }), true, "CHOICE: /path anchors at cwd"],
  ["Edit(/src/**/*.ts)", tool("Edit", { file_path: "/home/dev/shop/lib/src/b.ts" }), false],
  ["Edit(//etc/**)", tool("Edit", { file_path: "/etc/hosts" }), true],
  ["Edit(//etc/**)", tool("Write", { file_path: "/home/dev/../../etc/hosts" }), true, ".. resolved"],
  ["Edit(//etc/**)", tool("Edit", { file_path: "/home/dev/etc/hosts" }), false],
  ["Edit(.github/workflows/**)", tool("Write", { file_path: "/home/dev/shop/.github/workflows/ci.yml" }), true],
  ["Edit", tool("Write", { file_path: "/x" }), true, "STRICTER: bare Edit covers every editing tool"],
  ["Write(*.md)", tool("Write", { file_path: "/x/a.md" }), true, "STRICTER: the client ignores Write(path) rules"],
  ["Write(*.md)", tool("Edit", { file_path: "/x/a.md" }), false],
  ["NotebookEdit(*.ipynb)", tool("NotebookEdit", { notebook_path: "/x/n.ipynb" }), true, "STRICTER"],
  ["Glob(//etc/**)", tool("Glob", { pattern: "*", path: "/etc/ssh" }), true, "STRICTER"],
  ["Glob(//etc/**)", { toolName: "Glob", toolInput: { pattern: "*" }, cwd: "/etc" }, true, "Glob without path searches cwd"],
];

const webRows: Row[] = [
  ["WebFetch(domain:example.com)", tool("WebFetch", { url: "https://example.com/x" }), true],
  ["WebFetch(domain:example.com)", tool("WebFetch", { url: "https://EXAMPLE.com./x" }), true, "case, trailing dot"],
  ["WebFetch(domain:Example.COM.)", tool("WebFetch", { url: "https://example.com" }), true],
  ["WebFetch(domain:example.com)", tool("WebFetch", { url: "https://a.example.com/" }), false],
  ["WebFetch(domain:example.com)", tool("WebFetch", { url: "https://example.com.evil.net/" }), false],
  ["WebFetch(domain:example.com)", tool("WebFetch", { url: "https://user@example.com:8443/p" }), true],
  ["WebFetch(domain:example.com)", tool("WebFetch", { url: "example.com/path" }), true, "STRICTER: scheme-less read as https"],
  ["WebFetch(domain:example.com)", tool("WebFetch", { url: "http://" }), false, "CHOICE: unparseable url matches no domain rule"],
  ["WebFetch(domain:*.example.com)", tool("WebFetch", { url: "https://example.com" }), false, "not the apex"],
  ["WebFetch(domain:*.example.com)", tool("WebFetch", { url: "https://a.example.com" }), true],
  ["WebFetch(domain:*.example.com)", tool("WebFetch", { url: "https://a.b.example.com" }), true, "any depth"],
  ["WebFetch(domain:*.example.com)", tool("WebFetch", { url: "https://badexample.com" }), false],
  ["WebFetch(domain:example.*)", tool("WebFetch", { url: "https://example.org" }), true],
  ["WebFetch(domain:example.*)", tool("WebFetch", { url: "https://example.evil.com" }), false, "* stays within one label"],
  ["WebFetch(domain:*)", tool("WebFetch", { url: "not a url at all" }), true],
  ["WebFetch", tool("WebFetch", { url: "https://x.y" }), true],
  ["WebFetch(domain:127.0.0.1)", tool("WebFetch", { url: "http://0x7f.1/" }), true, "IPv4 normalised by URL"],
  ["WebFetch(domain:bücher.de)", tool("WebFetch", { url: "https://xn--bcher-kva.de/" }), true, "IDN"],
  ["WebSearch(*claude*)", tool("WebSearch", { query: "What is Claude Code?" }), true, "CHOICE: case-insensitive"],
  ["WebSearch(*claude*)", tool("WebSearch", { query: "gpt" }), false],
];

const mcpRows: Row[] = [
  ["mcp__puppeteer", tool("mcp__puppeteer__puppeteer_navigate"), true, "bare server"],
  ["mcp__puppeteer", tool("mcp__puppeteer2__x"), false],
  ["mcp__puppeteer__*", tool("mcp__puppeteer__puppeteer_navigate"), true, "STRICTER: the client's `if` has no tool globs"],
  ["mcp__puppeteer__*", tool("mcp__other__x"), false],
  ["mcp__puppeteer__puppeteer_navigate", tool("mcp__puppeteer__puppeteer_navigate"), true],
  ["mcp__puppeteer__puppeteer_navigate", tool("mcp__puppeteer__puppeteer_click"), false],
  ["mcp__*", tool("mcp__x__y"), true],
  ["mcp__*", tool("Bash", { command: "ls" }), false],
  ["mcp__*__write*", tool("mcp__fs__write_file"), true],
  ["mcp__*__write*", tool("mcp__fs__read_file"), false],
  ["mcp__brave-search", tool("mcp__brave-search__web_search"), true],
  ["mcp__plugin_p_s", tool("mcp__plugin_p_s__t"), true],
];

const otherRows: Row[] = [
  ["Agent(Explore)", tool("Agent", { subagent_type: "Explore", prompt: "x" }), true],
  ["Agent(Explore)", tool("Agent", { subagent_type: "Plan" }), false],
  ["Agent(Explore)", tool("Task", { subagent_type: "Explore" }), true, "legacy tool name normalised"],
  ["Task(Explore)", tool("Agent", { subagent_type: "Explore" }), true],
  ["Agent(my-custom-agent)", tool("Agent", { subagent_type: "my-custom-agent" }), true],
  ["Agent(superpowers:code-reviewer)", tool("Agent", { subagent_type: "superpowers:code-reviewer" }), true, "plugin agent, not a parameter"],
  ["Agent(*reviewer)", tool("Agent", { subagent_type: "code-reviewer" }), true],
  ["Agent(model:opus)", tool("Agent", { subagent_type: "x", model: "opus" }), true],
  ["Agent(model:opus)", tool("Agent", { subagent_type: "x", model: "sonnet" }), false],
  ["Skill(commit)", tool("Skill", { skill: "commit" }), true],
  ["Skill(commit)", tool("Skill", { skill: "/commit" }), true],
  ["Skill(commit)", tool("Skill", { command: "commit" }), true],
  ["Skill(pdf:*)", tool("Skill", { skill: "pdf:extract" }), true, "plugin skill names with a wildcard"],
  ["Skill(pdf:*)", tool("Skill", { skill: "pdfx" }), false],
  ["Skill(pdf*)", tool("Skill", { skill: "pdf:extract" }), true],
  ["Skill(args:*--force*)", tool("Skill", { skill: "x", args: "a --force" }), true],
  ["Grep(path:/etc*)", tool("Grep", { pattern: "x", path: "/etc/ssh" }), true],
  ["Grep(path:/etc*)", tool("Grep", { pattern: "x" }), false],
  ["TodoWrite(todos:*)", tool("TodoWrite", { todos: [] }), false, "parameters must be scalar"],
  ["TodoWrite", tool("TodoWrite", { todos: [] }), true],
  ["KillShell", tool("TaskStop", { shell_id: "1" }), true],
  ["TaskStop", tool("KillShell", { shell_id: "1" }), true],
];

describe.each([
  ["Bash", bashRows],
  ["PowerShell", psRows],
  ["file tools", fileRows],
  ["WebFetch / WebSearch", webRows],
  ["MCP", mcpRows],
  ["Agent / Skill / parameters", otherRows],
] as Array<[string, Row[]]>)("matching: %s", (_name, rows) => {
  it.each(rows)("%s on %j → %s %s", (raw, call, expected) => {
    expect(matchesCall(rule(raw), call)).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------------------
describe("per-subject matching (if / unless)", () => {
  /** The engine's rule: fire when some subject matches an `if` rule and no `unless` rule. */
  const fires = (ifRules: string[], unlessRules: string[], call: ToolCall) => {
    const s = subjectsOf(call, CLAUDE_CODE_TOOLS);
    const hit = new Set<number>();
    for (const r of ifRules) for (const i of matchingSubjects(rule(r), s)) hit.add(i);
    for (const r of unlessRules) for (const i of matchingSubjects(rule(r), s)) hit.delete(i);
    return [...hit].map((i) => describeSubject(s, i));
  };

  it("an exempted part does not cover another part", () => {
    expect(fires(["Bash(git push *)"], ["Bash(git push origin feat/*)"], bash("git push origin feat/x && git push origin main"))).toEqual([
      "git push origin main",
    ]);
    expect(fires(["Bash(git push *)"], ["Bash(git push origin feat/*)"], bash("git push origin feat/x"))).toEqual([]);
    expect(fires(["Bash(git push *)"], ["Bash(git push origin feat/*)"], bash("cd r && git push origin feat/x"))).toEqual([]);
  });

  it("returns the indices of the matching subjects", () => {
    const s = subjectsOf(bash("ls; rm a; echo $(rm b)"), CLAUDE_CODE_TOOLS);
    expect(subjectCount(s)).toBe(4);
    const idx = matchingSubjects(rule("Bash(rm *)"), s);
    expect(idx.map((i) => describeSubject(s, i))).toEqual(["rm a", "rm b"]);
  });

  it("whole-call rules match every subject", () => {
    const s = subjectsOf(bash("a && b", { run_in_background: true }), CLAUDE_CODE_TOOLS);
    expect(matchingSubjects(rule("Bash(run_in_background:true)"), s)).toEqual([0, 1]);
    expect(matchingSubjects(rule("Bash"), s)).toEqual([0, 1]);
    expect(matchingSubjects(rule("Read"), s)).toEqual([]);
  });

  it("non-shell calls have one subject with a readable description", () => {
    const read = subjectsOf(tool("Read", { file_path: "sub/../.env" }), CLAUDE_CODE_TOOLS);
    expect(subjectCount(read)).toBe(1);
    expect(describeSubject(read, 0)).toBe("/home/dev/shop/.env");
    const web = subjectsOf(tool("WebFetch", { url: "http://" }), CLAUDE_CODE_TOOLS);
    expect(describeSubject(web, 0)).toMatch(/^\(unparseable url: http:\/\/\)$/);
    expect(describeSubject(subjectsOf(tool("WebFetch", { url: "https://A.b/x" }), CLAUDE_CODE_TOOLS), 0)).toBe("a.b");
    expect(describeSubject(subjectsOf(tool("mcp__s__t"), CLAUDE_CODE_TOOLS), 0)).toBe("mcp__s__t");
    expect(describeSubject(read, 5)).toBe("");
  });

  it("tolerates junk input without throwing", () => {
    const junk: ToolCall[] = [
      { toolName: "Bash", toolInput: { command: 42 } },
      { toolName: "Bash", toolInput: {} },
      { toolName: "Read", toolInput: { file_path: null } },
      { toolName: "WebFetch", toolInput: { url: ["x"] } },
      { toolName: "", toolInput: {} },
      { toolName: undefined as unknown as string, toolInput: null as unknown as Record<string, unknown> },
    ];
    for (const c of junk) {
      const s = subjectsOf(c, CLAUDE_CODE_TOOLS);
      expect(subjectCount(s)).toBeGreaterThan(0);
      for (const r of ["Bash(rm *)", "Read(.env)", "WebFetch(domain:x.y)", "Bash", "mcp__*"]) {
        expect(Array.isArray(matchingSubjects(rule(r), s))).toBe(true);
      }
    }
  });
});

describe("bounded work", () => {
  it("evaluates 64 KiB commands without throwing", () => {
    const rules = ["Bash(rm *)", "Bash(git push *)", "Bash(* --version)", "Bash(a*a*a*a*a*a*a*b)", "Bash(npm run test:*)"].map(rule);
    const inputs = [
      "a".repeat(65536),
      `echo ${"$(".repeat(2000)}`,
      `echo ${"$(".repeat(30000)}`,
      "a;".repeat(32768),
      "a*".repeat(32768),
      `${"x ".repeat(32000)}; rm y`,
      "eval eval ".repeat(6000),
    ];
    for (const command of inputs) {
      const s = subjectsOf(bash(command), CLAUDE_CODE_TOOLS);
      for (const r of rules) expect(Array.isArray(matchingSubjects(r, s))).toBe(true);
      expect(typeof matchesCall(rules[0]!, ps(command))).toBe("boolean");
    }
  });

  it("a very long wildcard subject is matched in linear time", () => {
    const r = rule(`Bash(${"a*".repeat(200)}b)`);
    expect(matchesCall(r, bash(`echo ${"a".repeat(60000)}`))).toBe(false);
  });

  it("finds a dangerous command at the end of a long compound command (up to the cap of simple commands)", () => {
    const cmd = `${Array.from({ length: 250 }, (_, i) => `echo ${i}`).join("; ")}; rm -rf /`;
    expect(matchesCall(rule("Bash(*rm -rf /*)"), bash(cmd))).toBe(true);
    expect(matchesCall(rule("Bash(rm -rf /)"), bash(cmd))).toBe(true);
  });
});
