import { z } from "zod";
import { handlerBaseFields, text, verdictSchema } from "../baseSchema";
import type { Verdict } from "../../event/eventSpec";

/** A `rule` handler: decided by the engine from the call itself (what it sets is what it contributes). */
export const ruleHandlerSchema = z.strictObject({
  type: z.literal("rule"),
  ...handlerBaseFields,
  decision: verdictSchema.optional(),
  reason: text.optional(),
  additionalContext: text.optional(),
  systemMessage: text.optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  continue: z.boolean().optional(),
  stopReason: text.optional(),
  output: z.record(z.string(), z.unknown()).optional(),
});
export type RuleHandlerDocument = z.output<typeof ruleHandlerSchema>;

/** What a compiled rule adds to the base handler. */
export interface RuleFields {
  verdict?: Verdict;
  reason?: string;
  additionalContext?: string;
  systemMessage?: string;
  updatedInput?: Record<string, unknown>;
  stop: boolean;
  stopReason?: string;
  output?: Record<string, unknown>;
}
