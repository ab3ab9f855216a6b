import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import { accessText, adminAuth, type RouteAccess } from "./adminAuth";
import * as s from "./adminSchemas";
import * as r from "./rolloutSchemas";
import { errorResponses, json } from "./openapiRoute";

/*
 * The admin routes as data: method, path, parameters, body and every answer, with descriptions. adminRoutes.ts
 * attaches a handler to each; the OpenAPI document (GET /v1/admin/openapi.json) is generated from the same objects.
 * Paths are relative to /v1/admin.
 */

/** An admin route: its definition, guarded by adminAuth with the access it declares. */
const adminRoute = <C extends Omit<RouteConfig, "middleware" | "security">>(access: RouteAccess, config: C) => {
  const description = config.description ? `${config.description}\n\n${accessText(access)}` : accessText(access);
  return createRoute({ ...config, description, middleware: adminAuth(access), security: [{ adminToken: access.scope === "any" ? [] : [access.scope] }] });
};
const teamTag = ["Teams"];

export const listTeams = adminRoute({ scope: "any" }, {
  method: "get",
  path: "/teams",
  tags: teamTag,
  summary: "List teams",
  description:
    "Every team that has a published policy or at least one token, sorted by name. The listing walks KV keys (docs/storage.md) with a bound; `truncated: true` says it stopped before the end.",
  responses: { 200: json(s.teamList, "The teams."), ...errorResponses() },
});

export const putPolicy = adminRoute({ scope: "policy:write" }, {
  method: "put",
  path: "/teams/{team}/policy",
  tags: ["Policy"],
  summary: "Publish a policy",
  description:
    "Validates the policy and publishes it as the next revision, which takes effect within CACHE_TTL_MS (README, How fast a change takes effect). A document identical to the current revision's makes no new revision: the answer is 200 with `unchanged: true` and the current revision. `?dryRun=1` validates only. A publish ends the team's shadow and canary. `?stage=shadow`: stored as a new revision that is not current, the team's shadow (docs/rolling-out.md); 409 when it is the current document, 404 when the team has no policy yet.",
  request: {
    params: s.teamParams,
    query: r.stageQuery,
    body: { required: true, description: "The policy document.", content: { "application/json": { schema: s.policyDocument } } },
  },
  responses: {
    201: json(s.publishResult, "Published as a new revision (`unchanged: false`)."),
    200: json(z.union([s.publishResult, s.dryRunResult]), "Unchanged (the current revision, `unchanged: true`), or a dry run's report."),
    ...errorResponses(413),
  },
});

export const getPolicy = adminRoute({ scope: "policy:read" }, {
  method: "get",
  path: "/teams/{team}/policy",
  tags: ["Policy"],
  summary: "The current revision",
  request: { params: s.teamParams },
  responses: { 200: json(s.policyRecord.extend({ rollout: r.rolloutState }), "The revision in force, with the rollout state (`rollout`: `{}` when there is none)."), ...errorResponses(404) },
});

export const listRevisions = adminRoute({ scope: "policy:read" }, {
  method: "get",
  path: "/teams/{team}/policy/revisions",
  tags: ["Policy"],
  summary: "Every revision, newest first",
  request: { params: s.teamParams },
  responses: { 200: json(s.revisionList.extend({ rollout: r.rolloutState }), "Revisions (empty for a team that never published), with the rollout state."), ...errorResponses() },
});

export const getRevision = adminRoute({ scope: "policy:read" }, {
  method: "get",
  path: "/teams/{team}/policy/revisions/{rev}",
  tags: ["Policy"],
  summary: "One revision",
  request: { params: s.revisionParams },
  responses: { 200: json(s.policyRecord, "The revision (revisions are immutable)."), ...errorResponses(404) },
});

export const rollback = adminRoute({ scope: "policy:write" }, {
  method: "post",
  path: "/teams/{team}/policy/rollback",
  tags: ["Policy"],
  summary: "Make an earlier revision current",
  description:
    "Moves `current` to the revision; nothing is deleted and the next publish still gets a new number. The revision must still compile with this engine. Rolling back to the revision already current is a 409 `conflict`.",
  request: {
    params: s.teamParams,
    body: { required: true, content: { "application/json": { schema: s.rollbackBody } } },
  },
  responses: { 200: json(s.policyRecord, "The new current pointer, with `rolledBackFrom`."), ...errorResponses(404, 409, 413) },
});

