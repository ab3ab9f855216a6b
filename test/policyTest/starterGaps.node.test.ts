// Where the starter policy does less than README.md and docs/policy.md say, found while writing
// policies/default.test.json. Each case is written as the docs promise, and the test pins exactly how it fails
// today (not `it.fails`, which would pass for any failure, a broken fixture included): the day the engine keeps
// the promise this file turns red; then move the case into policies/default.test.json.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { runSuite } from "../../src/policyTest/suite";
import { ROOT } from "../support/localService";

const starter = readFileSync(join(ROOT, "policies/default.json"), "utf8");
/** The failures of one case as the docs promise it, against the starter policy. */
const failuresOf = async (c: Record<string, unknown>) => {
  const doc = { policy: "default.json", defaults: { cwd: "/home/dev/shop" }, cases: [c] };
  const files: Record<string, string> = { "default.json": starter, "gap.test.json": JSON.stringify(doc) };
  const r = await runSuite(["gap.test.json"], { readFile: (p) => files[p]!, profile: claudeCode });
  expect(r.files[0]!.problems).toEqual([]);
  expect(r.files[0]!.results).toHaveLength(1);
  return r.files[0]!.results[0]!.failures;
};

describe("starter policy: documented, not yet done", () => {
  // README: "asks before a force push (… `--mirror`, `--delete`)"; docs/policy.md's force-push effect: "`-d`/`--delete`".
  // The engine's git push reading (gitEffects in src/engine/shell/commands.ts) counts force, force-with-lease,
  // force-if-includes, mirror and +ref, not delete (nor the `:ref` refspec, which deletes too).
  it.each(["git push --delete origin main", "git push -d origin main", "git push origin --delete main", "git push origin :main"])(
    "KNOWN GAP: %s does not ask",
    async (command) => {
      expect(await failuresOf({ Bash: command, expect: { decision: "ask", handler: "ask-before-force-push" } })).toEqual([
        "decision: expected ask, got none",
        'handler: expected "ask-before-force-push" to decide it, but it was skipped: the call has no such effect',
      ]);
    },
  );

  it("while every force push the docs list does ask", async () => {
    for (const command of ["git push --force", "git push --mirror", "git push origin +main"])
      expect(await failuresOf({ Bash: command, expect: { decision: "ask", handler: "ask-before-force-push" } }), command).toEqual([]);
  });

  // docs/policy.md: chmod is "found in … `icacls`". Through PowerShell and cmd it is; through the Bash tool (Git
  // Bash on Windows runs icacls too) it is not read at all.
  it("KNOWN GAP: icacls through the Bash tool is not read as a permission change", async () => {
    expect(await failuresOf({ Bash: "icacls 'C:\\Windows' /grant Everyone:F /T", expect: { decision: "deny", handler: "no-permission-wrecking" } })).toEqual([
      "decision: expected deny, got none",
      'handler: expected "no-permission-wrecking" to decide it, but it was skipped: the call has no such effect',
    ]);
    expect(await failuresOf({ PowerShell: "icacls C:\\Windows /grant Everyone:F /T", expect: { decision: "deny", handler: "no-permission-wrecking" } })).toEqual([]);
  });
});
