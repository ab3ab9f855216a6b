import type { CompiledPolicy, Problem } from "../engine/policy/compilePolicy";
import { otherClientWarnings } from "../clients";
import { llmConfigFrom } from "../config";
import { NO_LLM } from "../engine/policy/handlerKinds";
import type { AuditAction } from "../services";
import { policyBody, publishQuery, rollbackBody } from "./adminSchemas";
import { messageOf, recordChange } from "./audit";
import { validatedBody, type AppContext } from "./context";
import { HookgateError } from "./errors";
import { validQuery } from "./openapiRoute";

/*
 * Publishing and rolling back a policy — a team's or the org baseline (the same store, the same writer, one audit
 * entry each) — shared by the team routes (adminRoutes.ts) and the baseline routes (accessRoutes.ts).
 */

/** Compile for this client and deployment: its FORWARD_SECRETS decide which secrets `http` handlers may name. */
export function compiledOrThrow(c: AppContext, document: unknown) {
  const compiled = c.var.gate.compile(document);
  if (!compiled.ok)
    throw new HookgateError("policy_invalid", `the policy has ${compiled.error.length} problem(s)`, { problems: compiled.error });
  return compiled.value;
}

/** Where a publish or rollback goes: a team's policy or the org baseline (the same store, the same writer). */
export interface Target {
  /** the policy store's name for it: the team, or BASELINE_SCOPE */
  scope: string;
  /** the audit entry's team: null for the baseline */
  team: string | null;
  action: AuditAction;
}

const targetName = (t: Target) => (t.team === null ? "the baseline" : `team "${t.team}"`);

/** Validate, compile and publish as the next revision (`?dryRun=1`: report only), with its one audit entry. */
export async function publishTo(c: AppContext, target: Target) {
  const { dryRun } = validQuery(c, publishQuery);
  const message = messageOf(c);
  const document = await validatedBody(c, policyBody);
  const compiled = compiledOrThrow(c, document);
  const summary = {
    handlers: compiled.handlerCount,
    events: Object.keys(compiled.events),
    warnings: [...compiled.warnings, ...otherClientWarnings(document), ...deploymentWarnings(compiled, c.env)],
  };
  const team = target.team ?? target.scope;
  if (dryRun === "1" || dryRun === "true") return c.json({ team, dryRun: true, valid: true, ...summary });
  const { record, unchanged } = await c.var.services.policies.publish(target.scope, compiled.publishable);
  if (!unchanged) {
    c.var.gate.policyChanged(target.scope);
    await recordChange(c, { team: target.team, action: target.action, revision: record.revision, digest: record.digest }, message);
  }
  const answer = { team, revision: record.revision, publishedAt: record.publishedAt, digest: record.digest, unchanged, ...summary };
  return c.json(answer, unchanged ? 200 : 201);
}

/** Make an earlier revision current again (it must still compile), with its one audit entry. */
export async function rollbackTo(c: AppContext, target: Target) {
  const body = await validatedBody(c, rollbackBody);
  const { revision } = body;
  const message = messageOf(c, body.message);
  const earlier = await c.var.services.policies.revision(target.scope, revision);
  if (!earlier) throw new HookgateError("not_found", `${targetName(target)} has no revision ${revision}`);
  compiledOrThrow(c, earlier.document); // never roll back onto something that does not compile today
  const outcome = await c.var.services.policies.activate(target.scope, revision);
  if (outcome.kind === "missing") throw new HookgateError("not_found", `${targetName(target)} has no revision ${revision}`);
  if (outcome.kind === "current") throw new HookgateError("conflict", `revision ${outcome.revision} is already current for ${targetName(target)}: nothing to roll back`);
  c.var.gate.policyChanged(target.scope);
  const from = outcome.record.rolledBackFrom;
  await recordChange(
    c,
    { team: target.team, action: target.action, revision, digest: outcome.record.digest, ...(from !== undefined ? { detail: { from } } : {}) },
    message,
  );
  return c.json(outcome.record);
}

/**
 * What the compiler cannot know: this deployment's settings. A `prompt` handler with no LLM configured fails on
 * every request (its onError verdict: closed → deny/block), so the publish answer says so and how to fix it.
 */
function deploymentWarnings(compiled: CompiledPolicy, env: Env): Problem[] {
  if (llmConfigFrom(env)) return [];
  const warnings: Problem[] = [];
  for (const event of Object.values(compiled.events))
    for (const group of event?.groups ?? [])
      for (const h of group.handlers)
        if (h.type === "prompt")
          warnings.push({
            path: h.path,
            message: `this prompt handler cannot run: ${NO_LLM}; until then it contributes its onError verdict (${h.onError === "none" ? "no opinion" : `"${h.onError}"`})`,
          });
  return warnings;
}
