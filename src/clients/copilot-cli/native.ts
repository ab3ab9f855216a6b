import { z } from "zod";
import type { Aggregate } from "../../engine/answer/outcome";
import { jsonObject } from "../../engine/event/hookInput";
import type { EventSpec } from "../../engine/event/eventSpec";
import { capped, type AnswerWriter, type NativeEvent } from "../native";
import { copilotCanonical } from "./claudeRoutes";

/*
 * GitHub Copilot CLI's own hooks (1.0.102, `.github/hooks/*.json`, `"type": "http"`), as the real client sends and
 * reads them. Every shape here was observed with the pinned binary (e2e/node_modules/@github/copilot-linux-x64,
 * driven offline with COPILOT_OFFLINE=true and a local COPILOT_PROVIDER_BASE_URL; the payloads are
 * test/fixtures/copilot-cli/wire-1.0.102.json) and matches its SDK's types (copilot-sdk/types.d.ts in the package
 * it unpacks): camelCase inputs (`sessionId`, a numeric `timestamp`, `cwd`, `toolName`, `toolArgs` — an object over
 * http, a JSON string in some older formats, read either way), and answers:
 * - preToolUse: `permissionDecision` allow|deny|ask, `permissionDecisionReason`, `modifiedArgs`, `additionalContext`
 *   (each seen to take effect: a deny stops the call, modifiedArgs runs the rewritten command, the context reaches
 *   the model);
 * - permissionRequest: `behavior` allow|deny, `message`, `interrupt` (a deny stops the call, the message reaches the
 *   model);
 * - userPromptSubmitted: `decision: "block"` + `reason` (the model is never called) and `additionalContext`;
 * - agentStop / subagentStop: `decision: "block"` + `reason` (the agent goes on with the reason as its prompt; the
 *   next stop says `stop_hook_active: true`, and Copilot caps the loop itself);
 * - sessionStart, subagentStart, postToolUse, postToolUseFailure, notification: `additionalContext`.
 * How it fails: a timeout or a body that is not JSON is ignored (the call goes ahead: Copilot fails open there,
 * whatever hookgate meant); a non-2xx answer to preToolUse denies the call ("hook errored"). hookgate never answers a
 * hook call with an error status for a request it could read.
 */

/** Copilot's default budget for a hook (`timeoutSec`, 30 s). */
const COPILOT_TIMEOUT_MS = 30_000;

/** The fields every Copilot hook input carries (its SDK's BaseHookInput; `cwd` on the wire). */
const base = {
  sessionId: z.string(),
  timestamp: z.union([z.number(), z.string()]),
  cwd: z.string(),
};

/** An input of one Copilot event: the common fields and its own, unknown fields accepted. */
export const copilotInput = (fields: Record<string, z.ZodType> = {}) => z.object({ ...base, ...fields }).loose();

/** A tool call's fields: `toolArgs` an object (http) or a JSON string (read as the command for a shell tool). */
export const toolFields = { toolName: z.string(), toolArgs: z.union([jsonObject, z.string()]) };

/** The input in canonical terms (Claude Code's fields, Copilot's tools as the canonical ones). */
export const toCanonical = (input: Record<string, unknown>, spec: EventSpec) => copilotCanonical(spec, input);

/** One of Copilot's events on its own routes: its budget is Copilot's 30 s, its input read by the shared mapping. */
export function copilotEvent(decl: Omit<NativeEvent<CopilotAnswer>, "toCanonical" | "clientTimeoutMs">): NativeEvent<CopilotAnswer> {
  return { ...decl, toCanonical, clientTimeoutMs: COPILOT_TIMEOUT_MS };
}

export const DEFAULT_DENY_REASON = "Denied by hookgate policy.";
const DEFAULT_BLOCK_REASON = "Blocked by hookgate policy.";

const text = z.string().max(10_000);
const context = (agg: Aggregate) => (capped(agg.additionalContext) !== undefined ? { additionalContext: capped(agg.additionalContext) } : {});

