import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { claudeCode } from "../../clients/claude-code";
import { llmConfigFrom, NO_LLM } from "../../config";
import type { CompiledPolicy } from "../../engine/policy/compilePolicy";
import { maskOnce } from "../../engine/secrets/mask";
import { MASK_SCAN_LIMITS } from "../../engine/secrets/maskCut";
import type { GateDeps } from "../../gate/gate";
import { httpForwarder } from "../../httpForward";
import { llmJudge, type VerdictCache } from "../../llmJudge";
import { ReplayRun, type ReplayReport } from "../../replay/replay";
import { readTranscript } from "../../replay/transcript";
import { JSON_OPTION, SERVICE_OPTIONS, type Command, type CommandContext } from "../command";
import { FileError, ServerRefused, UsageError } from "../errors";
import { compileOrReport, gate as offlineGate } from "../policyFile";
import { printable } from "../printable";
import { TeamApi } from "../service";
import { columns } from "../table";

/** Every `.jsonl` under the paths given (a directory is walked, in name order), each once. */
function transcriptsIn(paths: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(path);
    } catch {
      throw new FileError(`cannot read ${path}: no such file or directory`);
    }
    if (!st.isDirectory()) {
      found.push(path);
      return;
    }
    for (const name of readdirSync(path).sort()) {
      const child = join(path, name);
      if (name.endsWith(".jsonl") || statSync(child).isDirectory()) walk(child);
    }
  };
  for (const p of paths) walk(p);
  return [...new Set(found)];
}

/** The policy decided against: a file, or the team's current revision through the admin API. */
async function baselineOf(ctx: CommandContext): Promise<{ policy: CompiledPolicy | undefined; label: string } | undefined> {
  const file = ctx.values.baseline;
  if (typeof file === "string") {
    const c = compileOrReport(ctx.io, file);
    return c ? { policy: c.compiled, label: file } : undefined;
  }
  const api = new TeamApi(ctx);
  let remote: { revision?: number; document?: unknown } | undefined;
  try {
    remote = (await api.teamCall("GET", "/policy")).body as typeof remote;
  } catch (e) {
    if (!(e instanceof ServerRefused && e.status === 404)) throw e;
  }
  if (!remote) return { policy: undefined, label: `team ${api.team} (no published policy)` };
  const compiled = offlineGate.compile(remote.document, { warnings: false });
  if (!compiled.ok) throw new FileError(`team ${api.team}'s revision ${remote.revision} does not compile here: ${compiled.error[0]?.message ?? ""}`, true);
  return { policy: compiled.value, label: `team ${api.team} revision ${remote.revision}` };
}

/** Judges and forwards (`--with-judges`), configured like the Worker's (LLM_* variables, FORWARD_SECRETS). */
function judgesAndForwards(ctx: CommandContext): NonNullable<GateDeps["callouts"]> {
  const env = ctx.io.env;
  const llm = llmConfigFrom(env as Parameters<typeof llmConfigFrom>[0]);
  const verdicts = new Map<string, unknown>();
  const cache: VerdictCache = {
    get: async (k) => (verdicts.get(k) as never) ?? null,
    put: async (k, v) => void verdicts.set(k, v),
  };
  const forward = httpForwarder(env as Record<string, unknown>);
  return (policy, team) => {
    const masked = maskOnce(policy.document.maskFields ?? [], MASK_SCAN_LIMITS);
    return {
      forward: (handler, input, signal) => forward(handler, masked(input) as Record<string, unknown>, signal),
      ...(llm ? { judge: llmJudge(llm, cache, { team, ...policy.document.llm, maskFields: policy.document.maskFields }, masked) } : { unavailable: { judge: NO_LLM } }),
    };
  };
}

