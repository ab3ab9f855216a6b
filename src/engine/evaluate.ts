import { aggregate, strongerVerdict } from "./answer/aggregate";
import { strictestOfParts } from "./answer/parts";
import { kindOf, type CompiledHandler, type HandlerCallouts } from "./handlers/kinds";
import type { Contribution, SlowRun } from "./handlers/handlerKind";
import type { CompiledEvent, CompiledPolicy } from "./policy/compilePolicy";
import type { CompiledGroup } from "./policy/compiledGroup";
import { failVerdict, type EventSpec, type Verdict } from "./event/eventSpec";
import { canonicalTool, type ToolTable } from "./event/toolTable";
import type { Aggregate, HandlerOutcome } from "./answer/outcome";
import { matchingSubjects as matchSubjects, type CompiledRule, type MatchMode } from "./match/permissionRule";
import { displayTemplate } from "./shell/words/template";
import { commandForms, mightMatch, visitList, type CommandForms } from "./match/ruleIndex";
import { WorkBudget } from "./limits/budget";
import { effectParts } from "./match/effectCondition";
import { findCredentials } from "./secrets/credentials";
import { describeSubject, subjectCount, subjectsOf, type CallSubjects, type ToolCall } from "./match/callSubjects";

type HandlerStatus = "fired" | "dry-run" | "skipped" | "not-awaited" | "failed";

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
  /** The group's `clients`, when it names some and the input's client is not one of them: skipped for its client. */
  skippedFor?: readonly string[];
}

