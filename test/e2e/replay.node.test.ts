// `hookgate replay` on a transcript WRITTEN BY THE REAL CLAUDE CODE CLIENT (pinned 2.1.332, driven offline by the
// local Messages API stand-in): the session runs once, with HOME in a temp dir, and its JSONL under
// HOME/.claude/projects is what is replayed, through the real binary.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTranscript } from "../../src/replay/transcript";
import { ROOT, runBin, startLocalService, type LocalService } from "../support/localService";
import { startModelServer } from "../support/modelServer";
import { CLAUDE_BIN, claudeInstalled, runClaude } from "./claude";

const STARTER = JSON.parse(readFileSync(join(ROOT, "policies/default.json"), "utf8"));

/** The session, one tool call per model turn, then the final text. `touch` is outside --allowedTools: denied. */
const STEPS = [
  { name: "Bash", input: { command: "echo hello", description: "greet" } },
  { name: "Bash", input: { command: "ls -la", description: "list" } },
  { name: "Bash", input: { command: "false", description: "fail on purpose" } },
  { name: "Bash", input: { command: "touch denied.txt", description: "not allowed" } },
  { name: "Write", input: { file_path: "NOTE", content: "written by the session\n" } },
];
const PROMPT = "please tidy up the project";
const FINAL = "all tidied";

let tmp: string;
let work: string;
let transcript: string;
let sessionId: string;

