import type { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import { hasScope } from "../access/scopes";
import { BASELINE_SCOPE } from "../gate/baseline";
import { impactReport, IMPACT_MAX_LIMIT } from "../replay/impact";
import { subjectOf } from "../replay/replay";
import { publicRollout } from "../rollout/state";
import type { DecisionRecord, PolicyRecord } from "../services";
import * as api from "./adminApi";
import { policyBody, publishQuery } from "./adminSchemas";
import { messageOf, recordChange } from "./audit";
import { validatedBody, type AppContext, type AppEnv } from "./context";
import { HookgateError } from "./errors";
import { registerRoute, validQuery } from "./openapiRoute";
import { compiledOrThrow, deploymentWarnings } from "./publishing";
import { publishableForEveryClient } from "../clients";
import { canaryBody, impactBody, rolloutStepBody } from "./rolloutSchemas";

/*
 * The rollout's admin routes (docs/rolling-out.md): impact on recorded traffic, the shadow, the canary, promote and
 * abort. Declared in adminApi.ts; the state lives on the team's policy pointer (src/rollout/), the Gate's steps in
 * src/gate/rollout.ts, the counts in the decision log's index (src/decisionLog/rolloutQueries.ts).
 */

const EXAMPLES_PER_HANDLER = 3;

/** The current pointer, or a 404 naming the team. */
async function currentOf(c: AppContext): Promise<PolicyRecord> {
  const record = await c.var.services.policies.current(c.var.team);
  if (!record) throw new HookgateError("not_found", `team "${c.var.team}" has no published policy`);
  return record;
}

/** A body that may be left out altogether (promote, abort): `{}` then. */
async function optionalBody<S extends z.ZodType>(c: AppContext, schema: S): Promise<z.output<S> | Record<string, never>> {
  const hasBody = c.req.raw.body !== null && c.req.header("content-length") !== "0";
  return hasBody ? validatedBody(c, schema) : {};
}

/** `PUT …/policy?stage=shadow`: a new revision that is not current, the team's shadow, with its audit entry. */
export async function stageShadow(c: AppContext) {
  const { team } = c.var;
  const message = messageOf(c);
  const document = await validatedBody(c, policyBody);
  const compiled = compiledOrThrow(c, document);
  const summary = { handlers: compiled.handlerCount, events: Object.keys(compiled.events), warnings: [...compiled.warnings, ...deploymentWarnings(compiled, c.env)] };
  if (validQuery(c, publishQuery).dryRun === "1" || validQuery(c, publishQuery).dryRun === "true") return c.json({ team, dryRun: true, valid: true, ...summary });
  const outcome = await c.var.services.policies.stage(team, publishableForEveryClient(compiled));
  if (outcome.kind === "refused") throw new HookgateError(outcome.code, outcome.message);
  c.var.gate.policyChanged(team);
  const { record, pointer } = outcome;
  await recordChange(c, { team, action: "policy.shadow", revision: record.revision, digest: record.digest, detail: { current: pointer.revision } }, message);
  return c.json(
    { team, revision: record.revision, publishedAt: record.publishedAt, digest: record.digest, unchanged: false, stage: "shadow", current: pointer.revision, rollout: publicRollout(pointer.rollout), ...summary },
    201,
  );
}

interface ShadowGroup {
  handler: string;
  count: number;
  examples: Record<string, unknown>[];
}

/** Disagreements by handler: those that fired on one side only, else (the same handlers, another verdict) the shadow's. */
function byHandler(records: readonly DecisionRecord[]): ShadowGroup[] {
  const groups = new Map<string, ShadowGroup>();
  for (const r of records) {
    const shadow = r.shadow;
    if (!shadow) continue;
    const only = [...shadow.fired.filter((id) => !r.fired.includes(id)), ...r.fired.filter((id) => !shadow.fired.includes(id))];
    const handlers = only.length > 0 ? only : shadow.fired.length > 0 ? shadow.fired : ["(no handler)"];
    const input = (typeof r.input === "object" && r.input !== null ? r.input : {}) as Record<string, unknown>;
    const example = {
      decisionId: r.decisionId,
      time: r.time,
      event: r.event,
      ...(r.tool ? { tool: r.tool } : {}),
      ...(r.sessionId ? { session: r.sessionId } : {}),
      subject: subjectOf(input, []),
      answered: r.verdict ?? "none",
      shadow: shadow.verdict,
    };
    for (const handler of new Set(handlers)) {
      let g = groups.get(handler);
      if (!g) groups.set(handler, (g = { handler, count: 0, examples: [] }));
      g.count++;
      if (g.examples.length < EXAMPLES_PER_HANDLER) g.examples.push(example);
    }
  }
  return [...groups.values()].sort((x, y) => y.count - x.count || x.handler.localeCompare(y.handler));
}

export function registerRolloutRoutes(admin: OpenAPIHono<AppEnv>): void {
  registerRoute(admin, api.policyImpact, async (c) => {
    const body = await validatedBody(c, impactBody);
    const candidate = compiledOrThrow(c, body.policy);
    const { gate, services, team } = c.var;
    const [record, baselineRecord] = await Promise.all([services.policies.current(team), services.policies.current(BASELINE_SCOPE)]);
    if (!record) throw new HookgateError("not_found", `team "${team}" has no published policy: there is nothing recorded to compare with`);
    const current = gate.storedPolicy(record);
    if (current.kind !== "ok") throw new HookgateError("policy_invalid", `revision ${record.revision} no longer compiles`, current.kind === "broken" ? { problems: current.problems } : {});
    const baseline = baselineRecord ? gate.storedPolicy(baselineRecord) : undefined;
    if (baseline && baseline.kind !== "ok") throw new HookgateError("policy_invalid", `baseline revision ${baselineRecord?.revision} no longer compiles`);
    const logged = await services.decisions.query(team, {
      limit: body.limit ?? IMPACT_MAX_LIMIT,
      ...(body.since !== undefined ? { since: new Date(body.since).toISOString() } : {}),
    });
    const report = await impactReport(
      gate.profile,
      { team, current: { revision: record.revision, policy: current.compiled }, candidate, ...(baseline?.kind === "ok" ? { orgBaseline: baseline.compiled } : {}) },
      logged,
    );
    return c.json(report);
  });

  registerRoute(admin, api.getShadow, async (c) => {
    const { team, services } = c.var;
    const shadow = (await currentOf(c)).rollout?.shadow;
    if (!shadow) throw new HookgateError("not_found", `team "${team}" has no shadow: PUT …/policy?stage=shadow starts one`);
    const tally = await services.rolloutLog.shadowTally(team, shadow.revision, shadow.since);
    const decisions = tally.byVerdict.reduce((n, p) => n + p.count, 0);
    const agreed = tally.byVerdict.filter((p) => p.answered === p.shadow).reduce((n, p) => n + p.count, 0);
    // The examples quote recorded inputs (the command, path or prompt, the session), which is the decision log's
    // content: a token that may read the policy but not the log gets the counts without them, as impact needs
    // decisions:read for quoting the same records.
    const quoting = hasScope(c.var.caller, "decisions:read");
    const groups = byHandler(tally.disagreements).map((g) => (quoting ? g : { ...g, examples: [] }));
    return c.json({
      team,
      revision: shadow.revision,
      since: shadow.since,
      decisions,
      agreed,
      disagreed: decisions - agreed,
      agreement: decisions > 0 ? agreed / decisions : null,
      byVerdict: tally.byVerdict.sort((x, y) => y.count - x.count),
      byHandler: groups,
      ...(tally.truncated || tally.disagreements.length < decisions - agreed ? { truncated: true } : {}),
      ...(quoting ? {} : { examplesWithheld: true }),
    });
  });

  registerRoute(admin, api.startCanary, async (c) => {
    const { team, services } = c.var;
    const body = await validatedBody(c, canaryBody);
    const message = messageOf(c, body.message);
    const target = await services.policies.revision(team, body.revision);
    if (!target) throw new HookgateError("not_found", `team "${team}" has no revision ${body.revision}`);
    compiledOrThrow(c, target.document, { written: false }); // never answer anyone from a revision that does not compile today
    const at = new Date(services.now()).toISOString();
    const outcome = await services.policies.changeRollout(team, { kind: "canary", revision: body.revision, percent: body.percent, at });
    if (outcome.kind === "refused") throw new HookgateError(outcome.code, outcome.message);
    c.var.gate.policyChanged(team);
    await recordChange(c, { team, action: "policy.canary", revision: body.revision, digest: target.digest, detail: { percent: body.percent, current: outcome.pointer.revision } }, message);
    return c.json({ team, rollout: publicRollout(outcome.pointer.rollout) });
  });

  registerRoute(admin, api.promoteCanary, async (c) => {
    const { team, services } = c.var;
    const body = await optionalBody(c, rolloutStepBody);
    const message = messageOf(c, body.message);
    const pending = (await currentOf(c)).rollout?.canary;
    if (pending) {
      const target = await services.policies.revision(team, pending.revision);
      if (target) compiledOrThrow(c, target.document, { written: false });
    }
    const outcome = await services.policies.changeRollout(team, { kind: "promote" });
    if (outcome.kind === "refused") throw new HookgateError(outcome.code, outcome.message);
    if (outcome.kind !== "promoted") throw new HookgateError("internal", "the promote did not promote");
    c.var.gate.policyChanged(team);
    const { pointer, from, canary } = outcome;
    const [canaryRate, currentRate] = await services.rolloutLog.revisionRates(team, [canary.revision, from], canary.since);
    await recordChange(c, { team, action: "policy.promote", revision: pointer.revision, digest: pointer.digest, detail: { from, percent: canary.percent } }, message);
    return c.json({ team, revision: pointer.revision, promotedFrom: from, canary: canaryRate, current: currentRate });
  });

  registerRoute(admin, api.abortRollout, async (c) => {
    const { team, services } = c.var;
    const body = await optionalBody(c, rolloutStepBody);
    const message = messageOf(c, body.message);
    const outcome = await services.policies.changeRollout(team, { kind: "abort" });
    if (outcome.kind === "refused") throw new HookgateError(outcome.code, outcome.message);
    if (outcome.kind !== "changed" || !outcome.ended || outcome.endedRevision === undefined) throw new HookgateError("internal", "the abort ended nothing");
    c.var.gate.policyChanged(team);
    await recordChange(c, { team, action: "policy.abort", revision: outcome.endedRevision, detail: { ended: outcome.ended, current: outcome.pointer.revision } }, message);
    return c.json({ team, ended: outcome.ended, revision: outcome.endedRevision, rollout: publicRollout(outcome.pointer.rollout) });
  });
}
