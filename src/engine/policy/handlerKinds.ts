import type { CompiledHttpHandler, CompiledPromptHandler, CompiledRuleHandler, CompileOptions } from "./compiledHandler";
import { defaultJudgeVerdict, failVerdict, type EventSpec, type Verdict } from "../event/eventSpec";
import { forwardProblem } from "../secrets/forwardSecrets";
import type { HandlerOutcome, JudgeAnswer } from "../answer/outcome";
import type { HandlerDocument, HttpHandlerDocument, PolicyDocument, PromptHandlerDocument, RuleHandlerDocument } from "./policySchema";

/**
 * The kinds of handler a policy may hold, one entry each: what compiling one checks and keeps, whether it is
 * slow (runs after the rules, in parallel, until the deadline) or stateful (evaluating twice could differ or cost
 * something, so a redelivered request is answered from the dedup record), and how a slow one runs. A new kind is
 * one entry here (and its schema in policySchema.ts); the compiler makes every entry exist.
 */
type HandlerType = HandlerDocument["type"];

/** What a handler kind adds to the fields every handler has. */
type KindFields<T extends HandlerType> = Omit<CompiledByType[T], keyof SharedFields | "type">;
type SharedFields = Pick<CompiledRuleHandler, "id" | "path" | "order" | "ifRules" | "hint" | "unlessRules" | "allParts" | "when" | "effects" | "secrets" | "once" | "dryRun">;
type CompiledByType = { rule: CompiledRuleHandler; prompt: CompiledPromptHandler; http: CompiledHttpHandler };
type DocumentByType = { rule: RuleHandlerDocument; prompt: PromptHandlerDocument; http: HttpHandlerDocument };

export interface KindContext {
  spec: EventSpec;
  policy: PolicyDocument;
  options: CompileOptions;
  /** Report a problem at a field of the handler ("" for the handler itself). */
  problem(field: string, message: string): void;
  /** Report a verdict the event cannot express. */
  checkVerdict(field: string, v: Verdict | "none" | undefined): void;
}

/** What a slow handler may call on (the evaluator's deps). */
export interface SlowDeps {
  judge?: (handler: CompiledPromptHandler, input: Record<string, unknown>, signal: AbortSignal) => Promise<JudgeAnswer>;
  forward?: (handler: CompiledHttpHandler, input: Record<string, unknown>, signal: AbortSignal) => Promise<Omit<HandlerOutcome, "id" | "order">>;
}

interface HandlerKind<T extends HandlerType> {
  readonly type: T;
  /** What the trace and failure reasons call it. */
  readonly label: string;
  readonly slow: boolean;
  readonly stateful: boolean;
  /** Its own checks and compiled fields; undefined when it reported a problem. */
  compile(doc: DocumentByType[T], ctx: KindContext): KindFields<T> | undefined;
  /**
   * Slow kinds: the outcome of running it (an exception or an abort is a failure, handled by the caller), or a
   * failure to report (`{ failure }`) when it cannot run here.
   */
  run?(h: CompiledByType[T], input: Record<string, unknown>, deps: SlowDeps, signal: AbortSignal, spec: EventSpec): Promise<Omit<HandlerOutcome, "id" | "order"> | { failure: string }>;
  /** Slow kinds: the default per-call timeout in seconds (the handler's `timeout` overrides it). */
  readonly timeoutSeconds?: number;
}

/** The sentence the failure reason gives when no LLM is configured, naming the settings that fix it. */
export const NO_LLM =
  "no LLM is configured for hookgate (set the Worker variable LLM_BASE_URL, or the secret LLM_API_KEY for Anthropic's API; LLM_PROVIDER=openai for an OpenAI-compatible endpoint)";

