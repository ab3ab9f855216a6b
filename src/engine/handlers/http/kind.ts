import { z } from "zod";
import { forwardProblem } from "../../secrets/forwardSecrets";
import { maskText } from "../../secrets/maskCut";
import { onErrorOf, type CompiledOf, type Contribution, type HandlerKind } from "../handlerKind";
import { httpHandlerSchema, type HttpFields, type HttpHandlerDocument } from "./schema";

export type CompiledHttpHandler = CompiledOf<"http", HttpFields>;

/** The forward's callout: sends the (masked) input to the handler's server and reads its answer (httpForward.ts). */
interface ForwardCallout {
  forward(handler: CompiledHttpHandler, input: Record<string, unknown>, signal: AbortSignal): Promise<Contribution>;
}

const stubShape = {
  decision: z.string().optional(),
  reason: z.string().optional(),
  additionalContext: z.string().optional(),
  systemMessage: z.string().optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
};

/**
 * A credential written into the policy itself, rather than named (`$NAME`) and sent from a Worker secret: the
 * policy is stored verbatim in an immutable revision, so anyone who may read the team's policy could read it, for
 * ever. Found as the masker finds a secret anywhere (`$NAME` references set aside).
 */
const holdsSecret = (text: string): boolean => {
  const literal = text.replace(/\$\{?[A-Z_][A-Z0-9_]*\}?/g, "");
  return maskText(literal) !== literal;
};
const LITERAL_SECRET =
  "holds what looks like a credential: a policy is kept verbatim in every revision and readable by every token with policy:read; write $NAME instead, listed in allowedEnvVars (and the deployment's FORWARD_SECRETS)";

/** `http`: a forwarded hook, slow and stateful (the server may count calls or answer differently). */
export const httpKind = {
  type: "http",
  schema: httpHandlerSchema,
  label: "forwarded hook",
  stateful: true,
  fields: { doc: true, onError: true },
  compile(h, ctx) {
    const { problem } = ctx;
    const onError = onErrorOf(h.onError, ctx);
    (h.allowedEnvVars ?? []).forEach((name, i) => {
      const why = forwardProblem(name, ctx.options.forwardSecrets);
      if (why !== undefined) problem(`allowedEnvVars[${i}]`, why);
    });
    // A document being written or checked only (not a stored revision being loaded, `warnings: false`): refusing one
    // already stored would not take the credential out of it, only fail its team closed.
    const written = ctx.options.warnings !== false;
    for (const [name, value] of Object.entries(h.headers ?? {})) {
      for (const m of value.matchAll(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g))
        if (!(h.allowedEnvVars ?? []).includes(m[1]!)) problem(`headers.${name}`, `$${m[1]} is not listed in allowedEnvVars, so it would be sent empty`);
      if (written && holdsSecret(value)) problem(`headers.${name}`, LITERAL_SECRET);
    }
    if (written && holdsSecret(h.url)) problem("url", LITERAL_SECRET);
    return { doc: h, onError };
  },
  decide: null,
  slow: {
    timeoutSeconds: (h) => h.doc.timeout ?? 10,
    async run(h, input, callouts, signal) {
      if (!callouts.forward) return { failure: callouts.unavailable?.forward ? `could not run: ${callouts.unavailable.forward}` : "could not run (forwarding is not available here)" };
      return callouts.forward(h, input, signal);
    },
  },
  needs: "forward",
  standIn: {
    what: "forwarded hook",
    shape: stubShape,
    example: '{ "decision": "allow" }',
    check: () => undefined,
    callouts: (answer) => ({
      forward: async (h) => {
        const { decision, fails: _fails, ...rest } = answer(h);
        return { ...rest, ...(decision !== undefined ? { verdict: decision as never } : {}) };
      },
    }),
  },
} satisfies HandlerKind<"http", HttpHandlerDocument, HttpFields, ForwardCallout, typeof stubShape>;
