/**
 * What a command line can do that a policy's `effect` condition names: one list, read by the commands' tables
 * (commands/), the policy schema (`effect.kind`) and the condition itself (match/effectCondition.ts).
 */
export const EFFECT_KINDS = ["delete", "read", "write", "chmod", "run-download", "force-push", "fork-bomb"] as const;
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** The kinds that act on paths: an effect condition's `paths` applies to these. */
export const PATH_EFFECT_KINDS: ReadonlySet<string> = new Set<EffectKind>(["delete", "read", "write", "chmod"]);