export const createToken = adminRoute({ scope: "tokens:write" }, {
  method: "post",
  path: "/teams/{team}/tokens",
  tags: ["Tokens"],
  summary: "Mint a team token",
  description:
    "The token is in this answer only. Minting for a team with no published policy works, with a warning: its hooks answer {} (allow) until a policy is pushed.",
  request: {
    params: s.teamParams,
    query: s.messageQuery,
    body: { required: false, content: { "application/json": { schema: s.tokenBody } } },
  },
  responses: { 201: json(s.tokenCreated, "The new token."), ...errorResponses(413) },
});

export const listTokens = adminRoute({ scope: "tokens:write" }, {
  method: "get",
  path: "/teams/{team}/tokens",
  tags: ["Tokens"],
  summary: "List a team's tokens (never the secrets)",
  request: { params: s.teamParams },
  responses: { 200: json(s.tokenList, "Oldest first."), ...errorResponses() },
});

export const revokeToken = adminRoute({ scope: "tokens:write" }, {
  method: "delete",
  path: "/teams/{team}/tokens/{id}",
  tags: ["Tokens"],
  summary: "Revoke a token",
  description: "Takes effect at once in the isolate that served it, within CACHE_TTL_MS elsewhere.",
  request: { params: s.tokenParams, query: s.messageQuery },
  responses: { 200: json(s.revoked, "Revoked."), ...errorResponses(404) },
});

export const evaluate = adminRoute({ scope: "policy:read" }, {
  method: "post",
  path: "/teams/{team}/evaluate",
  tags: ["Policy"],
  summary: "Evaluate an input (dry run)",
  description:
    "The answer the hook route would give to `input`, under the published policy or the inline `policy`, with a trace. Writes no state: no decision is logged and no `once` claim is used.",
  request: {
    params: s.teamParams,
    body: { required: true, content: { "application/json": { schema: s.evaluateBody } } },
  },
  responses: { 200: json(s.evaluateResult, "The answer and its trace."), ...errorResponses(404, 413) },
});

export const settings = adminRoute({ scope: "policy:read" }, {
  method: "get",
  path: "/teams/{team}/settings",
  tags: ["Teams"],
  summary: "The Claude Code settings block",
  description:
    "The `hooks` block for the team's settings.json: an http hook per event the policy uses, a curl bridge for SessionStart/Setup. Anything to know about it (e.g. no published policy) is in `Hookgate-Warning` headers, one per warning, so the body stays pasteable.",
  request: { params: s.teamParams, query: s.settingsQuery },
  responses: {
    200: {
      ...json(s.settingsBlock, "The settings block."),
      headers: { "Hookgate-Warning": { description: "One per warning, e.g. the team has no published policy.", schema: { type: "string" } } },
    },
    ...errorResponses(),
  },
});

export const decisionLog = adminRoute({ scope: "decisions:read", orgWide: true }, {
  method: "get",
  path: "/decision-log",
  tags: ["Decisions"],
  summary: "How the decision log is faring",
  responses: { 200: json(s.decisionLogHealth, "Counts since the database was created."), ...errorResponses(500) },
});

export const decisions = adminRoute({ scope: "decisions:read" }, {
  method: "get",
  path: "/teams/{team}/decisions",
  tags: ["Decisions"],
  summary: "Query the decision log",
  description: "Decisions newest first, filtered; inputs are masked and capped (docs/storage.md).",
  request: { params: s.teamParams, query: s.decisionsQuery },
  responses: { 200: json(s.decisionList, "The decisions."), ...errorResponses(500) },
});

export const decisionRollups = adminRoute({ scope: "decisions:read" }, {
  method: "get",
  path: "/teams/{team}/decisions/rollups",
  tags: ["Decisions"],
  summary: "Hourly counts by handler",
  description:
    "The log's hourly rollups from `since`: decisions by hour, event, verdict and handler (handler `*` counts every decision, each other one the decisions it fired in). `dryRun` counts the dry-run handlers that matched, from the recent index (docs/storage.md).",
  request: { params: s.teamParams, query: s.rollupsQuery },
  responses: { 200: json(s.rollupList, "The counts, oldest hour first."), ...errorResponses(500) },
});

