import { aggregate, strongerVerdict } from "./aggregate";
import type {
  CompiledEvent,
  CompiledHandler,
  CompiledHttpHandler,
  CompiledPolicy,
  CompiledPromptHandler,
  CompiledRuleHandler,
} from "./compilePolicy";
import type { EventSpec, Verdict } from "./eventSpec";
import type { Aggregate, HandlerOutcome } from "./outcome";
import { describeSubject, matchingSubjects, subjectCount, subjectsOf, type CallSubjects } from "./permissionRule";
import { respond } from "./respond";

export type HandlerStatus = "fired" | "dry-run" | "skipped" | "not-awaited" | "failed";

export interface HandlerTrace {
  id: string;
  path: string;
  type: CompiledHandler["type"];
  status: HandlerStatus;
  /** Why it fired or was skipped, in plain words. */
  why: string;
  outcome?: HandlerOutcome;
}

export interface GroupTrace {
  index: number;
  matcher: string | undefined;
  matched: boolean;
}

export interface Trace {
  event: string;
  /** What the matchers were tested against (tool_name, source, …), if the event has a matcher. */
  query?: string;
  groups: GroupTrace[];
  handlers: HandlerTrace[];
}

export interface Evaluation {
  answer: Record<string, unknown>;
  aggregate: Aggregate;
  trace: Trace;
  /** ids of handlers whose outcome is in the answer */
  fired: string[];
  /** ids of dry-run handlers that would have fired, with what they would have said */
  dryRun: HandlerOutcome[];
  errors: string[];
}

/** A judge's answer (contract §4.2). */
export interface JudgeAnswer {
  ok: boolean;
  reason?: string;
  impossible?: boolean;
}

/** The effects evaluation may need; each is optional so a pure, rule-only evaluation needs none. */
export interface EvaluationDeps {
  /** Claim a `once` handler for this request's session; false if it already fired in the session. */
  claimOnce?: (handlerId: string) => Promise<boolean>;
  judge?: (handler: CompiledPromptHandler, input: Record<string, unknown>, signal: AbortSignal) => Promise<JudgeAnswer>;
  forward?: (
    handler: CompiledHttpHandler,
    input: Record<string, unknown>,
    signal: AbortSignal,
  ) => Promise<Omit<HandlerOutcome, "id" | "order">>;
}

const homeFrom = (transcriptPath: unknown): string | undefined => {
  if (typeof transcriptPath !== "string") return undefined;
  const p = transcriptPath.replace(/\\/g, "/");
  const at = p.indexOf("/.claude/");
  return at > 0 ? p.slice(0, at) : undefined;
};

/** Read a dotted path from the input; a `*` segment fans out over an array or object. */
function valuesAt(value: unknown, segments: readonly string[], from = 0): unknown[] {
  if (from === segments.length) return [value];
  if (typeof value !== "object" || value === null) return [];
  const seg = segments[from]!;
  if (seg === "*") return Object.values(value).flatMap((v) => valuesAt(v, segments, from + 1));
  return valuesAt((value as Record<string, unknown>)[seg], segments, from + 1);
}
const asText = (v: unknown): string | undefined =>
  v === undefined ? undefined : typeof v === "string" ? v : JSON.stringify(v);

function ruleOutcome(h: CompiledRuleHandler): HandlerOutcome {
  const o: HandlerOutcome = { id: h.id, order: h.order };
  if (h.verdict !== undefined) o.verdict = h.verdict;
  if (h.reason !== undefined) o.reason = h.reason;
  if (h.additionalContext !== undefined) o.additionalContext = h.additionalContext;
  if (h.systemMessage !== undefined) o.systemMessage = h.systemMessage;
  if (h.updatedInput !== undefined) o.updatedInput = h.updatedInput;
  if (h.stop) o.stop = true;
  if (h.stopReason !== undefined) o.stopReason = h.stopReason;
  if (h.output !== undefined) o.output = h.output;
  return o;
}

/** The strongest verdict an event can express: once rules reach it, nothing slow can change the answer. */
const strongest = (spec: EventSpec): Verdict | undefined =>
  spec.verdicts.includes("block") ? "block" : spec.verdicts.includes("deny") ? "deny" : undefined;

function failureOutcome(h: CompiledPromptHandler | CompiledHttpHandler, what: string): HandlerOutcome {
  const o: HandlerOutcome = { id: h.id, order: h.order, error: what };
  if (h.onError !== "none") {
    o.verdict = h.onError;
    o.reason = `hookgate: ${h.type === "prompt" ? "the policy's LLM judge" : "the policy's forwarded hook"} "${h.id}" ${what}; failing ${h.onError === "allow" ? "open" : "closed"}.`;
  }
  return o;
}

