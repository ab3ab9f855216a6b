import type { Aggregate } from "../../engine/answer/outcome";
import type { EventSpec } from "../../engine/event/eventSpec";
import { jsonObject } from "../../engine/event/hookInput";
import { truncate } from "../../engine/event/hookOutput";

/** Codex requires a non-empty reason with every deny and block (it fails the hook otherwise, and runs the tool). */
const CODEX_DEFAULT_REASON = "Blocked by hookgate policy.";

/**
 * What an `ask` or `defer` becomes on Codex's PreToolUse, which can neither ask nor defer: a deny (the sound
 * choice: the call does not run) whose reason says a person must run it. Deterministic, documented in docs/codex.md.
 */
export const CODEX_ASK_PREFIX = "hookgate: this call needs a person's approval, which Codex hooks cannot ask for; a person must run it themselves.";

const nonEmpty = (s: string | undefined): s is string => s !== undefined && s.trim() !== "";

/**
 * An aggregate as Codex's answer for the event: only what Codex's output schema takes and its parser honours
 * (answerSchema.ts), `{}` for no opinion. Where the policy says what Codex cannot do, a fixed choice:
 * - PreToolUse ask/defer → deny, the reason saying a person must run the call (CODEX_ASK_PREFIX);
 * - PreToolUse allow → `{}` (Codex goes on with its own approval rules), unless it rewrites the input (allow +
 *   updatedInput, which Codex takes);
 * - a stop of the agent (`continue: false`) on PreToolUse/PermissionRequest, where Codex has none → deny;
 * - PermissionRequest ask → no decision (Codex's own prompt shows); its allow never carries a rewrite.
 */
export function codexRespond(spec: EventSpec, agg: Aggregate): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  const verdict = agg.verdict !== undefined && spec.verdicts.includes(agg.verdict) ? agg.verdict : undefined;
  const reason = nonEmpty(agg.reason) ? truncate(agg.reason.trim()) : undefined;
  const canStop = spec.topLevel.includes("continue");
  const stopHere = agg.stop !== undefined && !canStop;
  const stopReason = nonEmpty(agg.stop?.reason) ? truncate(agg.stop.reason) : undefined;

  switch (spec.answer) {
    case "permission": {
      const updatedInput = spec.updatedInput && agg.updatedInput !== undefined && jsonObject.safeParse(agg.updatedInput).success ? agg.updatedInput : undefined;
      if (verdict === "deny" || stopHere) {
        specific.permissionDecision = "deny";
        specific.permissionDecisionReason = reason ?? stopReason ?? CODEX_DEFAULT_REASON;
      } else if (verdict === "ask" || verdict === "defer") {
        specific.permissionDecision = "deny";
        specific.permissionDecisionReason = truncate(reason ? `${CODEX_ASK_PREFIX} ${reason}` : CODEX_ASK_PREFIX);
      } else if (updatedInput !== undefined) {
        specific.permissionDecision = "allow";
        specific.updatedInput = updatedInput;
      }
      break;
    }
    case "permissionRequest":
      if (verdict === "deny" || stopHere) specific.decision = { behavior: "deny", message: reason ?? stopReason ?? CODEX_DEFAULT_REASON };
      else if (verdict === "allow") specific.decision = { behavior: "allow" };
      break;
    case "block":
      if (verdict === "block") {
        answer.decision = "block";
        answer.reason = reason ?? CODEX_DEFAULT_REASON;
      }
      break;
    case "none":
      break;
  }
  if (spec.additionalContext && nonEmpty(agg.additionalContext)) specific.additionalContext = truncate(agg.additionalContext);
  if (canStop && agg.stop !== undefined) {
    answer.continue = false;
    if (stopReason !== undefined) answer.stopReason = stopReason;
  }
  if (spec.topLevel.includes("systemMessage") && nonEmpty(agg.systemMessage)) answer.systemMessage = truncate(agg.systemMessage);
  if (Object.keys(specific).length > 0) answer.hookSpecificOutput = { hookEventName: spec.name, ...specific };

  // Built to pass by construction; checked anyway, since Codex runs the tool on an answer outside its schema. Should
  // it ever fail, the verdict alone (what blocks) is a better answer than one Codex ignores.
  if (spec.output.safeParse(answer).success) return answer;
  const bare: Record<string, unknown> = {};
  if (answer.decision !== undefined) Object.assign(bare, { decision: answer.decision, reason: answer.reason });
  if (specific.permissionDecision === "deny")
    bare.hookSpecificOutput = { hookEventName: spec.name, permissionDecision: "deny", permissionDecisionReason: specific.permissionDecisionReason };
  if (isDeny(specific.decision)) bare.hookSpecificOutput = { hookEventName: spec.name, decision: specific.decision };
  return spec.output.safeParse(bare).success ? bare : {};
}

const isDeny = (d: unknown) => typeof d === "object" && d !== null && (d as { behavior?: unknown }).behavior === "deny";
