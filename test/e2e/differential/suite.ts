// The differential run: generate the families (fixed seeds), lay out the directories, run the sessions through the
// real CLI, compare with hookgate's engine and build the report.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BASH_VICTIMS, bashCalls, bashRules } from "./bashFamilies";
import { compareMatchers, compareRules, describeCall, type MatcherComparison, type RuleComparison, unfill } from "./compare";
import { fileCalls, fileRules, HOME_FILES, OUTSIDE_FILES, PROJECT_FILES } from "./fileFamilies";
import { matcherCalls, matchers as matcherFamily } from "./matcherFamilies";
import { otherCalls, otherRules } from "./otherFamilies";
import { rng } from "./rng";
import type { ClientExamination } from "./expansion";
import { DENY_REASON, runSession, type HandlerSpec, type SessionRecord } from "./session";
import { materialiseCall, materialiseRule, type CallCase, type Dirs, type HookInput, type MatcherCase, type RuleCase } from "./types";

export const SEED = 0x5eed_2133;
export const CLIENT_VERSION = "2.1.332";

/** Controls (not compared with hookgate): they must fire on every call of their tool. */
export const CONTROLS: readonly HandlerSpec[] = [
  { key: "ctl-all" }, // no `if`: every call
  { key: "ctl-bash-a", if: "Bash" },
  { key: "ctl-bash-b", if: "Bash" }, // the same `if` again: dedup must keep both
  { key: "ctl-read", if: "Read" },
  // Canaries: rules no command matches. Where the client runs them anyway it did not examine the call.
  { key: "ctl-canary-more", if: `Bash(${"differential-canary --never"})` },
  { key: "ctl-canary-all", if: "Bash(differential-canary-all *)" },
];

function numbered<T extends { family: string }>(items: T[], prefix = ""): (T & { id: string })[] {
  const n = new Map<string, number>();
  return items.map((x) => {
    const k = (n.get(x.family) ?? 0) + 1;
    n.set(x.family, k);
    return { ...x, id: `${prefix}${x.family}-${String(k).padStart(3, "0")}` };
  });
}

export interface Generated {
  rules: Omit<RuleCase, "rule">[];
  calls: Omit<CallCase, "input">[];
  matchers: MatcherCase[];
  matcherCalls: Omit<CallCase, "input">[];
}

/** Every family, from fixed seeds: the same rules, calls and matchers on every run. */
export function generate(seed = SEED): Generated {
  const rules = [...bashRules(rng(seed + 1)), ...fileRules(rng(seed + 2)), ...otherRules(rng(seed + 3))];
  const seen = new Set<string>();
  const unique = rules.filter((r) => !seen.has(r.template) && seen.add(r.template));
  const calls = [...bashCalls(rng(seed + 4)), ...fileCalls(rng(seed + 5)), ...otherCalls(rng(seed + 6))];
  const ms = matcherFamily(rng(seed + 7));
  const seenM = new Set<string>();
  return {
    rules: numbered(unique),
    calls: numbered(calls),
    matchers: numbered(ms.filter((m) => !seenM.has(m.matcher) && seenM.add(m.matcher))),
    matcherCalls: numbered(matcherCalls(), "m-"),
  };
}

function writeTree(base: string, files: readonly string[]): void {
  for (const f of files) {
    mkdirSync(dirname(join(base, f)), { recursive: true });
    writeFileSync(join(base, f), "hello\n");
  }
}

/** Every file under the run's root (but the CLI's own ~/.claude*, ~/.cache and the hook records): path → mode + content. */
export function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = path.slice(root.length + 1);
      if (/^rec-/.test(rel) || /^home-[^/]+\/(\.claude|\.cache)/.test(rel)) continue;
      const st = lstatSync(path);
      if (st.isDirectory()) {
        out.set(`${rel}/`, (st.mode & 0o7777).toString(8));
        walk(path);
      } else out.set(rel, `${(st.mode & 0o7777).toString(8)} ${st.isFile() ? readFileSync(path, "utf8") : "(not a file)"}`);
    }
  };
  walk(root);
  return out;
}

export interface DifferentialRun {
  seed: number;
  generated: Generated;
  dirs: Dirs[];
  rules: RuleCase[];
  /** Per rule session, its materialised calls. */
  sessions: { record: SessionRecord; calls: CallCase[] }[];
  matcherSession: { record: SessionRecord; calls: CallCase[] };
  /** All calls of all rule sessions (ids are unique across sessions). */
  calls: CallCase[];
  inputs: Map<string, HookInput>;
  /** callId → how the client treated the call's `if` rules (from the canaries). */
  examination: Map<string, ClientExamination>;
  rulesCompared: RuleComparison;
  matchersCompared: MatcherComparison;
  durationMs: number;
  /** The files before and after the sessions: nothing a generated call would do may have happened. */
  filesBefore: Map<string, string>;
  filesAfter: Map<string, string>;
}

