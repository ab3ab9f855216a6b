import { z } from "zod";
import { EXPIRES_IN, EXPIRES_IN_RULE, SCOPE_NAMES, SCOPES, TEAM_PATTERN, TEAM_PATTERN_RULE, type Scope } from "../access/scopes";
import { TEAM_NAME, TEAM_NAME_RULE } from "../engine/limits/limits";
import { AUDIT_ACTIONS } from "../services";
import { matcherGroupSchema, policySchema } from "../engine/policy/policySchema";
import { HANDLER_SCHEMAS } from "../engine/handlers/kinds";
import { ERROR_STATUS } from "./errors";

/*
 * The admin API's request and answer schemas. The routes (adminApi.ts) declare them, the handlers validate with the
 * same objects, and the OpenAPI document is generated from them: one description of each shape. `.meta()` is zod's
 * own metadata, which the generator reads (no zod extension needed, so the engine's schemas stay plain zod).
 */

export const problem = z.object({ path: z.string(), message: z.string() }).meta({ id: "Problem" });

export const errorEnvelope = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      message: z.string().meta({ description: "What went wrong, for a person; never contains a secret." }),
      requestId: z.string().meta({ description: "Also in the X-Request-Id header and in the service's log lines." }),
      problems: z.array(problem).optional().meta({ description: "Every problem found, each with its path (invalid_input, policy_invalid)." }),
    }),
  })
  .meta({
    id: "ErrorEnvelope",
    description: "Every error, of every route, in one shape. Never a 5xx for bad input.",
    example: { error: { code: "not_found", message: 'team "acme" has no published policy', requestId: "0f3c…" } },
  });

// ---- parameters

const teamParam = z
  .string()
  .regex(TEAM_NAME, TEAM_NAME_RULE)
  .meta({ param: { name: "team", in: "path" }, description: TEAM_NAME_RULE, example: "acme" });
export const teamParams = z.object({ team: teamParam });
export const revisionParams = z.object({
  team: teamParam,
  rev: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "revision must be a positive integer")
    .meta({ param: { name: "rev", in: "path" }, description: "A revision number (1, 2, …).", example: "3" }),
});
export const tokenParams = z.object({
  team: teamParam,
  id: z.string().max(100).meta({ param: { name: "id", in: "path" }, description: "The token's id (`tok_…`), not the token.", example: "tok_3Jx…" }),
});

const dryRunQuery = z.object({
  dryRun: z
    .enum(["1", "true", "0", "false"])
    .optional()
    .meta({ description: "`1`/`true`: validate and report, publish nothing. Any other value is refused rather than read as false." }),
});

export const baselineRevisionParams = z.object({
  rev: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "a revision is a positive whole number")
    .meta({ param: { name: "rev", in: "path" }, example: "2" }),
});
export const settingsQuery = z.object({
  url: z
    .string()
    .max(2048)
    .optional()
    .meta({ description: "The service's base URL as developers reach it (default: this request's origin).", example: "https://hookgate.example.com" }),
});

/**
 * A time bound (since, until): ISO 8601 with an offset, and within years 0000–9999 once moved to UTC. Bounds are
 * compared as toISOString() text, which writes a year past 9999 (or before 0) as `+010000-…` (`-000001-…`): that
 * sorts before every stored time, so `since=9999-12-31T23:59:59-14:00` would have returned everything.
 */
export const instant = z.iso
  .datetime({ offset: true })
  // (zod runs a refinement after a failed format check too: a text that is no date at all is left to that check)
  .refine((t) => {
    const at = new Date(t);
    return Number.isNaN(at.getTime()) || /^\d{4}-/.test(at.toISOString());
  }, { message: "the time is outside the years 0000-9999 once moved to UTC" });
export const decisionsQuery = z.object({
  event: z.string().max(64).optional().meta({ description: "Only this event (`hook_event_name`).", example: "PreToolUse" }),
  verdict: z.string().max(16).optional().meta({ description: "Only this verdict: allow, deny, ask, defer or block; `none` for decisions without one.", example: "deny" }),
  tool: z.string().max(128).optional().meta({ description: "Only this tool (`tool_name`).", example: "Bash" }),
  client: z.string().max(64).optional().meta({ description: "Only decisions asked by this client.", example: "claude-code" }),
  session: z.string().max(256).optional().meta({ description: "Only this Claude Code session (`session_id`)." }),
  since: instant.optional().meta({ description: "At or after this time (ISO 8601).", example: "2026-12-01T00:00:00Z" }),
  until: instant.optional().meta({ description: "At or before this time (ISO 8601).", example: "2026-12-02T00:00:00Z" }),
  limit: z.coerce.number().int().min(1).max(1000).optional().meta({ description: "At most this many, newest first (1–1000; default 100).", example: 50 }),
});

