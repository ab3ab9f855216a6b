import { z } from "zod";
import { IMPACT_MAX_LIMIT } from "../replay/impact";
import { MAX_ROLLOUT_PERCENT } from "../rollout/state";
import { instant, publishQuery } from "./adminSchemas";

/*
 * The rollout routes' request and answer schemas (docs/rolling-out.md): impact on recorded traffic, the shadow, the
 * canary, promote and abort. Declared by the routes in adminApi.ts like every admin schema.
 */

const jsonObject = z.record(z.string(), z.unknown());

export const impactBody = z
  .strictObject({
    policy: jsonObject.meta({ description: "The candidate policy (PolicyDocument): checked by the compiler, not stored." }),
    since: instant.optional().meta({ description: "Only records at or after this time (ISO 8601).", example: "2026-12-01T00:00:00Z" }),
    limit: z
      .number()
      .int()
      .min(1)
      .max(IMPACT_MAX_LIMIT)
      .optional()
      .meta({ description: `The newest n records (1–${IMPACT_MAX_LIMIT}; default ${IMPACT_MAX_LIMIT}).`, example: 500 }),
  })
  .meta({ example: { policy: { hooks: {} }, since: "2026-12-01T00:00:00Z", limit: 500 } });

const example = z.object({
  event: z.string(),
  tool: z.string().optional(),
  subject: z.string().meta({ description: "The command, path or prompt, masked like the decision log, cut to 200 characters." }),
  baseline: z.string(),
  candidate: z.string(),
  differs: z.array(z.string()),
  session: z.string(),
  source: z.string().meta({ description: "The decision id." }),
});
const changedGroups = z.object({
  count: z.number().int(),
  byHandler: z.array(z.object({ handler: z.string(), count: z.number().int(), examples: z.array(example) })),
});
const tally = z.object({
  verdicts: z.record(z.string(), z.number().int()),
  fired: z.record(z.string(), z.number().int()),
  neverFired: z.array(z.string()),
  slowNotRun: z.number().int(),
});
export const impactResult = z
  .object({
    team: z.string(),
    revision: z.number().int().meta({ description: "The current revision, whose records were decided again." }),
    records: z.number().int(),
    otherRevision: z.number().int().meta({ description: "Records answered by another revision: skipped." }),
    noInput: z.number().int(),
    events: z.record(z.string(), z.number().int()),
    total: z.number().int().meta({ description: "Records decided again and compared." }),
    baseline: tally.meta({ description: "The current revision on the stored inputs." }),
    candidate: tally,
    changed: changedGroups,
    refused: z.number().int(),
    maskingChanged: changedGroups.meta({
      description:
        "Records the current revision no longer decides as they were answered from their stored (masked, capped) input: a rule that matched a secret or text past the cap. Left out of `changed`.",
    }),
  })
  .meta({ id: "ImpactReport" });

// ---- the rollout state

const shadowState = z.object({ revision: z.number().int(), since: z.string() });
const canaryState = z.object({ revision: z.number().int(), percent: z.number(), since: z.string() });
export const rolloutState = z
  .object({ shadow: shadowState.optional(), canary: canaryState.optional() })
  .meta({ id: "RolloutState", description: "The team's shadow and canary, when there are any (docs/rolling-out.md)." });

export const stageQuery = z.object({
  ...publishQuery.shape,
  stage: z
    .enum(["shadow"])
    .optional()
    .meta({ description: "`shadow`: store as a new revision that is not current; every live request is also decided by it, after the answer." }),
});

export const canaryBody = z
  .strictObject({
    revision: z.number().int().positive(),
    percent: z
      .number()
      .gt(0)
      .max(MAX_ROLLOUT_PERCENT)
      .multipleOf(0.01)
      .meta({ description: "The share of sessions answered by the revision (0.01–100)." }),
    message: z.string().min(1).max(1000).optional(),
  })
  .meta({ example: { revision: 4, percent: 10 } });

export const rolloutStepBody = z
  .strictObject({ message: z.string().min(1).max(1000).optional() })
  .meta({ description: "Optional: `{}` or no body at all.", example: {} });

const revisionRate = z.object({
  revision: z.number().int(),
  decisions: z.number().int(),
  denied: z.number().int().meta({ description: "Decisions answered deny or block." }),
  denyRate: z.number().nullable().meta({ description: "denied ÷ decisions; null without decisions." }),
});

export const canaryResult = z.object({ team: z.string(), rollout: rolloutState });
export const promoteResult = z.object({
  team: z.string(),
  revision: z.number().int().meta({ description: "The revision now current (the canary's)." }),
  promotedFrom: z.number().int(),
  canary: revisionRate.meta({ description: "The canary revision's decisions since the canary began (from the decision log's index)." }),
  current: revisionRate.meta({ description: "The replaced revision's decisions over the same time." }),
});
export const abortResult = z.object({ team: z.string(), ended: z.enum(["canary", "shadow"]), revision: z.number().int(), rollout: rolloutState });

export const shadowReport = z
  .object({
    team: z.string(),
    revision: z.number().int().meta({ description: "The shadow revision." }),
    since: z.string(),
    decisions: z.number().int().meta({ description: "Live decisions the shadow also decided, since `since`." }),
    agreed: z.number().int(),
    disagreed: z.number().int(),
    agreement: z.number().nullable().meta({ description: "agreed ÷ decisions; null before the first." }),
    byVerdict: z.array(z.object({ answered: z.string(), shadow: z.string(), count: z.number().int() })),
    byHandler: z.array(z.object({ handler: z.string(), count: z.number().int(), examples: z.array(z.record(z.string(), z.unknown())) })),
    truncated: z.boolean().optional(),
    examplesWithheld: z
      .literal(true)
      .optional()
      .meta({ description: "Present when the token lacks `decisions:read`: `byHandler[].examples` (recorded inputs) are left empty." }),
  })
  .meta({ id: "ShadowReport" });