export interface RunOptions {
  shards: number;
  /** Sessions run at once. */
  concurrency: number;
  timeoutMs: number;
}

async function pool<T>(jobs: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

export async function runDifferential(opts: RunOptions): Promise<DifferentialRun> {
  const t0 = Date.now();
  const g = generate();
  const root = mkdtempSync(join(tmpdir(), "hookgate-differential-"));
  const cwd = join(root, "work");
  const out = join(root, "outside");
  writeTree(cwd, [...PROJECT_FILES, ...BASH_VICTIMS]);
  writeTree(out, OUTSIDE_FILES);
  // One HOME per session: concurrent CLIs must not share ~/.claude.json.
  const dirsFor = (name: string): Dirs => {
    const home = join(root, `home-${name}`);
    writeTree(home, HOME_FILES);
    return { root, cwd, out, home };
  };
  const shared: Dirs = { root, cwd, out, home: join(root, "home-none") };
  const rules = g.rules.map((r) => materialiseRule(r, shared)); // rules hold no {HOME}: the same in every session
  if (rules.some((r) => r.template.includes("{HOME}"))) throw new Error("rules must not depend on the session's HOME");
  const handlers: HandlerSpec[] = [...CONTROLS, ...rules.map((r) => ({ key: r.id, if: r.rule }))];

  const shardNames = Array.from({ length: opts.shards }, (_, i) => `s${i}`);
  const shardDirs = shardNames.map((n) => dirsFor(n));
  const shardCalls = shardNames.map((_, i) => g.calls.filter((_, k) => k % opts.shards === i).map((c) => materialiseCall(c, shardDirs[i]!)));
  const mDirs = dirsFor("matchers");
  const mCalls = g.matcherCalls.map((c) => materialiseCall(c, mDirs));
  const filesBefore = snapshot(root);

  const jobs: (() => Promise<SessionRecord>)[] = [
    () =>
      runSession({
        name: "matchers",
        dir: join(root, "rec-matchers"),
        cwd,
        home: mDirs.home,
        calls: mCalls,
        handlers: g.matchers.map((m) => ({ key: m.id, matcher: m.matcher })),
        timeoutMs: opts.timeoutMs,
      }),
    ...shardNames.map(
      (name, i) => () =>
        runSession({
          name,
          dir: join(root, `rec-${name}`),
          cwd,
          home: shardDirs[i]!.home,
          calls: shardCalls[i]!,
          handlers,
          lateControl: i === 0,
          timeoutMs: opts.timeoutMs,
        }),
    ),
  ];
  const [mRecord, ...records] = await pool(jobs, opts.concurrency);
  const filesAfter = snapshot(root);

  const inputs = new Map<string, HookInput>();
  const fired = new Map<string, Set<string>>();
  records.forEach((rec) => {
    for (const [id, input] of rec!.inputs) inputs.set(id, input);
    for (const [key, m] of rec!.fired) {
      const s = fired.get(key) ?? new Set<string>();
      for (const id of m.keys()) s.add(id);
      fired.set(key, s);
    }
  });
  const calls = shardCalls.flat();
  const allDirs = [...shardDirs, mDirs];
  const examination = new Map<string, ClientExamination>(
    calls.map((c) => [c.id, fired.get("ctl-canary-all")?.has(c.id) ? "all" : fired.get("ctl-canary-more")?.has(c.id) ? "more" : "examined"]),
  );
  const rulesCompared = await compareRules(rules, calls, inputs, fired, examination, allDirs);
  const mFired = new Map([...mRecord!.fired].map(([k, m]) => [k, new Set(m.keys())]));
  const matchersCompared = compareMatchers(g.matchers, mCalls, mRecord!.inputs, mFired);
  return {
    seed: SEED,
    generated: g,
    dirs: allDirs,
    rules,
    sessions: records.map((record, i) => ({ record: record!, calls: shardCalls[i]! })),
    matcherSession: { record: mRecord!, calls: mCalls },
    calls,
    inputs,
    examination,
    rulesCompared,
    matchersCompared,
    durationMs: Date.now() - t0,
    filesBefore,
    filesAfter,
  };
}

/** The JSON report: everything another engineer needs to fix the engine without re-running the client. */
export function report(run: DifferentialRun): object {
  const rc = run.rulesCompared;
  const mc = run.matchersCompared;
  const group = <T extends { cause: string }>(items: T[]) => {
    const g: Record<string, { count: number; examples: T[] }> = {};
    for (const x of items) {
      const e = (g[x.cause] ??= { count: 0, examples: [] });
      e.count++;
      if (e.examples.length < 3) e.examples.push(x);
    }
    return Object.fromEntries(Object.entries(g).sort((a, b) => b[1].count - a[1].count));
  };
  const unexcused = rc.lax.filter((p) => !p.excused);
  const excused = rc.lax.filter((p) => p.excused);
  const short = (p: (typeof rc.lax)[number]) => ({ rule: unfill(p.rule, run.dirs), call: p.call, cause: p.cause, causes: p.causes });
  const sessions = [...run.sessions, run.matcherSession].map(({ record, calls }) => ({
    name: record.name,
    calls: calls.length,
    reached: record.inputs.size,
    durationMs: record.durationMs,
    exitCode: record.exitCode,
    timedOut: record.timedOut,
  }));
  const notReached = [...run.sessions, run.matcherSession].flatMap(({ record, calls }) =>
    calls.filter((c) => !record.inputs.has(c.id)).map((c) => ({ call: c.id, tool: c.tool, input: c.input, result: record.results.get(c.id)?.text })),
  );
  return {
    about:
      "Differential run of hookgate's engine against the real Claude Code CLI. LAX = the client ran the hook for the rule, " +
      "hookgate's deny rule with the same `if` did not fire (a failure unless excused); STRICTER = hookgate fired, the client did not (fine). " +
      "`lax` has every unexcused pair with the hook input the client sent; `excusedLax` every excused one with the reason; " +
      "`calls[].client` says how the client treated the call's rules: examined, `more` (ran every rule naming more than the command word " +
      "unexamined) or `all` (ran every rule unexamined), read from canary rules no command matches.",
    generatedAt: new Date().toISOString(),
    client: `Claude Code ${CLIENT_VERSION}`,
    seed: run.seed,
    durationMs: run.durationMs,
    dirs: run.dirs,
    denyReason: DENY_REASON,
    sessions,
    summary: {
      rules: rc.rules,
      ruleCalls: rc.calls,
      pairs: rc.pairs,
      sameToolPairs: rc.sameToolPairs,
      agree: rc.agree,
      lax: rc.lax.length,
      laxUnexcused: unexcused.length,
      laxExcused: excused.length,
      stricter: rc.stricter.count,
      refusedRules: rc.refused.length,
      refusedRulesTheClientFires: rc.refused.filter((r) => r.clientFired.length > 0).length,
      matchers: mc.matchers,
      matcherCalls: mc.calls,
      matcherPairs: mc.pairs,
      matcherDiffs: mc.diffs.length,
      matchersRefused: mc.refused.length,
      notReached: notReached.length,
    },
    laxByCause: Object.fromEntries(Object.entries(group(unexcused)).map(([k, v]) => [k, { count: v.count, examples: v.examples.map(short) }])),
    laxByRule: Object.entries(
      unexcused.reduce<Record<string, string[]>>((acc, p) => ((acc[unfill(p.rule, run.dirs)] ??= []).push(p.call), acc), {}),
    )
      .map(([rule, calls]) => ({ rule, count: calls.length, calls }))
      .sort((a, b) => b.count - a.count),
    excusedLax: excused.map((p) => ({ ...short(p), excuse: p.excuse })),
    excusedByCall: Object.entries(
      excused.reduce<Record<string, string[]>>((acc, p) => ((acc[p.call] ??= []).push(unfill(p.rule, run.dirs)), acc), {}),
    ).map(([call, rules]) => ({ call, count: rules.length, rules })),
    lax: unexcused.map((p) => ({ ...p, rule: p.rule, ruleDisplay: unfill(p.rule, run.dirs) })),
    refusedRules: rc.refused.map((r) => ({ ...r, rule: unfill(r.rule, run.dirs) })),
    stricter: rc.stricter,
    matchers: {
      diffs: mc.diffs,
      refused: mc.refused,
      perMatcher: mc.perMatcher,
    },
    notReached,
    calls: run.calls.map((c) => ({
      id: c.id,
      family: c.family,
      call: describeCall(c, run.inputs.get(c.id), run.dirs),
      client: run.examination.get(c.id),
    })),
    perRule: rc.perRule,
  };
}
