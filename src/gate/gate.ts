import type { CompileOptions } from "../engine/policy/compiledHandler";
import { compilePolicy, type CompiledPolicy, type Problem } from "../engine/policy/compilePolicy";
import { HandlerCompileError } from "../engine/policy/compiledGroup";
import type { ClientProtocol } from "../engine/event/client";
import type { EventSpec } from "../engine/event/eventSpec";
import { evaluate, type Evaluation } from "../engine/evaluate";
import type { HandlerCallouts } from "../engine/handlers/kinds";
import { fastCheckOf } from "../engine/event/fastInput";
import { maskForExport } from "../engine/secrets/mask";
import { evaluateLayered, type FixedLayer } from "../engine/answer/layers";
import { failureAggregate } from "../engine/answer/failure";
import { failVerdict } from "../engine/event/eventSpec";
import { err, ok, type Result } from "../engine/result";
import { errorText, log } from "../log";
import type { DecisionLog, DecisionRecord, DedupStore, DeferredRecord, PolicyRecord, PolicyStore, SessionState } from "../services";
import { decisionIdAt } from "./decisionId";
import { BASELINE_SCOPE } from "./baseline";
import { DEFAULT_CACHE_TTL_MS, isolatePolicies, type LoadedPolicy, type PolicyResolver } from "./policyCache";
import { planRollout, plannedRollout, shadowVerdict, type RolloutPlan, type ShadowVerdict } from "./rollout";
import type { CallerDialect, ClientProfile } from "./profile";
import { CLIENT_NAMES } from "../clients/names";

/**
 * The decision, with no HTTP in it: the hook route, the admin API's evaluate and `hookgate eval` all ask the Gate.
 * Built once per composition root (the Worker, the CLI, the benchmarks) from a client profile and the services it
 * may use; what it does not have (the CLI has no stores) it is never asked for.
 */
export interface GateDeps {
  policies?: PolicyStore;
  state?: SessionState;
  decisions?: DecisionLog;
  dedup?: DedupStore;
  /** The callouts of a policy's slow handlers (judges, forwards) for the team asking, and why any is unavailable here. */
  callouts?: (policy: CompiledPolicy, team: string) => HandlerCallouts;
  now?: () => number;
  /** How long a team's policy pointer is trusted before it is read again. */
  policyCacheTtlMs?: number;
  /** The Worker secrets declared for forwarding (FORWARD_SECRETS): what a policy's `http` handlers may send. */
  forwardSecrets?: readonly string[];
  /** How a team's policy is found and compiled (the isolate's policy cache unless given). */
  resolver?: PolicyResolver;
}

interface DecideRequest {
  team: string;
  event: EventSpec;
  /** The hook input as it came (it is validated against the event here). */
  input: Record<string, unknown>;
  /** The body text the input was parsed from, for the redelivery (dedup) key. */
  rawBody?: string;
  /** Decide by this policy instead of the team's current one (a draft being tried). */
  policy?: CompiledPolicy;
  /**
   * The org baseline to layer under the team's policy instead of the published one (the CLI's `--baseline FILE`);
   * null: none. Left out, the Gate reads the published baseline when it has a policy store.
   */
  baseline?: CompiledPolicy | null;
  /** Write no state: `once` answers "not yet fired", no dedup, no decision record (the evaluate endpoints). */
  dryRun?: boolean;
  /** Call no judge or forward: such a handler answers its `onError` (the shadow's decision). */
  withoutCallouts?: boolean;
  /** Say why every handler did or did not apply (the trace); the live path leaves it out. */
  explain?: boolean;
  /** The team's token could not be checked (its store is down): answer the failure verdict, evaluating nothing. */
  authUnavailable?: boolean;
}

export interface Decision {
  answer: Record<string, unknown>;
  decisionId: string;
  /** The policy revision decided by: a number, "none" (the team has none) or "unavailable" (it could not be read). */
  revision: number | "none" | "unavailable";
  /** The org baseline's revision evaluated with it, when there is one. */
  baselineRevision?: number;
  /** Answered from the first delivery of the same request. */
  dedup: boolean;
  evaluation: Evaluation | undefined;
  /** Work left after the answer (the decision record, the dedup entry): the caller keeps it alive (waitUntil). */
  after: Promise<void>;
}

