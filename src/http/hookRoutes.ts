import type { Hono } from "hono";
import { failVerdict, type CompiledPolicy } from "../engine/compilePolicy";
import type { EventSpec } from "../engine/eventSpec";
import { evaluate, type Evaluation } from "../engine/evaluate";
import type { Aggregate } from "../engine/outcome";
import { respond } from "../engine/respond";
import { maskForExport } from "../engine/mask";
import type { DecisionRecord } from "../services";
import { cacheTtlOf, teamAuth } from "./auth";
import { loadPolicy, type LoadedPolicy } from "./caches";
import { issuesToProblems, readJsonBody, type AppContext, type AppEnv } from "./context";
import { errorText, log } from "../log";
import { HookgateError } from "./errors";

/** The answer a gating event gets when hookgate itself cannot decide: failMode, said plainly. */
export function failureAnswer(spec: EventSpec, failMode: "open" | "closed", why: string): Record<string, unknown> {
  const verdict = failVerdict(spec, failMode);
  const agg: Aggregate = { output: {} };
  if (verdict !== "none") {
    agg.verdict = verdict;
    agg.reason = `hookgate could not evaluate the team policy (${why}); failing closed.`;
  }
  return respond(spec, agg);
}


/** A caller-supplied name as it may appear in an error message: quoted, escaped and cut short. */
const quoted = (s: string) => JSON.stringify(s.length > 64 ? `${s.slice(0, 64)}…` : s);

/** The event a request is for: the route's, which the body must name, or (generic route) the one the body names. */
function eventFor(routeSpec: EventSpec | undefined, named: unknown, team: string, table: ReadonlyMap<string, EventSpec>): EventSpec {
  const bodyName = typeof named === "string" ? named : undefined;
  if (routeSpec === undefined) {
    const spec = bodyName !== undefined ? table.get(bodyName) : undefined;
    if (!spec)
      throw new HookgateError("unknown_event", bodyName !== undefined ? `unknown hook_event_name ${quoted(bodyName)}` : "hook_event_name is missing");
    return spec;
  }
  if (bodyName !== routeSpec.name) {
    const where = `/v1/hooks/${team}/${(bodyName !== undefined && table.get(bodyName)?.route) || "<event>"}`;
    throw new HookgateError(
      "event_mismatch",
      `this route is for ${routeSpec.name} but the body's hook_event_name is ${bodyName !== undefined ? quoted(bodyName) : "missing"}; point the ${bodyName !== undefined ? quoted(bodyName) : "hook"} hook at ${where}`,
    );
  }
  return routeSpec;
}

