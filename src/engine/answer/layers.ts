import { strongerVerdict } from "./aggregate";
import type { CompiledPolicy } from "../policy/compilePolicy";
import { deadlineFor, evaluate, type Evaluation, type EvaluationDeps, type GroupTrace, type HandlerTrace, type Trace } from "../evaluate";
import type { EventSpec, Verdict } from "../event/eventSpec";
import { layerOutputs, rewriteGroups } from "../event/outputField";
import type { Aggregate } from "./outcome";

/**
 * The org baseline and a team's policy, evaluated together (docs/roles.md). Tighten-only: the answer's verdict is
 * the stronger of the two layers' (deny > defer > ask > allow; block on blocking events), so a team's allow never
 * overrides a baseline deny or ask, and a team may tighten a baseline ask to deny. Contexts and messages of both are
 * kept, the baseline's first. Event outputs combine by each field's rule (src/engine/event/outputField.ts): the
 * stricter value of a restricting field (action decline over accept, interrupt, retry: false), lists merged (of a
 * team's updatedPermissions only the entries that tighten), the baseline's value where there is no strictness.
 *
 * A rewrite is the one way a team could slip past the baseline: the baseline judged what the client sent, not what
 * the team's rewrite turns it into — the input a call runs with (`updatedInput`), the text on screen
 * (displayContent), the tool output Claude sees (updatedToolOutput), the form values a server gets. So when the team
 * rewrites, the baseline is evaluated again on the team's version and its verdict counts too (a baseline deny of the
 * rewrite denies, and no rewrite rides on a deny); the baseline's own rewrite of that version, if it makes one, is
 * applied last, so a baseline's mask is never undone by a team's rewrite.
 */
type Layer = "baseline" | "team";

interface LayerTrace {
  layer: Layer;
  /** The revision evaluated (absent for a draft or a file). */
  revision?: number;
  verdict?: Verdict;
  /** What the layer was: "policy" evaluated, "none" (no policy: no opinion), "failed" (its failure verdict). */
  status: "policy" | "none" | "failed";
  why?: string;
}

interface LayeredTrace extends Trace {
  groups: (GroupTrace & { layer: Layer })[];
  handlers: (HandlerTrace & { layer: Layer })[];
  layers: LayerTrace[];
  /** Which layer's verdict is the answer's: the baseline's whenever it holds that verdict itself. */
  decidedBy?: Layer;
  /** Set when the team rewrote the input and the baseline was evaluated again on the rewrite. */
  recheckedRewrite?: { verdict?: Verdict };
}

interface LayeredEvaluation extends Evaluation {
  trace: LayeredTrace;
}

/** The aggregate in the client's answer layout: the protocol of the client the layers were compiled for. */
function answerOf(baseline: LayerInput, team: LayerInput, spec: EventSpec, aggregate: Aggregate): Record<string, unknown> {
  const model = !isFixed(baseline) ? baseline.policy.client : !isFixed(team) ? team.policy.client : undefined;
  return model ? model.protocol.answer(spec, aggregate) : {};
}

/** What a layer contributes when it has no evaluation of its own: no opinion, or its failure verdict. */
export interface FixedLayer {
  aggregate: Aggregate;
  status: "none" | "failed";
  why?: string;
  revision?: number;
}

type LayerInput = { policy: CompiledPolicy; revision?: number } | FixedLayer;

const isFixed = (l: LayerInput): l is FixedLayer => "aggregate" in l;

const join = (values: (string | undefined)[], sep: string): string | undefined => {
  const present = values.filter((v): v is string => v !== undefined && v !== "");
  return present.length > 0 ? present.join(sep) : undefined;
};

