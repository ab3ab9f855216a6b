// The CLI's shape, checked from its command table so nothing can be added without help, flags or README lines:
// help for every command (three ways, one text), unknown commands and flags, --version, missing token and
// unreachable service for every command that talks to one, JSON errors with line and column, settings --merge
// offline, and the commands whose server side is not on this branch (teams; warnings) against a small real HTTP
// server. The commands against the real local service are in service.node.test.ts.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { COMMANDS } from "../../src/cli";
import type { Command } from "../../src/cli/command";
import { diffPolicies, formatChanges } from "../../src/cli/policyDiff";
import { bridgeTarget } from "../../src/clients/bridge";
import { freePort, ROOT, runBin } from "../support/localService";
import { cli } from "./support";

const STARTER = join(ROOT, "policies/default.json");
const VERSION = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version as string;

/** Every runnable command by its path ("push", "tokens create"), with its declaration. */
const leaves: [string, Command][] = COMMANDS.flatMap((c): [string, Command][] =>
  c.subcommands ? c.subcommands.map((s): [string, Command] => [`${c.name} ${s.name}`, s]) : [[c.name, c]],
);
const talksToService = leaves.filter(([, c]) => "url" in c.options);
/** The arguments each service command needs besides flags; a new one without an entry here fails the test below. */
const ARGS: Record<string, string[]> = {
  push: [STARTER],
  diff: [STARTER],
  revisions: [],
  rollback: ["1"],
  "tokens create": [],
  "tokens list": [],
  "tokens revoke": ["tok_x"],
  "admin-tokens create": ["--name", "x", "--scopes", "policy:read", "--teams", "*"],
  "admin-tokens list": [],
  "admin-tokens revoke": ["atk_x"],
  audit: [],
  decisions: [],
  teams: [],
  settings: [],
  replay: ["--policy", STARTER, "session.jsonl"],
  impact: [STARTER],
  shadow: [STARTER],
  canary: ["2", "10"],
  promote: [],
  abort: [],
};

