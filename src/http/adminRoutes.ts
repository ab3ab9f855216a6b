import { OpenAPIHono } from "@hono/zod-openapi";
import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import { maskText } from "../engine/secrets/maskCut";
import { forgetToken } from "./caches";
import * as api from "./adminApi";
import { canSeeTeam } from "../access/scopes";
import { BASELINE_SCOPE } from "../gate/baseline";
import { registerAccessRoutes } from "./accessRoutes";
import { registerRolloutRoutes, stageShadow } from "./rolloutRoutes";
import { publicRollout } from "../rollout/state";
import { compiledOrThrow, publishTo, rollbackTo } from "./publishing";
import { decisionsQuery, evaluateBody, exportQuery, revisionParams, rollupsQuery, settingsQuery, tokenBody, tokenParams } from "./adminSchemas";
import { messageOf, recordChange } from "./audit";
import { validatedBody, type AppContext, type AppEnv } from "./context";
import { HookgateError, refusal } from "./errors";
import { registerRoute, validParams, validQuery } from "./openapiRoute";

/** Said wherever a team without a policy could be mistaken for a gated one: its hooks answer {} (allow). */
const noPolicyWarning = (team: string, baseline = false) =>
  baseline
    ? `team "${team}" has no published policy: its hooks answer by the org baseline alone until one is pushed`
    : `team "${team}" has no published policy: its hooks answer {} (allow) until one is pushed`;

const hasBaseline = async (c: AppContext) => (await c.var.services.policies.current(BASELINE_SCOPE)) !== null;

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

  registerRoute(admin, api.putPolicy, (c) =>
    c.req.query("stage") === "shadow" ? stageShadow(c) : publishTo(c, { scope: c.var.team, team: c.var.team, action: "policy.publish" }),
  );

  registerRoute(admin, api.getPolicy, async (c) => {
    const record = await c.var.services.policies.current(c.var.team);
    if (!record) throw new HookgateError("not_found", `team "${c.var.team}" has no published policy`);
    return c.json({ ...record, rollout: publicRollout(record.rollout) });
  });

  registerRoute(admin, api.listRevisions, async (c) => {
    const { policies } = c.var.services;
    const [revisions, current] = await Promise.all([policies.revisions(c.var.team), policies.current(c.var.team)]);
    return c.json({ team: c.var.team, revisions, rollout: publicRollout(current?.rollout) });
  });

  registerRoute(admin, api.getRevision, async (c) => {
    const rev = Number(validParams(c, revisionParams).rev);
    const record = await c.var.services.policies.revision(c.var.team, rev);
    if (!record) throw new HookgateError("not_found", `team "${c.var.team}" has no revision ${rev}`);
    return c.json(record);
  });

  registerRoute(admin, api.rollback, (c) => rollbackTo(c, { scope: c.var.team, team: c.var.team, action: "policy.rollback" }));

  registerRoute(admin, api.createToken, async (c) => {
    const hasBody = (c.req.header("content-length") ?? "0") !== "0" || c.req.header("transfer-encoding") !== undefined;
    const given = hasBody ? (await validatedBody(c, tokenBody)).name : undefined;
    // A label a person typed, shown in every listing and kept in the audit trail: masked, in case it is a secret.
    const name = given === undefined ? undefined : maskText(given);
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

  registerRoute(admin, api.decisionRollups, async (c) => {
    const since = new Date(validQuery(c, rollupsQuery).since).toISOString();
    const { decisions } = c.var.services;
    const [rollups, dryRun] = await Promise.all([decisions.rollups(c.var.team, since), decisions.dryRunCounts(c.var.team, since)]);
    return c.json({ team: c.var.team, rollups, dryRun });
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
  registerRolloutRoutes(admin);
  return admin;
}
