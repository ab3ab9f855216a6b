import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventByName } from "../../../src/clients/claude-code/events";
import { claudeCode } from "../../../src/clients/claude-code";
import { compilePolicy, type CompiledPolicy } from "../../../src/engine/policy/compilePolicy";
import { evaluate } from "../../../src/engine/evaluate";
import { analyseShell } from "../../../src/engine/shell/analyse";
import { effectsOf } from "../../../src/engine/shell/effects";
import { formsOf } from "../../../src/engine/shell/forms";
import { strip, strippedCommand } from "../../../src/engine/shell/words/strip";
import { caseFolded } from "../../../src/engine/shell/commands/knownNames";
import { subjectCount, subjectsOf } from "../../../src/engine/match/callSubjects";
import type { ShellAnalysis, ShellDialect } from "../../../src/engine/shell/model";
import starterDocument from "../../../policies/default.json";
import dangerous1 from "../../corpus/dangerous.jsonl?raw";
import ordinary1 from "../../corpus/ordinary.jsonl?raw";
import dangerous2 from "../../corpus/set2/dangerous.jsonl?raw";
import ordinary2 from "../../corpus/set2/ordinary.jsonl?raw";

/**
 * The shell analysis of a command never seen shares its work: a recorded command is stripped once
 * (strippedCommand, which caseFolded reuses) and its final command worked out once (effects.ts), its forms are made only when a rule first
 * reads them (CallSubjects.items), and an effect-only handler skips the general rule gate. Each holds only if
 * what it shares cannot change after it is shared. These properties compare the shared path with the full one on
 * the corpora's calls, alone and combined into commands never seen (a fresh `cd`, two commands joined): they fail
 * if a recorded command's words changed after they were stripped, if the lazy forms differed from the eager ones,
 * if the effect gate answered otherwise than the general gate, or if a command's analysis answered from the cache
 * (kept on its second sighting) decided otherwise than the first, uncached one.
 */

interface Row {
  tool?: string;
  input?: Record<string, unknown>;
  cwd?: string;
}
const rows = (text: string): Row[] =>
  text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Row);
const all = [dangerous1, ordinary1, dangerous2, ordinary2].flatMap(rows).filter((r) => r.tool !== undefined && r.input !== undefined);
const shellCommands = (tool: string) => [
  ...new Set(all.filter((r) => r.tool === tool && typeof r.input!.command === "string").map((r) => r.input!.command as string)),
];
const bashCommands = shellCommands("Bash");
const psCommands = shellCommands("PowerShell");

const HOME = "/home/dev";
const CWD = `${HOME}/shop`;

/** The analysis again, as new objects: nothing worked out for the first one is found for these. */
const fresh = (a: ShellAnalysis): ShellAnalysis => structuredClone(a);

function sameAnalysisWork(command: string, dialect: ShellDialect): void {
  const analysis = analyseShell(command, dialect, { cwd: CWD, home: HOME });
  // Effects and forms first (they strip every command again, through the shared answers), then each command.
  const effects = effectsOf(analysis);
  const forms = formsOf(analysis, HOME);
  expect(effects, command).toEqual(effectsOf(fresh(analysis)));
  expect(forms, command).toEqual(formsOf(fresh(analysis), HOME));
  for (const c of analysis.commands) {
    expect(strippedCommand(c), command).toEqual(strip(c.words));
    // The walker hands caseFolded the recorded command's strip instead of stripping the words again.
    expect(caseFolded(c.words, strippedCommand(c)), command).toEqual(caseFolded(c.words));
  }
  // What a command keeps of its shared work is not part of it: a copy, a comparison and JSON do not see it.
  // (a copy has none of it, and an equality that reads enumerable symbols too finds the commands equal)
  expect(analysis.commands, command).toEqual(fresh(analysis).commands);
}

const starter = (() => {
  const r = compilePolicy(starterDocument, { client: claudeCode });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
})();
/**
 * The starter with an `unless` on every effect rule that applies to no call: its handlers go through the general
 * rule gate (unless, then effects) instead of the effect gate, and must decide every call the same way.
 */
const generalGate = (() => {
  const doc = structuredClone(starterDocument) as { hooks: { PreToolUse: { hooks: Record<string, unknown>[] }[] } };
  for (const group of doc.hooks.PreToolUse)
    for (const h of group.hooks) if (h.effect !== undefined) h.unless = "Bash(hookgate-no-such-command-7f3c *)";
  const r = compilePolicy(doc, { client: claudeCode });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
})();