const rule: HandlerKind<"rule"> = {
  type: "rule",
  label: "rule",
  slow: false,
  stateful: false,
  compile(h, { spec, problem, checkVerdict }) {
    const ev = spec.name;
    checkVerdict("decision", h.decision);
    if (h.reason !== undefined && h.decision === undefined)
      problem("reason", "a reason without a decision is never shown; set `decision` or use `additionalContext`");
    if (h.reason !== undefined && h.decision !== undefined && !spec.reason) problem("reason", `${ev} does not show a reason`);
    if (h.additionalContext !== undefined && !spec.additionalContext) problem("additionalContext", `${ev} does not take additionalContext`);
    if (h.systemMessage !== undefined && !spec.topLevel.includes("systemMessage")) problem("systemMessage", `${ev} discards systemMessage`);
    if ((h.continue === false || h.stopReason !== undefined) && !spec.topLevel.includes("continue"))
      problem(h.continue === false ? "continue" : "stopReason", `${ev} ignores continue:false`);
    if (h.stopReason !== undefined && h.continue !== false) problem("stopReason", "stopReason only goes with continue: false");
    if (h.updatedInput !== undefined) {
      if (!spec.updatedInput) problem("updatedInput", `${ev} cannot rewrite its input`);
      else if (h.decision === "deny" || h.decision === "defer") problem("updatedInput", `updatedInput is never applied with "${h.decision}"`);
    }
    for (const [key, value] of Object.entries(h.output ?? {})) {
      if (key === "terminalSequence" && spec.topLevel.includes("terminalSequence")) {
        if (typeof value !== "string") problem(`output.${key}`, "must be a string");
        continue;
      }
      const schema = spec.outputFields[key];
      if (!schema) {
        const known = [...Object.keys(spec.outputFields), ...(spec.topLevel.includes("terminalSequence") ? ["terminalSequence"] : [])];
        problem(`output.${key}`, `${ev} has no output field "${key}"${known.length ? `; it takes ${known.join(", ")}` : ""}`);
        continue;
      }
      const r = schema.safeParse(value);
      if (!r.success) problem(`output.${key}`, r.error.issues.map((i) => i.message).join("; "));
    }
    const contributes =
      h.decision !== undefined ||
      h.additionalContext !== undefined ||
      h.systemMessage !== undefined ||
      h.updatedInput !== undefined ||
      h.continue === false ||
      Object.keys(h.output ?? {}).length > 0;
    if (!contributes) problem("", "this rule sets nothing (no decision, context, message, updatedInput, continue or output)");
    return {
      verdict: h.decision,
      reason: h.reason,
      additionalContext: h.additionalContext,
      systemMessage: h.systemMessage,
      updatedInput: h.updatedInput,
      stop: h.continue === false,
      stopReason: h.stopReason,
      output: h.output,
    } as KindFields<"rule">;
  },
};

/** onError: the handler's, else the policy's failMode verdict on this event. */
function onErrorOf(onError: Verdict | "none" | undefined, ctx: KindContext): Verdict | "none" {
  const v = onError ?? failVerdict(ctx.spec, ctx.policy.failMode);
  ctx.checkVerdict("onError", v);
  return v;
}

const prompt: HandlerKind<"prompt"> = {
  type: "prompt",
  label: "LLM judge",
  slow: true,
  stateful: true,
  timeoutSeconds: 30,
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
  async run(h, input, deps, signal, spec) {
    if (!deps.judge) return { failure: `could not run: ${NO_LLM}` };
    const answer = await deps.judge(h, input, signal);
    if (answer.ok) return {};
    // The client lets a stop through when the judge says what it asks is impossible.
    if (answer.impossible && h.verdict === "block" && spec.stopLike === true) return {};
    return answer.reason ? { verdict: h.verdict, reason: answer.reason } : { verdict: h.verdict };
  },
};

const http: HandlerKind<"http"> = {
  type: "http",
  label: "forwarded hook",
  slow: true,
  stateful: true,
  timeoutSeconds: 10,
  compile(h, ctx) {
    const { problem } = ctx;
    const onError = onErrorOf(h.onError, ctx);
    (h.allowedEnvVars ?? []).forEach((name, i) => {
      const why = forwardProblem(name, ctx.options.forwardSecrets);
      if (why !== undefined) problem(`allowedEnvVars[${i}]`, why);
    });
    for (const [name, value] of Object.entries(h.headers ?? {}))
      for (const m of value.matchAll(/\$\{?([A-Z_][A-Z0-9_]*)\}?/g))
        if (!(h.allowedEnvVars ?? []).includes(m[1]!)) problem(`headers.${name}`, `$${m[1]} is not listed in allowedEnvVars, so it would be sent empty`);
    return { doc: h, onError };
  },
  async run(h, input, deps, signal) {
    if (!deps.forward) return { failure: "could not run (forwarding is not available here)" };
    return deps.forward(h, input, signal);
  },
};

/** Every kind, by its `type`: the mapped type makes the compiler insist on an entry per handler type. */
export const HANDLER_KINDS: { readonly [T in HandlerType]: HandlerKind<T> } = { rule, prompt, http };

/** The kind of a compiled or written handler. */
export function kindOf<T extends HandlerType>(h: { type: T }): HandlerKind<T> {
  return HANDLER_KINDS[h.type] as HandlerKind<T>;
}
