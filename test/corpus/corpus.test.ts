import { describe, expect, it } from "vitest";
import { eventByName } from "../../src/clients/claude-code/events";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import { evaluate } from "../../src/engine/evaluate";
import starterDocument from "../../policies/default.json";
import dangerous1 from "./dangerous.jsonl?raw";
import ordinary1 from "./ordinary.jsonl?raw";
import prompts1 from "./prompts.jsonl?raw";
import dangerous2 from "./set2/dangerous.jsonl?raw";
import ordinary2 from "./set2/ordinary.jsonl?raw";
import prompts2 from "./set2/prompts.jsonl?raw";
import { claudeCode } from "../../src/clients/claude-code";

/**
 * The starter policy judged on corpora of real-world cases (README.md here): in every class at least 97 % of the
 * dangerous cases caught, at most 1 % of ordinary developer calls blocked. Every miss and every false positive is
 * listed by id, so a regression names the case.
 */

interface Row {
  id: string;
  class?: string;
  tool?: string;
  input?: Record<string, unknown>;
  prompt?: string;
  cwd?: string;
  expect: "deny" | "ask" | "allow" | "block";
}

const rows = (text: string): Row[] =>
  text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);

const compiled = compilePolicy(starterDocument, { client: claudeCode });
if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
const policy = compiled.value;

async function verdictOf(row: Row): Promise<string> {
  const cwd = row.cwd ?? "/home/dev/shop";
  const home = cwd.split("/").slice(0, 3).join("/");
  const base = { session_id: "s", transcript_path: `${home}/.claude/projects/p/s.jsonl`, cwd };
  if (row.prompt !== undefined) {
    const r = await evaluate(policy, eventByName("UserPromptSubmit"), { ...base, hook_event_name: "UserPromptSubmit", prompt: row.prompt });
    return (r.answer as { decision?: string }).decision === "block" ? "block" : "allow";
  }
  const r = await evaluate(policy, eventByName("PreToolUse"), { ...base, hook_event_name: "PreToolUse", tool_name: row.tool!, tool_input: row.input!, tool_use_id: "t" });
  return (r.answer as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision ?? "allow";
}

const SETS = [
  { name: "set 1", dangerous: dangerous1, ordinary: ordinary1, prompts: prompts1 },
  { name: "set 2", dangerous: dangerous2, ordinary: ordinary2, prompts: prompts2 },
];

for (const set of SETS) {
  describe(`starter policy on corpus ${set.name}`, () => {
    const prompts = rows(set.prompts);
    const dangerous = [...rows(set.dangerous), ...prompts.filter((p) => p.expect === "block").map((p) => ({ ...p, class: "secret-prompt" }))];
    const ordinary = [...rows(set.ordinary), ...prompts.filter((p) => p.expect === "allow")];
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