export interface Trace {
  /** The client whose input this is (`claude-code`, or another client calling its routes: `copilot-cli`). */
  client: string;
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

export type { JudgeAnswer } from "./answer/outcome";

/** What evaluation may call out to (the slow kinds' callouts, `once` claims); each optional: a rule-only evaluation needs none. */
export interface EvaluationDeps extends HandlerCallouts {
  /** Claim a `once` handler for this request's session; false if it already fired in the session. */
  claimOnce?: (handlerId: string) => Promise<boolean>;
}

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

/** A fast handler's outcome: what its kind decides from the call itself. */
function fastOutcome(h: CompiledHandler): HandlerOutcome {
  const decide = kindOf(h).decide as ((h: CompiledHandler, into: HandlerOutcome) => HandlerOutcome) | null;
  if (decide === null) throw new Error(`a ${h.type} handler is never fast`);
  return decide(h, { id: h.id, order: h.order });
}

/** The strongest verdict an event can express: once rules reach it, nothing slow can change the answer. */
const strongest = (spec: EventSpec): Verdict | undefined =>
  spec.verdicts.includes("block") ? "block" : spec.verdicts.includes("deny") ? "deny" : undefined;

/** A handler of a slow kind (each has an onError). */
type SlowHandler = Extract<CompiledHandler, { onError: unknown }>;

function failureOutcome(h: SlowHandler, what: string): HandlerOutcome {
  return failedAs(h, what, h.onError);
}

/** A slow handler's outcome, from what its kind's run gave. */
function slowOutcome(h: SlowHandler, r: Contribution | { failure: string }): HandlerOutcome {
  if ("failure" in r) return failureOutcome(h, r.failure);
  return { ...r, id: h.id, order: h.order };
}

/** A handler that failed contributes `onError` (a rule, which has none: the policy's failMode verdict). */
function failedAs(h: CompiledHandler, what: string, onError: Verdict | "none"): HandlerOutcome {
  const o: HandlerOutcome = { id: h.id, order: h.order, error: what };
  if (onError !== "none") {
    o.verdict = onError;
    o.reason = `hookgate: the policy's ${kindOf(h).label} "${h.id}" ${what}; failing ${onError === "allow" ? "open" : "closed"}.`;
  }
  return o;
}

/** A failure outcome without its verdict (see loopGuard in evaluate). */
function notBlocking(o: HandlerOutcome): HandlerOutcome {
  const { verdict: _verdict, reason: _reason, ...rest } = o;
  return { ...rest, error: `${o.error}; not blocking, since stop_hook_active is true (a block would loop)` };
}

interface Candidate {
  handler: CompiledHandler;
  why: string;
  /** Set when the handler cannot be evaluated (a `when` pattern that does not compile): it fails, never fires. */
  failed?: string;
}

/**
 * A `when` pattern compiled on first use that turned out not to compile. The handler then fails (onError, or the
 * failMode verdict for a rule) when every other `when` matches, and is skipped when one does not.
 */
function brokenWhen(h: CompiledHandler, input: Record<string, unknown>, budget: WorkBudget): { failed: string } | { skip: string } | undefined {
  let failed: string | undefined;
  for (const w of h.when) {
    const error = w.compileError?.();
    if (error !== undefined) failed ??= `could not be evaluated: its when ${w.path} pattern /${w.source}/ does not compile (${error})`;
  }
  if (failed === undefined) return undefined;
  for (const w of h.when) if (w.compileError?.() === undefined && !whenMatches(w, input, budget)) return { skip: `when ${w.path} does not match /${w.source}/` };
  return { failed };
}

/** The same `unless` text often guards many handlers (a shared exception): match it once per call and mode. */
function sharedMatch(rule: CompiledRule, s: CallSubjects, mode: MatchMode, memo: Map<string, number[]>): number[] {
  const key = `${mode}\u0000${rule.raw}`;
  let hits = memo.get(key);
  if (hits === undefined) memo.set(key, (hits = matchSubjects(rule, s, mode)));
  return hits;
}

/**
 * Whether a handler's `if`/`unless`/`effect` conditions let it fire.
 *
 * Restricting handlers (deny, ask, block, judges, context): SOME part (for Bash, one simple command) matches an `if`
 * rule — some filling of its dynamic words — has a matching effect, and is not covered by an `unless` rule for
 * EVERY filling (an exception is only taken when it certainly applies).
 * Allow rules: EVERY part must match an `if` rule for every filling, and none may be covered by `unless` for some
 * filling, as the client requires of allow rules (`npm test; rm -rf /` is not allowed by `Bash(npm test *)`).
 * Returns the rule and part that decided it, or undefined.
 */
function ruleGate(h: CompiledHandler, s: CallSubjects, memo: Map<string, number[]>): { rule: string; subject: number; effect?: string } | undefined {
  const n = Math.max(1, subjectCount(s));
  if (h.allParts) {
    // An allow must cover the whole command, for every filling of its dynamic words.
    const covered = new Uint8Array(n);
    for (const rule of h.unlessRules) for (const i of sharedMatch(rule, s, "restrict", memo)) covered[i] = 2;
    let first: string | undefined;
    for (const rule of h.ifRules)
      for (const i of matchSubjects(rule, s, "allow"))
        if (covered[i] === 0) {
          covered[i] = 1;
          first ??= rule.raw;
        }
    if (h.ifRules.length === 0) return covered.includes(2) ? undefined : { rule: "", subject: 0 };
    return covered.every((c) => c === 1) ? { rule: first!, subject: 0 } : undefined;
  }
  if (h.ifRules.length === 0 && h.unlessRules.length === 0 && h.effectConditions.length > 0) return effectGate(h, s);
  const excepted = new Uint8Array(n);
  for (const rule of h.unlessRules) for (const i of sharedMatch(rule, s, "allow", memo)) excepted[i] = 1;
  const effectHits = h.effectConditions.length > 0 ? effectParts(h.effectConditions, s) : undefined;
  const eligible = (i: number) => !excepted[i] && (effectHits === undefined || effectHits.has(i));
  const effectWhy = (i: number) => {
    const e = effectHits?.get(i);
    return e ? `${e.condition.describe} (${e.effect.via}${e.effect.path !== undefined ? ` ${displayTemplate(e.effect.path)}` : ""})` : undefined;
  };
  if (h.ifRules.length === 0) {
    for (let i = 0; i < n; i++) if (eligible(i)) return { rule: "", subject: i, ...(effectHits ? { effect: effectWhy(i)! } : {}) };
    return undefined;
  }
  for (const rule of h.ifRules)
    for (const i of matchSubjects(rule, s, "restrict")) if (eligible(i)) return { rule: rule.raw, subject: i, ...(effectHits ? { effect: effectWhy(i)! } : {}) };
  return undefined;
}

/**
 * ruleGate for a restricting handler with `effect` conditions alone (every rule of the starter): the first part
 * with a matching effect. The same answer as the general path, which with no `if` and no `unless` does just this.
 */
function effectGate(h: CompiledHandler, s: CallSubjects): { rule: string; subject: number; effect?: string } | undefined {
  const hits = effectParts(h.effectConditions, s);
  if (hits.size === 0) return undefined;
  let first = -1;
  for (const i of hits.keys()) if (first < 0 || i < first) first = i;
  const e = hits.get(first)!;
  return { rule: "", subject: first, effect: `${e.condition.describe} (${e.effect.via}${e.effect.path !== undefined ? ` ${displayTemplate(e.effect.path)}` : ""})` };
}

/** Does a handler restrict (so that a call it could not examine must not pass it)? */
function restricts(h: CompiledHandler): boolean {
  if (h.type !== "rule") return true;
  return h.verdict === "deny" || h.verdict === "ask" || h.verdict === "defer" || h.verdict === "block";
}

/** The value at a dotted path without `*` (the common case), without building arrays. */
function valueAt(value: unknown, segments: readonly string[]): unknown {
  let v = value;
  for (const seg of segments) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<string, unknown>)[seg];
  }
  return v;
}

