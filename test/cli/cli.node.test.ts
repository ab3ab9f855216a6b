// The `hookgate` CLI on good and bad input: in process through main(argv, io), and as the real binary
// (`node bin/hookgate.mjs`, `npx hookgate`). `eval` is checked against the Worker itself: the same policy published
// to the local service (scripts/start.mjs) must give the same answer for the same input.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import { childEnv, freePort, readDevVars, ROOT, runBin, startLocalService, type LocalService } from "../support/localService";
import { claudeCode } from "../../src/clients/claude-code";
import { cli } from "./support";

const STARTER = join(ROOT, "policies/default.json");
/** A starter-policy handler by id (its reason text is asserted rather than copied). */
const starterRule = (id: string): { id: string; reason: string } => {
  const doc = JSON.parse(readFileSync(STARTER, "utf8"));
  const all = Object.values(doc.hooks as Record<string, { hooks: any[] }[]>).flatMap((groups) => groups.flatMap((g) => g.hooks));
  const found = all.find((h) => h.id === id);
  if (!found) throw new Error(`the starter policy has no handler "${id}"`);
  return found;
};
const TEAM = "cli-team";
let dir: string;
const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return p;
};

const base = { session_id: "s-cli", transcript_path: "/home/dev/.claude/projects/p/s-cli.jsonl", cwd: "/home/dev/shop" };
const bash = (command: string, id = "t1") => ({ ...base, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: id });

/** The starter policy plus an allow rule with context, so every kind of answer shows up. */
function evalPolicy(): any {
  const policy = JSON.parse(readFileSync(STARTER, "utf8"));
  policy.hooks.PreToolUse.push({
    matcher: "Bash",
    hooks: [{ type: "rule", id: "allow-npm-test", if: "Bash(npm test)", decision: "allow", reason: "tests are always fine", additionalContext: "CI runs the same tests." }],
  });
  return policy;
}

let svc: LocalService;
let token: string;

async function admin(path: string, init: RequestInit = {}) {
  return fetch(`${svc.baseUrl}/v1/admin/teams/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${svc.adminToken}`, "content-type": "application/json", ...init.headers },
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-cli-"));
  svc = await startLocalService();
  const res = await admin(`${TEAM}/tokens`, { method: "POST" });
  expect(res.status).toBe(201);
  token = ((await res.json()) as { token: string }).token;
}, 90_000);

