import { OpenAPIHono } from "@hono/zod-openapi";
import type { CompiledPolicy, Problem } from "../engine/policy/compilePolicy";
import { llmConfigFrom } from "../config";
import { NO_LLM } from "../engine/policy/handlerKinds";
import { forgetToken } from "./caches";
import * as api from "./adminApi";
import { canSeeTeam } from "../access/scopes";
import { BASELINE_SCOPE } from "../gate/baseline";
import type { AuditAction } from "../services";
import { registerAccessRoutes } from "./accessRoutes";
import { decisionsQuery, evaluateBody, exportQuery, policyBody, publishQuery, revisionParams, rollbackBody, settingsQuery, tokenBody, tokenParams } from "./adminSchemas";
import { messageOf, recordChange } from "./audit";
import { validatedBody, type AppContext, type AppEnv } from "./context";
import { HookgateError, refusal } from "./errors";
import { registerRoute, validParams, validQuery } from "./openapiRoute";

/** Said wherever a team without a policy could be mistaken for a gated one: its hooks answer {} (allow). */
export const noPolicyWarning = (team: string, baseline = false) =>
  baseline
    ? `team "${team}" has no published policy: its hooks answer by the org baseline alone until one is pushed`
    : `team "${team}" has no published policy: its hooks answer {} (allow) until one is pushed`;

const hasBaseline = async (c: AppContext) => (await c.var.services.policies.current(BASELINE_SCOPE)) !== null;

/** Compile for this client and deployment: its FORWARD_SECRETS decide which secrets `http` handlers may name. */
export function compiledOrThrow(c: AppContext, document: unknown) {
  const compiled = c.var.gate.compile(document);
  if (!compiled.ok)
    throw new HookgateError("policy_invalid", `the policy has ${compiled.error.length} problem(s)`, { problems: compiled.error });
  return compiled.value;
}

/** The team's published policy compiled; undefined when it has none and a baseline will answer alone. */
async function currentCompiled(c: AppContext): Promise<CompiledPolicy | undefined> {
  const record = await c.var.services.policies.current(c.var.team);
  if (!record) {
    if (await c.var.services.policies.current(BASELINE_SCOPE)) return undefined;
    throw new HookgateError("not_found", `team "${c.var.team}" has no published policy`);
  }
  const loaded = c.var.gate.storedPolicy(record);
  if (loaded.kind === "broken")
    throw new HookgateError("policy_invalid", `revision ${record.revision} no longer compiles`, { problems: loaded.problems });
  if (loaded.kind !== "ok") throw new HookgateError("not_found", `team "${c.var.team}" has no published policy`);
  return loaded.compiled;
}

