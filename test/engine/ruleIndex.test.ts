import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventByName } from "../../src/clients/claude-code/events";
import { compilePolicy, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { evaluate } from "../../src/engine/evaluate";
import { BUILD_AFTER, requiredLiteral } from "../../src/engine/match/ruleIndex";
import { claudeCode } from "../../src/clients/claude-code";

/**
 * The rule index (ruleIndex.ts) only decides which handlers a call visits; it must never change an answer. The
 * property: for generated policies and calls, the answer (and what fired) is the same with the index as when every
 * handler is visited (`explain`, which bypasses it).
 */

describe("requiredLiteral: text every match of a regex contains", () => {
  it.each([
    ["\\bbinary12\\b", "binary12"],
    ["rm -rf /", "rm -rf /"],
    ["curl\\s+.*\\|\\s*sh", "curl"],
    ["^git push (-f|--force)", "git push "],
    ["ab+cd", undefined],
    ["secret_?key", "secret"],
    ["x{0,3}yyy", "yyy"],
    ["\\.env\\b", ".env"],
    ["foo|bar", undefined],
    ["(foo|bar)baz", "baz"],
    ["[abc]def", "def"],
    ["a.b.c", undefined],
    ["\\p{Lu}upper", undefined],
    ["\\x41BC", "ABC"],
  ] as [string, string | undefined][])("/%s/ → %j", (source, expected) => {
    expect(requiredLiteral(source)).toBe(expected);
  });

  it("whatever it returns, every string the regex matches contains it", () => {
    const alphabet = ["a", "b", "x", " ", "-", ".", "/"];
    const atoms = fc.oneof(
      fc.constantFrom(...alphabet),
      fc.constantFrom("\\.", "\\b", "\\s", "\\d", ".", "[ab]", "(a|b)", "(?:xy)"),
    );
    const quant = fc.constantFrom("", "", "", "*", "+", "?", "{2}", "{0,1}");
    const regex = fc.array(fc.tuple(atoms, quant), { minLength: 1, maxLength: 8 }).map((parts) => parts.map(([a, q]) => a + q).join(""));
    fc.assert(
      fc.property(regex, fc.array(fc.constantFrom(...alphabet, "1"), { maxLength: 14 }), (source, chars) => {
        let re: RegExp;
        try {
          re = new RegExp(source);
        } catch {
          return; // not a regex (a quantifier on `\b`): nothing to say
        }
        const literal = requiredLiteral(source);
        if (literal === undefined) return;
        const text = chars.join("");
        if (re.test(text)) expect(text).toContain(literal);
      }),
      { numRuns: 3000 },
    );
  });
});

const WORDS = ["git", "push", "npm", "run", "rm", "-rf", "-f", "origin", "main", "build", "test", "ls", "/", "~", "x"];
const piece = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(" "));
/** A Bash rule specifier: literal words with `*` in some places, or the legacy `prefix:*`. */
const specifier = fc.oneof(
  fc.tuple(piece, fc.constantFrom("", " *", "*"), fc.option(piece, { nil: undefined })).map(([a, star, b]) => (b !== undefined && star !== "" ? `${a}${star} ${b}` : `${a}${star}`)),
  piece.map((p) => `${p}:*`),
  fc.constant("* main"),
);
const whenSource = fc.oneof(piece.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")), piece.map((p) => `\\b${p.split(" ")[0]}\\b`), fc.constant("(push|run)"));
const handler = fc.oneof(
  fc.record({ if: specifier, decision: fc.constantFrom("deny", "ask", "allow") }).map((h) => ({ type: "rule", if: `Bash(${h.if})`, decision: h.decision })),
  fc.record({ if: specifier, unless: specifier }).map((h) => ({ type: "rule", if: `Bash(${h.if})`, unless: `Bash(${h.unless})`, decision: "ask" })),
  whenSource.map((w) => ({ type: "rule", when: { "tool_input.command": w }, decision: "deny" })),
  fc.constant({ type: "rule", if: "Read(**/.env)", decision: "deny" }),
);
const command = fc
  .array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom("$X", '"$(echo push)"', "'main'", "&&", ";", "|", "*")), { minLength: 1, maxLength: 7 })
  .map((w) => w.join(" "));

describe("the rule index never changes an answer", () => {
  it("indexed and exhaustive evaluation agree on generated policies and commands", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(handler, { minLength: 1, maxLength: 24 }), fc.array(command, { minLength: 1, maxLength: 6 }), async (handlers, commands) => {
        const compiled = compilePolicy({ hooks: { PreToolUse: [{ matcher: "Bash|Read", hooks: handlers.map((h, i) => ({ ...h, id: `h${i}`, reason: `h${i}` })) }] } }, { client: claudeCode });
        if (!compiled.ok) return;
        const policy: CompiledPolicy = compiled.value;
        const pre = (command: string) => ({ hook_event_name: "PreToolUse", cwd: "/w", tool_name: "Bash", tool_input: { command }, tool_use_id: "t" });
        // Twice: first while the index tests each literal in turn, then once it has built its tries and automata.
        for (const built of [false, true]) {
          if (built) for (let i = 0; i < BUILD_AFTER; i++) await evaluate(policy, eventByName("PreToolUse"), pre(`warm ${i}`));
          for (const cmd of commands) {
            const fast = await evaluate(policy, eventByName("PreToolUse"), pre(cmd));
            const full = await evaluate(policy, eventByName("PreToolUse"), pre(cmd), {}, { explain: true });
            expect({ cmd, built, answer: fast.answer, fired: fast.fired }).toEqual({ cmd, built, answer: full.answer, fired: full.fired });
          }
        }
        const group = policy.events.PreToolUse!.groups[0]!.lookup;
        expect([...group.bash.values()].map((b) => b.prefixes !== undefined)).not.toContain(false);
        expect(group.when.map((w) => w.automaton !== undefined)).not.toContain(false);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
