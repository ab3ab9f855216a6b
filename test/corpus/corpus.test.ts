import { describe, expect, it } from "vitest";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import starterDocument from "../../policies/default.json";
import { claudeCode } from "../../src/clients/claude-code";
import { evaluateRow, SETS, verdictOf as verdictFrom, type Row } from "./cases";

/**
 * The starter policy judged on corpora of real-world cases (README.md here): in every class at least 97 % of the
 * dangerous cases caught, at most 1 % of ordinary developer calls blocked. Every miss and every false positive is
 * listed by id, so a regression names the case. (verdicts.node.test.ts holds every case's exact answer.)
 */

const compiled = compilePolicy(starterDocument, { client: claudeCode });
if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
const policy = compiled.value;

const verdictOf = async (row: Row): Promise<string> => verdictFrom(row, await evaluateRow(policy, row));

for (const set of SETS) {
  describe(`starter policy on corpus ${set.name}`, () => {
    const prompts = set.prompts;
    const dangerous = [...set.dangerous, ...prompts.filter((p) => p.expect === "block").map((p) => ({ ...p, class: "secret-prompt" }))];
    const ordinary = [...set.ordinary, ...prompts.filter((p) => p.expect === "allow")];
    const classes = [...new Set(dangerous.map((r) => r.class!))];

    it.each(classes)("%s: at least 97 % caught", async (cls) => {
      const cases = dangerous.filter((r) => r.class === cls);
      const missed: string[] = [];
      for (const row of cases) {
        const v = await verdictOf(row);
        // An ask that came out a deny is stricter, and caught.
        if (!(v === row.expect || (row.expect === "ask" && v === "deny"))) missed.push(`${row.id}: ${v}, expected ${row.expect}`);
      }
      expect(cases.length).toBeGreaterThan(20);
      expect((cases.length - missed.length) / cases.length, missed.join("\n")).toBeGreaterThanOrEqual(0.97);
    });

    it("ordinary calls and prompts: at most 1 % blocked", async () => {
      const blocked: string[] = [];
      for (const row of ordinary) {
        const v = await verdictOf(row);
        if (v !== "allow") blocked.push(`${row.id}: ${v}`);
      }
      expect(ordinary.length).toBeGreaterThan(500);
      expect(blocked.length / ordinary.length, blocked.join("\n")).toBeLessThanOrEqual(0.01);
    });
  });
}
