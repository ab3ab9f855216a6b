import { HANDLER_KINDS, kindOf, type CompiledHandler, type HandlerCallouts } from "../engine/handlers/kinds";
import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import type { Evaluation, HandlerTrace } from "../engine/evaluate";
import { Gate } from "../gate/gate";
import type { ClientProfile } from "../gate/profile";
import { readAnswer, type Decision } from "./answers";
import { names } from "./expectations";
import type { PreparedCase, PreparedUnit } from "./load";
import type { Stub } from "./schema";

type Json = Record<string, unknown>;

type CaseStatus = "passed" | "failed" | "error";

export interface CaseResult {
  /** Where the case is in its file (`cases[3]`, `cases[4].steps[1]`). */
  path: string;
  name: string;
  event: string;
  status: CaseStatus;
  /** What did not hold (failed), or why the case could not be decided (error). */
  failures: string[];
  input: Json;
  /** The answer Claude Code would get, and the decision it shows. */
  answer?: Json;
  decision?: Decision;
  expected: PreparedCase["expect"];
  evaluation?: Evaluation;
}

/** Trace statuses that mean the handler's conditions held for the call: it decided, or would have, or failed trying. */
const EXERCISED: ReadonlySet<HandlerTrace["status"]> = new Set(["fired", "failed", "dry-run", "not-awaited"]);

/** The paths of the handlers a result's evaluation exercised (for coverage). */
export function exercisedBy(result: CaseResult): string[] {
  // (the baseline's handlers, layered under the policy with --baseline, are not the tested policy's to cover)
  return (result.evaluation?.trace.handlers ?? [])
    .filter((h) => EXERCISED.has(h.status) && (h as { layer?: string }).layer !== "baseline")
    .map((h) => h.path);
}

/**
 * Run every unit against the compiled policy through the Gate, the Worker's own decision path: each unit in a fresh
 * session (its `once` claims in memory, for that unit only), the steps of a sequence in order in one session.
 * Nothing leaves the process: judges and forwarded hooks answer what the case's `stubs` say, and one a case did
 * not stub makes the case an error, whatever the answer was.
 */
export async function runUnits(units: readonly PreparedUnit[], policy: CompiledPolicy, profile: ClientProfile, baseline?: CompiledPolicy): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const unit of units) {
    const claimed = new Set<string>();
    let current: PreparedCase | undefined;
    let unstubbed: string[] = [];
    const stubFor = (h: { id: string }): Stub | undefined => {
      const s = current?.stubs[h.id];
      if (s === undefined) unstubbed.push(h.id);
      return s;
    };
    // Each kind's stand-in answers from the case's stub: none makes the callout throw, as does `fails`.
    const answer = (h: { id: string }): Stub => {
      const s = stubFor(h);
      if (s === undefined) throw new Error("has no stub in this test case");
      if (s.fails !== undefined) throw new Error(s.fails);
      return s;
    };
    const standIns: HandlerCallouts = Object.assign({}, ...Object.values(HANDLER_KINDS).map((k) => (k.standIn?.callouts as ((a: typeof answer) => object) | undefined)?.(answer)));
    const gate = new Gate(profile, {
      callouts: () => standIns,
      state: { claimOnce: async (_team, session, handler) => !claimed.has(`${session}\n${handler}`) && Boolean(claimed.add(`${session}\n${handler}`)) },
    });
    for (const step of unit.steps) {
      current = step;
      unstubbed = [];
      results.push(await runCase(gate, step, policy, () => unstubbed, baseline));
    }
  }
  return results;
}