async function decision(policy: CompiledPolicy, tool_name: string, tool_input: Record<string, unknown>, cwd = CWD) {
  const r = await evaluate(
    policy,
    eventByName("PreToolUse"),
    {
      session_id: "s",
      transcript_path: `${HOME}/.claude/projects/p/s.jsonl`,
      cwd,
      hook_event_name: "PreToolUse",
      tool_name,
      tool_input,
      tool_use_id: "t",
    },
    {},
    { explain: true },
  );
  return {
    answer: r.answer,
    fired: r.fired,
    errors: r.errors,
    // A skipped handler's trace says why in words that name its unless, which only the second policy has.
    handlers: r.trace.handlers.filter((h) => h.status !== "skipped").map((h) => ({ id: h.id, status: h.status, why: h.why })),
  };
}

/** A command never seen: a fresh `cd` before one of the corpus' commands, or two of them joined. */
const neverSeen = fc
  .tuple(
    fc.nat({ max: 9999 }),
    fc.constantFrom(...bashCommands),
    fc.option(fc.tuple(fc.constantFrom(" && ", "; ", " | "), fc.constantFrom(...bashCommands)), { nil: undefined }),
  )
  .map(([n, first, more]) => `cd ${HOME}/w${n}/pkg-${n % 97} && ${first}${more ? `${more[0]}${more[1]}` : ""}`);

describe("the shared work of the shell analysis equals the full work", () => {
  it("the corpora's Bash and PowerShell commands: effects, forms and strips", () => {
    expect(bashCommands.length).toBeGreaterThan(1000);
    expect(psCommands.length).toBeGreaterThan(20);
    for (const c of bashCommands) sameAnalysisWork(c, "bash");
    for (const c of psCommands) sameAnalysisWork(c, "powershell");
    // The tables every analysis starts from (one shared empty map until a table's first write) were never written:
    // after all of the above, a command with no pipe, function or alias still sees them empty.
    const plain = analyseShell("true", "bash", { cwd: CWD, home: HOME });
    expect([plain.pipelines.size, plain.functions.size]).toEqual([0, 0]);
    expect(analyseShell("ll", "bash", { cwd: CWD, home: HOME }).commands.map((c) => c.words.map((w) => w.value))).toEqual([["ll"]]);
  }, 120_000);

  it("commands never seen: effects, forms and strips", () => {
    fc.assert(
      fc.property(neverSeen, (command) => sameAnalysisWork(command, "bash")),
      { numRuns: 300 },
    );
  });

  it("a shell call's subjects read lazily are the forms of its analysis", () => {
    fc.assert(
      fc.property(neverSeen, (command) => {
        const s = subjectsOf({ toolName: "Bash", toolInput: { command }, cwd: CWD }, claudeCode.tools);
        const forms = formsOf(analyseShell(command, "bash", { cwd: CWD, home: HOME }), HOME);
        const expected =
          forms.length > 0
            ? forms.map((f) => ({ display: f.display, restrict: f.restrict, allow: f.allow, canonical: f.canonical }))
            : [{ display: "", restrict: [""], allow: [""], canonical: undefined }];
        expect(subjectCount(s)).toBe(expected.length);
        expect(s.items).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it("the effect gate decides every corpus call as the general gate does", async () => {
    for (const r of all)
      expect(await decision(starter, r.tool!, r.input!, r.cwd), JSON.stringify(r.input)).toEqual(
        await decision(generalGate, r.tool!, r.input!, r.cwd),
      );
  }, 120_000);

  it("a command is decided the same on its first sighting (not cached), its second (cached) and its third (a hit)", async () => {
    await fc.assert(
      fc.asyncProperty(neverSeen, async (command) => {
        const first = await decision(starter, "Bash", { command });
        expect(await decision(starter, "Bash", { command })).toEqual(first);
        expect(await decision(starter, "Bash", { command })).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });

  it("the effect gate decides commands never seen as the general gate does", async () => {
    await fc.assert(
      fc.asyncProperty(neverSeen, async (command) => {
        expect(await decision(starter, "Bash", { command })).toEqual(await decision(generalGate, "Bash", { command }));
      }),
      { numRuns: 200 },
    );
  });
});
