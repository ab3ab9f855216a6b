// `hookgate test` as a user runs it: the real binary (`node bin/hookgate.mjs test …`) on the shipped test files, on
// a deliberately wrong one, and on bad usage; and runTestCommand in process for argument handling.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTests, TestUsageError } from "../../src/policyTest/command";
import { ROOT, runBin } from "../support/localService";
import { parseXml } from "./xml";

/** How many handlers the starter policy has (its guardrails change; the coverage line counts them all). */
const STARTER_HANDLERS = Object.values((JSON.parse(readFileSync(join(ROOT, "policies/default.json"), "utf8")) as { hooks: Record<string, { hooks: unknown[] }[]> }).hooks)
  .flat()
  .reduce((n, g) => n + g.hooks.length, 0);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-test-"));
  mkdirSync(join(dir, "team"));
  writeFileSync(join(dir, "team/policy.json"), readFileSync(join(ROOT, "policies/default.json")));
  writeFileSync(
    join(dir, "team/policy.test.json"),
    JSON.stringify({
      cases: [
        { name: "rm -rf / is denied", Bash: "rm -rf /", expect: "deny" },
        { name: "wrongly expects ls to be denied", Bash: "ls -la", expect: { decision: "deny", handler: "no-secret-files" } },
      ],
    }),
  );
  writeFileSync(join(dir, "broken.test.json"), '{ "policy": "team/policy.json", "cases": [ { "Bash": "ls" "expect": "none" } ] }');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the binary", () => {
  it("passes the shipped test files: exit 0, every starter handler exercised", async () => {
    const r = await runBin(["test", "policies/"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`coverage policies/default.json: all ${STARTER_HANDLERS} handlers exercised`);
    expect(r.stdout).toContain("coverage policies/examples/run-tests-before-stop.json: all 2 handlers exercised");
    expect(r.stdout).toMatch(/^\d+ passed, 0 failed$/m);
    expect(r.stdout).not.toMatch(/FAIL|ERROR/);
  });

  it("a wrong case: exit 1, expected against actual, and the trace", async () => {
    const r = await runBin(["test", join(dir, "team/policy.test.json")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL .*team\/policy.test.json cases\[1\] wrongly expects ls to be denied$/m);
    expect(r.stdout).toContain("decision: expected deny, got none");
    expect(r.stdout).toContain('handler: expected "no-secret-files" to decide it, but it was skipped: the call has no such effect');
    expect(r.stdout).toMatch(/trace:\n {6}PreToolUse, matcher tested against "Bash"\n {8}group 0 .*: matched\n {8}skipped {5}no-recursive-delete-of-root-system-or-home/);
    expect(r.stdout).toMatch(/^1 passed, 1 failed$/m);
  });

  it("a policy file runs the test file beside it; --run filters by name", async () => {
    const r = await runBin(["test", join(dir, "team/policy.json"), "--run", "^rm"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^coverage .*: ${STARTER_HANDLERS - 1} of ${STARTER_HANDLERS} handlers not exercised by any case: .* \\(only the cases --run \\^rm kept\\)$`, "m"));
    expect(r.stdout).toMatch(/^1 passed, 0 failed$/m);
  });

  it("--reporter junit writes JUnit XML to stdout", async () => {
    const r = await runBin(["test", join(dir, "team"), "--reporter", "junit"]);
    expect(r.code).toBe(1);
    const xml = parseXml(r.stdout);
    expect(xml.attributes).toMatchObject({ tests: "2", failures: "1", errors: "0" });
  });

  it("--json writes the report as JSON", async () => {
    const r = await runBin(["test", "policies/examples", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ failed: 0, errors: 0, files: [{ path: "policies/examples/run-tests-before-stop.test.json" }] });
  });

  it("a test file that is not JSON: exit 1, the line and column", async () => {
    const r = await runBin(["test", join(dir, "broken.test.json")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/broken.test.json: 1 problem\n {2}line 1, column 59: not valid JSON: expected "," or "}" after a property value, found "\\""/);
  });

  it.each([
    [["test", "--reportr", "junit", "policies/"], /unknown option --reportr for hookgate test \(did you mean --reporter\?\)/],
    [["test", "--reporter", "xml", "policies/"], /--reporter must be one of human, junit, json, not "xml"/],
    [["test", "--json", "--reporter", "junit", "policies/"], /--json and --reporter junit ask for two different outputs/],
    [["test", "--run", "(", "policies/"], /--run \( is not a regular expression/],
    [["test", "nope.test.json"], /nope.test.json: no such test file/],
    [["test", "policies/examples/none.json"], /none.json: no such file/],
    [["test", "README.md"], /README.md: not a test file, a policy file or a directory/],
    [["test", "docs"], /no test files \(\*.test.json\) under docs/],
  ])("usage error %j: exit 2", async (args, message) => {
    const r = await runBin(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    // With --json the one document on stdout is the error's (src/cli/main.ts); without, stdout stays empty.
    if (args.includes("--json")) expect(JSON.parse(r.stdout).error).toMatchObject({ code: "usage", exitCode: 2 });
    else expect(r.stdout).toBe("");
  });

  it("--help, and the CLI's help names the command", async () => {
    const help = await runBin(["test", "--help"]);
    expect(help.code).toBe(0);
    for (const flag of ["--reporter", "--run", "--json"]) expect(help.stdout).toContain(flag);
    expect((await runBin(["help", "test"])).stdout).toBe(help.stdout);
    const cli = await runBin(["--help"]);
    expect(cli.stdout).toContain("test");
    expect(cli.stdout).toMatch(/hookgate test .*\n.*unit tests/);
  });
});

describe("runTests", () => {
  const files: Record<string, string> = {
    "/w/p/a.json": JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "rule", decision: "block", reason: "no" }] }] } }),
    "/w/p/a.test.json": JSON.stringify({ cases: [{ event: "Stop", expect: "block" }] }),
    "/w/p/no-tests.json": "{}",
  };
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: {
        out: (s: string) => out.push(s),
        err: (s: string) => err.push(s),
        cwd: "/w",
        readFile: (p: string) => {
          if (!(p in files)) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
          return files[p]!;
        },
        listDir: (p: string) => (p === "/w" ? ["p/"] : p === "/w/p" || p === "/w/." ? ["a.json", "a.test.json", "no-tests.json"] : undefined),
      },
    };
  };

  it("no arguments: the current directory; paths shown as given", async () => {
    const t = io();
    expect(await runTests({ paths: [] }, t.io)).toBe(0);
    expect(t.out.join("\n")).toMatch(/coverage p\/a.json: all 1 handler exercised\n1 passed, 0 failed$/);
  });

  it("a policy without a test file beside it is a usage error that says where to write them", async () => {
    const t = io();
    await expect(runTests({ paths: ["p/no-tests.json"] }, t.io)).rejects.toThrow(TestUsageError);
    await expect(runTests({ paths: ["p/no-tests.json"] }, t.io)).rejects.toThrow(/p\/no-tests.json has no tests: write them in p\/no-tests.test.json/);
  });

  it("no case left by --run fails (exit 1): a run that tests nothing never passes", async () => {
    const t = io();
    expect(await runTests({ paths: ["p"], run: "nothing-is-called-this" }, t.io)).toBe(1);
    expect(t.out.join("\n")).toMatch(/no case matches --run nothing-is-called-this\n0 passed, 0 failed$/);
  });
});
