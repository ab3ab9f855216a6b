import type { OpenAPIHono } from "@hono/zod-openapi";
import { allTeams, canSeeTeam, covers, escalation, expiresInMs, ROOT_ID } from "../access/scopes";
import { maskText } from "../engine/secrets/maskCut";
import { BASELINE_SCOPE } from "../gate/baseline";
import * as api from "./adminApi";
import { forbidden, forgetAdminToken } from "./adminAuth";
import { publishTo, rollbackTo } from "./publishing";
import { adminTokenBody, adminTokenParams, auditQuery, baselineRevisionParams } from "./adminSchemas";
import { messageOf, recordChange } from "./audit";
import { validatedBody, type AppEnv } from "./context";
import { HookgateError } from "./errors";
import { registerRoute, validParams, validQuery } from "./openapiRoute";

const BASELINE = { scope: BASELINE_SCOPE, team: null, action: "baseline.publish" } as const;

/** The org baseline, admin tokens and the audit trail (docs/roles.md). */
export function registerAccessRoutes(admin: OpenAPIHono<AppEnv>) {
  registerRoute(admin, api.putBaseline, (c) => publishTo(c, BASELINE));
  registerRoute(admin, api.rollbackBaseline, (c) => rollbackTo(c, { ...BASELINE, action: "baseline.rollback" }));

  registerRoute(admin, api.getBaseline, async (c) => {
    const record = await c.var.services.policies.current(BASELINE_SCOPE);
    if (!record) throw new HookgateError("not_found", "no org baseline is published");
    return c.json(record);
  });
  registerRoute(admin, api.listBaselineRevisions, async (c) =>
    c.json({ team: BASELINE_SCOPE, revisions: await c.var.services.policies.revisions(BASELINE_SCOPE) }),
  );
  registerRoute(admin, api.getBaselineRevision, async (c) => {
    const rev = Number(validParams(c, baselineRevisionParams).rev);
    const record = await c.var.services.policies.revision(BASELINE_SCOPE, rev);
    if (!record) throw new HookgateError("not_found", `the baseline has no revision ${rev}`);
    return c.json(record);
  });

  registerRoute(admin, api.createAdminToken, async (c) => {
    const message = messageOf(c);
    const body = await validatedBody(c, adminTokenBody);
    const { caller, services } = c.var;
    const scopes = [...new Set(body.scopes)];
    const teams = [...new Set(body.teams)];
    const wider = escalation(caller, scopes, teams);
    if (wider) throw new HookgateError("forbidden", wider);
    let expiresAt: string | undefined;
    if (body.expiresIn !== undefined) {
      const ms = expiresInMs(body.expiresIn);
      if (ms === undefined) throw new HookgateError("invalid_input", "expiresIn is at most 366d");
      expiresAt = new Date(services.now() + ms).toISOString();
    }
    const { token, info } = await services.adminTokens.create({
      // A label a person typed, shown in listings, refusals and the audit trail: masked, in case it is a secret.
      name: maskText(body.name),
      scopes,
      teams,
      ...(expiresAt ? { expiresAt } : {}),
      createdBy: { id: caller.id, name: caller.name },
    });
    await recordChange(c, { team: null, action: "admin-token.create", target: info.id, detail: { name: info.name, scopes, teams, ...(expiresAt ? { expiresAt } : {}) } }, message);
    return c.json({ ...info, token, note: "This is the only time the token is shown; hookgate stores only its hash." }, 201);
  });

  registerRoute(admin, api.listAdminTokens, async (c) => {
    const all = await c.var.services.adminTokens.list();
    return c.json({ tokens: all.filter((t) => covers(c.var.caller, t)) });
  });

  registerRoute(admin, api.revokeAdminToken, async (c) => {
    const { id } = validParams(c, adminTokenParams);
    const message = messageOf(c);
    const { caller, services } = c.var;
    const info = id === ROOT_ID ? null : await services.adminTokens.get(id);
    // A token the caller could not have minted is one it cannot see either: the same 404.
    if (!info || !covers(caller, info)) throw new HookgateError("not_found", `no admin token ${id}`);
    const hash = await services.adminTokens.revoke(id);
    if (hash === null) throw new HookgateError("not_found", `no admin token ${id}`);
    forgetAdminToken(hash);
    await recordChange(c, { team: null, action: "admin-token.revoke", target: id, detail: { name: info.name } }, message);
    return c.json({ revoked: id });
  });

  registerRoute(admin, api.audit, async (c) => {
    const q = validQuery(c, auditQuery);
    const { caller, services } = c.var;
    if (q.team !== undefined && !canSeeTeam(caller, q.team))
      throw forbidden(caller, "policy:read", q.team);
    const entries = await services.audit.query({
      ...(q.team !== undefined ? { team: q.team } : {}),
      ...(q.action !== undefined ? { action: q.action } : {}),
      ...(q.since !== undefined ? { since: new Date(q.since).toISOString() } : {}),
      ...(allTeams(caller) ? {} : { visibleTeams: caller.teams }),
      limit: q.limit ?? 100,
    });
    return c.json({ entries });
  });
}

