// The differential suite: generated rules × tool calls and generated matchers × tool names, run through the pinned
// real Claude Code CLI (one command hook per rule/matcher records that it ran; a catch-all hook records every hook
// input and denies every call, so nothing generated ever runs), then hookgate's engine on the very hook inputs the
// client produced. hookgate promises never to be less strict than the client: wherever the client runs a hook
// whose `if`/`matcher` is X, a hookgate deny rule with the same `if`/`matcher` must fire.
//
// Generators and data: test/e2e/differential/. The full report: .tmp/differential-report.json.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAUDE_BIN, claudeInstalled } from "./claude";
import { table, unfill } from "./differential/compare";
import { DENY_REASON, LATE_SENTINEL } from "./differential/session";
import { CONTROLS, generate, report, runDifferential, type DifferentialRun } from "./differential/suite";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const REPORT_FILE = join(ROOT, ".tmp/differential-report.json");
/** How many failure rows a message shows (the report has them all). */
const SHOW = 60;

let run: DifferentialRun;

describe(`differential: hookgate's engine against the real Claude Code client`, () => {
  beforeAll(async () => {
    if (!claudeInstalled()) throw new Error(`${CLAUDE_BIN} missing: run \`npm install\` (its postinstall runs \`npm ci --prefix e2e\`)`);
    run = await runDifferential({ shards: 3, concurrency: 2, timeoutMs: 200_000 });
    mkdirSync(dirname(REPORT_FILE), { recursive: true });
    writeFileSync(REPORT_FILE, `${JSON.stringify(report(run), null, 2)}\n`);
    const rc = run.rulesCompared;
    const mc = run.matchersCompared;
    const unexcused = rc.lax.filter((p) => !p.excused).length;
    console.log(
      [
        `differential: ${rc.rules} rules × ${rc.calls} calls = ${rc.pairs} pairs (${rc.sameToolPairs} on the rule's own tool) in ${Math.round(run.durationMs / 1000)} s`,
        `  agree ${rc.agree}, LAX ${rc.lax.length} (${unexcused} unexcused, ${rc.lax.length - unexcused} excused), STRICTER ${rc.stricter.count}, rules refused ${rc.refused.length}`,
        `  matchers: ${mc.matchers} × ${mc.calls} tool names = ${mc.pairs} pairs, ${mc.diffs.length} decided differently, ${mc.refused.length} refused by hookgate`,
        `  report: ${REPORT_FILE}`,
      ].join("\n"),
    );
  }, 300_000);

  afterAll(() => {
    if (run && !process.env.DIFFERENTIAL_KEEP) rmSync(run.dirs[0]!.root, { recursive: true, force: true });
  });

  it("generates the same families on every run (fixed seeds), enough of each", () => {
    const a = generate();
    expect(generate()).toEqual(a);
    expect(a.rules.length).toBeGreaterThanOrEqual(200);
    expect(a.calls.length).toBeGreaterThanOrEqual(250);
    expect(a.matchers.length).toBeGreaterThanOrEqual(100);
    const families = new Set(a.rules.map((r) => r.family));
    for (const f of ["bash-exact", "bash-legacy", "bash-wild-word", "bash-wild-glued", "bash-wild-lead", "bash-rule-spaces", "path-root", "path-single-slash-abs", "path-home", "path-dot", "path-bare", "path-glob-name", "path-dir-globstar", "path-any-depth-dir", "webfetch", "agent", "mcp"])
      expect(families, f).toContain(f);
    const callFamilies = new Set(a.calls.map((c) => c.family));
    for (const f of ["bash-spaces", "bash-compound", "bash-env", "bash-wrapper", "bash-subst", "bash-dynamic", "bash-quotes", "bash-unparseable", "file-project", "file-outside", "file-home"])
      expect(callFamilies, f).toContain(f);
  });

  it("every session ran to the end, every call reached PreToolUse, and every call was denied (nothing ran)", () => {
    for (const { record, calls } of [...run.sessions, run.matcherSession]) {
      const ctx = `session ${record.name}: ${record.stderrTail}`;
      expect(record.timedOut, ctx).toBe(false);
      expect(record.exitCode, ctx).toBe(0);
      expect(record.strays, ctx).toEqual([]);
      const missing = calls.filter((c) => !record.inputs.has(c.id)).map((c) => `${c.id}: ${record.results.get(c.id)?.text ?? "(no result)"}`);
      expect(missing, `${record.name}: calls the client refused before any hook`).toEqual([]);
      const late = record.late ? 1 : 0;
      expect(record.inputs.size).toBe(calls.length + late);
      // Each call's tool result is the deny-all's reason: the tool never ran.
      const notDenied = [...record.results].filter(([, r]) => !r.isError || !(r.text.includes(DENY_REASON) || r.text.includes("late-control deny")));
      expect(notDenied, `${record.name}: calls whose result is not a hook denial`).toEqual([]);
      expect(record.results.size).toBe(calls.length + late);
      expect(record.permissionDenials).toBe(calls.length + late);
    }
    // And on disk: every file (the ones the rm/chmod commands and the Edit/Write calls aim at included) as it was.
    const changed = [...new Set([...run.filesBefore.keys(), ...run.filesAfter.keys()])].filter((k) => run.filesBefore.get(k) !== run.filesAfter.get(k));
    expect(changed, "files created, changed or removed during the run").toEqual([]);
    expect(run.filesBefore.size).toBeGreaterThan(40);
  });

  it("the deny-all stops no other hook, and the client's dedup keeps hooks that share an `if`", () => {
    const bad: string[] = [];
    for (const { record, calls } of run.sessions) {
      const fired = (key: string) => record.fired.get(key) ?? new Map();
      for (const c of calls) {
        const input = record.inputs.get(c.id)!;
        const tool = String(input.tool_name);
        const expected = CONTROLS.filter((k) => k.if === undefined || k.if === tool).map((k) => k.key);
        for (const key of expected) if (!fired(key).has(c.id)) bad.push(`${record.name}: ${key} did not run on ${c.id}`);
        // Every hook got the same input.
        for (const [key, m] of record.fired) {
          const got = m.get(c.id);
          if (got && JSON.stringify(got.tool_input) !== JSON.stringify(input.tool_input)) bad.push(`${key} got a different input on ${c.id}`);
        }
      }
    }
    expect(bad).toEqual([]);
    // A hook still running after the deny came in (it waits until the deny hook has exited) was awaited: its record
    // is there, and it was written before the client sent the model the result of that call.
    const late = run.sessions[0]!.record.late!;
    expect(late.record, `the late hook on "${LATE_SENTINEL}" left no record`).toBeDefined();
    expect(late.record!.polls, "the deny hook never exited while the late hook waited").toBeLessThan(1000);
    expect(late.nextRequestAt).toBeDefined();
    expect(late.record!.t).toBeLessThanOrEqual(late.nextRequestAt!);
  });

  it("hookgate's deny rule fires wherever the client runs the hook with the same `if` (no unexcused LAX pair)", () => {
    const rc = run.rulesCompared;
    const lax = rc.lax.filter((p) => !p.excused);
    const refused = rc.refused.filter((r) => r.clientFired.length > 0);
    const byCause = new Map<string, number>();
    for (const p of lax) byCause.set(p.cause, (byCause.get(p.cause) ?? 0) + 1);
    const order = [...byCause].sort((a, b) => b[1] - a[1]);
    // A few rows of every cause first, then the rest.
    const rows = order.flatMap(([cause]) => lax.filter((p) => p.cause === cause).slice(0, Math.max(3, Math.floor(SHOW / order.length))));
    const shown = rows.slice(0, SHOW);
    const message = [
      `${lax.length} LAX pairs (the client runs the hook, hookgate's deny rule does not fire), by cause: ${order.map(([c, n]) => `${c} ${n}`).join(", ")}`,
      table(
        ["rule", "call", "client", "hookgate", "cause"],
        shown.map((p) => [unfill(p.rule, run.dirs), p.call, "runs the hook", "no deny", p.causes.join("+")]),
      ),
      lax.length > shown.length ? `… and ${lax.length - shown.length} more in ${REPORT_FILE}` : "",
      refused.length
        ? `\nrules hookgate refuses to compile although the client runs them:\n${table(["rule", "hookgate says", "client ran it on"], refused.map((r) => [unfill(r.rule, run.dirs), r.error, `${r.clientFired.length} calls`]))}`
        : "",
    ].join("\n");
    expect(lax.length + refused.length, message).toBe(0);
  });

  it("every matcher hookgate accepts decides exactly as the client did (refusing one at compile is fine)", () => {
    const mc = run.matchersCompared;
    const message = [
      `${mc.diffs.length} (matcher, tool) pairs decided differently:`,
      table(
        ["matcher", "tool", "client", "hookgate"],
        mc.diffs.slice(0, SHOW).map((d) => [JSON.stringify(d.matcher), d.tool, d.client ? "runs the hook" : "does not", d.hookgate ? "matches" : "does not match"]),
      ),
      mc.diffs.length > SHOW ? `… and ${mc.diffs.length - SHOW} more in ${REPORT_FILE}` : "",
      `(${mc.refused.length} matchers refused at compile, e.g. ${mc.refused.slice(0, 5).map((r) => JSON.stringify(r.matcher)).join(", ")})`,
    ].join("\n");
    expect(mc.diffs.length, message).toBe(0);
  });
});