export const rollupsQuery = z.object({
  since: instant.meta({ description: "From this hour on (ISO 8601; the rollups outlive the index's retention).", example: "2026-11-25T00:00:00Z" }),
});

export const rollupList = z.object({
  team: z.string(),
  rollups: z.array(z.object({ hour: z.string(), event: z.string(), verdict: z.string(), handler: z.string(), decisions: z.number().int() })),
  dryRun: z.array(z.object({ hour: z.string(), handler: z.string(), decisions: z.number().int() })),
});

export const exportQuery = z.object({
  since: instant.meta({ description: "At or after this time (ISO 8601); any age: older records come from the R2 archive.", example: "2026-11-25T00:00:00Z" }),
  until: instant.optional().meta({ description: "At or before this time (ISO 8601; default now).", example: "2026-12-02T00:00:00Z" }),
});

// ---- bodies

const jsonObject = z.record(z.string(), z.unknown());

/** What the policy routes read the body as; the policy compiler then checks it (every problem, with its path). */
export const policyBody = jsonObject;

/**
 * The policy as the document describes it: the compiler's own schema (policySchema), so the reference shows every
 * top-level field, limit and default the compiler enforces. Documentation only — validation stays with the compiler,
 * which adds what a schema cannot say (did-you-mean, per-event checks) and answers `policy_invalid`.
 */
// The compiler's handler schema is a pipe (type checked first, for a clearer message, then the discriminated union);
// a document generator sees only the pipe's input, `{type}`. The reference shows the union the pipe ends in.
// One schema per handler kind, named after its type (`RuleHandler`, `PromptHandler`, `HttpHandler`).
const documentedHandler = z.discriminatedUnion(
  "type",
  HANDLER_SCHEMAS.map((s) => s.meta({ id: `${s.shape.type.value[0]!.toUpperCase()}${s.shape.type.value.slice(1)}Handler` })) as unknown as typeof HANDLER_SCHEMAS,
);
const documentedGroup = matcherGroupSchema.extend({ hooks: z.array(documentedHandler).min(1).max(1000) }).meta({ id: "MatcherGroup" });

export const policyDocument = policySchema.extend({ hooks: z.record(z.string(), z.array(documentedGroup).max(1000)) }).meta({
  id: "PolicyDocument",
  description:
    "A hookgate policy (README, The policy; docs/policy.md): `hooks` keyed by event, matcher groups of handlers. Checked by the policy compiler, which lists every problem with its path.",
  example: { failMode: "closed", hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm -rf *)", decision: "deny", reason: "no recursive deletes" }] }] } },
});

/** Why a change was made, kept in its audit entry: `?message=` (UTF-8, URL-encoded), the `Hookgate-Message` header, or a rollback body's `message`. */
export const AUDIT_MESSAGE_MAX = 1000;
const auditMessage = z.string().min(1).max(AUDIT_MESSAGE_MAX);
export const messageQuery = z.object({
  message: auditMessage.optional().meta({ description: "Why: kept in the change's audit entry (also as the `Hookgate-Message` header).", example: "ask before force pushes" }),
});
export const publishQuery = z.object({ ...dryRunQuery.shape, ...messageQuery.shape });

export const rollbackBody = z
  .strictObject({ revision: z.number().int().positive(), message: auditMessage.optional().meta({ description: "Why: kept in the audit entry." }) })
  .meta({ example: { revision: 2, message: "revision 3 blocked the release script" } });

export const tokenBody = z
  .strictObject({ name: z.string().min(1).max(100).optional().meta({ description: "A label to recognise the token by (a laptop, a CI job)." }) })
  .meta({ description: "Optional: the body may be left out altogether.", example: { name: "laptop" } });

export const evaluateBody = z
  .strictObject({
    input: jsonObject.meta({ description: "A hook input exactly as Claude Code sends it (its `hook_event_name` picks the event)." }),
    policy: jsonObject
      .optional()
      .meta({ description: "A policy (PolicyDocument) to evaluate instead of the published one; checked by the compiler, not stored." }),
  })
  .meta({
    example: {
      input: {
        session_id: "s1",
        transcript_path: "/home/dev/.claude/projects/p/s1.jsonl",
        cwd: "/home/dev/shop",
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
        tool_use_id: "t1",
      },
    },
  });

