import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import { maskForExport } from "../engine/secrets/mask";
import { Gate, type GateDeps } from "../gate/gate";
import type { ClientProfile } from "../gate/profile";
import type { SessionState } from "../services";
import type { ReplayedInput } from "./transcript";

/**
 * Two policies' decisions on the same inputs, side by side: what `hookgate replay` prints (from transcripts) and
 * the impact report answers (from the decision log). Both sides are decided by the same Gate the hook route uses,
 * one built with no stores but `replayOnce()`: a `once` handler fires on its session's first matching event as it
 * would have live, claimed in this run's memory only (no claim reaches the service), no dedup, no decision
 * record. Judges and
 * forwards are not called unless the caller hands them in (`--with-judges`): a handler that would have called one
 * answers its `onError` instead, and such events are counted apart (`slowNotRun`) so no one reads them as decided.
 */

type VerdictName = string; // "allow", "deny", "ask", "defer", "block" or "none" (no verdict: allowed by default)

interface ReplayExample {
  event: string;
  tool?: string;
  /** What the event was about (the command, the path, the prompt), masked like the decision log, cut to 200. */
  subject: string;
  baseline: VerdictName;
  candidate: VerdictName;
  /** The answer's fields that differ (`hookSpecificOutput.additionalContext`, `reason`, …). */
  differs: string[];
  session: string;
  /** Where it came from: the transcript and line, or the decision id. */
  source: string;
}

export interface ChangedGroup {
  handler: string;
  count: number;
  examples: ReplayExample[];
}

interface PolicyTally {
  verdicts: Record<VerdictName, number>;
  fired: Record<string, number>;
  neverFired: string[];
  /** Events where a judge or forward would have run but was not called. */
  slowNotRun: number;
}

export interface ReplayReport {
  events: Record<string, number>;
  total: number;
  baseline: PolicyTally;
  candidate: PolicyTally;
  changed: { count: number; byHandler: ChangedGroup[] };
  /** Inputs the Gate refused (not a valid input of their event): counted, skipped. */
  refused: number;
  /**
   * Impact only (inputs from the decision log, with the verdict they got): records that the revision which answered
   * them decides differently today from their stored input — masked and capped before it was stored, so a rule
   * that matched a secret or text past the cap no longer sees it. Their candidate decision says nothing about what
   * the candidate would have answered: counted here, by handler of the recorded answer, and left out of `changed`.
   */
  maskingChanged?: { count: number; byHandler: ChangedGroup[] };
}

interface ReplaySide {
  /** undefined: no policy (the team has none published): every event answered {}. */
  policy: CompiledPolicy | undefined;
}

/**
 * `once` claims held in memory for one replay, each policy apart (the Gate's `team` is the side's name), so a
 * replayed session sees its `once` handlers fire exactly as often as live and nothing is written anywhere.
 */
function replayOnce(): SessionState {
  const claimed = new Set<string>();
  return {
    claimOnce: async (team, session, handlerId) => {
      const key = JSON.stringify([team, session, handlerId]);
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    },
  };
}

export const EXAMPLES_PER_HANDLER = 3;
const SUBJECT_CHARS = 200;

/** The decision as the client acts on it: the verdict and the whole answer (context, updatedInput, …). */
interface Side {
  verdict: VerdictName;
  answer: string;
  fields: Record<string, unknown>;
  fired: string[];
  slowNotRun: boolean;
}

export function subjectOf(input: Record<string, unknown>, maskFields: readonly string[]): string {
  const masked = maskForExport(input, maskFields) as Record<string, unknown>;
  const toolInput = (masked.tool_input ?? {}) as Record<string, unknown>;
  const pick = toolInput.command ?? toolInput.file_path ?? toolInput.path ?? toolInput.pattern ?? toolInput.url ?? masked.prompt ?? masked.last_assistant_message;
  const text = typeof pick === "string" ? pick : pick === undefined ? JSON.stringify(toolInput) : JSON.stringify(pick);
  return text.length > SUBJECT_CHARS ? `${text.slice(0, SUBJECT_CHARS)}…` : text;
}

/** An answer's fields, hookSpecificOutput's one level down: what a changed decision names as changed. */
function answerFields(answer: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(answer)) {
    if (k !== "hookSpecificOutput" || typeof v !== "object" || v === null) fields[k] = v;
    else for (const [k2, v2] of Object.entries(v)) if (k2 !== "hookEventName") fields[`${k}.${k2}`] = v2;
  }
  return fields;
}

const differingFields = (b: Side, c: Side): string[] =>
  [...new Set([...Object.keys(b.fields), ...Object.keys(c.fields)])].filter((k) => JSON.stringify(b.fields[k]) !== JSON.stringify(c.fields[k])).sort();

function handlerIds(policy: CompiledPolicy | undefined): string[] {
  if (!policy) return [];
  const ids: string[] = [];
  for (const event of Object.values(policy.events)) for (const g of event?.groups ?? []) for (const h of g.handlers) ids.push(h.id);
  return ids;
}

/** Accumulates decisions one input at a time, so a month of transcripts is never held in memory at once. */
export class ReplayRun {
  private readonly report: ReplayReport;
  private readonly groups = new Map<string, ChangedGroup>();
  /**
   * Replay's own Gate, built here so it can never be one with stores: nothing but replayOnce()'s memory, and the
   * judges and forwards only when the caller hands them in.
   */
  private readonly gate: Gate;