/** `secrets`: the first of the handler's input paths that holds a credential, said plainly; undefined if none. */
function secretsGate(h: CompiledHandler, input: Record<string, unknown>, budget: WorkBudget): string | undefined {
  for (const segments of h.secrets)
    for (const v of valuesAt(input, segments)) {
      const t = asText(v);
      if (t === undefined || !budget.spend(t.length * 8 + 16)) continue;
      const kinds = findCredentials(t);
      if (kinds.length > 0) return `${segments.join(".")} holds a credential (${kinds.slice(0, 3).join(", ")})`;
    }
  return undefined;
}

/** RE2 runs in time linear in the text, times a factor for the program: a regex test spends that much. */
const regexCost = (text: string) => text.length * 4 + 16;

function whenMatches(w: CompiledHandler["when"][number], input: Record<string, unknown>, budget: WorkBudget): boolean {
  if (!w.fansOut) {
    const t = asText(valueAt(input, w.segments));
    return t !== undefined && budget.spend(regexCost(t)) && w.regex.test(t);
  }
  for (const v of valuesAt(input, w.segments)) {
    const t = asText(v);
    if (t !== undefined && budget.spend(regexCost(t)) && w.regex.test(t)) return true;
  }
  return false;
}

function whenGate(h: CompiledHandler, input: Record<string, unknown>, budget: WorkBudget): string | undefined {
  for (const w of h.when) if (!whenMatches(w, input, budget)) return `when ${w.path} does not match /${w.source}/`;
  return undefined;
}

/** What select() found: the handlers to run, and the restricting ones it could not examine the call for. */
interface Selection {
  candidates: Candidate[];
  unexamined: CompiledHandler[];
  /** Why the call could not be examined in full, when it could not. */
  unexaminedWhy: string | undefined;
}

/**
 * Which handlers of the event apply to this input, with the reason for each (no callouts). With `explain` the trace
 * also says why every other handler was skipped; the hot path leaves that out.
 */