// ---- answers

export const policyRecord = z
  .object({
    team: z.string(),
    revision: z.number().int(),
    publishedAt: z.string(),
    document: z.unknown().meta({ description: "The document exactly as it was published (no defaults filled in)." }),
    digest: z.string().meta({ description: "The first 16 hex characters of sha256 of the document's JSON." }),
    engine: z.number().int().optional().meta({ description: "The engine version that validated it." }),
    rolledBackFrom: z.number().int().optional().meta({ description: "Set when a rollback made this revision current: the revision it replaced." }),
  })
  .meta({ id: "PolicyRecord" });

const publishSummary = {
  handlers: z.number().int(),
  events: z.array(z.string()),
  warnings: z.array(problem).meta({ description: "Valid but probably not what was meant (e.g. a prompt handler with no LLM configured)." }),
};
export const publishResult = z
  .object({
    team: z.string(),
    revision: z.number().int(),
    publishedAt: z.string(),
    digest: z.string(),
    unchanged: z.boolean().meta({ description: "true: the document is the current revision's, which is returned; nothing was stored." }),
    ...publishSummary,
  })
  .meta({ id: "PublishResult" });
export const dryRunResult = z.object({ team: z.string(), dryRun: z.literal(true), valid: z.literal(true), ...publishSummary }).meta({ id: "DryRunResult" });

export const revisionList = z.object({
  team: z.string(),
  revisions: z.array(z.object({ revision: z.number().int(), publishedAt: z.string(), digest: z.string(), current: z.boolean() })),
});

const tokenInfo = z
  .object({
    id: z.string(),
    team: z.string(),
    name: z.string().optional(),
    createdAt: z.string(),
    prefix: z.string().meta({ description: "The token's first 7 characters, to recognise it; never enough to use it." }),
  })
  .meta({ id: "TokenInfo" });
export const tokenCreated = tokenInfo.extend({
  token: z.string().meta({ description: "The team token (`hg_…`). Shown only here: hookgate stores its hash." }),
  note: z.string(),
  warnings: z.array(z.string()).meta({ description: "e.g. the team has no published policy yet, so its hooks answer {} (allow)." }),
});
export const tokenList = z.object({ team: z.string(), tokens: z.array(tokenInfo) });
export const revoked = z.object({ revoked: z.string() });

export const evaluateResult = z.object({
  answer: jsonObject.meta({ description: "The answer the hook route would give." }),
  trace: z.unknown().meta({ description: "Which groups matched and, per handler, whether it fired and why." }),
  dryRun: z.array(z.unknown()).meta({ description: "Handlers in dryRun mode that would have fired." }),
  errors: z.array(z.string()),
});

export const settingsBlock = z
  .object({ hooks: z.record(z.string(), z.array(z.unknown())) })
  .meta({ description: "The `hooks` block to paste into Claude Code's settings.json." });

export const decisionRecord = z
  .object({
    decisionId: z.string(),
    time: z.string(),
    team: z.string(),
    event: z.string(),
    sessionId: z.string().optional(),
    tool: z.string().optional(),
    verdict: z.string().optional(),
    fired: z.array(z.string()),
    dryRun: z.array(z.object({ id: z.string(), verdict: z.string().optional() })),
    revision: z.number().int().nullable(),
    latencyMs: z.number(),
    dedup: z.boolean(),
    errors: z.array(z.string()),
    input: z.unknown().optional().meta({ description: "The input, masked and capped (docs/storage.md)." }),
    truncated: z.boolean().optional(),
  })
  .meta({ id: "DecisionRecord" });
export const decisionList = z.object({ team: z.string(), decisions: z.array(decisionRecord) });