/** The starter policy with handlers prepended to its Bash PreToolUse group (and whatever else `more` adds). */
function starterWith(rules: object[], more: (p: any) => void = () => {}): string {
  const policy = structuredClone(STARTER);
  const bash = policy.hooks.PreToolUse.find((g: any) => String(g.matcher ?? "").split("|").includes("Bash"));
  bash.hooks.unshift(...rules);
  more(policy);
  const file = join(tmp, `policy-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(policy));
  return file;
}

async function replayJson(args: string[]): Promise<{ code: number | null; report: any; stderr: string }> {
  const r = await runBin(["replay", "--json", ...args]);
  return { code: r.code, report: r.stdout ? JSON.parse(r.stdout) : undefined, stderr: r.stderr };
}

describe("hookgate replay, on a transcript the real Claude Code client wrote", () => {
  beforeAll(async () => {
    if (!claudeInstalled()) throw new Error(`${CLAUDE_BIN} missing: run \`npm install\` (its postinstall runs \`npm ci --prefix e2e\`)`);
    tmp = mkdtempSync(join(tmpdir(), "hookgate-replay-"));
    const home = join(tmp, "home");
    work = join(tmp, "work");
    mkdirSync(work);
    STEPS[4]!.input.file_path = join(work, "NOTE");
    const model = await startModelServer({
      script: ({ body }) => {
        const results = body.messages.filter((m: any) => Array.isArray(m.content) && m.content.some((b: any) => b.type === "tool_result")).length;
        return results < STEPS.length ? { toolUse: STEPS[results]! } : { text: FINAL };
      },
    });
    try {
      const r = await runClaude({
        prompt: PROMPT,
        cwd: work,
        home,
        baseUrl: model.url,
        allowedTools: ["Bash(echo *)", "Bash(ls *)", "Bash(false)", "Write"],
        timeoutMs: 90_000,
      });
      expect(r.timedOut, r.stderr).toBe(false);
      expect(r.result, r.stdout + r.stderr).toMatchObject({ is_error: false, result: FINAL });
      sessionId = r.result!.session_id;
    } finally {
      await model.close();
    }
    const projects = join(home, ".claude", "projects");
    const found = readdirSync(projects, { recursive: true, encoding: "utf8" }).filter((p) => p.endsWith(`${sessionId}.jsonl`));
    expect(found).toHaveLength(1);
    transcript = join(projects, found[0]!);
  }, 120_000);

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("rebuilds the hook inputs the client sent: each tool use and its result, the prompt, the Stop; none for the denied tool's result", () => {
    const { inputs, unreadable, sessions } = readTranscript(readFileSync(transcript, "utf8"), transcript);
    expect(unreadable).toBe(0);
    expect([...sessions]).toEqual([sessionId]);
    const shape = inputs.map(({ input: i }) => [i.hook_event_name, (i.tool_input as any)?.command ?? (i.tool_input as any)?.file_path ?? i.prompt ?? i.last_assistant_message]);
    expect(shape).toEqual([
      ["UserPromptSubmit", PROMPT],
      ["PreToolUse", "echo hello"],
      ["PostToolUse", "echo hello"],
      ["PreToolUse", "ls -la"],
      ["PostToolUse", "ls -la"],
      ["PreToolUse", "false"],
      ["PostToolUseFailure", "false"],
      // The permission system refused it after PreToolUse: no PostToolUse(Failure) fires for a tool that never ran.
      ["PreToolUse", "touch denied.txt"],
      ["PreToolUse", join(work, "NOTE")],
      ["PostToolUse", join(work, "NOTE")],
      ["Stop", FINAL],
    ]);
    for (const { input } of inputs) expect(input).toMatchObject({ session_id: sessionId, cwd: work, transcript_path: transcript });
    const post = inputs.find((i) => i.input.hook_event_name === "PostToolUse")!.input;
    expect(post.tool_response).toMatchObject({ stdout: "hello", stderr: "", interrupted: false });
    expect(inputs.find((i) => i.input.hook_event_name === "PostToolUseFailure")!.input.error).toMatch(/^Exit code 1/);
    expect(inputs.at(-1)!.input).toMatchObject({ stop_hook_active: false });
    expect(inputs[0]!.input.permission_mode).toEqual(expect.any(String));
  });

  it("reports exactly the decision that changed (the new rule's), attributed to it, and nothing else", async () => {
    const candidate = starterWith([
      { type: "rule", id: "no-ls", if: "Bash(ls *)", decision: "deny", reason: "use the file browser" },
      { type: "rule", id: "no-curl", if: "Bash(curl *)", decision: "deny", reason: "no network" },
    ]);
    const baseline = starterWith([]);
    const { code, report, stderr } = await replayJson(["--policy", candidate, "--baseline", baseline, transcript]);
    expect(code, stderr).toBe(0);
    expect(report).toMatchObject({ transcripts: 1, sessions: 1, unreadableLines: 0, total: 11, refused: 0 });
    expect(report.events).toEqual({ UserPromptSubmit: 1, PreToolUse: 5, PostToolUse: 3, PostToolUseFailure: 1, Stop: 1 });
    expect(report.changed.count).toBe(1);
    expect(report.changed.byHandler).toEqual([
      {
        handler: "no-ls",
        count: 1,
        examples: [expect.objectContaining({ event: "PreToolUse", tool: "Bash", subject: "ls -la", candidate: "deny", session: sessionId, source: expect.stringMatching(/\.jsonl:\d+$/) })],
      },
    ]);
    // The baseline's verdicts plus one deny, taken from whatever the ls call had.
    const before = report.changed.byHandler[0].examples[0].baseline;
    expect(report.candidate.verdicts.deny ?? 0).toBe((report.baseline.verdicts.deny ?? 0) + (before === "deny" ? 0 : 1));
    expect(report.candidate.fired["no-ls"]).toBe(1);
    expect(report.candidate.neverFired).toContain("no-curl");
    expect(report.candidate.neverFired).not.toContain("no-ls");

    // The same report for people; and as a CI gate.
    const human = await runBin(["replay", "--policy", candidate, "--baseline", baseline, transcript]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/1 decision\(s\) changed:\n {2}no-ls {2}\(1\)\n {4}PreToolUse Bash: ls -la {2}\S+ → deny/);
    expect(human.stdout).toMatch(/never fired: .*no-curl/);
    expect((await runBin(["replay", "--fail-on-change", "--policy", candidate, "--baseline", baseline, transcript])).code).toBe(1);
    const same = await replayJson(["--fail-on-change", "--policy", baseline, "--baseline", baseline, transcript]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.report.changed).toEqual({ count: 0, byHandler: [] });
  });

  it("a `once` handler fires on the session's first match only, as live, and a Stop context is a change with the same verdict", async () => {
    const baseline = starterWith([]);
    const candidate = starterWith([{ type: "rule", id: "bash-once", once: true, additionalContext: "mind the shared checkout" }], (p) => {
      p.hooks.Stop = [{ hooks: [{ type: "rule", id: "stop-note", additionalContext: "run the tests before stopping" }] }];
    });
    const { code, report, stderr } = await replayJson(["--policy", candidate, "--baseline", baseline, transcript]);
    expect(code, stderr).toBe(0);
    const byHandler = Object.fromEntries(report.changed.byHandler.map((g: any) => [g.handler, g]));
    expect(Object.keys(byHandler).sort()).toEqual(["bash-once", "stop-note"]);
    expect(byHandler["bash-once"].count).toBe(1);
    expect(byHandler["bash-once"].examples[0]).toMatchObject({ subject: "echo hello", differs: ["hookSpecificOutput.additionalContext"] });
    expect(byHandler["stop-note"].examples[0]).toMatchObject({ event: "Stop", subject: FINAL, baseline: "none", candidate: "none" });
    expect(report.changed.count).toBe(2);
  });

  it("lines it cannot read are counted and skipped; a directory is searched for transcripts", async () => {
    const dir = join(tmp, "transcripts", "project");
    mkdirSync(dir, { recursive: true });
    copyFileSync(transcript, join(dir, "a.jsonl"));
    const text = readFileSync(transcript, "utf8");
    // A corrupt line in the middle and a torn last line (a write cut short).
    const lines = text.trimEnd().split("\n");
    lines.splice(3, 0, "{not json");
    writeFileSync(join(dir, "b.jsonl"), `${lines.join("\n")}\n{"type":"user","mess`);
    writeFileSync(join(dir, "notes.txt"), "not a transcript");
    const policy = starterWith([]);
    const { code, report, stderr } = await replayJson(["--policy", policy, "--baseline", policy, join(tmp, "transcripts")]);
    expect(code, stderr).toBe(0);
    expect(report).toMatchObject({ transcripts: 2, sessions: 1, unreadableLines: 2, total: 22 });
  });

  it("a missing file is a clear error (exit 2), not a stack trace", async () => {
    const policy = starterWith([]);
    const r = await runBin(["replay", "--policy", policy, "--baseline", policy, join(tmp, "nope.jsonl")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read .*nope\.jsonl/);
  });

  describe("against the team's published revision (--url, --team: the real local service)", () => {
    let svc: LocalService;
    const env = () => ({ HOOKGATE_URL: svc.baseUrl, HOOKGATE_ADMIN_TOKEN: svc.adminToken });
    beforeAll(async () => {
      svc = await startLocalService();
    }, 90_000);
    afterAll(async () => {
      await svc?.stop();
    });

    it("decides against the current revision it reads; a team with none is compared with no policy", async () => {
      const published = starterWith([]);
      const pushed = await runBin(["push", published, "--team", "replay-team"], { env: env() });
      expect(pushed.code, pushed.stderr).toBe(0);
      const candidate = starterWith([{ type: "rule", id: "no-ls", if: "Bash(ls *)", decision: "deny", reason: "x" }]);
      const r = await runBin(["replay", "--json", "--policy", candidate, "--team", "replay-team", transcript], { env: env() });
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report.baselinePolicy).toBe("team replay-team revision 1");
      expect(report.changed.byHandler.map((g: any) => [g.handler, g.count])).toEqual([["no-ls", 1]]);

      const none = await runBin(["replay", "--json", "--policy", candidate, "--team", "nobody-yet", transcript], { env: env() });
      expect(none.code, none.stderr).toBe(0);
      const fromNothing = JSON.parse(none.stdout);
      expect(fromNothing.baselinePolicy).toBe("team nobody-yet (no published policy)");
      expect(fromNothing.baseline.verdicts).toEqual({ none: 11 });
      expect(fromNothing.changed.byHandler.map((g: any) => g.handler)).toContain("no-ls");
    });
  });
});