async function handleHook(c: AppContext, routeSpec: EventSpec | undefined, table: ReadonlyMap<string, EventSpec>) {
  const started = performance.now();
  const team = c.var.team;
  const { services } = c.var;
  const { text: rawBody, value: body } = await readJsonBody(c);
  const spec = eventFor(routeSpec, body.hook_event_name, team, table);
  const parsed = spec.input.safeParse(body);
  if (!parsed.success)
    throw new HookgateError("invalid_input", `the ${spec.name} input is not valid`, { problems: issuesToProblems(parsed.error) });
  const input = parsed.data;
  // A Stop/SubagentStop with stop_hook_active is already continuing because of a block: failing closed again would
  // loop the session until the client gives up, so there hookgate's own failures let the stop through.
  const stopLoop = (spec.name === "Stop" || spec.name === "SubagentStop") && input.stop_hook_active === true;
  if (c.var.authUnavailable)
    return c.json(failureAnswer(spec, stopLoop ? "open" : "closed", "the token check is unavailable"), 200, { "X-Hookgate-Policy-Revision": "unavailable" });

  const decisionId = crypto.randomUUID();
  // A policy that cannot be read (storage error, a corrupt record) fails closed like one that no longer compiles:
  // a 5xx would make the client go ahead (contract §2.5).
  let loaded: LoadedPolicy;
  let loadFailed = false;
  try {
    loaded = await loadPolicy(services.policies, team, services.now(), cacheTtlOf(c.env));
  } catch (e) {
    log("error", { msg: "policy load failed", team, error: errorText(e) });
    loaded = { kind: "none" };
    loadFailed = true;
  }
  const revision = loaded.kind === "none" ? null : loaded.record.revision;
  const headers = {
    "X-Hookgate-Decision-Id": decisionId,
    "X-Hookgate-Policy-Revision": loadFailed ? "unavailable" : revision === null ? "none" : String(revision),
  };

  type Outcome = { answer: Record<string, unknown>; evaluation?: Evaluation; error?: string; dedup?: boolean; verdict?: string };
  // A failure answer, with the verdict it carries so the decision log shows what the client was told.
  const failed = (given: "open" | "closed", why: string, error: string): Outcome => {
    const mode = stopLoop ? "open" : given;
    const verdict = failVerdict(spec, mode);
    return { answer: failureAnswer(spec, mode, why), error, ...(verdict !== "none" ? { verdict } : {}) };
  };
  const run = async (): Promise<Outcome> => {
    if (loadFailed) return failed("closed", "the policy could not be loaded", "policy could not be loaded");
    if (loaded.kind === "none") return { answer: {} };
    if (loaded.kind === "broken")
      return failed("closed", `revision ${loaded.record.revision} no longer compiles`, "policy does not compile");
    const policy: CompiledPolicy = loaded.compiled;
    // A redelivered request whose evaluation has a cost or side effect gets the answer it already got.
    const dedupKey = policy.events[spec.name]?.stateful ? await services.dedup.key(team, loaded.record.revision, spec.name, input, rawBody) : undefined;
    if (dedupKey) {
      const previous = await services.dedup.find(dedupKey).catch(() => null);
      if (previous) return { answer: previous.answer, dedup: true, ...(previous.verdict ? { verdict: previous.verdict } : {}) };
    }
    try {
      const sessionId = typeof input.session_id === "string" ? input.session_id : "";
      const evaluation = await evaluate(policy, spec, input, {
        ...services.effects(policy),
        claimOnce: (handlerId) => services.state.claimOnce(team, sessionId, handlerId),
      });
      // respond() already checked it against the event's answer schema: nothing the client would drop leaves.
      const answer = evaluation.answer;
      // Failures are not remembered: a redelivery after a judge timed out deserves a fresh try.
      if (dedupKey && evaluation.errors.length === 0) {
        const verdict = evaluation.aggregate.verdict;
        c.executionCtx.waitUntil(services.dedup.remember(dedupKey, { answer, ...(verdict ? { verdict } : {}) }).catch(() => {}));
      }
      return { answer, evaluation };
    } catch (e) {
      log("error", { msg: "evaluation failed", event: spec.name, error: errorText(e) });
      return failed(policy.failMode, "an internal error", "internal error");
    }
  };

  const recordDecision = (result: Outcome) =>
    services.decisions.record(decisionRecord(decisionId, team, spec, input, loaded, result, performance.now() - started)).catch(() => {});

  if (spec.acknowledgeFirst) {
    // SessionEnd: the client gives all its SessionEnd hooks 1.5 s together; answer now, work after.
    c.executionCtx.waitUntil(run().then(recordDecision));
    return c.json({}, 200, { ...headers, "Server-Timing": `eval;dur=${(performance.now() - started).toFixed(3)}` });
  }
  const result = await run();
  c.executionCtx.waitUntil(recordDecision(result));
  return c.json(result.answer, 200, {
    ...headers,
    ...(result.dedup ? { "X-Hookgate-Dedup": "hit" } : {}),
    "Server-Timing": `eval;dur=${(performance.now() - started).toFixed(3)}`,
  });
}

function decisionRecord(
  decisionId: string,
  team: string,
  spec: EventSpec,
  input: Record<string, unknown>,
  loaded: LoadedPolicy,
  result: { evaluation?: Evaluation; error?: string; dedup?: boolean; verdict?: string },
  latencyMs: number,
): DecisionRecord {
  const ev = result.evaluation;
  const maskFields = loaded.kind === "ok" ? (loaded.compiled.document.maskFields ?? []) : [];
  const record: DecisionRecord = {
    decisionId,
    time: new Date().toISOString(),
    team,
    event: spec.name,
    fired: ev?.fired ?? [],
    dryRun: (ev?.dryRun ?? []).map((o) => ({ id: o.id, ...(o.verdict ? { verdict: o.verdict } : {}) })),
    revision: loaded.kind === "none" ? null : loaded.record.revision,
    latencyMs,
    dedup: result.dedup ?? false,
    errors: [...(ev?.errors ?? []), ...(result.error ? [result.error] : [])],
    // Capped and masked here; the log caps every field again (RECORD_LIMITS) before it buffers the record.
    input: maskForExport(input, maskFields),
  };
  if (typeof input.session_id === "string") record.sessionId = input.session_id;
  if (typeof input.tool_name === "string") record.tool = input.tool_name;
  const verdict = ev?.aggregate.verdict ?? result.verdict;
  if (verdict) record.verdict = verdict;
  return record;
}

/** Register one route per event from the table, plus the generic route that dispatches on hook_event_name. */
export function registerHookRoutes(app: Hono<AppEnv>, table: readonly EventSpec[]) {
  const byName = new Map(table.map((s) => [s.name as string, s]));
  for (const spec of table) app.post(`/v1/hooks/:team/${spec.route}`, teamAuth, (c) => handleHook(c, spec, byName));
  app.post("/v1/hooks/:team", teamAuth, (c) => handleHook(c, undefined, byName));
}