export const decisionsExport = adminRoute({ scope: "decisions:read" }, {
  method: "get",
  path: "/teams/{team}/decisions/export",
  tags: ["Decisions"],
  summary: "Export the decision log",
  description:
    "Every record of the team from `since` to `until`, whatever its age, as NDJSON (one record per line), streamed: first the recent index's records not yet archived, then the R2 archive's objects by hour (records within an hour in time order). Records still in the queue (sent within the last seconds) are not in it yet.",
  request: { params: s.teamParams, query: s.exportQuery },
  responses: {
    200: { description: "The records, NDJSON.", content: { "application/x-ndjson": { schema: { type: "string" } } } },
    ...errorResponses(500),
  },
});
const baselineTag = ["Baseline"];

export const putBaseline = adminRoute({ scope: "admin", orgWide: true }, {
  method: "put",
  path: "/baseline/policy",
  tags: baselineTag,
  summary: "Publish the org baseline",
  description:
    "A policy evaluated with every team's, tighten-only (docs/roles.md): a team's allow never overrides a baseline deny or ask, a team may tighten ask to deny, contexts of both are kept, the baseline's first; a team with no policy, or one that no longer compiles, still gets it. Its own revisions; takes effect within CACHE_TTL_MS. `?dryRun=1` validates only.",
  request: {
    query: s.publishQuery,
    body: { required: true, description: "The baseline policy document.", content: { "application/json": { schema: s.policyDocument } } },
  },
  responses: {
    201: json(s.publishResult, "Published as a new baseline revision."),
    200: json(z.union([s.publishResult, s.dryRunResult]), "Unchanged, or a dry run's report."),
    ...errorResponses(413),
  },
});

export const getBaseline = adminRoute({ scope: "policy:read", orgWide: false }, {
  method: "get",
  path: "/baseline/policy",
  tags: baselineTag,
  summary: "The baseline in force",
  description: "Every team is evaluated with it, so any token that may read a policy may read it.",
  responses: { 200: json(s.policyRecord, "The baseline revision in force."), ...errorResponses(404) },
});

export const listBaselineRevisions = adminRoute({ scope: "policy:read" }, {
  method: "get",
  path: "/baseline/policy/revisions",
  tags: baselineTag,
  summary: "Every baseline revision, newest first",
  responses: { 200: json(s.revisionList, "Revisions (empty when no baseline was ever published)."), ...errorResponses() },
});

export const getBaselineRevision = adminRoute({ scope: "policy:read" }, {
  method: "get",
  path: "/baseline/policy/revisions/{rev}",
  tags: baselineTag,
  summary: "One baseline revision",
  request: { params: s.baselineRevisionParams },
  responses: { 200: json(s.policyRecord, "The revision."), ...errorResponses(404) },
});

export const rollbackBaseline = adminRoute({ scope: "admin", orgWide: true }, {
  method: "post",
  path: "/baseline/policy/rollback",
  tags: baselineTag,
  summary: "Make an earlier baseline revision current",
  request: { body: { required: true, content: { "application/json": { schema: s.rollbackBody } } } },
  responses: { 200: json(s.policyRecord, "The new current baseline, with `rolledBackFrom`."), ...errorResponses(404, 409, 413) },
});

const accessTag = ["Access"];

export const createAdminToken = adminRoute({ scope: "admin" }, {
  method: "post",
  path: "/tokens",
  tags: accessTag,
  summary: "Mint an admin token",
  description:
    "Scopes and team patterns (docs/roles.md); the token (`hga_…`) is in this answer only, hookgate stores its hash. No escalation: the new token's scopes and teams must be within the caller's own.",
  request: { query: s.messageQuery, body: { required: true, content: { "application/json": { schema: s.adminTokenBody } } } },
  responses: { 201: json(s.adminTokenCreated, "The new admin token."), ...errorResponses(413) },
});

export const listAdminTokens = adminRoute({ scope: "admin" }, {
  method: "get",
  path: "/tokens",
  tags: accessTag,
  summary: "List admin tokens (never the secrets)",
  responses: { 200: json(s.adminTokenList, "The admin tokens within the caller's own scopes and teams."), ...errorResponses() },
});

export const revokeAdminToken = adminRoute({ scope: "admin" }, {
  method: "delete",
  path: "/tokens/{id}",
  tags: accessTag,
  summary: "Revoke an admin token",
  description: "Takes effect at once in the isolate that served it, within CACHE_TTL_MS elsewhere. Only a token within the caller's own scopes and teams can be revoked.",
  request: { params: s.adminTokenParams, query: s.messageQuery },
  responses: { 200: json(s.revoked, "Revoked."), ...errorResponses(404) },
});