  constructor(
    profile: ClientProfile,
    private readonly baseline: ReplaySide,
    private readonly candidate: ReplaySide,
    callouts?: GateDeps["callouts"],
    /** The org baseline layered under both sides (impact: as it was under the live answers); none by default. */
    private readonly orgBaseline?: CompiledPolicy,
  ) {
    this.gate = new Gate(profile, { state: replayOnce(), ...(callouts ? { callouts } : {}) });
    const tally = (): PolicyTally => ({ verdicts: {}, fired: {}, neverFired: [], slowNotRun: 0 });
    this.report = { events: {}, total: 0, baseline: tally(), candidate: tally(), changed: { count: 0, byHandler: [] }, refused: 0 };
  }

  private async side(name: "baseline" | "candidate", which: ReplaySide, event: ReturnType<Gate["eventOf"]> & { ok: true }, input: Record<string, unknown>): Promise<Side | undefined> {
    if (!which.policy) return { verdict: "none", answer: "{}", fields: {}, fired: [], slowNotRun: false };
    // Not a dry run: the Gate has no stores to write to, only replayOnce()'s memory, so `once` is decided as live.
    const decided = await this.gate.decide({ team: name, event: event.value, input, policy: which.policy, ...(this.orgBaseline ? { baseline: this.orgBaseline } : {}) });
    if (!decided.ok) return undefined;
    const ev = decided.value.evaluation;
    const verdict = ev?.aggregate.verdict ?? "none";
    const slowNotRun = (ev?.errors ?? []).some((e) => e.includes("could not run"));
    const answer = decided.value.answer;
    return { verdict, answer: JSON.stringify(answer), fields: answerFields(answer), fired: ev?.fired ?? [], slowNotRun };
  }

  private readonly maskingGroups = new Map<string, ChangedGroup>();

  /**
   * One input, decided under both policies. `recorded`: the verdict it was answered with (impact on the decision
   * log, the baseline being the revision that answered): when the baseline does not decide it so from the stored
   * input, the record goes to `maskingChanged` instead.
   */
  async add(replayed: ReplayedInput, source: string, recorded?: { verdict: VerdictName; fired: readonly string[] }): Promise<void> {
    const { input } = replayed;
    const event = this.gate.eventOf(input.hook_event_name);
    if (!event.ok) {
      this.report.refused++;
      return;
    }
    const [b, c] = [await this.side("baseline", this.baseline, event, input), await this.side("candidate", this.candidate, event, input)];
    if (!b || !c) {
      this.report.refused++;
      return;
    }
    const r = this.report;
    if (recorded && b.verdict !== recorded.verdict) {
      r.maskingChanged ??= { count: 0, byHandler: [] };
      r.maskingChanged.count++;
      const example = this.example(event.value.name, input, recorded.verdict, b, source);
      for (const handler of new Set(recorded.fired.length ? recorded.fired : b.fired.length ? b.fired : ["(no handler)"])) this.group(this.maskingGroups, handler, example);
      return;
    }
    r.total++;
    r.events[event.value.name] = (r.events[event.value.name] ?? 0) + 1;
    for (const [tally, s] of [
      [r.baseline, b],
      [r.candidate, c],
    ] as const) {
      tally.verdicts[s.verdict] = (tally.verdicts[s.verdict] ?? 0) + 1;
      for (const id of s.fired) tally.fired[id] = (tally.fired[id] ?? 0) + 1;
      if (s.slowNotRun) tally.slowNotRun++;
    }
    if (b.verdict === c.verdict && b.answer === c.answer) return;
    r.changed.count++;
    // Attributed to the handlers that fired on one side only; the same handlers answering differently (a changed
    // reason or context) to the candidate's.
    const only = [...c.fired.filter((id) => !b.fired.includes(id)), ...b.fired.filter((id) => !c.fired.includes(id))];
    const handlers = only.length > 0 ? only : c.fired.length > 0 ? c.fired : ["(no handler)"];
    const example = { ...this.example(event.value.name, input, b.verdict, c, source), differs: differingFields(b, c) };
    for (const handler of new Set(handlers)) this.group(this.groups, handler, example);
  }

  private example(event: string, input: Record<string, unknown>, baseline: VerdictName, candidate: Side, source: string): ReplayExample {
    const maskFields = [...(this.candidate.policy?.document.maskFields ?? []), ...(this.baseline.policy?.document.maskFields ?? [])];
    return {
      event,
      ...(typeof input.tool_name === "string" ? { tool: input.tool_name } : {}),
      subject: subjectOf(input, maskFields),
      baseline,
      candidate: candidate.verdict,
      differs: [],
      session: typeof input.session_id === "string" ? input.session_id : "",
      source,
    };
  }

  private group(groups: Map<string, ChangedGroup>, handler: string, example: ReplayExample) {
    let group = groups.get(handler);
    if (!group) groups.set(handler, (group = { handler, count: 0, examples: [] }));
    group.count++;
    if (group.examples.length < EXAMPLES_PER_HANDLER) group.examples.push(example);
  }

  /** Events decided so far. */
  get total(): number {
    return this.report.total;
  }

  finish(): ReplayReport {
    const r = this.report;
    const sorted = (groups: Map<string, ChangedGroup>) => [...groups.values()].sort((x, y) => y.count - x.count || x.handler.localeCompare(y.handler));
    r.changed.byHandler = sorted(this.groups);
    if (r.maskingChanged) r.maskingChanged.byHandler = sorted(this.maskingGroups);
    r.baseline.neverFired = handlerIds(this.baseline.policy).filter((id) => !(id in r.baseline.fired));
    r.candidate.neverFired = handlerIds(this.candidate.policy).filter((id) => !(id in r.candidate.fired));
    return r;
  }
}
