import { z } from "zod";
import { defaultJudgeVerdict } from "../../event/eventSpec";
import type { JudgeAnswer } from "../../answer/outcome";
import { onErrorOf, type CompiledOf, type HandlerKind } from "../handlerKind";
import { promptHandlerSchema, type PromptFields, type PromptHandlerDocument } from "./schema";

export type CompiledPromptHandler = CompiledOf<"prompt", PromptFields>;

/** The judge's callout: asks the model about one call (the Worker's llmJudge.ts; a policy test's stub). */
export interface JudgeCallout {
  judge(handler: CompiledPromptHandler, input: Record<string, unknown>, signal: AbortSignal): Promise<JudgeAnswer>;
}

const stubShape = { ok: z.boolean().optional(), reason: z.string().optional(), impossible: z.boolean().optional() };

/** `prompt`: an LLM judge, slow (runs after the rules until the deadline) and stateful (a model call costs). */
export const promptKind = {
  type: "prompt",
  schema: promptHandlerSchema,
  label: "LLM judge",
  stateful: true,
  fields: { doc: true, verdict: true, onError: true },
  compile(h, ctx) {
    const { spec, problem, checkVerdict } = ctx;
    if (!spec.prompt) problem("type", `${spec.name} does not take prompt handlers (the client ignores what a judge would say there)`);
    const onError = onErrorOf(h.onError, ctx);
    const verdict = h.decision ?? defaultJudgeVerdict(spec);
    if (verdict === undefined) {
      problem("decision", `${spec.name} has no decision a judge's "no" could become`);
      return undefined;
    }
    checkVerdict("decision", verdict);
    return { doc: h, verdict, onError };
  },
  decide: null,
  slow: {
    timeoutSeconds: (h) => h.doc.timeout ?? 30,
    async run(h, input, callouts, signal, spec) {
      if (!callouts.judge) return { failure: `could not run: ${callouts.unavailable?.judge ?? "no LLM judge is configured here"}` };
      const answer = await callouts.judge(h, input, signal);
      if (answer.ok) return {};
      // The client lets a stop through when the judge says what it asks is impossible.
      if (answer.impossible && h.verdict === "block" && spec.stopLike === true) return {};
      return answer.reason ? { verdict: h.verdict, reason: answer.reason } : { verdict: h.verdict };
    },
  },
  needs: "judge",
  standIn: {
    what: "judge",
    shape: stubShape,
    example: '{ "ok": true }',
    check: (s) => (s.ok === undefined && s.fails === undefined ? 'a judge stub says what the judge answers: "ok": true or false (or "fails": "why")' : undefined),
    callouts: (answer) => ({
      judge: async (h) => {
        const s = answer(h);
        return { ok: s.ok === true, ...(s.reason !== undefined ? { reason: s.reason } : {}), ...(s.impossible ? { impossible: true } : {}) };
      },
    }),
  },
} satisfies HandlerKind<"prompt", PromptHandlerDocument, PromptFields, JudgeCallout, typeof stubShape>;
