import type { CompiledPolicy, Problem } from "../engine/policy/compilePolicy";
import { otherClientCompiles, otherClientWarnings, publishableForEveryClient } from "../clients";
import { unavailableCallouts } from "../config";
import { kindOf } from "../engine/handlers/kinds";
import type { Verdict } from "../engine/event/eventSpec";
import { allTeams, hasScope } from "../access/scopes";
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

/**
 * Compile for this client and deployment: its FORWARD_SECRETS decide which secrets `http` handlers may name. A
 * document the caller wrote (`written`: published, staged, evaluated) that forwards any of them needs an org
 * admin: the secrets are the deployment's, not one team's, and the handler's URL is whatever its author wrote, so a
 * team's token could otherwise send them anywhere. A stored revision (a rollback, a canary) was vetted when written.
 */
export function compiledOrThrow(c: AppContext, document: unknown, { written = true }: { written?: boolean } = {}) {
  const compiled = c.var.gate.compile(document);
  if (!compiled.ok)
    throw new HookgateError("policy_invalid", `the policy has ${compiled.error.length} problem(s)`, { problems: compiled.error });
  const forwarded = written ? forwardedSecrets(compiled.value) : [];
  const caller = c.var.caller;
  if (forwarded.length > 0 && caller && !(hasScope(caller, "admin") && allTeams(caller)))
    throw new HookgateError(
      "forbidden",
      `the policy forwards the deployment's secret(s) ${forwarded.join(", ")} (allowedEnvVars of an http handler): only an org admin (the admin scope for every team) may write such a policy`,
    );
  return compiled.value;
}

/** The deployment secrets a policy's `http` handlers send (their `allowedEnvVars`, each checked against FORWARD_SECRETS). */
function forwardedSecrets(policy: CompiledPolicy): string[] {
  const out = new Set<string>();
  for (const event of Object.values(policy.events))
    for (const group of event?.groups ?? [])
      for (const h of group.handlers) if (h.type === "http") for (const name of h.doc.allowedEnvVars ?? []) out.add(name);
  return [...out];
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
  const others = otherClientCompiles(document);
  const summary = {
    handlers: compiled.handlerCount,
    events: Object.keys(compiled.events),
    warnings: [...compiled.warnings, ...otherClientWarnings(document, undefined, others, compiled.warnings), ...deploymentWarnings(compiled, c.env)],
  };
  const team = target.team ?? target.scope;
  if (dryRun === "1" || dryRun === "true") return c.json({ team, dryRun: true, valid: true, ...summary });
  const { record, unchanged } = await c.var.services.policies.publish(target.scope, publishableForEveryClient(compiled, others));
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
  compiledOrThrow(c, earlier.document, { written: false }); // never roll back onto something that does not compile today
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
 * What the compiler cannot know: this deployment's settings. A handler whose kind needs a callout this deployment
 * lacks (a `prompt` handler with no LLM configured) fails on every request (its onError verdict: closed →
 * deny/block), so the publish answer says so and how to fix it.
 */
export function deploymentWarnings(compiled: CompiledPolicy, env: Env): Problem[] {
  const unavailable = unavailableCallouts(env);
  const warnings: Problem[] = [];
  for (const event of Object.values(compiled.events))
    for (const group of event?.groups ?? [])
      for (const h of group.handlers) {
        const needs = kindOf(h).needs;
        const why = needs === null ? undefined : unavailable[needs];
        if (why === undefined) continue;
        const onError = (h as { onError?: Verdict | "none" }).onError;
        warnings.push({
          path: h.path,
          message: `this ${h.type} handler cannot run: ${why}; until then it contributes its onError verdict (${onError === "none" ? "no opinion" : `"${onError}"`})`,
        });
      }
  return warnings;
}