/** Why the Gate could not decide: a request it cannot read. Everything else is decided (failing closed if need be). */
export interface GateRefusal {
  code: "invalid_input" | "unknown_event" | "event_mismatch";
  message: string;
  problems?: Problem[];
}

interface Outcome {
  answer: Record<string, unknown>;
  evaluation?: Evaluation;
  error?: string;
  dedup?: boolean;
  verdict?: string;
}

export class Gate {
  constructor(
    readonly profile: ClientProfile,
    private readonly deps: GateDeps = {},
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private get resolver(): PolicyResolver {
    return this.deps.resolver ?? isolatePolicies;
  }

  /** A stored revision as this Gate decides by it: compiled for its client, or broken (its problems). */
  storedPolicy(record: PolicyRecord): LoadedPolicy {
    return this.resolver.compiled(record, this.profile);
  }

  /** The team's current revision changed (published, rolled back): the next decision reads it again. */
  policyChanged(team: string): void {
    this.resolver.changed(team);
  }

  /** Compile a policy for this client (and, when given, this deployment's forwardable secrets). */
  compile(document: unknown, options: Omit<CompileOptions, "client" | "forwardSecrets"> = {}): Result<CompiledPolicy, Problem[]> {
    return compilePolicy(document, {
      ...options,
      client: this.profile,
      clientNames: CLIENT_NAMES,
      ...(this.deps.forwardSecrets !== undefined ? { forwardSecrets: this.deps.forwardSecrets } : {}),
    });
  }

  /**
   * The event a request is for: the one its route names, which the input must name too, or (no route) the one the
   * input names.
   */
  eventOf(named: unknown, route?: EventSpec, input?: Record<string, unknown>): Result<EventSpec, GateRefusal> {
    const name = typeof named === "string" ? named : undefined;
    // A caller whose format names no event (Copilot's camelCase payloads), or names the route's event its own way
    // (Cursor's `beforeShellExecution` on its PreToolUse route), is for the event its route names.
    if (route !== undefined && name !== route.name && input !== undefined) {
      const caller = this.callerOf(input);
      if (caller && (name === undefined || caller.nativeName?.(route) === name)) return ok(route);
    }
    const quoted = (s: string) => JSON.stringify(s.length > 64 ? `${s.slice(0, 64)}…` : s);
    if (route === undefined) {
      const spec = name !== undefined ? this.profile.events.byName(name) : undefined;
      if (spec) return ok(spec);
      return err({ code: "unknown_event", message: name !== undefined ? `unknown hook_event_name ${quoted(name)}` : "hook_event_name is missing" });
    }
    if (name === route.name) return ok(route);
    const other = name !== undefined ? this.profile.events.byName(name) : undefined;
    return err({
      code: "event_mismatch",
      message: `this route is for ${route.name} but the input's hook_event_name is ${name !== undefined ? quoted(name) : "missing"}`,
      problems: [{ path: "hook_event_name", message: other ? `send ${other.name} to its own route (${other.route})` : `must be "${route.name}"` }],
    });
  }

  /** The caller that claims an input by its own marks (another client calling this client's routes), if any. */
  callerOf(input: Record<string, unknown>): CallerDialect | undefined {
    return this.profile.callers?.find((c) => c.claims(input));
  }

  /**
   * The input in this client's terms, and the caller it came from when it is another client's: one that claims it by
   * its marks is read as that caller's, anything else by this client's schema. An input that fits none is refused
   * with what is missing for each client that it could be (a refused hook call is the client's go-ahead, so the
   * message must say which format was expected); one carrying this client's own marks is refused as this client's.
   */
  private readInput(spec: EventSpec, given: Record<string, unknown>): Result<{ input: Record<string, unknown>; caller?: CallerDialect }, GateRefusal> {
    const claimed = this.callerOf(given);
    if (claimed) {
      const read = claimed.toRouteInput(spec, given);
      const theirs = read.ok ? validated(spec, read.value) : read;
      return theirs.ok ? ok({ input: theirs.value, caller: claimed }) : err(invalid(spec, [[claimed, theirs.error]]));
    }
    const own = validated(spec, given);
    if (own.ok) return ok({ input: own.value });
    const callers = this.profile.callers ?? [];
    if (callers.length === 0 || (this.profile.marks ?? []).some((field) => field in given)) return err(invalid(spec, [[undefined, own.error]]));
    const refusals: [CallerDialect | ClientProfile, Problem[]][] = [[this.profile, own.error]];
    for (const caller of callers) {
      const read = caller.toRouteInput(spec, given);
      refusals.push([caller, read.ok ? (validated(spec, read.value) as { error?: Problem[] }).error ?? [] : read.error]);
    }
    return err(invalid(spec, refusals));
  }

  /** The shadow's verdict on a request answered live and evaluated (not a redelivery, not a failure), if there is a shadow. */
  private shadowOf(plan: RolloutPlan["shadow"], outcome: Outcome, team: string, spec: EventSpec, input: Record<string, unknown>): Promise<ShadowVerdict | undefined> {
    if (!plan || !this.deps.policies || !outcome.evaluation || outcome.dedup || spec.acknowledgeFirst) return Promise.resolve(undefined);
    return shadowVerdict(this.resolver, this.deps.policies, this.profile, team, plan, async (policy) => {
      const d = await this.decide({ team, event: spec, input, policy, dryRun: true, withoutCallouts: true });
      const ev = d.ok ? d.value.evaluation : undefined;
      return ev ? { ...(ev.aggregate.verdict ? { verdict: ev.aggregate.verdict } : {}), fired: ev.fired } : undefined;
    });
  }

  async decide(request: DecideRequest): Promise<Result<Decision, GateRefusal>> {
    const started = performance.now();
    const { team, event: spec } = request;
    // The input itself when the schema's compiled check passes it (zod's data would be an equal copy; without its
    // JIT — Workers allow no eval — zod was ~10% of a hook call's JavaScript), else zod's answer and its problems.
    const read = this.readInput(spec, request.input);
    if (!read.ok) return read;
    const { input, caller } = read.value;
    const client = caller?.name ?? this.profile.name;
    // One clock read for the decision id and both policy cache checks: the same instant, and one call fewer each.
    const at = this.now();
    const decisionId = decisionIdAt(at);
    // Decided in this client's terms; a caller's answer is this client's answer as that caller reads it.
    const answerFor = (answer: Record<string, unknown>) => (caller ? caller.answer(spec, answer, input) : answer);
    // A stop already continuing because of a block: hookgate's own failures let it through (no loop).
    const protocol = this.profile.protocol;
    const looping = protocol.looping(spec, input);
    const failed = (given: "open" | "closed", why: string, error: string): Outcome => {
      const agg = failureAggregate(spec, looping ? "open" : given, why);
      return { answer: protocol.answer(spec, agg), error, ...(agg.verdict ? { verdict: agg.verdict } : {}) };
    };

    if (request.authUnavailable) {
      const o = failed("closed", "the token check is unavailable", "token check unavailable");
      return ok({ answer: answerFor(o.answer), decisionId, revision: "unavailable", dedup: false, evaluation: undefined, after: Promise.resolve() });
    }

    // A policy that cannot be read (storage error, a corrupt record) fails closed like one that no longer compiles:
    // an error status would make the client go ahead.
    const ttlMs = this.deps.policyCacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
    const resolver = this.resolver;
    const policies = this.deps.policies;
    // The org baseline, layered under every team's policy (engine/answer/layers.ts), read beside the team's (on a
    // cache miss, one round trip for both rather than two in a row). Its own cache entry, so a baseline publish takes
    // effect within the same bound as a team's; unreadable, it fails closed like the team's policy. Held by the
    // isolate (the steady state), both are taken with no promise in between (resolver.cached).
    const readsBaseline = request.baseline === undefined && policies !== undefined;
    const baselineHeld = readsBaseline ? resolver.cached?.(this.profile, BASELINE_SCOPE, at, ttlMs) : undefined;
    const baselineLoad =
      readsBaseline && baselineHeld === undefined
        ? resolver.current(policies, this.profile, BASELINE_SCOPE, at, ttlMs).catch((e: unknown) => {
            log("error", { msg: "baseline load failed", error: errorText(e) });
            return "failed" as const;
          })
        : undefined;
    let loaded: LoadedPolicy;
    let loadFailed = false;
    let shadowPlan: RolloutPlan["shadow"];
    if (request.policy) loaded = { kind: "ok", record: { team, revision: 0, publishedAt: "", document: request.policy.document, digest: "" }, compiled: request.policy };
    else {
      try {
        if (!policies) throw new Error("no policy store");
        const current = resolver.cached?.(this.profile, team, at, ttlMs) ?? (await resolver.current(policies, this.profile, team, at, ttlMs));
        // Which revision answers this session (a canary's share of sessions), and the shadow to decide it by too.
        const sessionId = protocol.sessionOf(input);
        ({ loaded, shadow: shadowPlan } =
          plannedRollout(resolver, policies, this.profile, team, sessionId, current) ?? (await planRollout(resolver, policies, this.profile, team, sessionId, current)));
      } catch (e) {
        log("error", { msg: "policy load failed", team, error: errorText(e) });
        loaded = { kind: "none" };
        loadFailed = true;
      }
    }
    let baseline: LoadedPolicy = { kind: "none" };
    if (request.baseline) baseline = { kind: "ok", record: { team: BASELINE_SCOPE, revision: 0, publishedAt: "", document: request.baseline.document, digest: "" }, compiled: request.baseline };
    else if (baselineHeld) baseline = baselineHeld;
    else if (baselineLoad) {
      const read = await baselineLoad;
      if (read === "failed") loadFailed = true;
      else baseline = read;
    }
    const baselineRevision = baseline.kind !== "none" && !request.baseline ? baseline.record.revision : undefined;
    const revision: Decision["revision"] = loadFailed ? "unavailable" : loaded.kind === "none" ? "none" : loaded.record.revision;
    const live = !request.dryRun;
    const remembering: Promise<void>[] = [];

    const run = async (): Promise<Outcome> => {
      if (loadFailed) return failed("closed", "the policy could not be loaded", "policy could not be loaded");
      if (baseline.kind === "broken") return failed("closed", `baseline revision ${baseline.record.revision} no longer compiles`, "baseline does not compile");
      const base = baseline.kind === "ok" ? baseline.compiled : undefined;
      if (loaded.kind === "none" && !base) return { answer: {} };
      if (loaded.kind === "broken" && !base) return failed("closed", `revision ${loaded.record.revision} no longer compiles`, "policy does not compile");
      const policy = loaded.kind === "ok" ? loaded.compiled : undefined;
      // A redelivered request whose evaluation has a cost or side effect gets the answer it already got. Keyed by
      // the team's revision and the baseline's: a new revision of either is a new answer.
      const stateful = policy?.events[spec.name]?.stateful || base?.events[spec.name]?.stateful;
      const dedup = live && stateful ? this.deps.dedup : undefined;
      const revisionKey = baselineRevision !== undefined ? `${loaded.kind === "none" ? "none" : loaded.record.revision}+baseline:${baselineRevision}` : (loaded as { record: { revision: number } }).record.revision;
      const dedupKey = dedup ? await dedup.key(team, revisionKey, spec.name, input, request.rawBody ?? JSON.stringify(request.input)) : undefined;
      if (dedup && dedupKey) {
        const previous = await dedup.find(dedupKey).catch(() => null);
        if (previous) return { answer: previous.answer, dedup: true, ...(previous.verdict ? { verdict: previous.verdict } : {}) };
      }
      try {
        const sessionId = protocol.sessionOf(input) ?? "";
        const state = this.deps.state;
        const depsFor = (p: CompiledPolicy, scope: string) => ({
          // Only an event with a judge or a forward asks for callouts: building them costs every rules-only call.
          ...(request.withoutCallouts || !p.events[spec.name]?.hasSlowHandlers ? {} : (this.deps.callouts?.(p, team) ?? {})),
          // Without state (dry runs), a `once` handler is answered "not yet fired". The baseline's claims are its own.
          claimOnce: live && state ? (handlerId: string) => state.claimOnce(team, sessionId, `${scope}${handlerId}`) : async () => true,
        });
        const options = { explain: request.explain ?? false, client };
        const evaluation = !base
          ? await evaluate(policy!, spec, input, depsFor(policy!, ""), options)
          : await evaluateLayered(
              { policy: base, ...(baselineRevision !== undefined ? { revision: baselineRevision } : {}) },
              policy ? { policy, ...(loaded.kind === "ok" && !request.policy ? { revision: loaded.record.revision } : {}) } : teamWithout(spec, loaded, looping),
              spec,
              input,
              { baseline: depsFor(base, "baseline:"), team: policy ? depsFor(policy, "") : {} },
              options,
            );
        // Failures are not remembered: a redelivery after a judge timed out deserves a fresh try.
        if (dedup && dedupKey && evaluation.errors.length === 0) {
          const verdict = evaluation.aggregate.verdict;
          remembering.push(dedup.remember(dedupKey, { answer: evaluation.answer, ...(verdict ? { verdict } : {}) }).catch(() => {}));
        }
        return { answer: evaluation.answer, evaluation };
      } catch (e) {
        // A stored revision's handler compiled on its first use that did not compile: answered as a revision that no
        // longer compiles is (failing closed, whatever its failMode), never as if the handler were not there.
        if (e instanceof HandlerCompileError) {
          log("error", { msg: "policy does not compile", team, event: spec.name, error: errorText(e) });
          return failed("closed", base || loaded.kind !== "ok" ? "a stored revision (the team's or the baseline's) no longer compiles" : `revision ${loaded.record.revision} no longer compiles`, "policy does not compile");
        }
        log("error", { msg: "evaluation failed", event: spec.name, error: errorText(e) });
        return failed(policy?.failMode ?? "closed", "an internal error", "internal error");
      }
    };

    // Deferred: the log builds it (caps and masks the input) once the answer has left. What it keeps alive till
    // then is the input, about the size of the body it came in (unknown without one: the log builds it soon).
    const handOn = (decisions: DecisionLog, outcome: Outcome, latencyMs: number, decidedAt: number, shadow: ShadowVerdict | undefined): Promise<void> => {
      const ev = outcome.evaluation;
      const facts: RecordFacts = {
        decisionId,
        decidedAt,
        team,
        client,
        protocol,
        spec,
        input,
        maskFields: loaded.kind === "ok" ? (loaded.compiled.document.maskFields ?? []) : [],
        revision: loaded.kind === "none" ? null : loaded.record.revision,
        fired: ev?.fired ?? [],
        dryRun: ev?.dryRun ?? [],
        errors: ev?.errors ?? [],
        error: outcome.error,
        dedup: outcome.dedup ?? false,
        verdict: ev?.aggregate.verdict ?? outcome.verdict,
        latencyMs,
        baselineRevision,
        shadow,
      };
      return handOff(decisions, facts, request.rawBody?.length ?? Number.POSITIVE_INFINITY);
    };
    const record = (outcome: Outcome): Promise<void> => {
      const decisions = live ? this.deps.decisions : undefined;
      // The common case (no dedup entry being written, no shadow) hands the record on at once: no promise between.
      if (remembering.length === 0 && !shadowPlan) return decisions ? handOn(decisions, outcome, performance.now() - started, Date.now(), undefined) : Promise.resolve();
      return (async () => {
        await Promise.all(remembering);
        if (!decisions) return;
        const latencyMs = performance.now() - started;
        const decidedAt = Date.now();
        // The shadow decides the same input once the answer has left (gate/rollout.ts); its verdict goes beside the real one.
        const shadow = await this.shadowOf(shadowPlan, outcome, team, spec, input);
        await handOn(decisions, outcome, latencyMs, decidedAt, shadow);
      })();
    };

    const layered = baselineRevision !== undefined ? { baselineRevision } : {};
    if (spec.acknowledgeFirst) {
      // SessionEnd: the client gives all its SessionEnd hooks 1.5 s together; answer now, work after.
      return ok({ answer: {}, decisionId, revision, ...layered, dedup: false, evaluation: undefined, after: run().then(record) });
    }
    const outcome = await run();
    return ok({ answer: answerFor(outcome.answer), decisionId, revision, ...layered, dedup: outcome.dedup ?? false, evaluation: outcome.evaluation, after: record(outcome) });
  }
}

/**
 * What a decision record is made of, taken as the answer leaves. Only this waits in the log's buffer for the record's
 * batch (up to FLUSH_MS): not the request's evaluation and trace, its body text or the Gate's other closures, which a
 * `build` closure inside `decide` would keep alive with it (V8 keeps a scope's captured variables together), so that
 * they outlive the young generation and are collected by the old one's marking, which walks every compiled policy.
 */
interface RecordFacts {
  decisionId: string;
  decidedAt: number;
  team: string;
  client: string;
  protocol: ClientProtocol;
  spec: EventSpec;
  input: Record<string, unknown>;
  maskFields: readonly string[];
  revision: number | null;
  fired: string[];
  dryRun: readonly { id: string; verdict?: string }[];
  errors: readonly string[];
  error: string | undefined;
  dedup: boolean;
  verdict: string | undefined;
  latencyMs: number;
  baselineRevision: number | undefined;
  shadow: ShadowVerdict | undefined;
}

/**
 * The record handed to the log deferred: built (masked, capped) with its batch, once the answer has left. Module
 * scope, so that what waits holds the facts alone (a function keeps the scope it was made in).
 */
function handOff(decisions: DecisionLog, facts: RecordFacts, size: number): Promise<void> {
  const deferred: DeferredRecord = { build: () => decisionRecord(facts), size };
  return decisions.record(deferred).catch(() => {});
}

/** The decision log's record of one decision: the input capped and masked, never as it came. */
function decisionRecord(f: RecordFacts): DecisionRecord {
  const input = maskForExport(f.input, f.maskFields) as Record<string, unknown>;
  const record: DecisionRecord = {
    decisionId: f.decisionId,
    time: new Date(f.decidedAt).toISOString(),
    team: f.team,
    client: f.client,
    event: f.spec.name,
    fired: f.fired,
    dryRun: f.dryRun.map((o) => ({ id: o.id, ...(o.verdict ? { verdict: o.verdict } : {}) })),
    revision: f.revision,
    latencyMs: f.latencyMs,
    dedup: f.dedup,
    errors: [...f.errors, ...(f.error ? [f.error] : [])],
    // Capped and masked here; the log caps every field again (RECORD_LIMITS) before it buffers the record.
    input,
  };
  if (f.baselineRevision !== undefined) record.baselineRevision = f.baselineRevision;
  // The session and tool columns are read from the masked input, never the raw one: they are the input's text too,
  // and a secret sent as a tool name or session id would otherwise be stored, queried and exported as sent.
  const sessionId = f.protocol.sessionOf(input);
  if (sessionId !== undefined) record.sessionId = sessionId;
  const tool = f.spec.toolEvent ? f.protocol.toolCallOf(input).toolName : "";
  if (tool !== "") record.tool = tool;
  if (f.verdict) record.verdict = f.verdict;
  return f.shadow ? { ...record, shadow: f.shadow } : record;
}

/** The team's layer when it has no policy to evaluate: no opinion (none), or its failure verdict (no longer compiles). */
function teamWithout(spec: EventSpec, loaded: LoadedPolicy, looping: boolean): FixedLayer {
  if (loaded.kind !== "broken") return { aggregate: { output: {} }, status: "none", why: "the team has no published policy" };
  const verdict = failVerdict(spec, looping ? "open" : "closed");
  const why = `revision ${loaded.record.revision} no longer compiles`;
  return {
    aggregate: verdict === "none" ? { output: {} } : { verdict, reason: `hookgate could not evaluate the team policy (${why}); failing closed.`, output: {} },
    status: "failed",
    why,
    revision: loaded.record.revision,
  };
}

/**
 * The input checked against the event's schema: the input itself when the schema's compiled check passes it (zod's
 * data would be an equal copy; without its JIT — Workers allow no eval — zod was ~10% of a hook call's JavaScript),
 * else zod's answer and its problems.
 */
function validated(spec: EventSpec, input: Record<string, unknown>): Result<Record<string, unknown>, Problem[]> {
  if (fastCheckOf(spec.input)?.(input)) return ok(input);
  const parsed = spec.input.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  return err(parsed.error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(input)", message: i.message })));
}

/**
 * An input refused: the problems for each client it could be from, each path prefixed with the client's name
 * (`undefined`: the route's own client alone, its paths as they are).
 */
function invalid(spec: EventSpec, refusals: readonly [{ name: string; title: string } | undefined, Problem[]][]): GateRefusal {
  const clients = refusals.flatMap(([c]) => (c ? [c.title] : []));
  return {
    code: "invalid_input",
    message: `the ${spec.name} input is not valid${clients.length > 0 ? ` as ${clients.map((t) => `${t}'s`).join(" or ")}` : ""}`,
    problems: refusals.flatMap(([c, problems]) => problems.map((p) => ({ path: c ? `${c.name}: ${p.path}` : p.path, message: p.message }))),
  };
}