interface Candidate {
  handler: CompiledHandler;
  why: string;
}

/** Which handlers of the event apply to this input, with the reason for each decision (no effects). */
function select(event: CompiledEvent, input: Record<string, unknown>, trace: Trace): Candidate[] {
  const spec = event.spec;
  const query = spec.matcher?.query(input);
  if (query !== undefined) trace.query = query;
  let subjects: CallSubjects | undefined;
  const getSubjects = () =>
    (subjects ??= subjectsOf({
      toolName: typeof input.tool_name === "string" ? input.tool_name : "",
      toolInput:
        typeof input.tool_input === "object" && input.tool_input !== null
          ? (input.tool_input as Record<string, unknown>)
          : {},
      cwd: typeof input.cwd === "string" ? input.cwd : undefined,
      home: homeFrom(input.transcript_path),
    }));

  const candidates: Candidate[] = [];
  for (const group of event.groups) {
    const matched = spec.matcher === null || group.matcher(query);
    trace.groups.push({ index: group.index, matcher: group.matcherSource, matched });
    for (const h of group.handlers) {
      const skip = (why: string) => trace.handlers.push({ id: h.id, path: h.path, type: h.type, status: "skipped", why });
      if (!matched) {
        skip(`matcher ${JSON.stringify(group.matcherSource)} does not match ${JSON.stringify(query ?? null)}`);
        continue;
      }
      const reasons: string[] = [];
      if (h.ifRules.length > 0 || h.unlessRules.length > 0) {
        const s = getSubjects();
        const n = Math.max(1, subjectCount(s));
        const hitBy = new Map<number, string>();
        if (h.ifRules.length === 0) for (let i = 0; i < n; i++) hitBy.set(i, "");
        for (const rule of h.ifRules) for (const i of matchingSubjects(rule, s)) if (!hitBy.has(i)) hitBy.set(i, rule.raw);
        for (const rule of h.unlessRules) for (const i of matchingSubjects(rule, s)) hitBy.delete(i);
        const first = hitBy.entries().next();
        if (first.done) {
          skip(h.ifRules.length > 0 && h.unlessRules.length === 0 ? "no `if` rule matches" : "no part is matched by `if` without also matching `unless`");
          continue;
        }
        const [i, rule] = first.value;
        const part = subjectCount(s) > 0 ? describeSubject(s, i) : "";
        reasons.push(rule ? `if ${rule} matches ${JSON.stringify(part)}` : `unless does not cover ${JSON.stringify(part)}`);
      }
      let whenFailed: string | undefined;
      for (const w of h.when) {
        const hit = valuesAt(input, w.segments).some((v) => {
          const t = asText(v);
          return t !== undefined && w.regex.test(t);
        });
        if (!hit) {
          whenFailed = `when ${w.path} does not match /${w.source}/`;
          break;
        }
        reasons.push(`when ${w.path} matches /${w.source}/`);
      }
      if (whenFailed) {
        skip(whenFailed);
        continue;
      }
      candidates.push({ handler: h, why: reasons.join("; ") || "matched" });
    }
  }
  return candidates;
}

/**
 * Evaluate one hook request against a compiled policy and build the event's answer. Rules are decided first;
 * judges and forwards run only when the rules have not already reached the strongest verdict, in parallel, and
 * anything still pending at the deadline contributes its onError verdict.
 */
