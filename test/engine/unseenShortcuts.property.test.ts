// Shortcuts on the path of a command never seen, each against the full work it stands for: the same answer on the
// corpora's commands and on generated text. A shortcut is only sound if these hold (bench/README.md, issue 22 item 4).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rules } from "@secretlint/secretlint-rule-preset-recommend";
import { collapse } from "../../src/engine/shell/builder";
import { COMMAND_NAMES } from "../../src/engine/shell/commands/commands";
import { hasOptionCode, optionCode } from "../../src/engine/shell/commands/optionCode";
import { WINDOWS_PROGRAMS, isWindowsProgram } from "../../src/engine/shell/cmd/effects";
import { secretRuleSetRanges } from "../../src/engine/secrets/secretRuleSet";
import dangerous1 from "../corpus/dangerous.jsonl?raw";
import ordinary1 from "../corpus/ordinary.jsonl?raw";
import dangerous2 from "../corpus/set2/dangerous.jsonl?raw";
import ordinary2 from "../corpus/set2/ordinary.jsonl?raw";

const commands = [
  ...new Set(
    [dangerous1, ordinary1, dangerous2, ordinary2]
      .flatMap((t) => t.split("\n"))
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { input?: { command?: unknown } }).input?.command)
      .filter((c): c is string => typeof c === "string"),
  ),
];
const words = [...new Set(commands.flatMap((c) => c.split(/\s+/)).filter((w) => w !== ""))];

describe("collapse: one test before replace and trim", () => {
  const reference = (s: string) => s.replace(/\s+/g, " ").trim();
  it("equals replace-then-trim on every corpus command", () => {
    expect(commands.length).toBeGreaterThan(1000);
    for (const c of commands) expect(collapse(c)).toBe(reference(c));
  });
  it("equals replace-then-trim on text of every kind of whitespace", () => {
    const unit = fc.constantFrom(" ", "  ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u2003", "\u2028", "\ufeff", "\u3000", "a", "-", "x y", "é");
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }).map((u) => u.join("")), (s) => {
        expect(collapse(s)).toBe(reference(s));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("hasOptionCode: a name it says no to, with no assignment, runs no option code", () => {
  const args = fc.array(fc.oneof(fc.constantFrom(...words), fc.constantFrom("-e", "-c", "--exec", "-o", "ProxyCommand=x", "--rsh=ssh", "1e rm -rf /", "+!ls", "-x", "--")), { maxLength: 8 });
  it("for every name in the command table and every corpus word, with corpus arguments", () => {
    fc.assert(
      fc.property(fc.constantFrom(...COMMAND_NAMES, ...words), args, (name, a) => {
        if (!hasOptionCode(name)) expect(optionCode(name, a, [])).toEqual([]);
      }),
      { numRuns: 5000 },
    );
  });
  it("says yes for every name optionCode finds code for in the corpus", () => {
    for (const c of commands) {
      const [name = "", ...rest] = c.split(/\s+/).filter((w) => w !== "");
      if (optionCode(name, rest, []).length > 0) expect(hasOptionCode(name), c).toBe(true);
    }
  });
});

describe("isWindowsProgram: a set lookup in place of lower-casing, a regex and a list search", () => {
  const reference = (name: string) => WINDOWS_PROGRAMS.includes(name.toLowerCase().replace(/\.exe$/, ""));
  it("answers as the list search on corpus words, the programs' own spellings and generated names", () => {
    for (const w of words) expect(isWindowsProgram(w), w).toBe(reference(w));
    const spelled = WINDOWS_PROGRAMS.flatMap((p) => [p, p.toUpperCase(), `${p}.exe`, `${p}.EXE`, `${p}.exe.exe`, `${p}exe`, `${p}.ex`, `x${p}`]);
    for (const n of spelled) expect(isWindowsProgram(n), n).toBe(reference(n));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WINDOWS_PROGRAMS, ".exe", ".EXE", ".", "e", "x", "İ", "\n"), { maxLength: 4 }), (parts) => {
        const n = parts.join("");
        expect(isWindowsProgram(n)).toBe(reference(n));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the rule set's scan: one source object and no array for a rule that reports nothing", () => {
  // The reference: each rule run alone, with a source and a report list of its own, as secretlint runs it.
  const reference = (text: string): [number, number][] => {
    const found: [number, number][] = [];
    for (const rule of rules as unknown as { meta: { id: string; type?: string }; create(ctx: unknown, o: unknown): { file?: (s: unknown) => unknown } }[]) {
      if (rule.meta.type !== "scanner" || rule.meta.id === "@secretlint/secretlint-rule-gcp" || rule.meta.id === "@secretlint/secretlint-rule-filter-comments") continue;
      const reports: [number, number][] = [];
      const context = { report: (d: { range: [number, number] }) => void reports.push([d.range[0], d.range[1]]), ignore: () => {}, createTranslator: () => (id: string) => id, registerRule: () => {}, sharedOptions: {} };
      try {
        rule.create(context, {}).file?.({ content: text, ext: "", contentType: "text" });
      } catch {
        // (reported as nothing, as in secretRuleSet.ts)
      }
      for (const r of reports) if (r[1] > r[0] && r[0] >= 0) found.push(r);
    }
    return found;
  };
  const secrets = [
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8d3Lk2Vb",
    "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "mongodb://user:hunter2@db.example.com:27017/app",
    "https://alice:s3cret@example.com/x",
    `sk-ant-api03-${"a".repeat(93)}AA`,
    `npm_${"a1B2c3D4e5".repeat(3)}abcdef`,
  ];
  it("reports what each rule reports alone, on every corpus command", () => {
    for (const c of commands) expect(secretRuleSetRanges(c), c).toEqual(reference(c));
  });
  it("reports what each rule reports alone, on commands with secrets in them", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...commands), fc.constantFrom(...secrets)), { minLength: 1, maxLength: 4 }), (parts) => {
        const text = parts.join(" && ");
        expect(secretRuleSetRanges(text)).toEqual(reference(text));
      }),
      { numRuns: 300 },
    );
    // (the generated texts hold secrets the rule set finds)
    expect(secrets.filter((s) => reference(s).length === 0)).toEqual([]);
  });
});