/** Where a publish or rollback goes: a team's policy or the org baseline (the same store, the same writer). */
interface Target {
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
    warnings: [...compiled.warnings, ...deploymentWarnings(compiled, c.env)],
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

/**
 * The admin API (hookgate spec §7), behind `Authorization: Bearer $ADMIN_TOKEN`. Each route's definition (adminApi.ts)
 * is both its entry in the OpenAPI document and its parameter validation; bodies are validated with the schemas the
 * definitions name (openapiRoute.ts says why not by zod-openapi).
 */
export function adminRoutes(): OpenAPIHono<AppEnv> {
  const admin = new OpenAPIHono<AppEnv>();

  // Exactly {teams}; `truncated: true` only when the bounded listing stopped early (the CLI reads this shape).
  // Exactly {teams}; `truncated: true` only when the bounded listing stopped early (the CLI reads this shape). Only
  // the teams the caller's token may see.
  registerRoute(admin, api.listTeams, async (c) => {
    const { teams: all, truncated } = await c.var.services.teams.list();
    const teams = all.filter((t) => canSeeTeam(c.var.caller, t.team));
    return c.json(truncated ? { teams, truncated: true } : { teams });
  });

  registerRoute(admin, api.putPolicy, (c) => publishTo(c, { scope: c.var.team, team: c.var.team, action: "policy.publish" }));

  registerRoute(admin, api.getPolicy, async (c) => {
    const record = await c.var.services.policies.current(c.var.team);
    if (!record) throw new HookgateError("not_found", `team "${c.var.team}" has no published policy`);
    return c.json(record);
  });

  registerRoute(admin, api.listRevisions, async (c) =>
    c.json({ team: c.var.team, revisions: await c.var.services.policies.revisions(c.var.team) }),
  );

  registerRoute(admin, api.getRevision, async (c) => {
    const rev = Number(validParams(c, revisionParams).rev);
    const record = await c.var.services.policies.revision(c.var.team, rev);
    if (!record) throw new HookgateError("not_found", `team "${c.var.team}" has no revision ${rev}`);
    return c.json(record);
  });

  registerRoute(admin, api.rollback, (c) => rollbackTo(c, { scope: c.var.team, team: c.var.team, action: "policy.rollback" }));

  registerRoute(admin, api.createToken, async (c) => {
    const hasBody = (c.req.header("content-length") ?? "0") !== "0" || c.req.header("transfer-encoding") !== undefined;
    const { name } = hasBody ? await validatedBody(c, tokenBody) : { name: undefined };
    const message = messageOf(c);
    const { token, info } = await c.var.services.tokens.create(c.var.team, name);
    await recordChange(c, { team: c.var.team, action: "token.create", target: info.id, ...(name !== undefined ? { detail: { name } } : {}) }, message);
    const warnings = (await c.var.services.policies.current(c.var.team)) ? [] : [noPolicyWarning(c.var.team, await hasBaseline(c))];
    return c.json({ ...info, token, note: "This is the only time the token is shown; hookgate stores only its hash.", warnings }, 201);
  });

  registerRoute(admin, api.listTokens, async (c) => c.json({ team: c.var.team, tokens: await c.var.services.tokens.list(c.var.team) }));

  registerRoute(admin, api.revokeToken, async (c) => {
    const { id } = validParams(c, tokenParams);
    const message = messageOf(c);
    const hash = await c.var.services.tokens.revoke(c.var.team, id);
    if (hash === null) throw new HookgateError("not_found", `team "${c.var.team}" has no token ${id}`);
    forgetToken(hash);
    await recordChange(c, { team: c.var.team, action: "token.revoke", target: id }, message);
    return c.json({ revoked: id });
  });

  registerRoute(admin, api.evaluate, async (c) => {
    const body = await validatedBody(c, evaluateBody);
    // The team's layer: the inline draft, else the published policy; a team with none is evaluated by the baseline
    // alone, as its hooks are (the Gate layers the published baseline under either).
    const compiled = body.policy !== undefined ? compiledOrThrow(c, body.policy) : await currentCompiled(c);
    const { gate } = c.var;
    const event = gate.eventOf(body.input.hook_event_name);
    if (!event.ok) throw refusal(event.error, "input");
    // No state is written: once-claims are answered "not yet fired" and judges/forwards run as configured.
    const decided = await gate.decide({ team: c.var.team, event: event.value, input: body.input, ...(compiled ? { policy: compiled } : {}), dryRun: true, explain: true });
    if (!decided.ok) throw refusal(decided.error, "input");
    const evaluation = decided.value.evaluation;
    return c.json({ answer: decided.value.answer, trace: evaluation?.trace, dryRun: evaluation?.dryRun ?? [], errors: evaluation?.errors ?? [] });
  });

  registerRoute(admin, api.settings, async (c) => {
    const { profile } = c.var.gate;
    const base = profile.serviceUrl(validQuery(c, settingsQuery).url ?? new URL(c.req.url).origin);
    if (!base.ok) throw new HookgateError("invalid_input", `url ${base.error}`);
    const [record, baselineRecord] = await Promise.all([c.var.services.policies.current(c.var.team), c.var.services.policies.current(BASELINE_SCOPE)]);
    const loaded = record ? c.var.gate.storedPolicy(record) : undefined;
    const baseline = baselineRecord ? c.var.gate.storedPolicy(baselineRecord) : undefined;
    // The body stays exactly the block to paste; what the caller should know about it rides in headers (ASCII only:
    // a header value is a byte string).
    if (!record) c.header("Hookgate-Warning", noPolicyWarning(c.var.team, baselineRecord !== null), { append: true });
    else if (loaded?.kind === "broken")
      c.header(
        "Hookgate-Warning",
        `revision ${record.revision} of team "${c.var.team}" no longer compiles (${loaded.problems.length} problem(s)): these settings cover the default events, not the policy's; publish a fixed policy`,
        { append: true },
      );
    return c.json(
      profile.settings({
        url: base.value,
        team: c.var.team,
        ...(loaded?.kind === "ok" ? { policy: loaded.compiled } : {}),
        ...(baseline?.kind === "ok" ? { baseline: baseline.compiled } : {}),
      }),
    );
  });

  // How the decision log is faring: records written, cut to the caps, batches retried, records replaced or lost.
  registerRoute(admin, api.decisionLog, async (c) => c.json({ log: await c.var.services.decisions.health() }));

  registerRoute(admin, api.decisions, async (c) => {
    const q = validQuery(c, decisionsQuery);
    // Times are stored as toISOString() and compared as strings: normalise the bounds to that exact form, or
    // `…T10:00:00Z` sorts after `…T10:00:00.500Z` and a whole-second bound misses records inside that second.
    const instant = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
    const filter = Object.fromEntries(
      Object.entries({ ...q, since: instant(q.since), until: instant(q.until) }).filter(([, v]) => v !== undefined),
    );
    return c.json({ team: c.var.team, decisions: await c.var.services.decisions.query(c.var.team, filter) });
  });

  registerRoute(admin, api.decisionsExport, async (c) => {
    const q = validQuery(c, exportQuery);
    const since = new Date(q.since).toISOString();
    const until = new Date(q.until ?? Date.now()).toISOString();
    if (since > until) throw new HookgateError("invalid_input", "since is after until");
    return new Response(c.var.services.decisions.export(c.var.team, since, until), {
      headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
    });
  });

  registerAccessRoutes(admin);
  return admin;
}