/** Folds the layers' aggregates, baseline first (rewrites are decided by the caller: see evaluateLayered). */
function combineAggregates(spec: EventSpec, base: Aggregate, team: Aggregate): { aggregate: Aggregate; decidedBy?: Layer } {
  const verdict = strongerVerdict(base.verdict, team.verdict);
  const out: Aggregate = { output: layerOutputs(spec.outputFields, base.output ?? {}, team.output ?? {}) };
  let decidedBy: Layer | undefined;
  if (verdict !== undefined) {
    out.verdict = verdict;
    decidedBy = base.verdict === verdict ? "baseline" : "team";
    const reason = join([base.verdict === verdict ? base.reason : undefined, team.verdict === verdict ? team.reason : undefined], "\n");
    if (reason !== undefined) out.reason = reason;
  }
  const context = join([base.additionalContext, team.additionalContext], "\n\n");
  if (context !== undefined) out.additionalContext = context;
  const message = join([base.systemMessage, team.systemMessage], "\n");
  if (message !== undefined) out.systemMessage = message;
  if (base.stop || team.stop) {
    const reason = join([base.stop?.reason, team.stop?.reason], "\n");
    out.stop = reason === undefined ? {} : { reason };
  }
  return decidedBy ? { aggregate: out, decidedBy } : { aggregate: out };
}

const NO_REWRITE: ReadonlySet<Verdict> = new Set(["deny", "block", "defer"]);

const emptyTrace = (spec: EventSpec, client: string): Trace => ({ client, event: spec.name, groups: [], handlers: [] });

/**
 * Evaluate the baseline and the team's layer for one request (in parallel: they share the request's deadline) and
 * build the answer from both. Handler ids of the baseline are prefixed `baseline:` in `fired`, `dryRun` and
 * `errors`, so a record says which layer's handler it was.
 */
