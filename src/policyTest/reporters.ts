import type { Coverage } from "./coverage";
import type { CaseResult } from "./run";
import type { FileReport, SuiteReport } from "./suite";
import { traceLines } from "./trace";

/** How a run is reported: `human` (the default), `junit` (JUnit XML for CI), `json` (everything, for tools). */
export const REPORTERS = ["human", "junit", "json"] as const;
export type ReporterName = (typeof REPORTERS)[number];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function coverageLine(c: Coverage): string {
  if (c.unexercised.length === 0) return `coverage ${c.policyPath}: all ${plural(c.handlers, "handler")} exercised`;
  const list = c.unexercised.map((h) => (h.id === h.path || h.path.endsWith(h.id) ? h.path : `${h.id} (${h.path})`)).join(", ");
  return `coverage ${c.policyPath}: ${c.unexercised.length} of ${plural(c.handlers, "handler")} not exercised by any case: ${list}`;
}

function summaryLine(r: SuiteReport): string {
  const parts = [`${r.passed} passed`, `${r.failed + r.errors} failed`];
  if (r.errors > 0) parts[1] += ` (${plural(r.errors, "error")})`;
  if (r.problemFiles > 0) parts.push(`${plural(r.problemFiles, "test file")} with problems`);
  return parts.join(", ");
}

/** The detail lines of a case that did not pass: what was expected and what came, then the trace. */
function caseDetail(r: CaseResult): string[] {
  const lines = [...r.failures];
  if (r.answer !== undefined) lines.push(`answer: ${JSON.stringify(r.answer)}`);
  if (r.status === "error" || r.failures.some((f) => f.startsWith("decision"))) lines.push(`input: ${JSON.stringify(r.input)}`);
  if (r.evaluation) lines.push("trace:", ...traceLines(r.evaluation.trace).map((l) => `  ${l}`));
  return lines;
}

const problemLines = (f: FileReport) => {
  const byFile = new Map<string, string[]>();
  for (const p of f.problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), `  ${p.path}: ${p.message}`]);
  return [...byFile].flatMap(([file, lines]) => [`${file}: ${plural(lines.length, "problem")}${file === f.path ? "" : ` (the policy ${f.path} tests)`}`, ...lines]);
};

/** One line per failing case (with its detail indented under it), the coverage, and `N passed, M failed`. */
export function humanReport(r: SuiteReport): string {
  const out: string[] = [];
  const warned = new Set<string>();
  for (const f of r.files) {
    for (const w of f.warnings) {
      const line = `warning ${w.file} ${w.path}: ${w.message}`;
      if (!warned.has(line)) out.push(line);
      warned.add(line);
    }
    out.push(...problemLines(f));
    for (const c of f.results) {
      if (c.status === "passed") continue;
      out.push(`${c.status === "error" ? "ERROR" : "FAIL"} ${f.path} ${c.path} ${c.name}`, ...caseDetail(c).map((l) => `    ${l}`));
    }
  }
  // Coverage of a filtered run is that of the cases it kept, which says little about the policy's tests.
  for (const c of r.coverage) out.push(r.filter !== undefined ? `${coverageLine(c)} (only the cases --run ${r.filter} kept)` : coverageLine(c));
  if (r.filter !== undefined && r.passed + r.failed + r.errors === 0) out.push(`no case matches --run ${r.filter}`);
  out.push(summaryLine(r));
  return out.join("\n");
}

export function jsonReport(r: SuiteReport): string {
  return JSON.stringify(
    {
      passed: r.passed,
      failed: r.failed,
      errors: r.errors,
      problemFiles: r.problemFiles,
      ...(r.filter !== undefined ? { filter: r.filter } : {}),
      files: r.files.map((f) => ({
        path: f.path,
        ...(f.policyPath !== undefined ? { policy: f.policyPath } : {}),
        problems: f.problems,
        warnings: f.warnings,
        cases: f.results.map((c) => ({
          path: c.path,
          name: c.name,
          event: c.event,
          status: c.status,
          failures: c.failures,
          expected: { ...c.expected, reason: c.expected.reason?.source },
          decision: c.decision,
          answer: c.answer,
          input: c.input,
          trace: c.evaluation?.trace,
        })),
      })),
      coverage: r.coverage,
    },
    null,
    2,
  );
}

/**
 * Text as XML 1.0 character data or an attribute value: the five markup characters escaped, and the characters XML
 * cannot hold at all even escaped (C0 controls but tab/newline/CR, lone surrogates, U+FFFE/U+FFFF) written as `\uXXXX`.
 */
export function xmlText(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** JUnit XML: a testsuite per test file, a testcase per case; a file's problems are one errored testcase. */
export function junitReport(r: SuiteReport): string {
  const a = (name: string, value: string | number) => ` ${name}="${xmlText(String(value))}"`;
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites${a("name", "hookgate test")}${a("tests", r.passed + r.failed + r.errors + r.problemFiles)}${a("failures", r.failed)}${a("errors", r.errors + r.problemFiles)}>`);
  for (const f of r.files) {
    const failures = f.results.filter((c) => c.status === "failed").length;
    const errors = f.results.filter((c) => c.status === "error").length + (f.problems.length > 0 ? 1 : 0);
    out.push(`  <testsuite${a("name", f.path)}${a("tests", f.results.length + (f.problems.length > 0 ? 1 : 0))}${a("failures", failures)}${a("errors", errors)}>`);
    if (f.problems.length > 0) {
      const text = problemLines(f).join("\n");
      out.push(`    <testcase${a("classname", f.path)}${a("name", "(test file)")}>`, `      <error${a("message", `${plural(f.problems.length, "problem")}`)}>${xmlText(text)}</error>`, "    </testcase>");
    }
    for (const c of f.results) {
      const open = `    <testcase${a("classname", f.path)}${a("name", `${c.path} ${c.name}`)}`;
      if (c.status === "passed") {
        out.push(`${open}/>`);
        continue;
      }
      const tag = c.status === "error" ? "error" : "failure";
      out.push(`${open}>`, `      <${tag}${a("message", c.failures[0] ?? c.status)}>${xmlText(caseDetail(c).join("\n"))}</${tag}>`, "    </testcase>");
    }
    const coverage = r.coverage.find((c) => c.policyPath === f.policyPath);
    if (coverage) out.push(`    <system-out>${xmlText(coverageLine(coverage))}</system-out>`);
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return out.join("\n");
}

export const REPORT: Record<ReporterName, (r: SuiteReport) => string> = { human: humanReport, junit: junitReport, json: jsonReport };