/** The answer writers, one per kind of Copilot answer. */
type CopilotAnswer = "permission" | "permissionRequest" | "promptBlock" | "stopBlock" | "context" | "none";

export const COPILOT_WRITERS: Readonly<Record<CopilotAnswer, AnswerWriter>> = {
  permission: {
    output: z.strictObject({
      permissionDecision: z.enum(["allow", "deny", "ask"]).optional(),
      permissionDecisionReason: text.optional(),
      modifiedArgs: jsonObject.optional(),
      additionalContext: text.optional(),
    }),
    write: (agg) => {
      // A stop of the whole agent (continue:false) has no form here: the call it came with is denied.
      let decision = agg.stop ? "deny" : agg.verdict === "defer" ? "ask" : agg.verdict;
      if (decision === "block") decision = "deny";
      const out: Record<string, unknown> = {};
      if (decision !== undefined) out.permissionDecision = decision;
      const reason = capped(agg.stop ? (agg.stop.reason ?? agg.reason) : agg.reason);
      if (decision !== undefined && reason !== undefined) out.permissionDecisionReason = reason;
      else if (decision === "deny") out.permissionDecisionReason = DEFAULT_DENY_REASON;
      // A rewrite rides only on a call that may run (the aggregate keeps none with a deny).
      if (decision !== "deny" && agg.updatedInput !== undefined) out.modifiedArgs = agg.updatedInput;
      return { ...out, ...context(agg) };
    },
    verdicts: { allow: "permissionDecision: allow", deny: "permissionDecision: deny", ask: "permissionDecision: ask", defer: "permissionDecision: ask (Copilot has no defer: a person decides)" },
    blocks: true,
    carries: ["modifiedArgs", "additionalContext"],
  },
  permissionRequest: {
    output: z.strictObject({ behavior: z.enum(["allow", "deny"]).optional(), message: text.optional(), interrupt: z.boolean().optional() }),
    write: (agg) => {
      if (agg.stop) return { behavior: "deny", interrupt: true, message: capped(agg.stop.reason) ?? DEFAULT_DENY_REASON };
      // A policy's output.interrupt (true: stop the agent too) rides on the deny, as in Claude Code's decision.
      if (agg.verdict === "deny") return { behavior: "deny", message: capped(agg.reason) ?? DEFAULT_DENY_REASON, ...(agg.output.interrupt === true ? { interrupt: true } : {}) };
      if (agg.verdict === "allow") return { behavior: "allow" };
      // ask (or nothing): Copilot's own permission flow runs (its rules, then the person).
      return {};
    },
    verdicts: { allow: "behavior: allow", deny: "behavior: deny + message", ask: "no answer: Copilot's own permission flow asks the person" },
    blocks: true,
    carries: ["interrupt (with deny)"],
  },
  promptBlock: {
    output: z.strictObject({ decision: z.literal("block").optional(), reason: text.optional(), additionalContext: text.optional() }),
    write: (agg) => {
      if (agg.verdict === "block" || agg.stop) return { decision: "block", reason: capped(agg.stop?.reason ?? agg.reason) ?? DEFAULT_BLOCK_REASON };
      return context(agg);
    },
    verdicts: { block: "decision: block + reason (the model is not called)" },
    blocks: true,
    carries: ["additionalContext"],
  },
  stopBlock: {
    output: z.strictObject({ decision: z.literal("block").optional(), reason: text.optional() }),
    write: (agg) => (agg.verdict === "block" ? { decision: "block", reason: capped(agg.reason) ?? DEFAULT_BLOCK_REASON } : {}),
    verdicts: { block: "decision: block + reason (the agent goes on with the reason as its prompt)" },
    blocks: true,
    carries: [],
  },
  context: {
    output: z.strictObject({ additionalContext: text.optional() }),
    write: context,
    verdicts: {},
    blocks: false,
    carries: ["additionalContext"],
  },
  none: {
    output: z.strictObject({}),
    write: () => ({}),
    verdicts: {},
    blocks: false,
    carries: [],
  },
};