function select(event: CompiledEvent, input: Record<string, unknown>, call: ToolCall, trace: Trace, explain: boolean, tools: ToolTable, scope: string, caseSensitive = false): Selection {
  const spec = event.spec;
  const query = spec.matcher?.query(input);
  if (query !== undefined) trace.query = query;
  let subjects: CallSubjects | undefined;
  let forms: CommandForms | undefined;
  const budget = new WorkBudget();
  const toolName = call.toolName;
  const formsOf = () => (forms ??= commandForms((subjects ??= subjectsOf(call, tools, budget, scope, caseSensitive))));
  const fired = new Set<CompiledHandler>();
  const matchedGroups: CompiledGroup[] = [];
  const tool = canonicalTool(tools, toolName);
  let memo: Map<string, number[]> | undefined;
  const candidates: Candidate[] = [];
  for (const group of event.groups) {
    if (group.clients !== undefined && !group.clients.has(trace.client)) {
      const only = [...group.clients];
      trace.groups.push({ index: group.index, matcher: group.matcherSource, matched: false, skippedFor: only });
      if (explain) for (const h of group.handlers) trace.handlers.push(skipped(h, `the group is for ${only.join(", ")} only, not ${trace.client}`));
      continue;
    }
    const matched = spec.matcher === null || group.matcher(query);
    trace.groups.push({ index: group.index, matcher: group.matcherSource, matched });
    if (!matched) {
      if (explain)
        for (const h of group.handlers)
          trace.handlers.push(skipped(h, `matcher ${JSON.stringify(group.matcherSource)} does not match ${JSON.stringify(query ?? null)}`));
      continue;
    }
    matchedGroups.push(group);
    // Without `explain`, only the handlers the index says might apply are visited at all, and (in a group compiled
    // on first use) only those its hints do not rule out are compiled.
    const visit = explain ? undefined : visitList(group.lookup, tool, formsOf, input);
    const count = visit ? visit.length : group.size;
    for (let k = 0; k < count; k++) {
      const i = visit ? visit[k]! : k;
      const hint = group.hints[i];
      if (hint && !mightMatch(hint, tool, formsOf)) {
        if (explain) trace.handlers.push(skipped(group.handler(i), "no `if` rule matches"));
        continue;
      }
      const h = group.handler(i);
      let why = "matched";
      if (h.ifRules.length > 0 || h.unlessRules.length > 0 || h.effectConditions.length > 0) {
        subjects ??= subjectsOf(call, tools, budget, scope, caseSensitive);
        const gate = ruleGate(h, subjects, (memo ??= new Map()));
        if (gate === undefined) {
          if (explain)
            trace.handlers.push(
              skipped(
                h,
                h.effectConditions.length > 0 && h.ifRules.length === 0
                  ? "the call has no such effect"
                  : h.unlessRules.length === 0
                    ? "no `if` rule matches"
                    : "no part is matched by `if` without also matching `unless`",
              ),
            );
          continue;
        }
        const part = JSON.stringify(subjectCount(subjects) > 0 ? describeSubject(subjects, gate.subject) : "");
        why = gate.rule ? `if ${gate.rule} matches ${part}` : gate.effect ? `${part} would ${gate.effect}` : `unless does not cover ${part}`;
        if (gate.rule && gate.effect) why += `, and would ${gate.effect}`;
      }
      if (h.secrets.length > 0) {
        const found = secretsGate(h, input, budget);
        if (found === undefined) {
          if (explain) trace.handlers.push(skipped(h, `no credential in ${h.secrets.map((p) => p.join(".")).join(", ")}`));
          continue;
        }
        why = why === "matched" ? found : `${why}; ${found}`;
      }
      if (h.when.length > 0) {
        const broken = brokenWhen(h, input, budget);
        if (broken !== undefined) {
          if ("skip" in broken) {
            if (explain) trace.handlers.push(skipped(h, broken.skip));
          } else candidates.push({ handler: h, why, failed: broken.failed });
          continue;
        }
        const failed = whenGate(h, input, budget);
        if (failed !== undefined) {
          if (explain) trace.handlers.push(skipped(h, failed));
          continue;
        }
        const matchedWhen = h.when.map((w) => `when ${w.path} matches /${w.source}/`).join("; ");
        why = why === "matched" ? matchedWhen : `${why}; ${matchedWhen}`;
      }
      candidates.push({ handler: h, why });
      fired.add(h);
    }
  }
  // A call that could not be examined in full (a work cap, a path longer than any real one, the matching budget
  // spent): the restricting handlers that did not fire might have, had it been examined. They are reported, and the
  // caller answers with the policy's failure verdict for them; nothing unexamined passes.
  const incomplete = subjects !== undefined && (subjects.truncated || budget.exhausted) ? subjects : undefined;
  const exhausted = budget.exhausted;
  if (!incomplete && !exhausted) return { candidates, unexamined: [], unexaminedWhy: undefined };
  const unexamined: CompiledHandler[] = [];
  for (const group of matchedGroups)
    for (let i = 0; i < group.size; i++) {
      const hint = group.hints[i];
      if (hint?.tools && !hint.tools.has(tool)) continue;
      const h = group.handler(i);
      if (fired.has(h) || h.dryRun || !restricts(h)) continue;
      if (h.ifRules.length === 0 && h.unlessRules.length === 0 && h.effectConditions.length === 0 && h.when.length === 0 && h.secrets.length === 0) continue;
      unexamined.push(h);
    }
  const why = exhausted
    ? "examining it would take more work than one request is allowed"
    : subjects?.kind === "shell"
      ? `the command is too large or too deeply nested to examine in full (${subjects.analysis?.limit ?? "a limit of the analysis"})`
      : "its path is longer than any real path";
  return { candidates, unexamined, unexaminedWhy: why };
}

