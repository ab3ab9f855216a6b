// docs/testing-policies.md says what the code does: its example passes as shown, its shorthand table is the
// expansion table, its decisions table is what each event's answer can hold.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { decisionsFor } from "../../src/policyTest/answers";
import { humanReport } from "../../src/policyTest/reporters";
import { expandShorthand, SHORTHANDS } from "../../src/policyTest/shorthands";
import { runSuite } from "../../src/policyTest/suite";
import { ROOT } from "../support/localService";

const doc = readFileSync(join(ROOT, "docs/testing-policies.md"), "utf8");
const jsonBlocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
/** The rows of the markdown table whose header starts with `header`. */
const tableRows = (header: string): string[][] => {
  const start = doc.indexOf(`| ${header}`);
  expect(start, header).toBeGreaterThan(-1);
  const lines = doc.slice(start).split("\n");
  const end = lines.findIndex((l) => !l.startsWith("|"));
  return lines.slice(2, end).map((l) => l.slice(1, -1).split(" | ").map((c) => c.trim()));
};

describe("docs/testing-policies.md", () => {
  it("the example policy and its test file pass, with the coverage line shown", async () => {
    const files: Record<string, string> = { "my-policy.json": jsonBlocks[0]!, "my-policy.test.json": jsonBlocks[1]! };
    const report = await runSuite(["my-policy.test.json"], { readFile: (p) => files[p]!, profile: claudeCode });
    expect(humanReport(report)).toBe("coverage my-policy.json: all 3 handlers exercised\n6 passed, 0 failed");
  });

  it("the shorthand table is the expansion table", () => {
    const rows = tableRows("shorthand | tool_input");
    expect(rows.map((r) => r[0]!.replace(/`/g, ""))).toEqual(Object.keys(SHORTHANDS));
    for (const [tool, shown] of rows) {
      const written = JSON.parse(shown!.replace(/`/g, "").replace(/\btext\b/, '"TEXT"'));
      expect(written, tool).toEqual(expandShorthand(tool!.replace(/`/g, ""), "TEXT"));
    }
  });

  it("the decisions table is what each event's answer can hold, every event listed once", () => {
    const listed = new Map<string, string[]>();
    for (const [, decisions, events] of tableRows("the event answers with"))
      for (const name of events!.replace(/\s*\(.*\)$/, "").split(", ")) listed.set(name, decisions!.replace(/`/g, "").split(", "));
    expect([...listed.keys()].sort()).toEqual(claudeCode.events.list.map((e) => e.name).sort());
    for (const e of claudeCode.events.list) expect(listed.get(e.name), e.name).toEqual(decisionsFor(e));
  });
});