export async function evaluateLayered(
  baseline: LayerInput,
  team: LayerInput,
  spec: EventSpec,
  input: Record<string, unknown>,
  deps: { baseline: EvaluationDeps; team: EvaluationDeps },
  options: { explain?: boolean; client?: string } = {},
): Promise<LayeredEvaluation> {
  const started = Date.now();
  const run = (layer: LayerInput, d: EvaluationDeps, given: Record<string, unknown>): Promise<Evaluation | undefined> =>
    isFixed(layer) ? Promise.resolve(undefined) : evaluate(layer.policy, spec, given, d, options);
  const [b, t] = await Promise.all([run(baseline, deps.baseline, input), run(team, deps.team, input)]);
  const baseAgg = b?.aggregate ?? (baseline as FixedLayer).aggregate;
  const teamAgg = t?.aggregate ?? (team as FixedLayer).aggregate;
  const { aggregate, decidedBy: firstDecider } = combineAggregates(spec, baseAgg, teamAgg);
  let decidedBy = firstDecider;
  let recheck: Evaluation | undefined;

  const rewriteAllowed = (v: Verdict | undefined) => spec.updatedInput && (v === undefined || !NO_REWRITE.has(v));
  const teamOutput = teamAgg.output ?? {};
  const teamRewritesInput = rewriteAllowed(aggregate.verdict) && teamAgg.updatedInput !== undefined;
  // The input fields the team's outputs rewrite (displayContent → delta, …), each with the value the team gave it.
  const teamRewrites = [...rewriteGroups(spec.outputFields)].flatMap(([of, keys]) => {
    const key = keys.find((k) => teamOutput[k] !== undefined);
    return key === undefined ? [] : [{ of, keys, value: teamOutput[key] }];
  });
  if (!isFixed(baseline) && (teamRewritesInput || teamRewrites.length > 0)) {
    // The baseline judges what would run or be shown: the team's rewrite. Within what is left of the request's deadline.
    const given: Record<string, unknown> = { ...input };
    if (teamRewritesInput) given.tool_input = teamAgg.updatedInput;
    for (const r of teamRewrites) given[r.of] = r.value;
    const left = Math.max(50, deadlineFor(baseline.policy, spec) - (Date.now() - started));
    recheck = await evaluate(
      baseline.policy,
      spec,
      given,
      // once handlers already had their say on this request
      { ...deps.baseline, claimOnce: async () => false },
      { ...options, signal: AbortSignal.timeout(left) },
    );
    const again = recheck.aggregate;
    const verdict = strongerVerdict(aggregate.verdict, again.verdict);
    if (verdict !== aggregate.verdict) {
      aggregate.verdict = verdict;
      decidedBy = "baseline";
      if (again.reason !== undefined) aggregate.reason = again.reason;
      else delete aggregate.reason;
    } else if (verdict !== undefined && again.verdict === verdict) decidedBy = "baseline";
    // Each rewritten field wholly from one source: the baseline's rewrite of the team's version, else the team's.
    const againOutput = again.output ?? {};
    for (const r of teamRewrites) {
      const from = r.keys.some((k) => againOutput[k] !== undefined) ? againOutput : teamOutput;
      for (const k of r.keys) {
        if (from[k] !== undefined) aggregate.output[k] = from[k];
        else delete aggregate.output[k];
      }
    }
  }
  if (rewriteAllowed(aggregate.verdict)) {
    if (teamRewritesInput && recheck) aggregate.updatedInput = recheck.aggregate.updatedInput ?? teamAgg.updatedInput;
    else if (baseAgg.updatedInput !== undefined) aggregate.updatedInput = baseAgg.updatedInput;
    else if (teamAgg.updatedInput !== undefined) aggregate.updatedInput = teamAgg.updatedInput;
  }

  // The client the trace names: the one the layers were evaluated for (either layer's trace says it too).
  const client = options.client ?? (b?.trace ?? t?.trace)?.client ?? (isFixed(baseline) ? (isFixed(team) ? "" : team.policy.client.name) : baseline.policy.client.name);
  const bt = b?.trace ?? emptyTrace(spec, client);
  const tt = t?.trace ?? emptyTrace(spec, client);
  const layerTrace = (layer: Layer, given: LayerInput, agg: Aggregate): LayerTrace => {
    const entry: LayerTrace = { layer, status: isFixed(given) ? given.status : "policy" };
    if (given.revision !== undefined) entry.revision = given.revision;
    if (agg.verdict !== undefined) entry.verdict = agg.verdict;
    if (isFixed(given) && given.why !== undefined) entry.why = given.why;
    return entry;
  };
  const trace: LayeredTrace = {
    client,
    event: spec.name,
    ...((tt.query ?? bt.query) !== undefined ? { query: tt.query ?? bt.query } : {}),
    groups: [...bt.groups.map((g) => ({ ...g, layer: "baseline" as const })), ...tt.groups.map((g) => ({ ...g, layer: "team" as const }))],
    handlers: [
      ...bt.handlers.map((h) => ({ ...h, id: `baseline:${h.id}`, layer: "baseline" as const })),
      ...tt.handlers.map((h) => ({ ...h, layer: "team" as const })),
    ],
    layers: [layerTrace("baseline", baseline, baseAgg), layerTrace("team", team, teamAgg)],
  };
  if (decidedBy) trace.decidedBy = decidedBy;
  if (recheck) trace.recheckedRewrite = recheck.aggregate.verdict ? { verdict: recheck.aggregate.verdict } : {};

  const prefixed = (ids: string[]) => ids.map((id) => `baseline:${id}`);
  return {
    answer: answerOf(baseline, team, spec, aggregate),
    aggregate,
    trace,
    fired: [...prefixed(b?.fired ?? []), ...(t?.fired ?? [])],
    dryRun: [...(b?.dryRun ?? []).map((o) => ({ ...o, id: `baseline:${o.id}` })), ...(t?.dryRun ?? [])],
    errors: [
      ...prefixed(b?.errors ?? []),
      ...(recheck ? prefixed(recheck.errors) : []),
      ...(t?.errors ?? []),
      // a team layer that could not be evaluated is an error of the decision (and keeps it out of the dedup record)
      ...(isFixed(team) && team.status === "failed" ? [`team policy: ${team.why ?? "could not be evaluated"}`] : []),
    ],
  };
}