/** `--team acme` for the commands about one team (`teams` is about all of them). */
const team = (path: string) => ("team" in (leaves.find(([p]) => p === path)?.[1].options ?? {}) ? ["--team", "acme"] : []);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-cmds-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: unknown) => {
  const p = join(dir, name);
  mkdirSync(join(p, ".."), { recursive: true });
  writeFileSync(p, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return p;
};

describe("help, derived from the command table", () => {
  it("`hookgate help <command>` and `hookgate <command> --help` print the same text: its usage, summary and every option", async () => {
    for (const [path, command] of leaves) {
      const viaHelp = await cli(["help", ...path.split(" ")]);
      const viaFlag = await cli([...path.split(" "), "--help"]);
      const viaShort = await cli([...path.split(" "), "-h"]);
      expect(viaHelp.code, path).toBe(0);
      expect(viaFlag, path).toEqual(viaHelp);
      expect(viaShort, path).toEqual(viaHelp);
      expect(viaHelp.out, path).toContain(command.summary);
      for (const u of command.usage) expect(viaHelp.out, path).toContain(`hookgate ${path.split(" ").slice(0, -1).concat(u).join(" ")}`);
      for (const [name, o] of Object.entries(command.options)) if (!o.hidden) expect(viaHelp.out, `${path} --${name}`).toContain(`--${name}`);
    }
  });

  it("the global help lists every command with its summary; `help tokens` lists its subcommands", async () => {
    const r = await cli(["help"]);
    expect(r.code).toBe(0);
    for (const [path, command] of leaves) {
      expect(r.out, path).toContain(`hookgate ${path}`);
      expect(r.out, path).toContain(command.summary);
    }
    const tokens = await cli(["help", "tokens"]);
    expect(tokens.code).toBe(0);
    for (const sub of ["create", "list", "revoke"]) expect(tokens.out).toContain(`hookgate tokens ${sub}`);
  });

  it("every command is in the README's command table and the README names no command the CLI lacks", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## The CLI"));
    const table = section.slice(0, section.indexOf("\n## ", 3));
    const listed = [...table.matchAll(/^\| `hookgate ([a-z-]+(?: (?:create|list|revoke))?)\b[^`]*` \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(leaves.map(([path]) => path).sort());
  });

  it("the real binary: --version is package.json's; a command's --help exits 0", async () => {
    const version = await runBin(["--version"]);
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(`hookgate ${VERSION}`);
    const help = await runBin(["decisions", "--help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^ {2}--follow, |^ {2}-f, --follow /m);
  });
});

describe("usage errors: exit 2, a message of our own, a pointer to help", () => {
  it("an unknown flag on every command names the command and points to its help", async () => {
    for (const [path, command] of leaves) {
      if (command.ownArgs) continue; // it reads its own flags (and words its own errors)
      const r = await cli([...path.split(" "), ...(ARGS[path] ?? []), "--frobnicate"]);
      expect(r.code, path).toBe(2);
      expect(r.err, path).toBe(`unknown option --frobnicate for hookgate ${path}\nsee: hookgate help ${path}`);
    }
  });

  it("did you mean: for a command, a subcommand and a flag (the real binary)", async () => {
    const command = await runBin(["pussh", STARTER]);
    expect(command.code).toBe(2);
    expect(command.stderr).toBe('unknown command "pussh" for hookgate (did you mean "push"?)\nsee: hookgate help\n');
    const sub = await runBin(["tokens", "creat"]);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toContain('unknown subcommand "creat" for hookgate tokens (did you mean "create"?)');
    const flag = await runBin(["check", STARTER, "--jsno"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toBe("unknown option --jsno for hookgate check (did you mean --json?)\nsee: hookgate help check\n");
    expect(flag.stdout).toBe("");
  });

  it("a string flag without its value, a value on a boolean flag, a bare subcommand group", async () => {
    const noValue = await cli(["push", STARTER, "--url", "--team", "acme"]);
    expect(noValue.code).toBe(2);
    expect(noValue.err).toMatch(/^--url needs a value: --url <base>/);
    const flagValue = await cli(["push", STARTER, "--dry-run=yes"]);
    expect(flagValue.code).toBe(2);
    expect(flagValue.err).toMatch(/^--dry-run is a flag and takes no value/);
    const bare = await cli(["tokens"]);
    expect(bare.code).toBe(2);
    expect(bare.err).toMatch(/^usage: hookgate tokens create/);
    const optionFirst = await cli(["--url", "http://x", "push"]);
    expect(optionFirst.code).toBe(2);
    expect(optionFirst.err).toMatch(/^unknown option --url: options come after the command/);
  });

  it("every service command without HOOKGATE_ADMIN_TOKEN: exit 2, nothing sent", async () => {
    expect(Object.keys(ARGS).sort()).toEqual(talksToService.map(([p]) => p).sort());
    for (const [path] of talksToService) {
      if (path === "settings") continue; // without a token it builds the block offline (tested below)
      const spy = vi.fn<typeof fetch>();
      const r = await cli([...path.split(" "), ...ARGS[path]!, "--url", "http://127.0.0.1:9", ...team(path)], { fetch: spy });
      expect(r.code, path).toBe(2);
      expect(r.err, path).toMatch(/^set HOOKGATE_ADMIN_TOKEN /);
      expect(spy, path).not.toHaveBeenCalled();
    }
  });

  it("every service command against an unreachable URL: exit 2 with the URL; a flag wins over its variable", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    for (const [path] of talksToService) {
      // HOOKGATE_URL says something else: --url is the one used.
      const env = { HOOKGATE_ADMIN_TOKEN: "hga_x", HOOKGATE_URL: "http://127.0.0.1:1", HOOKGATE_TEAM: "other" };
      const r = await cli([...path.split(" "), ...ARGS[path]!, "--url", dead, ...team(path)], { env });
      expect(r.code, path).toBe(2);
      expect(r.err, path).toMatch(new RegExp(`^cannot reach the service at ${dead.replace(/\./g, "\\.")}: .*ECONNREFUSED`));
    }
    const viaEnv = await runBin(["revisions"], { env: { HOOKGATE_ADMIN_TOKEN: "hga_x", HOOKGATE_URL: dead, HOOKGATE_TEAM: "acme" } });
    expect(viaEnv.code).toBe(2);
    expect(viaEnv.stderr).toContain(`cannot reach the service at ${dead}`);
  });

  it("a bad HOOKGATE_URL or HOOKGATE_TEAM is named as the variable; missing ones say how to give them", async () => {
    const env = { HOOKGATE_ADMIN_TOKEN: "hga_x" };
    const badUrl = await cli(["revisions"], { env: { ...env, HOOKGATE_URL: "ftp://x", HOOKGATE_TEAM: "acme" } });
    expect(badUrl.code).toBe(2);
    expect(badUrl.err).toMatch(/^HOOKGATE_URL must be the service's base URL/);
    const badTeam = await cli(["revisions"], { env: { ...env, HOOKGATE_URL: "http://127.0.0.1:9", HOOKGATE_TEAM: "Acme" } });
    expect(badTeam.code).toBe(2);
    expect(badTeam.err).toMatch(/^HOOKGATE_TEAM must be a team name/);
    const none = await cli(["revisions"], { env });
    expect(none.err).toMatch(/^--url is required \(or set HOOKGATE_URL\)/);
  });

  it("bad values: rollback, --limit, --since, --interval, --revision", async () => {
    const env = { HOOKGATE_ADMIN_TOKEN: "hga_x", HOOKGATE_URL: "http://127.0.0.1:9", HOOKGATE_TEAM: "acme" };
    for (const [argv, message] of [
      [["rollback", "two"], /^the revision must be a positive whole number/],
      [["rollback", "0"], /^the revision must be a positive whole number/],
      [["decisions", "--limit", "0"], /^--limit must be a whole number from 1 to 1000/],
      [["decisions", "--limit", "5000"], /^--limit must be a whole number from 1 to 1000/],
      [["decisions", "--since", "yesterday"], /^--since must be an ISO time/],
      [["decisions", "--interval", "10"], /^--interval must be a whole number from 100/],
      [["diff", STARTER, "--revision", "-1"], /^--revision must be a positive whole number/],
    ] as const) {
      const spy = vi.fn<typeof fetch>();
      const r = await cli([...argv], { env, fetch: spy });
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.err, argv.join(" ")).toMatch(message);
      expect(spy).not.toHaveBeenCalled();
    }
  });
});

describe("JSON errors name the line and column and show the line", () => {
  const broken = '{\n  "hooks": {\n    "Stop": [ { "hooks": [] }, ]\n  }\n}\n';

  it("a policy file (the real binary)", async () => {
    const path = file("broken-policy.json", broken);
    const r = await runBin(["check", path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `policy ${path} is not valid JSON: line 3, column 32: a trailing "," before "]" (JSON allows none)\n` +
        `  3 |     "Stop": [ { "hooks": [] }, ]\n` +
        `      ${" ".repeat(31)}^\n`,
    );
  });

  it("an input on stdin, a settings file to merge into, an unterminated string", async () => {
    const input = await cli(["eval", STARTER, "-"], { stdin: '{"hook_event_name": "Stop",\n "session_id": s1}' });
    expect(input.code).toBe(1);
    expect(input.err).toMatch(/^input - is not valid JSON: line 2, column 16: expected a value, found "s"\n {2}2 \| {2}"session_id": s1}\n {6} {15}\^$/);

    const settings = file("bad-settings/.claude/settings.json", '{ "permissions": { "allow": ["Bash(ls)"] }\n  "hooks": {} }');
    const merged = await cli(["settings", "--url", "http://127.0.0.1:9", "--team", "acme", "--policy", STARTER, "--merge", settings]);
    expect(merged.code).toBe(1);
    expect(merged.err).toMatch(/^settings .*settings\.json is not valid JSON: line 2, column 3: expected "," or "}" after a property value, found "\\""/);
    expect(readFileSync(settings, "utf8")).toContain("Bash(ls)"); // untouched

    const open = await cli(["check", "-"], { stdin: '{"hooks": {"Stop": [{"matcher": "x\n' });
    expect(open.err).toMatch(/line 1, column 35: a control character in a string/);
  });
});

describe("settings --merge (offline, from --policy)", () => {
  const policy = () => file("merge-policy.json", { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no" }] }], SessionStart: [{ hooks: [{ type: "rule", additionalContext: "hi" }] }] } });
  const theirs = {
    permissions: { allow: ["Bash(npm test)"], deny: ["Read(.env)"] },
    env: { FOO: "bar" },
    model: "opus",
    hooks: {
      PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "./lint.sh" }] }],
      PostToolUse: [{ hooks: [{ type: "http", url: "https://audit.example.com/hook" }] }],
    },
  };
  const merge = (settingsPath: string, extra: string[] = []) =>
    runBin(["settings", "--url", "http://127.0.0.1:8787", "--team", "acme", "--policy", policy(), "--merge", settingsPath, ...extra]);

  it("creates the file and its .claude/ directory when missing", async () => {
    const path = join(dir, "fresh-project", ".claude", "settings.json");
    const r = await merge(path);
    expect(r.code, r.stderr).toBe(0);
    // Events in the order Claude Code's event table lists them (the settings block's order).
    expect(r.stdout).toBe(`${path}: created\n  + hookgate hooks added: SessionStart, PreToolUse\n`);
    const written = JSON.parse(readFileSync(path, "utf8"));
    expect(Object.keys(written.hooks)).toEqual(["SessionStart", "PreToolUse"]);
    expect(written.hooks.PreToolUse[0].hooks[0]).toMatchObject({ type: "http", url: "http://127.0.0.1:8787/v1/hooks/acme/pre-tool-use" });
  });

  it("keeps everything that is not hookgate's; merging twice is merging once; a new URL replaces, not duplicates", async () => {
    const path = file("project/.claude/settings.json", theirs);
    const first = await merge(path);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("updated");
    expect(first.stdout).toContain("kept: 2 other hook(s), permissions, env, model");
    const once = readFileSync(path, "utf8");
    const merged = JSON.parse(once);
    expect(merged.permissions).toEqual(theirs.permissions);
    expect(merged.env).toEqual(theirs.env);
    expect(merged.model).toBe("opus");
    expect(merged.hooks.PostToolUse).toEqual(theirs.hooks.PostToolUse);
    expect(merged.hooks.PreToolUse[0]).toEqual(theirs.hooks.PreToolUse[0]);
    expect(merged.hooks.PreToolUse).toHaveLength(2);
    expect(bridgeTarget(merged.hooks.SessionStart[0].hooks[0].command)).toBe("http://127.0.0.1:8787/v1/hooks/acme/session-start");

    const second = await merge(path);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("already up to date");
    expect(second.stdout).toContain("= hookgate hooks unchanged: PreToolUse, SessionStart");
    expect(readFileSync(path, "utf8")).toBe(once);

    // Moving to the deployed service: the old URL's hooks are replaced, and the bridge too.
    const moved = await runBin(["settings", "--url", "https://hookgate.example.com", "--team", "acme", "--policy", policy(), "--merge", path]);
    expect(moved.stdout).toContain("~ hookgate hooks replaced: PreToolUse, SessionStart");
    const after = JSON.parse(readFileSync(path, "utf8"));
    expect(after.hooks.PreToolUse).toHaveLength(2);
    expect(JSON.stringify(after)).not.toContain("127.0.0.1:8787");
    expect(after.hooks.SessionStart).toHaveLength(1);
  });

  it("a bridge an earlier version wrote (a bare curl line) is hookgate's too: replaced, not kept beside the new one", async () => {
    const old = "curl -sS --max-time 10 -X POST -H 'Content-Type: application/json' -H \"Authorization: Bearer $HOOKGATE_TOKEN\" --data-binary @- 'http://127.0.0.1:8787/v1/hooks/acme/session-start'";
    const path = file("old-bridge/.claude/settings.json", { hooks: { SessionStart: [{ hooks: [{ type: "command", command: old }] }] } });
    const r = await merge(path);
    expect(r.code, r.stderr).toBe(0);
    const after = JSON.parse(readFileSync(path, "utf8"));
    expect(after.hooks.SessionStart).toHaveLength(1);
    expect(after.hooks.SessionStart[0].hooks).toHaveLength(1);
    expect(after.hooks.SessionStart[0].hooks[0].command).not.toBe(old);
    expect(bridgeTarget(after.hooks.SessionStart[0].hooks[0].command)).toBe("http://127.0.0.1:8787/v1/hooks/acme/session-start");
  });

  it("events the policy no longer uses lose hookgate's hooks; a group shared with another hook keeps the other", async () => {
    const shared = {
      hooks: {
        Stop: [{ hooks: [{ type: "command", command: "./notify.sh" }, { type: "http", url: "http://127.0.0.1:8787/v1/hooks/acme/stop" }] }],
      },
    };
    const path = file("shared/.claude/settings.json", shared);
    const r = await merge(path);
    expect(r.stdout).toContain("- hookgate hooks removed (the policy no longer uses it): Stop");
    expect(JSON.parse(readFileSync(path, "utf8")).hooks.Stop).toEqual([{ hooks: [{ type: "command", command: "./notify.sh" }] }]);
  });

  it("a file whose `hooks` is not an object: exit 1, nothing written; --json gives the summary", async () => {
    const path = file("odd/.claude/settings.json", { hooks: ["x"] });
    const r = await cli(["settings", "--url", "http://127.0.0.1:8787", "--team", "acme", "--policy", policy(), "--merge", path]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("`hooks` must be an object");
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ hooks: ["x"] });

    const fresh = join(dir, "json-summary", "settings.json");
    const j = await cli(["settings", "--url", "http://127.0.0.1:8787", "--team", "acme", "--policy", policy(), "--merge", fresh, "--json"]);
    expect(j.code, j.err).toBe(0);
    expect(JSON.parse(j.out)).toMatchObject({ file: fresh, created: true, changed: true, added: ["SessionStart", "PreToolUse"] });
    expect(existsSync(fresh)).toBe(true);
  });
});

describe("diff, as text", () => {
  it("handlers by id: changed fields, moves, additions, removals; policy fields by name", () => {
    const before = {
      failMode: "open",
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", id: "a", decision: "deny", reason: "old" }, { type: "rule", id: "gone", decision: "ask" }] }],
        Stop: [{ hooks: [{ type: "rule", decision: "block" }] }],
      },
    };
    const after = {
      failMode: "closed",
      deadlineMs: 3000,
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "rule", id: "new", decision: "ask" }, { type: "rule", id: "a", decision: "deny", reason: "new" }] },
        ],
        Stop: [{ hooks: [{ type: "rule", decision: "block" }] }],
      },
    };
    expect(formatChanges(diffPolicies(before, after))).toEqual([
      '~ failMode: "open" → "closed"',
      "+ deadlineMs: 3000",
      "+ handler id new at hooks.PreToolUse[0].hooks[0]",
      "~ handler id a at hooks.PreToolUse[0].hooks[1]",
      '    reason: "old" → "new"',
      "> handler id a moved from hooks.PreToolUse[0].hooks[0] to hooks.PreToolUse[0].hooks[1]",
      "- handler id gone at hooks.PreToolUse[0].hooks[1]",
    ]);
    expect(diffPolicies(after, structuredClone(after))).toEqual([]);
  });
});

/** A real HTTP server answering like hookgate's admin API would; `route` decides each answer. */
async function fakeService(route: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<{ url: string; server: Server; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (d: string) => (body += d));
    req.on("end", () => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
      route(req, res, body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const addr = server.address();
  return { url: `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`, server, seen };
}
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
};

// GET /v1/admin/teams is added on another branch; until it is merged, `teams` is tested against this stand-in that
// serves the agreed shape (switch it to the real service after the merge).
describe("teams, tokens create warnings and Hookgate-Warning headers (a stand-in service)", () => {
  const TEAMS = {
    teams: [
      { team: "acme", revision: 3, publishedAt: "2026-12-01T10:00:00.000Z", tokens: 2 },
      { team: "fresh", revision: null, publishedAt: null, tokens: 0 },
    ],
  };
  let svc: Awaited<ReturnType<typeof fakeService>>;
  beforeAll(async () => {
    svc = await fakeService((req, res) => {
      if (req.url === "/v1/admin/teams") return json(res, 200, TEAMS);
      if (req.url?.startsWith("/v1/admin/teams/acme/settings"))
        return json(res, 200, { hooks: {} }, { "Hookgate-Warning": ['"team acme has no published policy, so the default events are hooked"', '"second"'] });
      if (req.url?.startsWith("/v1/admin/teams/plain/settings"))
        return json(res, 200, { hooks: {} }, { "Hookgate-Warning": "team plain has no published policy, so the default events are hooked" });
      if (req.url === "/v1/admin/teams/acme/tokens" && req.method === "POST")
        return json(res, 201, { id: "tok_1", team: "acme", createdAt: "2026-12-01T10:00:00.000Z", prefix: "hg_abcd", token: "hg_secret", warnings: ["team acme has no policy yet"] });
      if (req.url === "/v1/admin/teams/acme/policy/rollback")
        return json(res, 400, { error: { code: "policy_invalid", message: "revision 2 no longer compiles", requestId: "req-42", problems: [{ path: "hooks.Stop[0]", message: "bad" }] } });
      if (req.url?.startsWith("/v1/admin/teams/acme/decisions"))
        return json(res, 200, {
          team: "acme",
          decisions: [{ decisionId: "d1", time: "2026-12-01T10:00:00.000Z", team: "acme", event: "PreToolUse", tool: "Bash\u001b]0;pwned\u0007", verdict: "deny", fired: ["x"], dryRun: [], revision: 1, latencyMs: 1, dedup: false, errors: [] }],
        });
      if (req.url === "/v1/admin/teams/acme/policy/revisions") {
        res.writeHead(502, { "content-type": "text/html" });
        return res.end("<html>bad gateway</html>");
      }
      return json(res, 404, { error: { code: "not_found", message: `no route for ${req.method} ${req.url}`, requestId: "req-404" } });
    });
  });
  afterAll(() => svc?.server.close());
  const env = () => ({ HOOKGATE_ADMIN_TOKEN: "hga_admin", HOOKGATE_URL: svc.url });

  it("teams: a table, or with --json the service's document (the real binary)", async () => {
    const table = await runBin(["teams"], { env: env() });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split("\n")).toEqual([
      "team   revision  published                 tokens",
      "acme   3         2026-12-01T10:00:00.000Z  2",
      "fresh  none      -                         0",
      "",
    ]);
    const asJson = await runBin(["teams", "--json"], { env: env() });
    expect(JSON.parse(asJson.stdout)).toEqual(TEAMS);
    expect(svc.seen).toContain("GET /v1/admin/teams Bearer hga_admin");
  });

  it("teams against a service without the route: exit 1, says the service is older", async () => {
    const old = await fakeService((_req, res) => json(res, 404, { error: { code: "not_found", message: "no route for GET /v1/admin/teams", requestId: "r1" } }));
    const r = await cli(["teams", "--url", old.url], { env: { HOOKGATE_ADMIN_TOKEN: "x" } });
    old.server.close();
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^teams failed: HTTP 404: the service at .* does not list teams \(GET \/v1\/admin\/teams\): it is older than this CLI/);
  });

  it("each Hookgate-Warning header and each warning of a token create is printed as `warning: …` on stderr", async () => {
    const s = await cli(["settings", "--team", "acme"], { env: env() });
    expect(s.code, s.err).toBe(0);
    expect(s.err.split("\n")).toEqual(["warning: team acme has no published policy, so the default events are hooked", "warning: second"]);
    expect(JSON.parse(s.out)).toEqual({ hooks: {} });
    // An unquoted value is one warning, commas and all (fetch joins repeated headers with ", ", so a sender that
    // sends several quotes each; one that does not is never split where a comma may be text).
    const plain = await cli(["settings", "--team", "plain"], { env: env() });
    expect(plain.err).toBe("warning: team plain has no published policy, so the default events are hooked");

    const t = await runBin(["tokens", "create", "--team", "acme"], { env: env() });
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toBe("hg_secret\n");
    expect(t.stderr).toMatch(/^warning: team acme has no policy yet\ncreated token tok_1 for team acme: this is the only time it is shown/);
  });

  it("text from a hook input cannot drive the terminal: control characters are shown escaped", async () => {
    const r = await cli(["decisions", "--team", "acme"], { env: env() });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe("2026-12-01T10:00:00.000Z  PreToolUse  Bash\\x1b]0;pwned\\x07  deny  fired x  rev 1  1ms  d1");
    const asJson = await cli(["decisions", "--team", "acme", "--json"], { env: env() });
    expect(JSON.parse(asJson.out).decisions[0].tool).toBe("Bash\u001b]0;pwned\u0007"); // JSON escapes them itself
    expect(asJson.out).not.toContain("\u001b]");
  });

  it("an error envelope: the message, each problem with its path, the request id; a non-JSON answer is not hookgate (exit 2)", async () => {
    const r = await cli(["rollback", "2", "--team", "acme"], { env: env() });
    expect(r.code).toBe(1);
    expect(r.err).toBe("rollback failed: HTTP 400: revision 2 no longer compiles\n  hooks.Stop[0]: bad\n  request id: req-42");

    const html = await cli(["revisions", "--team", "acme"], { env: env() });
    expect(html.code).toBe(2);
    expect(html.err).toMatch(/answered GET \/v1\/admin\/teams\/acme\/policy\/revisions with HTTP 502 and no JSON: is --url hookgate's base URL\? \(on Cloudflare, error 1102 is the Worker over its CPU limit/);
  });
});

// The order in which the decision queue's batches reach the index cannot be forced on the real local service (one
// isolate, batches in order), so a stand-in index plays it: a record that arrives after a newer one (another isolate's
// batch, a retried batch), and a poll the service fails in between.
describe("decisions --follow against an index written out of order (a stand-in service)", () => {
  it("prints a record that reached the index after newer ones, each record once, and outlives a failed poll", async () => {
    const rec = (decisionId: string, time: string) => ({ decisionId, time, team: "acme", event: "PreToolUse", tool: "Bash", verdict: "deny", fired: [], dryRun: [], revision: 1, latencyMs: 1, dedup: false, errors: [] });
    const a = rec("a", "2026-12-01T10:00:00.000Z");
    const c = rec("c", "2026-12-01T10:05:00.000Z");
    const b = rec("b", "2026-12-01T10:04:50.000Z"); // decided before c, indexed after it
    const states = [[a], [c, a], "fail", [c, b, a], [c, b, a]] as const;
    const stop = new AbortController();
    const asked: string[] = [];
    let poll = 0;
    const svc = await fakeService((req, res) => {
      const since = new URL(req.url!, "http://x").searchParams.get("since") ?? "";
      asked.push(since);
      const state = states[Math.min(poll++, states.length - 1)]!;
      if (poll === states.length) stop.abort(); // Ctrl-C once the last state has been served
      if (state === "fail") return json(res, 503, { error: { code: "internal", message: "busy", requestId: "r503" } });
      json(res, 200, { team: "acme", decisions: state.filter((d) => d.time >= since) });
    });
    try {
      const r = await cli(["decisions", "--follow", "--json", "--interval", "100", "--since", "2026-12-01T09:59:00Z", "--team", "acme"], {
        env: { HOOKGATE_ADMIN_TOKEN: "x", HOOKGATE_URL: svc.url },
        untilInterrupted: () => stop.signal,
      });
      expect(r.code, r.err).toBe(0);
      expect(r.out.split("\n").map((l) => JSON.parse(l).decisionId)).toEqual(["a", "c", "b"]);
      expect(r.err).toMatch(/^warning: .*busy.*; still following/);
      // Each poll looks 30 s back from the newest seen (never before --since): b, 10 s older than c, is in c's window.
      expect(asked.slice(0, 3)).toEqual(["2026-12-01T09:59:00.000Z", "2026-12-01T09:59:30.000Z", "2026-12-01T10:04:30.000Z"]);
    } finally {
      svc.server.close();
    }
  });
});

describe("--json: one JSON document on stdout when a command fails too", () => {
  const errorDoc = (out: string) => JSON.parse(out) as { error: { code: string; message: string; exitCode: number; status?: number; requestId?: string; problems?: unknown[] } };
  const badInput = () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-json-err-"));
    const path = join(dir, "input.json");
    writeFileSync(path, JSON.stringify({ session_id: "s", transcript_path: "/t", cwd: "/", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } }));
    return { dir, path };
  };

  it("a failure the command reports itself: the error document with its stderr, the exit code kept", async () => {
    const { dir, path } = badInput();
    try {
      const r = await cli(["eval", STARTER, path, "--json"]);
      expect(r.code).toBe(1);
      expect(r.err).toContain("tool_use_id");
      expect(errorDoc(r.out).error).toEqual({ code: "failed", message: r.err, exitCode: 1 });
      // Without --json, stdout stays empty: the document is for scripts that asked for one.
      expect((await cli(["eval", STARTER, path])).out).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a file that cannot be read, a usage error, a missing token, a service that cannot be reached", async () => {
    const unreadable = await cli(["check", join(ROOT, "no-such-policy.json"), "--json"]);
    expect([unreadable.code, errorDoc(unreadable.out).error.code]).toEqual([2, "unreadable_file"]);
    const usage = await cli(["revisions", "--json", "--no-such-flag"]);
    expect([usage.code, errorDoc(usage.out).error.code]).toEqual([2, "usage"]);
    const noToken = await cli(["revisions", "--json"], { env: { HOOKGATE_URL: "http://127.0.0.1:9", HOOKGATE_TEAM: "t" } });
    expect([noToken.code, errorDoc(noToken.out).error.code]).toEqual([2, "usage"]);
    const port = await freePort();
    const unreachable = await cli(["revisions", "--json"], { env: { HOOKGATE_URL: `http://127.0.0.1:${port}`, HOOKGATE_TEAM: "t", HOOKGATE_ADMIN_TOKEN: "x" } });
    expect([unreachable.code, errorDoc(unreachable.out).error.code]).toEqual([2, "service_unreachable"]);
    expect(errorDoc(unreachable.out).error.message).toBe(unreachable.err);
  });

  it("a refusal from the service: its envelope's code, status, request id and problems", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(403, { "content-type": "application/json", "x-request-id": "req_1" });
      res.end(JSON.stringify({ error: { code: "forbidden", message: "this token lacks policy:read for team t", requestId: "req_1", problems: [{ path: "team", message: "not in scope" }] } }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const r = await cli(["revisions", "--json"], { env: { HOOKGATE_URL: `http://127.0.0.1:${port}`, HOOKGATE_TEAM: "t", HOOKGATE_ADMIN_TOKEN: "x" } });
      expect(r.code).toBe(1);
      expect(errorDoc(r.out).error).toMatchObject({ code: "forbidden", status: 403, requestId: "req_1", exitCode: 1, problems: [{ path: "team", message: "not in scope" }] });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("a command whose failure prints its own document keeps it: check --json on a policy with problems", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-json-err-"));
    try {
      const bad = join(dir, "bad.json");
      writeFileSync(bad, JSON.stringify({ hooks: { Nope: [] } }));
      const r = await cli(["check", bad, "--json"]);
      expect(r.code).toBe(1);
      const doc = JSON.parse(r.out) as { problems: { path: string }[]; error?: unknown };
      expect(doc.error).toBeUndefined();
      expect(doc.problems[0]!.path).toBe("hooks.Nope");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