export async function evaluate(
  policy: CompiledPolicy,
  spec: EventSpec,
  input: Record<string, unknown>,
  deps: EvaluationDeps = {},
  signal?: AbortSignal,
): Promise<Evaluation> {
  const trace: Trace = { event: spec.name, groups: [], handlers: [] };
  const event = policy.events[spec.name];
  const outcomes: HandlerOutcome[] = [];
  const dryRun: HandlerOutcome[] = [];
  const errors: string[] = [];
  const fired: string[] = [];
  const toolInput =
    typeof input.tool_input === "object" && input.tool_input !== null ? (input.tool_input as Record<string, unknown>) : undefined;

  if (event) {
    let candidates = select(event, input, trace);

    // once: a handler fires at most once per session; dry-run handlers never consume the claim.
    const onceCandidates = candidates.filter((c) => c.handler.once && !c.handler.dryRun);
    if (onceCandidates.length > 0) {
      const claims = await Promise.all(
        onceCandidates.map(async (c) => {
          if (!deps.claimOnce) return true;
          try {
            return await deps.claimOnce(c.handler.id);
          } catch {
            return false; // a claim that cannot be confirmed must not fire twice
          }
        }),
      );
      const lost = new Set(onceCandidates.filter((_, i) => !claims[i]).map((c) => c.handler));
      for (const h of lost)
        trace.handlers.push({ id: h.id, path: h.path, type: h.type, status: "skipped", why: "once: already fired in this session" });
      candidates = candidates.filter((c) => !lost.has(c.handler));
    }

    const record = (c: Candidate, outcome: HandlerOutcome, why = c.why) => {
      const h = c.handler;
      if (h.dryRun) {
        dryRun.push(outcome);
        trace.handlers.push({ id: h.id, path: h.path, type: h.type, status: "dry-run", why, outcome });
      } else {
        outcomes.push(outcome);
        fired.push(h.id);
        if (outcome.error) errors.push(`${h.id}: ${outcome.error}`);
        trace.handlers.push({ id: h.id, path: h.path, type: h.type, status: outcome.error ? "failed" : "fired", why, outcome });
      }
    };

    const slow: Candidate[] = [];
    let ruleVerdict: Verdict | undefined;
    for (const c of candidates) {
      if (c.handler.type === "rule") {
        const o = ruleOutcome(c.handler);
        if (!c.handler.dryRun) ruleVerdict = strongerVerdict(ruleVerdict, o.verdict);
        record(c, o);
      } else slow.push(c);
    }

    const top = strongest(spec);
    if (slow.length > 0 && top !== undefined && ruleVerdict === top) {
      for (const c of slow)
        trace.handlers.push({
          id: c.handler.id,
          path: c.handler.path,
          type: c.handler.type,
          status: "not-awaited",
          why: `a rule already decided "${top}"; nothing can change it`,
        });
    } else if (slow.length > 0) {
      const results = await runSlow(slow, input, deps, deadlineFor(policy, spec), signal);
      results.forEach((o, i) => record(slow[i]!, o));
    }
  }

  const agg = aggregate(outcomes, toolInput);
  return { answer: respond(spec, agg), aggregate: agg, trace, fired, dryRun, errors };
}

/** The evaluation budget: the policy's deadline, inside the event's own client budget. */
export function deadlineFor(policy: CompiledPolicy, spec: EventSpec): number {
  return Math.max(50, Math.min(policy.deadlineMs, spec.clientTimeoutMs - 500));
}

async function runSlow(
  slow: Candidate[],
  input: Record<string, unknown>,
  deps: EvaluationDeps,
  deadlineMs: number,
  outer?: AbortSignal,
): Promise<HandlerOutcome[]> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  outer?.addEventListener("abort", abort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"deadline">((resolve) => {
    timer = setTimeout(() => resolve("deadline"), deadlineMs);
  });
  try {
    return await Promise.all(
      slow.map(async ({ handler: h }): Promise<HandlerOutcome> => {
        if (h.type === "rule") throw new Error("unreachable");
        const perHandlerMs = Math.min(deadlineMs, (h.doc.timeout ?? (h.type === "prompt" ? 30 : 10)) * 1000);
        const local = AbortSignal.any([controller.signal, AbortSignal.timeout(perHandlerMs)]);
        const work = (async (): Promise<HandlerOutcome> => {
          if (h.type === "prompt") {
            if (!deps.judge) return failureOutcome(h, "could not run (no LLM is configured)");
            const answer = await deps.judge(h, input, local);
            if (answer.ok) return { id: h.id, order: h.order };
            if (answer.impossible && h.verdict === "block" && /Stop$/.test(String(input.hook_event_name)))
              return { id: h.id, order: h.order }; // contract §4.2: impossible lets a Stop through
            const o: HandlerOutcome = { id: h.id, order: h.order, verdict: h.verdict };
            if (answer.reason) o.reason = answer.reason;
            return o;
          }
          if (!deps.forward) return failureOutcome(h, "could not run (forwarding is not available here)");
          return { ...(await deps.forward(h, input, local)), id: h.id, order: h.order };
        })().catch((e: unknown) =>
          failureOutcome(h, local.aborted ? `timed out after ${perHandlerMs} ms` : `failed: ${e instanceof Error ? e.message : String(e)}`),
        );
        const first = await Promise.race([work, deadline]);
        return first === "deadline" ? failureOutcome(h, `was still pending at the ${deadlineMs} ms deadline`) : first;
      }),
    );
  } finally {
    clearTimeout(timer);
    controller.abort();
    outer?.removeEventListener("abort", abort);
  }
}