async function runCase(gate: Gate, c: PreparedCase, policy: CompiledPolicy, unstubbed: () => string[], baseline?: CompiledPolicy): Promise<CaseResult> {
  const base = { path: c.path, name: c.name, event: c.event.name, input: c.input, expected: c.expect };
  // Not a dry run: `once` claims are recorded (in this unit's memory), as the Worker records them per session.
  const decided = await gate.decide({ team: "hookgate-test", event: c.event, input: c.input, policy, ...(baseline ? { baseline } : {}), dryRun: false, explain: true });
  if (!decided.ok) {
    const problems = (decided.error.problems ?? []).map((p) => `${p.path}: ${p.message}`);
    return { ...base, status: "error", failures: [`${decided.error.message}${problems.length ? `: ${problems.join("; ")}` : ""}`] };
  }
  await decided.value.after;
  const { answer, evaluation } = decided.value;
  const read = readAnswer(c.event, answer);
  const result: CaseResult = { ...base, status: "passed", failures: [], answer, decision: read.decision, ...(evaluation ? { evaluation } : {}) };
  const missing = [...new Set(unstubbed())];
  if (missing.length > 0) {
    result.status = "error";
    result.failures = missing.map((id) => {
      const h = handlerById(policy, c.event.name, id);
      const kind = h && kindOf(h);
      return `${kind?.label ?? "handler"} "${id}" ran, and tests never call out: say what it answers in the case, e.g. "stubs": { "${id}": ${kind?.standIn?.example ?? "{}"} }`;
    });
    return result;
  }
  result.failures = compare(c, answer, read, evaluation);
  if (result.failures.length > 0) result.status = "failed";
  return result;
}

const handlerById = (policy: CompiledPolicy, event: string, id: string): CompiledHandler | undefined =>
  policy.events[event]?.groups.flatMap((g) => g.handlers).find((h) => h.id === id);

const show = (v: unknown) => (v === undefined ? "none" : JSON.stringify(v));

function compare(c: PreparedCase, answer: Json, read: ReturnType<typeof readAnswer>, evaluation: Evaluation | undefined): string[] {
  const e = c.expect;
  const out: string[] = [];
  if (read.decision !== e.decision) out.push(`decision: expected ${e.decision}, got ${read.decision}`);
  if (e.reason && !(read.reason !== undefined && e.reason.test(read.reason)))
    out.push(`reason: expected ${e.reason.source.startsWith("/") ? "to match" : "to contain"} ${JSON.stringify(e.reason.source)}, got ${show(read.reason)}`);
  if (e.additionalContext !== undefined && !(read.additionalContext ?? "").includes(e.additionalContext))
    out.push(`additionalContext: expected to contain ${JSON.stringify(e.additionalContext)}, got ${show(read.additionalContext)}`);
  if (e.updatedInput !== undefined && !sameJson(read.updatedInput, e.updatedInput))
    out.push(`updatedInput: expected ${JSON.stringify(e.updatedInput)}, got ${show(read.updatedInput)}`);
  if (e.answer !== undefined && !sameJson(answer, e.answer)) out.push(`answer: expected ${JSON.stringify(e.answer)}, got ${JSON.stringify(answer)}`);
  for (const name of e.handlers) {
    const t = evaluation?.trace.handlers.find((h) => names(h, name));
    if (!t || (t.status !== "fired" && t.status !== "failed")) {
      out.push(`handler: expected "${name}" to decide it, but it ${t ? `was ${t.status}: ${t.why}` : "was not reached"}`);
      continue;
    }
    // For a decision, the handler must have given that very decision (not merely fired beside the one that did).
    const said = t.outcome?.verdict;
    if (e.decision !== "none" && read.decision !== "none" && said !== read.decision)
      out.push(`handler: "${name}" fired, but it said ${said ?? "no decision"}; the ${read.decision} came from ${decidersOf(evaluation, read.decision).join(", ") || "no handler"}`);
  }
  return out;
}

const decidersOf = (evaluation: Evaluation | undefined, decision: Decision) =>
  (evaluation?.trace.handlers ?? []).filter((h) => (h.status === "fired" || h.status === "failed") && h.outcome?.verdict === decision).map((h) => h.id);

/** Deep equality of JSON values, object key order ignored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => sameJson(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Json)[k], (b as Json)[k]));
}
