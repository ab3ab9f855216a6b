// In-memory test files and the policy they test, for the policyTest suites (no disk, the library's readFile injected).
import { claudeCode } from "../../src/clients/claude-code";
import { runSuite, type SuiteReport } from "../../src/policyTest/suite";

/** A small policy with one of each thing a test can expect: deny, ask, allow with context, a rewrite, a judge, a
 * forwarded hook, a PermissionRequest, a Stop block and a `once` context. */
export const POLICY = {
  failMode: "closed",
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          { type: "rule", id: "no-rm", if: "Bash(rm *)", decision: "deny", reason: "No rm here." },
          { type: "rule", id: "ask-push", if: "Bash(git push *)", decision: "ask", reason: "Pushes need a human." },
          { type: "rule", id: "allow-npm-test", if: "Bash(npm test)", decision: "allow", reason: "tests are fine", additionalContext: "CI runs the same tests." },
          { type: "rule", id: "quiet-ls", if: "Bash(ls)", decision: "allow", updatedInput: { command: "ls -1" } },
          { type: "prompt", id: "judge-deploy", if: "Bash(deploy *)", prompt: "Is this deploy safe? $ARGUMENTS" },
        ],
      },
      { matcher: "mcp__github__.*", hooks: [{ type: "http", id: "audit-github", url: "https://audit.example/hook" }] },
      { matcher: "Read|Write", hooks: [{ type: "rule", id: "no-env", effect: { kind: ["read", "write"], paths: [".env"] }, decision: "deny", reason: "No .env." }] },
    ],
    PermissionRequest: [{ matcher: "Bash", hooks: [{ type: "rule", id: "pr-allow-ls", if: "Bash(ls)", decision: "allow" }] }],
    Stop: [{ hooks: [{ type: "rule", id: "stop-block", when: { stop_hook_active: "^false$" }, decision: "block", reason: "Keep going." }] }],
    UserPromptSubmit: [{ hooks: [{ type: "rule", id: "house-rules-once", once: true, additionalContext: "House rules apply." }] }],
  },
};

/** Runs test files given as objects (or raw text), against POLICY unless a file says otherwise. */
export async function suite(files: Record<string, unknown>, options: { filter?: RegExp; policy?: unknown } = {}): Promise<SuiteReport> {
  const disk = new Map<string, string>([["p/policy.json", JSON.stringify(options.policy ?? POLICY)]]);
  for (const [path, content] of Object.entries(files)) disk.set(path, typeof content === "string" ? content : JSON.stringify(content));
  const readFile = (p: string) => {
    const text = disk.get(p);
    if (text === undefined) throw Object.assign(new Error(`ENOENT: ${p}`), { code: "ENOENT" });
    return text;
  };
  return runSuite(Object.keys(files), { readFile, profile: claudeCode, ...(options.filter ? { filter: options.filter } : {}) });
}

/** One test file (p/policy.test.json, testing p/policy.json) with these cases. */
export const cases = (list: unknown[], extra: Record<string, unknown> = {}) => suite({ "p/policy.test.json": { cases: list, ...extra } });

/** The results of a one-file run, flat. */
export const results = (r: SuiteReport) => r.files.flatMap((f) => f.results);
export const problems = (r: SuiteReport) => r.files.flatMap((f) => f.problems.map((p) => `${p.file} ${p.path}: ${p.message}`));