const skipped = (h: CompiledHandler, why: string): HandlerTrace => ({ id: h.id, path: h.path, type: h.type, status: "skipped", why });

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
  options: { signal?: AbortSignal; explain?: boolean; client?: string } = {},
): Promise<Evaluation> {
  const trace: Trace = { client: options.client ?? policy.client.name, event: spec.name, groups: [], handlers: [] };
  const parts = spec.toolEvent && policy.events[spec.name] ? policy.client.protocol.partsOf?.(spec, input) : undefined;
  if (parts !== undefined) return evaluateParts(policy, spec, parts, trace, deps, options);
  const event = policy.events[spec.name];
  const outcomes: HandlerOutcome[] = [];
  const dryRun: HandlerOutcome[] = [];
  const errors: string[] = [];
  const fired: string[] = [];
  const protocol = policy.client.protocol;
  const call = protocol.toolCallOf(input);
  // The object an updatedInput patch merges into: a tool event's own tool input, nothing on any other event.
  const toolInput = spec.toolEvent ? call.toolInput : undefined;

  if (event) {
    const selection = select(event, input, call, trace, options.explain ?? false, policy.client.tools, policy.analysisScope, policy.caseSensitiveCommands);
    const candidates = selection.candidates;
    if (selection.unexamined.length > 0) {
      // One outcome for all of them: the policy's failure verdict, with a reason that says what happened.
      const verdict = failVerdict(spec, policy.failMode);
      const first = selection.unexamined.reduce((a, b) => (b.order < a.order ? b : a));
      const what = `could not examine this call in full: ${selection.unexaminedWhy}`;
      const o: HandlerOutcome = { id: "hookgate:unexamined", order: first.order, error: what };
      if (verdict !== "none") {
        o.verdict = verdict;
        o.reason = `hookgate ${what} (${selection.unexamined.length} rule(s) could not be checked: ${selection.unexamined
          .slice(0, 5)
          .map((h) => h.id)
          .join(", ")}); failing closed. Split it into smaller commands.`;
      }
      outcomes.push(o);
      fired.push(o.id);
      errors.push(`${o.id}: ${what}`);
      for (const h of selection.unexamined) trace.handlers.push({ id: h.id, path: h.path, type: h.type, status: "failed", why: what });
    }

    // once: a handler fires at most once per session. Claimed only by handlers about to contribute: dry-run ones
    // never consume it, and judges/forwards claim only once they are sure to run.
    // No await at all when nothing needs a claim: judges then start in the same tick, and the rules-only path
    // stays synchronous up to the answer.
    const claimed = (list: Candidate[]): Candidate[] | Promise<Candidate[]> => {
      const once = list.filter((c) => c.handler.once && !c.handler.dryRun && c.failed === undefined);
      return once.length === 0 ? list : claimOnceEach(list, once);
    };
    const claimOnceEach = async (list: Candidate[], once: Candidate[]): Promise<Candidate[]> => {
      const claims = await Promise.all(
        once.map(async (c) => {
          if (!deps.claimOnce) return true;
          try {
            return await deps.claimOnce(c.handler.id);
          } catch {
            return false; // a claim that cannot be confirmed must not fire twice
          }
        }),
      );
      const lost = new Set(once.filter((_, i) => !claims[i]).map((c) => c.handler));
      for (const h of lost) trace.handlers.push(skipped(h, "once: already fired in this session"));
      return list.filter((c) => !lost.has(c.handler));
    };

    // A Stop/SubagentStop with stop_hook_active is already continuing because a Stop hook blocked. A failure (a
    // judge or forward that errs or times out, a pattern that does not compile) that blocked again would make the
    // session loop until the client gives up, so there a failure never blocks; the error is still recorded.
    const loopGuard = protocol.looping(spec, input);
    const guarded = (o: HandlerOutcome) => (loopGuard && o.error !== undefined && o.verdict === "block" ? notBlocking(o) : o);
    const record = (c: Candidate, given: HandlerOutcome, why = c.why) => {
      const h = c.handler;
      const outcome = guarded(given);
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

    let ruleVerdict: Verdict | undefined;
    const ruleCandidates = claimed(candidates.filter((c) => !kindOf(c.handler).slow));
    for (const c of Array.isArray(ruleCandidates) ? ruleCandidates : await ruleCandidates) {
      // (guarded before it counts: a failed rule let through on a looping Stop must not stop the judges from running)
      const o = c.failed !== undefined ? guarded(failedAs(c.handler, c.failed, failVerdict(spec, policy.failMode))) : fastOutcome(c.handler);
      if (!c.handler.dryRun) ruleVerdict = strongerVerdict(ruleVerdict, o.verdict);
      record(c, o);
    }
    const slow = candidates.filter((c) => kindOf(c.handler).slow);

    const top = strongest(spec);
    const decided = top !== undefined && ruleVerdict === top;
    if (decided)
      for (const c of slow)
        trace.handlers.push({
          id: c.handler.id,
          path: c.handler.path,
          type: c.handler.type,
          status: "not-awaited",
          why: `a rule already decided "${top}"; nothing can change it`,
        });
    else if (slow.length > 0) {
      const toRun = claimed(slow);
      const running = Array.isArray(toRun) ? toRun : await toRun;
      const results = await runSlow(running, spec, input, deps, deadlineFor(policy, spec), options.signal);
      results.forEach((o, i) => record(running[i]!, fitVerdict(spec, o)));
    }
  }

  const agg = aggregate(outcomes, spec.outputFields, toolInput);
  return { answer: protocol.answer(spec, agg), aggregate: agg, trace, fired, dryRun, errors };
}

/** A call of several parts (ClientProtocol.partsOf): each evaluated as its own call, the strictest answered. */
async function evaluateParts(
  policy: CompiledPolicy,
  spec: EventSpec,
  parts: readonly Record<string, unknown>[],
  trace: Trace,
  deps: EvaluationDeps,
  options: { signal?: AbortSignal; explain?: boolean; client?: string },
): Promise<Evaluation> {
  const each: Evaluation[] = [];
  for (const part of parts) each.push(await evaluate(policy, spec, part, deps, options));
  const agg = strictestOfParts(spec, policy.failMode, each.map((e) => e.aggregate), "its parts could not be read");
  for (const e of each) {
    if (e.trace.query !== undefined) trace.query ??= e.trace.query;
    trace.groups.push(...e.trace.groups);
    trace.handlers.push(...e.trace.handlers);
  }
  const errors = each.flatMap((e) => e.errors);
  if (parts.length === 0) errors.push("hookgate:unexamined: the call could not be read into its parts");
  return {
    answer: policy.client.protocol.answer(spec, agg),
    aggregate: agg,
    trace,
    fired: [...new Set(each.flatMap((e) => e.fired))],
    dryRun: each.flatMap((e) => e.dryRun),
    errors,
  };
}

/**
 * A forwarded server may answer a verdict the event cannot express. Left as is it would outrank a real one and
 * then vanish in respond() (a `block` beside a `deny` on PreToolUse answered `{}`), so: the legacy
 * `decision:"block"` means deny on an event that denies (as the client reads it), anything else is dropped.
 */
function fitVerdict(spec: EventSpec, o: HandlerOutcome): HandlerOutcome {
  if (o.verdict === undefined || spec.verdicts.includes(o.verdict)) return o;
  const { verdict, ...rest } = o;
  return verdict === "block" && spec.verdicts.includes("deny") ? { ...rest, verdict: "deny" } : rest;
}

/** The evaluation budget: the policy's deadline, inside the event's own client budget. */
export function deadlineFor(policy: CompiledPolicy, spec: EventSpec): number {
  return Math.max(50, Math.min(policy.deadlineMs, spec.clientTimeoutMs - 500));
}

async function runSlow(
  slow: Candidate[],
  spec: EventSpec,
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
      slow.map(async ({ handler, failed }): Promise<HandlerOutcome> => {
        const slowRun = kindOf(handler).slow as SlowRun<SlowHandler, HandlerCallouts> | null;
        if (slowRun === null) throw new Error(`a ${handler.type} handler is never slow`);
        const h = handler as SlowHandler;
        if (failed !== undefined) return failureOutcome(h, failed);
        const perHandlerMs = Math.min(deadlineMs, slowRun.timeoutSeconds(h) * 1000);
        const local = AbortSignal.any([controller.signal, AbortSignal.timeout(perHandlerMs)]);
        const work = (async (): Promise<HandlerOutcome> => slowOutcome(h, await slowRun.run(h, input, deps, local, spec)))().catch((e: unknown) =>
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
