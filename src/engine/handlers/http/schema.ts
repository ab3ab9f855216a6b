import { z } from "zod";
import { handlerBaseFields, onErrorSchema } from "../baseSchema";
import type { Verdict } from "../../event/eventSpec";

/** An `http` handler: the hook input forwarded to a server, whose answer is the handler's contribution. */
export const httpHandlerSchema = z.strictObject({
  type: z.literal("http"),
  ...handlerBaseFields,
  url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  headers: z.record(z.string().min(1), z.string().max(4096)).optional(),
  allowedEnvVars: z.array(z.string().regex(/^[A-Z_][A-Z0-9_]*$/, "env var names are upper case")).optional(),
  timeout: z.number().positive().max(600).optional(),
  onError: onErrorSchema.optional(),
});
export type HttpHandlerDocument = z.output<typeof httpHandlerSchema>;

/** What a compiled forwarded hook adds to the base handler. */
export interface HttpFields {
  doc: HttpHandlerDocument;
  onError: Verdict | "none";
}