/** A one-line bar on stderr, redrawn in place; only on a terminal (a CI log gets none). */
function progressBar(total: number): { tick: (done: number, events: number) => void; end: () => void } {
  const tty = process.stderr.isTTY === true && total > 1;
  let last = 0;
  const draw = (done: number, events: number) => {
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} transcripts, ${events} events`);
  };
  return {
    tick: (done, events) => {
      if (!tty) return;
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      draw(done, events);
    },
    end: () => {
      if (tty) process.stderr.write("\r\x1b[2K");
    },
  };
}

interface ReplayOutput extends ReplayReport {
  transcripts: number;
  sessions: number;
  lines: number;
  unreadableLines: number;
  baselinePolicy: string;
  candidatePolicy: string;
  eventsPerSecond: number;
}

function printHuman(ctx: CommandContext, out: ReplayOutput): void {
  const { io } = ctx;
  io.out(
    `replayed ${out.total} events from ${out.transcripts} transcript(s), ${out.sessions} session(s); ` +
      `${out.unreadableLines} unreadable line(s) of ${out.lines} skipped${out.refused ? `, ${out.refused} input(s) refused` : ""}`,
  );
  io.out(`baseline:  ${out.baselinePolicy}\ncandidate: ${out.candidatePolicy}\n`);
  const events = Object.entries(out.events).sort((a, b) => b[1] - a[1]);
  if (events.length) io.out(columns(["event", "count"], events.map(([e, n]) => [e, String(n)])));
  const verdicts = [...new Set([...Object.keys(out.baseline.verdicts), ...Object.keys(out.candidate.verdicts)])].sort();
  if (verdicts.length) {
    io.out("");
    io.out(columns(["verdict", "baseline", "candidate"], verdicts.map((v) => [v, String(out.baseline.verdicts[v] ?? 0), String(out.candidate.verdicts[v] ?? 0)])));
  }
  io.out("");
  if (out.changed.count === 0) io.out("no decision changed");
  else {
    io.out(`${out.changed.count} decision(s) changed:`);
    for (const g of out.changed.byHandler) {
      io.out(`  ${g.handler}  (${g.count})`);
      for (const e of g.examples)
        io.out(`    ${e.event}${e.tool ? ` ${e.tool}` : ""}: ${printable(e.subject)}  ${e.baseline} → ${e.candidate}${e.baseline === e.candidate ? ` (${e.differs.join(", ")})` : ""}  (${e.source})`);
    }
  }
  const fired = Object.entries(out.candidate.fired).sort((a, b) => b[1] - a[1]);
  io.out("");
  io.out(`candidate handlers fired: ${fired.length ? fired.map(([id, n]) => `${id} ×${n}`).join(", ") : "none"}`);
  io.out(`candidate handlers never fired: ${out.candidate.neverFired.length ? out.candidate.neverFired.join(", ") : "none"}`);
  for (const [name, t] of [
    ["baseline", out.baseline],
    ["candidate", out.candidate],
  ] as const)
    if (t.slowNotRun) io.out(`${name}: ${t.slowNotRun} event(s) had a judge or forward that was not called (--with-judges calls them)`);
}

export const replay: Command = {
  name: "replay",
  summary: "decide recorded Claude Code sessions under a candidate policy and the current one; report what changes",
  usage: ["replay --policy <candidate.json> [--baseline <policy.json> | --url <base> --team <team>] <transcript.jsonl|dir>…"],
  args: { min: 1, max: Number.MAX_SAFE_INTEGER },
  options: {
    policy: { type: "string", value: "<candidate.json>", description: "the candidate policy (required)" },
    baseline: { type: "string", value: "<policy.json>", description: "the policy to compare against (default: the team's current revision, from --url/--team)" },
    ...SERVICE_OPTIONS,
    ...JSON_OPTION,
    "fail-on-change": { type: "boolean", description: "exit 1 when any decision changed (a CI gate)" },
    "with-judges": { type: "boolean", description: "call prompt judges (LLM_* variables) and http forwards; off by default" },
  },
  details: [
    "Reads Claude Code's session transcripts (~/.claude/projects/<project>/<session>.jsonl; a directory is searched for .jsonl files) and rebuilds the hook inputs the client sent: PreToolUse and PostToolUse/PostToolUseFailure per tool use and result, UserPromptSubmit per prompt, Stop at each end of an assistant turn.",
    "Both policies decide each input through the same Gate as the service, with no stores: a `once` handler fires on its session's first match as it would live, claimed in this run's memory only; nothing is recorded; judges and forwards are not called unless --with-judges.",
    "Lines that are not JSON are counted and skipped. Exit 0 when it ran, whatever changed (1 with --fail-on-change when something did); 2 when a file cannot be read.",
  ],
  async run(ctx) {
    const { io, values, positionals } = ctx;
    if (typeof values.policy !== "string") throw new UsageError("--policy <candidate.json> is required", ctx.path);
    const candidate = compileOrReport(io, values.policy);
    if (!candidate) return 1;
    const baseline = await baselineOf(ctx);
    if (!baseline) return 1;
    const files = transcriptsIn(positionals);
    const run = new ReplayRun(claudeCode, { policy: baseline.policy }, { policy: candidate.compiled }, values["with-judges"] ? judgesAndForwards(ctx) : undefined);
    const bar = progressBar(files.length);
    let lines = 0;
    let unreadable = 0;
    const sessions = new Set<string>();
    const started = performance.now();
    for (const [i, file] of files.entries()) {
      let text: string;
      try {
        text = io.readFile(file);
      } catch (e) {
        bar.end();
        throw new FileError(`cannot read ${file}: ${(e as Error).message}`);
      }
      const t = readTranscript(text, file);
      lines += t.lines;
      unreadable += t.unreadable;
      for (const s of t.sessions) sessions.add(s);
      for (const replayed of t.inputs) await run.add(replayed, `${file}:${replayed.line}`);
      bar.tick(i + 1, run.total);
    }
    bar.end();
    const report = run.finish();
    const seconds = (performance.now() - started) / 1000;
    const out: ReplayOutput = {
      transcripts: files.length,
      sessions: sessions.size,
      lines,
      unreadableLines: unreadable,
      baselinePolicy: baseline.label,
      candidatePolicy: values.policy,
      ...report,
      eventsPerSecond: seconds > 0 ? Math.round(report.total / seconds) : 0,
    };
    if (values.json) io.out(JSON.stringify(out, null, 2));
    else printHuman(ctx, out);
    return values["fail-on-change"] && report.changed.count > 0 ? 1 : 0;
  },
};
