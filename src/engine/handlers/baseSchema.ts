import { z } from "zod";
import { EFFECT_KINDS } from "../shell/effectKinds";

/**
 * The schema pieces every handler kind shares: the fields any handler may write (`id`, `if`, `unless`, `when`,
 * `effect`, `secrets`, `once`, `mode`, `statusMessage`), written once here and spread into each kind's schema
 * (handlers/<kind>/schema.ts), and the small value schemas kinds reuse.
 */

export const MAX_TEXT = 10_000;
export const text = z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`);
const ruleList = z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(64)]);
const VERDICTS = ["allow", "deny", "ask", "defer", "block"] as const;
export const verdictSchema = z.enum(VERDICTS);
/** What a failing judge or forwarded call contributes: a verdict, or "none" for no opinion. */
export const onErrorSchema = z.enum([...VERDICTS, "none"]);

/** `effect`: what the call would do (see match/effectCondition.ts). */
const effectKind = z.enum(EFFECT_KINDS);
const effectConditionSchema = z.strictObject({
  kind: z.union([effectKind, z.array(effectKind).min(1).max(7)]),
  paths: z.union([z.string().min(1).max(4096), z.array(z.string().min(1).max(4096)).min(1).max(512)]).optional(),
  recursive: z.boolean().optional(),
  mode: z.literal("world-writable").optional(),
  content: z.literal("code").optional(),
});

/** The fields every handler may write, whatever its kind. */
export const handlerBaseFields = {
  id: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,128}$/, "ids use letters, digits, `_ . : -` (at most 128)")
    .optional(),
  if: ruleList.optional(),
  unless: ruleList.optional(),
  when: z.record(z.string().min(1).max(256), z.string().min(1).max(4096)).optional(),
  effect: z.union([effectConditionSchema, z.array(effectConditionSchema).min(1).max(32)]).optional(),
  /** Dotted input paths (`prompt`, `tool_input.content`): the handler fires when one holds a credential. */
  secrets: z.array(z.string().min(1).max(256)).min(1).max(16).optional(),
  once: z.boolean().optional(),
  mode: z.enum(["enforce", "dry-run"]).optional(),
  statusMessage: z.string().max(200).optional(),
};
