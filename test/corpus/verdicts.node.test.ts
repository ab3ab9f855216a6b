import { describe, expect, it } from "vitest";
import starterDocument from "../../policies/default.json";
import { claudeCode } from "../../src/clients/claude-code";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import { evaluateRow, SETS } from "./cases";

/**
 * Every corpus case's exact answer from the starter policy, one line each, held in verdicts.golden.txt. The corpus
 * test checks rates (≥ 97 % caught, ≤ 1 % blocked), which a single changed verdict passes; this fails on any change
 * to any case's verdict, reason or fired rules, so a change to the shell analysis, the matchers or the starter that
 * moves an answer is seen and named in review. A deliberate change is taken with `npx vitest run -c
 * vitest.node.config.ts test/corpus/verdicts.node.test.ts -u` and its diff read.
 */

const compiled = compilePolicy(starterDocument, { client: claudeCode });
if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
const policy = compiled.value;

describe("the starter's exact answer on every corpus case", () => {
  it("matches verdicts.golden.txt", async () => {
    // Few distinct answers recur thousands of times: each is written once, numbered, and a case names its number.
    const answers = new Map<string, number>();
    const lines: string[] = [];
    for (const set of SETS)
      for (const row of [...set.dangerous, ...set.ordinary, ...set.prompts]) {
        const r = await evaluateRow(policy, row);
        expect(r.errors, `${set.name} ${row.id}`).toEqual([]);
        const answer = JSON.stringify(r.answer);
        if (!answers.has(answer)) answers.set(answer, answers.size + 1);
        lines.push(`${set.name.replace(" ", "")}/${row.id}\t${[...r.fired].sort().join(",") || "-"}\tanswer ${answers.get(answer)}`);
      }
    expect(lines.length).toBeGreaterThan(4000);
    const table = [...answers].map(([answer, n]) => `answer ${n}\t${answer}`);
    await expect(`${[...table, "", ...lines].join("\n")}\n`).toMatchFileSnapshot("./verdicts.golden.txt");
  });
});