export const audit = adminRoute({ scope: "policy:read" }, {
  method: "get",
  path: "/audit",
  tags: accessTag,
  summary: "The audit trail",
  description:
    "Every change — publish, rollback, baseline publish and rollback, hook and admin tokens minted and revoked — newest first, with the token that made it. Append-only: no route changes or deletes an entry. A token limited to some teams sees only those teams' entries (the org-wide ones need `teams: [\"*\"]`).",
  request: { query: s.auditQuery },
  responses: { 200: json(s.auditList, "The entries."), ...errorResponses(500) },
});

// ---- the rollout (docs/rolling-out.md): impact on recorded traffic, shadow, canary, promote, abort

export const policyImpact = adminRoute({ scope: "decisions:read" }, {
  method: "post",
  path: "/teams/{team}/policy/impact",
  tags: ["Policy"],
  summary: "Impact of a candidate on recorded traffic",
  description:
    "The decision log's newest records (`limit`, at most 1000; since `since`) answered by the current revision are decided again from their stored inputs under the current revision and the candidate, with the org baseline under both, by the Gate with no state (no `once` claimed, no record written, no judge or forward called). Stored inputs are masked and capped, so a record the current revision no longer decides as it was answered is counted under `maskingChanged`, not `changed`. Needs `decisions:read`: the report quotes recorded inputs.",
  request: { params: s.teamParams, body: { required: true, content: { "application/json": { schema: r.impactBody } } } },
  responses: { 200: json(r.impactResult, "What the candidate would have changed."), ...errorResponses(404, 413) },
});

export const getShadow = adminRoute({ scope: "policy:read" }, {
  method: "get",
  path: "/teams/{team}/policy/shadow",
  tags: ["Policy"],
  summary: "The shadow's agreement with the live answers",
  description:
    "Live decisions since the shadow began that the shadow revision also decided (after the answer): how many agreed on the verdict, the verdict pairs, and the disagreements by handler (fired on one side only) with examples. From the decision log's index; 404 when the team has no shadow. The examples quote recorded inputs, so they are sent only to a token that also holds `decisions:read` (else `examplesWithheld: true`).",
  request: { params: s.teamParams },
  responses: { 200: json(r.shadowReport, "The shadow's agreement."), ...errorResponses(404) },
});

export const startCanary = adminRoute({ scope: "policy:write" }, {
  method: "post",
  path: "/teams/{team}/policy/canary",
  tags: ["Policy"],
  summary: "Answer a share of sessions from another revision",
  description:
    "`percent` of the team's sessions (a stable hash of team and session id: a session never changes revision) are answered by stored revision `revision`, not the current one; the rest by the current. Takes effect within CACHE_TTL_MS. Calling it again changes the percent (or the revision).",
  request: { params: s.teamParams, body: { required: true, content: { "application/json": { schema: r.canaryBody } } } },
  responses: { 200: json(r.canaryResult, "The rollout state."), ...errorResponses(404, 409, 413) },
});

export const promoteCanary = adminRoute({ scope: "policy:write" }, {
  method: "post",
  path: "/teams/{team}/policy/promote",
  tags: ["Policy"],
  summary: "Make the canary's revision current",
  description: "The canary's revision becomes current for everyone (within CACHE_TTL_MS); the rollout ends. The answer compares the canary's deny rate since it began with the replaced revision's over the same time.",
  request: { params: s.teamParams, body: { required: false, content: { "application/json": { schema: r.rolloutStepBody } } } },
  responses: { 200: json(r.promoteResult, "Promoted."), ...errorResponses(409, 413) },
});

export const abortRollout = adminRoute({ scope: "policy:write" }, {
  method: "post",
  path: "/teams/{team}/policy/abort",
  tags: ["Policy"],
  summary: "End the canary (or, with none, the shadow)",
  description: "Everyone is answered by the current revision again within CACHE_TTL_MS. With no canary running, the shadow ends. 409 when there is neither.",
  request: { params: s.teamParams, body: { required: false, content: { "application/json": { schema: r.rolloutStepBody } } } },
  responses: { 200: json(r.abortResult, "Ended."), ...errorResponses(409, 413) },
});