afterAll(async () => {
  await svc?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("usage", () => {
  it("--help and -h print the usage and exit 0; no arguments prints it and exits 2", async () => {
    for (const argv of [["--help"], ["-h"], ["help"]]) {
      const r = await cli(argv);
      expect(r.code).toBe(0);
      for (const cmd of ["check", "eval", "push", "settings"]) expect(r.out).toContain(`hookgate ${cmd}`);
    }
    const none = await cli([]);
    expect(none.code).toBe(2);
    expect(none.out).toContain("Usage:");
  });

  it("an unknown command, an unknown option or a wrong argument count exits 2 with a message", async () => {
    const unknown = await cli(["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "frobnicate"');

    const option = await cli(["check", STARTER, "--bogus"]);
    expect(option.code).toBe(2);
    expect(option.err).toMatch(/^unknown option --bogus for hookgate check\nsee: hookgate help check$/);

    for (const argv of [["check"], ["check", "a", "b"], ["eval", STARTER], ["push"], ["settings", "extra", "--url", "http://x", "--team", "t"]]) {
      const r = await cli(argv);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.err, argv.join(" ")).toMatch(/^usage: hookgate /);
    }
  });

  it("the real binary: --help → 0, no arguments → 2, an unknown command → 2", async () => {
    const help = await runBin(["--help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toContain("hookgate check <policy.json|->");

    const none = await runBin([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain("Usage:");

    const unknown = await runBin(["frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
  });

  it("package.json exposes the binary; it runs from another cwd (with its own tsconfig) and through a symlink, as node_modules/.bin does", async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.bin).toEqual({ hookgate: "bin/hookgate.mjs" });
    const binPath = join(ROOT, pkg.bin.hookgate);
    expect(readFileSync(binPath, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    expect(statSync(binPath).mode & 0o111).not.toBe(0);

    const elsewhere = join(dir, "other-project");
    mkdirSync(join(elsewhere, "node_modules", ".bin"), { recursive: true });
    writeFileSync(join(elsewhere, "package.json"), JSON.stringify({ name: "other", type: "commonjs" }));
    writeFileSync(join(elsewhere, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "commonjs", jsx: "react", baseUrl: "." } }));
    const checked = await runBin(["check", STARTER], { cwd: elsewhere });
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/ok — \d+ handler\(s\)/);

    const link = join(elsewhere, "node_modules", ".bin", "hookgate");
    symlinkSync(binPath, link);
    const viaLink = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(link, ["--help"], { cwd: elsewhere, stdio: ["ignore", "pipe", "inherit"] });
      let stdout = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
      child.on("error", reject).on("close", (code) => resolve({ code, stdout }));
    });
    expect(viaLink.code).toBe(0);
    expect(viaLink.stdout).toContain("Usage:");
  });

  it("`npx hookgate --help` in the project runs the project's own bin (no registry involved)", async () => {
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      // --no: never install from a registry; the offline flag makes sure of it.
      const child = spawn("npx", ["--no", "--", "hookgate", "--help"], {
        cwd: ROOT,
        env: { ...process.env, npm_config_offline: "true", npm_config_update_notifier: "false" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
      child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      child.on("error", reject).on("close", (code) => resolve({ code, stdout, stderr }));
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("hookgate — a policy gate for Claude Code hooks");
  });
});

describe("check", () => {
  it("the starter policy is ok; the output names the handler count and the events", async () => {
    const compiled = compilePolicy(JSON.parse(readFileSync(STARTER, "utf8")), { client: claudeCode });
    if (!compiled.ok) throw new Error("the starter policy does not compile");
    const r = await cli(["check", STARTER]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe(`${STARTER}: ok — ${compiled.value.handlerCount} handler(s) on ${Object.keys(compiled.value.events).join(", ")}`);
    expect(compiled.value.handlerCount).toBeGreaterThan(5);
  });

  it("a bad policy exits 1 and prints every problem with its path", async () => {
    const bad = {
      failMode: "sideways",
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "rule", decision: "maybe" }, { type: "command", command: "./check.sh" }] },
          { matcher: "Edit", hooks: [{ type: "rule", if: "Edit(*.md)", decision: "deny", reasn: "typo" }] },
        ],
        Stop: [{ hooks: [{ type: "rule", when: { last_assistant_message: "(" }, decision: "deny" }] }],
      },
    };
    const path = file("bad.json", bad);
    const r = await cli(["check", path]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");

    const compiled = compilePolicy(bad, { client: claudeCode });
    if (compiled.ok) throw new Error("expected problems");
    const problems = compiled.error;
    expect(r.err.split("\n")[0]).toBe(`${path}: ${problems.length} problem(s)`);
    for (const p of problems) expect(r.err).toContain(`  ${p.path}: ${p.message}`);
    // Each mistake above, by its path.
    const paths = problems.map((p) => p.path);
    for (const expected of [
      "failMode",
      "hooks.PreToolUse[0].hooks[0].decision",
      "hooks.PreToolUse[0].hooks[1].type",
      "hooks.Stop[0].hooks[0].when.last_assistant_message",
      "hooks.Stop[0].hooks[0].decision",
    ])
      expect(paths, expected).toContain(expected);
    expect(paths.some((p) => p.startsWith("hooks.PreToolUse[1].hooks[0]"))).toBe(true); // the unknown key "reasn"
    expect(r.err).toContain("cannot run at the edge");
  });

  it("warnings are printed but the policy is ok (exit 0)", async () => {
    const path = file("warn.json", { hooks: { Stop: [{ matcher: "Bash", hooks: [{ type: "rule", decision: "block", reason: "keep going" }] }] } });
    const r = await cli(["check", path]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/warning hooks\.Stop\[0\]\.matcher: Stop has no matcher/);
  });

  it("a missing file is a usage error (exit 2); a file that is not JSON is a problem found (exit 1); both name the file", async () => {
    const missing = await cli(["check", join(dir, "nope.json")]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^cannot read policy .*nope\.json: ENOENT/);

    const broken = await cli(["check", file("broken.json", '{"hooks": {')]);
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/^policy .*broken\.json is not valid JSON: /);
  });
});

describe("eval", () => {
  let policyPath: string;
  beforeAll(async () => {
    policyPath = file("eval-policy.json", evalPolicy());
    const pushed = await cli(["push", policyPath, "--url", svc.baseUrl, "--team", TEAM], { env: { HOOKGATE_ADMIN_TOKEN: svc.adminToken } });
    expect(pushed.code, pushed.err).toBe(0);
  });

  it("prints the answer and the trace: which handlers matched, which fired and why", async () => {
    const r = await cli(["eval", policyPath, file("in-rm.json", bash("rm -rf ~"))]);
    expect(r.code, r.err).toBe(0);
    const result = JSON.parse(r.out);
    expect(result.answer).toEqual({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: starterRule("no-recursive-delete-of-root-system-or-home").reason,
      },
    });
    expect(result.trace.event).toBe("PreToolUse");
    const fired = result.trace.handlers.filter((h: any) => h.status === "fired");
    expect(fired.map((h: any) => h.id)).toEqual(["no-recursive-delete-of-root-system-or-home"]);
    expect(fired[0].why).toEqual(expect.any(String));
    expect(result.trace.handlers.length).toBeGreaterThan(fired.length); // the skipped ones are listed too
    expect(result.errors).toEqual([]);
  });

  // deny, ask, allow (+ context), no opinion, a Read of .env, a UserPromptSubmit block, an event with no handlers.
  const inputs: [string, Record<string, unknown>][] = [
    ["deny", bash("rm -rf /")],
    ["ask", bash("git push --force origin main", "t2")],
    ["allow", bash("npm test", "t3")],
    ["no opinion", bash("ls -la", "t4")],
    ["deny Read .env", { ...base, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "/home/dev/shop/.env" }, tool_use_id: "t5" }],
    ["prompt block", { ...base, hook_event_name: "UserPromptSubmit", prompt: "use AKIAIOSFODNN7EXAMPLE for the upload" }],
    ["prompt ok", { ...base, hook_event_name: "UserPromptSubmit", prompt: "refactor the cart" }],
    ["Stop (no handlers)", { ...base, hook_event_name: "Stop", stop_hook_active: false }],
  ];

  it("gives the same answer as the Worker for the same policy and input", async () => {
    const seen = new Set<string>();
    for (const [label, input] of inputs) {
      const offline = await cli(["eval", policyPath, file(`in-${seen.size}.json`, input)]);
      expect(offline.code, `${label}: ${offline.err}`).toBe(0);
      const answer = JSON.parse(offline.out).answer;

      const res = await fetch(`${svc.baseUrl}/v1/hooks/${TEAM}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(input),
      });
      expect(res.status, label).toBe(200);
      expect(res.headers.get("x-hookgate-policy-revision"), label).toBe("1");
      expect(await res.json(), label).toEqual(answer);
      seen.add(JSON.stringify(answer));
    }
    // The inputs really cover different answers (deny, ask, allow, {}, block…).
    expect(seen.size).toBeGreaterThanOrEqual(6);
    expect(seen).toContain("{}");
  });

  it("reads the input from stdin with `-` (the real binary)", async () => {
    const r = await runBin(["eval", policyPath, "-"], { stdin: JSON.stringify(inputs[5]![1]) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).answer).toMatchObject({
      decision: "block",
      reason: starterRule("no-secrets-in-prompts").reason,
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", suppressOriginalPrompt: true },
    });
  });

  it("bad input: an unknown event or an invalid input exits 1 with the problems; a non-object exits 2", async () => {
    const unknown = await cli(["eval", policyPath, "-"], { stdin: '{"hook_event_name":"Nope"}' });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('hook_event_name "Nope" is not a hook event');

    const invalid = await cli(["eval", policyPath, "-"], { stdin: JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash" }) });
    expect(invalid.code).toBe(1);
    // Valid for no client: each problem names the client it is for (Claude Code's fields, and Copilot CLI's, which
    // calls the same routes).
    expect(invalid.err).toMatch(/the PreToolUse input is not valid/);
    expect(invalid.err).toMatch(/^ {2}claude-code: tool_input: /m);
    expect(invalid.err).toMatch(/^ {2}claude-code: session_id: /m);
    expect(invalid.err).toMatch(/^ {2}copilot-cli: timestamp: /m);

    const array = await cli(["eval", policyPath, "-"], { stdin: "[1,2]" });
    expect(array.code).toBe(1);
    expect(array.err).toBe("the input must be a JSON object");

    const notJson = await cli(["eval", policyPath, "-"], { stdin: "hello" });
    expect(notJson.code).toBe(1);
    expect(notJson.err).toMatch(/^input - is not valid JSON/);

    const badPolicy = await cli(["eval", file("bad-eval.json", { hooks: { Nope: [] } }), "-"], { stdin: JSON.stringify(bash("ls")) });
    expect(badPolicy.code).toBe(1);
    expect(badPolicy.err).toContain('hooks.Nope: unknown event "Nope"');
  });
});

describe("push", () => {
  const adminEnv = () => ({ HOOKGATE_ADMIN_TOKEN: svc.adminToken });

  it("without HOOKGATE_ADMIN_TOKEN: exit 2, nothing sent", async () => {
    const spy = vi.fn<typeof fetch>();
    const r = await cli(["push", STARTER, "--url", svc.baseUrl, "--team", TEAM], { env: {}, fetch: spy });
    expect(r.code).toBe(2);
    expect(r.err).toContain("HOOKGATE_ADMIN_TOKEN");
    expect(spy).not.toHaveBeenCalled();
  });

  it("a bad policy: exit 1 with its problems, the server is never called", async () => {
    const spy = vi.fn<typeof fetch>();
    const path = file("bad-push.json", { hooks: { PreToolUse: [{ hooks: [{ type: "agent", prompt: "judge" }] }] } });
    const r = await cli(["push", path, "--url", svc.baseUrl, "--team", TEAM], { env: adminEnv(), fetch: spy });
    expect(r.code).toBe(1);
    expect(r.err).toContain("hooks.PreToolUse[0].hooks[0].type: `agent` handlers");
    expect(spy).not.toHaveBeenCalled();
  });

  it("a bad --url or --team is a usage error (exit 2)", async () => {
    for (const url of ["127.0.0.1:8787", "ftp://example.com", "", "http://"]) {
      const r = await cli(["push", STARTER, "--url", url, "--team", TEAM], { env: adminEnv() });
      expect(r.code, url).toBe(2);
      expect(r.err).toContain("--url");
    }
    for (const team of ["Acme", "a b", "-x", "x".repeat(64)]) {
      const r = await cli(["push", STARTER, "--url", svc.baseUrl, "--team", team], { env: adminEnv() });
      expect(r.code, team).toBe(2);
      expect(r.err).toContain("--team");
    }
  });

  it("a dead URL: exit 2 with a clear message", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const r = await cli(["push", STARTER, "--url", dead, "--team", TEAM], { env: adminEnv() });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^cannot reach the service at http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/);
  });

  it("the server refuses (wrong admin token): exit 1 with the HTTP status and message", async () => {
    const r = await cli(["push", STARTER, "--url", svc.baseUrl, "--team", TEAM], { env: { HOOKGATE_ADMIN_TOKEN: "hga_wrong" } });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^push failed: HTTP 401: /);
  });

  it("--dry-run validates on the server and publishes nothing; a real push publishes a new revision", async () => {
    const team = "cli-push-team";
    const dry = await cli(["push", STARTER, "--url", `${svc.baseUrl}/`, "--team", team, "--dry-run"], { env: adminEnv() });
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toBe(`valid (not published) for team ${team}`);
    expect((await admin(`${team}/policy`)).status).toBe(404);
    expect(await (await admin(`${team}/policy/revisions`)).json()).toMatchObject({ revisions: [] });

    const real = await runBin(["push", STARTER, "--url", svc.baseUrl, "--team", team], { env: adminEnv() });
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout.trim()).toBe(`published revision 1 for team ${team}`);
    const current = (await (await admin(`${team}/policy`)).json()) as { revision: number; document: unknown };
    expect(current.revision).toBe(1);
    expect(current.document).toEqual(JSON.parse(readFileSync(STARTER, "utf8")));

    // The same document again is no new revision: the server answers 200 `unchanged: true` with revision 1, and the
    // CLI says so; a different document is revision 2.
    const again = await cli(["push", STARTER, "--url", svc.baseUrl, "--team", team], { env: adminEnv() });
    expect(again.code, again.err).toBe(0);
    expect(again.out).toBe(`unchanged: revision 1 is already this policy for team ${team}`);
    expect(((await (await admin(`${team}/policy/revisions`)).json()) as { revisions: unknown[] }).revisions).toHaveLength(1);
    const changed = file("push-changed.json", { ...JSON.parse(readFileSync(STARTER, "utf8")), description: "changed" });
    const next = await cli(["push", changed, "--url", svc.baseUrl, "--team", team], { env: adminEnv() });
    expect(next.out).toBe(`published revision 2 for team ${team}`);
  });

  // The local service reads .dev.vars: a developer who configured an LLM there gets no warning, rightly.
  const llmConfigured = () => Boolean(readDevVars().LLM_BASE_URL || readDevVars().LLM_API_KEY);
  it("prints the server's warning when the policy's judges have no LLM configured (issue 8, item 8)", async (ctx) => {
    if (llmConfigured()) ctx.skip();
    const path = file("judge-push.json", { hooks: { Stop: [{ hooks: [{ type: "prompt", id: "may-stop", prompt: "May the agent stop now?" }] }] } });
    const r = await cli(["push", path, "--url", svc.baseUrl, "--team", "cli-warn-team"], { env: adminEnv() });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe("published revision 1 for team cli-warn-team");
    expect(r.err).toMatch(/^ {2}warning hooks\.Stop\[0\]\.hooks\[0\]: this prompt handler cannot run: no LLM is configured/);
    for (const s of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_PROVIDER"]) expect(r.err).toContain(s);
  });

  it("`push -` reads the policy from stdin once: the document checked is the one sent (the real binary)", async () => {
    const team = "cli-stdin-team";
    const r = await runBin(["push", "-", "--url", svc.baseUrl, "--team", team], { env: adminEnv(), stdin: readFileSync(STARTER, "utf8") });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(`published revision 1 for team ${team}`);
  });
});

describe("settings", () => {
  const URL_ = "https://hookgate.example.com";
  const rich = {
    failMode: "closed",
    deadlineMs: 3000,
    hooks: {
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no rm" }] },
        { matcher: "Edit|Write", hooks: [{ type: "rule", if: "Edit(**/.github/**)", decision: "ask", reason: "CI" }] },
      ],
      PostToolUse: [{ matcher: "mcp__github__.*", hooks: [{ type: "rule", additionalContext: "mind the repo" }] }],
      PermissionRequest: [{ hooks: [{ type: "rule", if: "Bash(npm test)", decision: "allow" }] }],
      Notification: [{ matcher: "permission_prompt", hooks: [{ type: "rule", output: { terminalSequence: "\u0007" } }] }],
      Stop: [{ hooks: [{ type: "rule", decision: "block", reason: "run the tests first", once: true }] }],
      SessionStart: [{ matcher: "startup", hooks: [{ type: "rule", additionalContext: "deploys on Fridays only" }] }],
    },
  };
  let richPath: string;
  let s: any;
  beforeAll(async () => {
    richPath = file("rich.json", rich);
    const r = await cli(["settings", "--url", `${URL_}/`, "--team", "acme", "--policy", richPath]);
    expect(r.code, r.err).toBe(0);
    s = JSON.parse(r.out);
  });

  const handler = (event: string) => s.hooks[event][0].hooks[0];

  it("an http hook per used event, Authorization Bearer $HOOKGATE_TOKEN with allowedEnvVars, the team's route", () => {
    expect(Object.keys(s.hooks).sort()).toEqual(["Notification", "PermissionRequest", "PostToolUse", "PreToolUse", "SessionStart", "Stop"]);
    for (const [event, route] of [
      ["PreToolUse", "pre-tool-use"],
      ["PostToolUse", "post-tool-use"],
      ["PermissionRequest", "permission-request"],
      ["Notification", "notification"],
      ["Stop", "stop"],
    ] as const) {
      expect(s.hooks[event]).toHaveLength(1);
      expect(s.hooks[event][0].hooks).toHaveLength(1);
      expect(handler(event)).toMatchObject({
        type: "http",
        url: `${URL_}/v1/hooks/acme/${route}`,
        headers: { Authorization: "Bearer $HOOKGATE_TOKEN" },
        allowedEnvVars: ["HOOKGATE_TOKEN"],
      });
    }
  });

  it("the client timeout is just above the server deadline", () => {
    for (const event of ["PreToolUse", "PostToolUse", "PermissionRequest", "Notification", "Stop"]) {
      expect(handler(event).timeout * 1000, event).toBeGreaterThan(rich.deadlineMs);
      expect(handler(event).timeout * 1000, event).toBeLessThanOrEqual(rich.deadlineMs + 3000);
    }
  });

  it("onFailure: block on the gating events of a fail-closed policy, never on the others", () => {
    for (const event of ["PreToolUse", "PermissionRequest", "PostToolUse", "Stop"]) expect(handler(event).onFailure, event).toBe("block");
    expect(handler("Notification")).not.toHaveProperty("onFailure");
  });

  it("a client matcher only from exact-name matchers (the union), none as soon as a group matches all or uses a regex", () => {
    expect(s.hooks.PreToolUse[0].matcher).toBe("Bash|Edit|Write");
    expect(s.hooks.Notification[0].matcher).toBe("permission_prompt");
    expect(s.hooks.SessionStart[0].matcher).toBe("startup");
    expect(s.hooks.PostToolUse[0]).not.toHaveProperty("matcher"); // mcp__github__.* is a regex
    expect(s.hooks.PermissionRequest[0]).not.toHaveProperty("matcher"); // the group matches all
    expect(s.hooks.Stop[0]).not.toHaveProperty("matcher"); // Stop has no matcher
  });

  it("SessionStart: a curl command bridge that posts stdin to the route with the bearer token", () => {
    const h = handler("SessionStart");
    expect(h.type).toBe("command");
    expect(h.command).toContain("curl -sS "); // after the check that the token variable is set
    expect(h.command).toContain(`-H "Authorization: Bearer $HOOKGATE_TOKEN"`);
    expect(h.command).toContain("--data-binary @-");
    expect(h.command).toContain(`'${URL_}/v1/hooks/acme/session-start'`);
    expect(h).not.toHaveProperty("allowedEnvVars");
    expect(h.timeout).toBeGreaterThan(rich.deadlineMs / 1000);
  });

  it("the bridge command really works against the service", async () => {
    const team = "cli-bridge-team";
    const path = file("bridge.json", { hooks: { SessionStart: [{ hooks: [{ type: "rule", additionalContext: "BRIDGE-OK-77" }] }] } });
    expect((await cli(["push", path, "--url", svc.baseUrl, "--team", team], { env: { HOOKGATE_ADMIN_TOKEN: svc.adminToken } })).code).toBe(0);
    const minted = (await (await admin(`${team}/tokens`, { method: "POST" })).json()) as { token: string };
    const out = await cli(["settings", "--url", svc.baseUrl, "--team", team, "--policy", path]);
    const command: string = JSON.parse(out.out).hooks.SessionStart[0].hooks[0].command;
    const input = { ...base, hook_event_name: "SessionStart", source: "startup" };
    const ran = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn("sh", ["-c", command], { env: childEnv({ PATH: process.env.PATH, HOOKGATE_TOKEN: minted.token }), stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
      child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      child.on("error", reject).on("close", (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(JSON.stringify(input));
    });
    expect(ran.code, ran.stderr).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "BRIDGE-OK-77" } });
  });

  it("the bridge quotes the URL as one shell word: a `'` in --url cannot inject a command", async () => {
    const marker = join(dir, "injected");
    const dead = `http://127.0.0.1:${await freePort()}`;
    const url = `${dead}/a';touch\${IFS}${marker};'`;
    // The CLI (and the admin API) refuse such a URL outright…
    const r = await cli(["settings", "--url", url, "--team", "acme", "--policy", richPath]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/plain URL characters/);
    // …and the generator quotes it as one shell word anyway, should anything else ever call it with one.
    const compiled = compilePolicy(JSON.parse(readFileSync(richPath, "utf8")), { client: claudeCode });
    if (!compiled.ok) throw new Error("rich policy does not compile");
    const settings = claudeCode.settings({ url, team: "acme", policy: compiled.value }) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    const command = settings.hooks.SessionStart![0]!.hooks[0]!.command;
    const ran = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn("sh", ["-c", command], { env: childEnv({ PATH: process.env.PATH, HOOKGATE_TOKEN: "x" }), stdio: ["pipe", "ignore", "pipe"] });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      child.on("error", reject).on("close", (code) => resolve({ code, stderr }));
      child.stdin.end("{}");
    });
    // curl could not connect — it got the whole URL as one argument; the bridge then says so and exits 1
    expect(ran.stderr).toMatch(/curl: \(7\)/);
    expect(ran.code).toBe(1);
    expect(() => statSync(marker)).toThrow();
  });

  it("fail open: no onFailure anywhere", async () => {
    const r = await cli(["settings", "--url", URL_, "--team", "acme", "--policy", file("open.json", { ...rich, failMode: "open" })]);
    expect(r.code).toBe(0);
    expect(r.out).not.toContain("onFailure");
  });

  it("without --policy: the usual gating events, send everything, fail closed", async () => {
    const r = await cli(["settings", "--url", URL_, "--team", "acme"]);
    expect(r.code, r.err).toBe(0);
    const d = JSON.parse(r.out);
    expect(Object.keys(d.hooks).sort()).toEqual(["PermissionRequest", "PreToolUse", "Stop", "UserPromptSubmit"]);
    for (const event of Object.keys(d.hooks)) {
      expect(d.hooks[event][0]).not.toHaveProperty("matcher");
      expect(d.hooks[event][0].hooks[0]).toMatchObject({ type: "http", onFailure: "block" });
    }
  });

  it("--token-env names the variable in the header, allowedEnvVars and the bridge; a lower-case name is refused", async () => {
    const r = await cli(["settings", "--url", URL_, "--team", "acme", "--policy", richPath, "--token-env", "ACME_HOOK_TOKEN"]);
    expect(r.code, r.err).toBe(0);
    const d = JSON.parse(r.out);
    expect(d.hooks.PreToolUse[0].hooks[0]).toMatchObject({ headers: { Authorization: "Bearer $ACME_HOOK_TOKEN" }, allowedEnvVars: ["ACME_HOOK_TOKEN"] });
    expect(d.hooks.SessionStart[0].hooks[0].command).toContain("Bearer $ACME_HOOK_TOKEN");
    expect(r.out).not.toContain("HOOKGATE_TOKEN");

    const lower = await cli(["settings", "--url", URL_, "--team", "acme", "--token-env", "my_token"]);
    expect(lower.code).toBe(2);
    expect(lower.err).toContain("--token-env");
  });

  it("a bad --url or --team exits 2; a bad --policy exits 1", async () => {
    for (const url of ["hookgate.example.com", "ftp://hookgate.example.com", "http://has space"]) {
      const r = await cli(["settings", "--url", url, "--team", "acme"]);
      expect(r.code, url).toBe(2);
      expect(r.err).toMatch(/^--url must be the service's base URL: it must /);
    }
    expect((await cli(["settings", "--team", "acme"])).code).toBe(2);
    expect((await cli(["settings", "--url", URL_, "--team", "ACME"])).code).toBe(2);
    const bad = await cli(["settings", "--url", URL_, "--team", "acme", "--policy", file("bad-settings.json", { hooks: { Stop: [{ hooks: [] }] } })]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("hooks.Stop[0].hooks");
  });

  it("is the same block the admin API serves for the published policy", async () => {
    const team = "cli-settings-team";
    expect((await cli(["push", richPath, "--url", svc.baseUrl, "--team", team], { env: { HOOKGATE_ADMIN_TOKEN: svc.adminToken } })).code).toBe(0);
    const fromApi = await (await admin(`${team}/settings?url=${encodeURIComponent(URL_)}`)).json();
    const fromCli = await cli(["settings", "--url", URL_, "--team", team, "--policy", richPath]);
    expect(JSON.parse(fromCli.out)).toEqual(fromApi);
  });
});