const queueBacklog = z.object({ backlogCount: z.number().int(), backlogBytes: z.number().int(), oldestMessageAt: z.string().optional() });
export const decisionLogHealth = z.object({
  log: z.object({
    recordsWritten: z.number().int(),
    recordsTruncated: z.number().int(),
    batchesRetried: z.number().int(),
    recordsReplaced: z.number().int(),
    recordsLost: z.number().int(),
    lastError: z.string().optional(),
    lastFailureAt: z.string().optional(),
    pending: z.number().int().optional(),
    recordsArchived: z.number().int().optional().meta({ description: "Records written to the R2 archive." }),
    objectsWritten: z.number().int().optional().meta({ description: "Archive objects (compressed NDJSON) written to R2." }),
    rowsExpired: z.number().int().optional().meta({ description: "Index rows deleted past the retention window (the archive keeps them)." }),
    lastCleanupAt: z.string().optional(),
    deadLettered: z.number().int().optional().meta({ description: "Records the consumer could not write after its retries: kept in the dead-letter table." }),
    lastDeadLetterAt: z.string().optional(),
    queue: queueBacklog.optional().meta({ description: "The decision queue's backlog: records sent and not yet written." }),
    deadLetterQueue: queueBacklog.optional().meta({ description: "The dead-letter queue's backlog." }),
  }),
});

export const adminTokenBody = z
  .strictObject({
    name: z.string().min(1).max(100).meta({ description: "Who or what holds it, e.g. web-team-owner." }),
    scopes: z.array(z.enum(SCOPE_NAMES as [Scope, ...Scope[]])).min(1).max(SCOPE_NAMES.length).meta({ description: Object.entries(SCOPES).map(([k, v]) => `\`${k}\`: ${v}`).join("; ") }),
    teams: z.array(z.string().regex(TEAM_PATTERN, TEAM_PATTERN_RULE)).min(1).max(50).meta({ description: TEAM_PATTERN_RULE }),
    expiresIn: z.string().regex(EXPIRES_IN, EXPIRES_IN_RULE).optional().meta({ description: `Optional: ${EXPIRES_IN_RULE}. Left out: it lives until revoked.` }),
  })
  .meta({ example: { name: "web-team-owner", scopes: ["policy:read", "policy:write", "tokens:write", "decisions:read"], teams: ["web-*"], expiresIn: "90d" } });
export const adminTokenParams = z.object({ id: z.string().max(64).meta({ param: { name: "id", in: "path" }, example: "atk_3q2…" }) });

const adminTokenInfo = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    teams: z.array(z.string()),
    createdAt: z.string(),
    expiresAt: z.string().optional(),
    prefix: z.string().meta({ description: "The token's first 8 characters (`hga_` and 4 more); never enough to use it." }),
    createdBy: z.object({ id: z.string(), name: z.string() }),
  })
  .meta({ id: "AdminToken" });
export const adminTokenCreated = adminTokenInfo.extend({ token: z.string().meta({ description: "The secret, shown this once." }), note: z.string() });
export const adminTokenList = z.object({ tokens: z.array(adminTokenInfo).meta({ description: "Oldest first; only those the caller holds every scope and team of." }) });

export const auditQuery = z.object({
  team: z.string().regex(TEAM_NAME, TEAM_NAME_RULE).optional().meta({ description: "Only this team's entries.", example: "acme" }),
  action: z.enum(AUDIT_ACTIONS).optional().meta({ description: "Only this action." }),
  since: instant.optional().meta({ description: "At or after this time (ISO 8601).", example: "2026-12-01T00:00:00Z" }),
  limit: z.coerce.number().int().min(1).max(1000).optional().meta({ description: "At most this many, newest first (1–1000; default 100).", example: 50 }),
});
const auditEntry = z
  .object({
    id: z.string(),
    time: z.string(),
    actor: z.object({ id: z.string(), name: z.string() }).meta({ description: 'The token that made the change: its id and name ("root" for ADMIN_TOKEN), never its secret.' }),
    team: z.string().nullable().meta({ description: "null for what is not one team's: the baseline, admin tokens." }),
    action: z.enum(AUDIT_ACTIONS),
    revision: z.number().int().optional(),
    digest: z.string().optional(),
    target: z.string().optional().meta({ description: "The token minted or revoked." }),
    message: z.string().optional(),
    detail: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "AuditEntry" });
export const auditList = z.object({ entries: z.array(auditEntry) });

export const teamList = z
  .object({
    teams: z.array(
      z.object({
        team: z.string(),
        revision: z.number().int().nullable().meta({ description: "The current revision; null: no policy published." }),
        publishedAt: z.string().nullable(),
        tokens: z.number().int().meta({ description: "How many tokens the team has." }),
      }),
    ),
    truncated: z
      .literal(true)
      .optional()
      .meta({ description: "Present (true) only when the listing stopped at its bound: some teams are missing from `teams`." }),
  })
  .meta({ example: { teams: [{ team: "acme", revision: 3, publishedAt: "2026-12-01T12:00:00.000Z", tokens: 2 }] } });
