import { z } from "zod";
import { handlerBaseFields, MAX_TEXT, onErrorSchema, verdictSchema } from "../baseSchema";
import type { Verdict } from "../../event/eventSpec";

/** A `prompt` handler: an LLM judge asked whether the call may go ahead. */
export const promptHandlerSchema = z.strictObject({
  type: z.literal("prompt"),
  ...handlerBaseFields,
  prompt: z.string().min(1).max(MAX_TEXT),
  model: z.string().min(1).max(128).optional(),
  /** seconds, as in Claude Code's own hook settings */
  timeout: z.number().positive().max(600).optional(),
  decision: verdictSchema.optional(),
  onError: onErrorSchema.optional(),
});
export type PromptHandlerDocument = z.output<typeof promptHandlerSchema>;

/** What a compiled judge adds to the base handler. */
export interface PromptFields {
  doc: PromptHandlerDocument;
  /** What `ok:false` becomes. */
  verdict: Verdict;
  onError: Verdict | "none";
}
