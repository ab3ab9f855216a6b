import { z } from "zod";
import type { Aggregate } from "../../engine/answer/outcome";
import type { EventSpec } from "../../engine/event/eventSpec";
import { jsonObject } from "../../engine/event/hookInput";
import { MAX_TEXT_CHARS, truncate } from "../../engine/event/hookOutput";
import { terminalSequence } from "./answerSchema";

/** Stop/SubagentStop require a reason with a block (contract §1.4 #18); every block gets one. */
export const DEFAULT_BLOCK_REASON = "Blocked by hookgate policy.";

/** PermissionRequest output fields that live inside `hookSpecificOutput.decision`, not beside it. */
const IN_PERMISSION_DECISION = new Set(["updatedPermissions", "interrupt"]);

const nonEmpty = (s: string | undefined): s is string => s !== undefined && s !== "";

/**
 * One output field as it may leave: strings are cut to the field's own cap (10,000 by default, 2,000 for
 * classifierContext); anything the field's schema rejects is left out, never sent.
 */
function outputValue(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (value === undefined) return { ok: false };
  if (typeof value === "string" && schema instanceof z.ZodString) {
    value = truncate(value, Math.min(schema.maxLength ?? MAX_TEXT_CHARS, MAX_TEXT_CHARS));
  }
  const r = schema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false };
}

// Answers already checked, per event, by their JSON text: most answers are one of a few (`{}`, a rule's deny with
// its reason), so the schema runs once for each. Module scope, outliving the request; bounded.
const checkedAnswers = new WeakMap<EventSpec, Set<string>>();
const CHECKED_MAX = 512;

function validAnswer(spec: EventSpec, answer: Record<string, unknown>): boolean {
  const text = JSON.stringify(answer);
  let seen = checkedAnswers.get(spec);
  if (seen?.has(text)) return true;
  if (!spec.output.safeParse(answer).success) return false;
  if (!seen) checkedAnswers.set(spec, (seen = new Set()));
  if (seen.size >= CHECKED_MAX) seen.clear();
  if (text.length <= 4096) seen.add(text);
  return true;
}

/**
 * Map an aggregate to the event's answer (contract §1.4, §5.2, Appendix C; hookgate spec §3.2 "Per-event answers").
 * Whatever the aggregate holds, the result passes `spec.output`: fields the event cannot express are not emitted,
 * strings are truncated to the client's cap, and "no opinion" is `{}`.
 */
export function respond(spec: EventSpec, agg: Aggregate): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  const verdict = agg.verdict !== undefined && spec.verdicts.includes(agg.verdict) ? agg.verdict : undefined;
  const reason = spec.reason && nonEmpty(agg.reason) ? truncate(agg.reason) : undefined;
  const output = agg.output ?? {};
  const updatedInput = spec.updatedInput && agg.updatedInput !== undefined && jsonObject.safeParse(agg.updatedInput).success ? agg.updatedInput : undefined;

  // Event-specific output fields, validated one by one against what the event takes.
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec.outputFields)) {
    const v = outputValue(field.schema, output[key]);
    if (v.ok) fields[key] = v.value;
  }

  switch (spec.answer) {
    case "permission": {
      // defer ignores reason, updatedInput and additionalContext (contract §1.4 #7); deny never carries a rewrite.
      if (verdict !== undefined) specific.permissionDecision = verdict;
      if (verdict !== undefined && verdict !== "defer" && reason !== undefined) specific.permissionDecisionReason = reason;
      if (updatedInput !== undefined && verdict !== "deny" && verdict !== "defer") specific.updatedInput = updatedInput;
      break;
    }
    case "permissionRequest": {
      // ask (and no verdict) = no decision: the normal dialog shows.
      if (verdict === "allow") {
        const decision: Record<string, unknown> = { behavior: "allow" };
        if (updatedInput !== undefined) decision.updatedInput = updatedInput;
        if (fields.updatedPermissions !== undefined) decision.updatedPermissions = fields.updatedPermissions;
        specific.decision = decision;
      } else if (verdict === "deny") {
        const decision: Record<string, unknown> = { behavior: "deny" };
        if (reason !== undefined) decision.message = reason;
        if (fields.interrupt !== undefined) decision.interrupt = fields.interrupt;
        specific.decision = decision;
      }
      for (const key of IN_PERMISSION_DECISION) delete fields[key];
      break;
    }
    case "block": {
      if (verdict === "block") {
        answer.decision = "block";
        answer.reason = reason ?? DEFAULT_BLOCK_REASON;
      }
      break;
    }
    case "none":
      break;
  }

  if (spec.additionalContext && nonEmpty(agg.additionalContext) && verdict !== "defer")
    specific.additionalContext = truncate(agg.additionalContext);
  Object.assign(specific, fields);

  if (spec.topLevel.includes("continue") && agg.stop !== undefined) {
    answer.continue = false;
    if (nonEmpty(agg.stop.reason)) answer.stopReason = truncate(agg.stop.reason);
  }
  if (spec.topLevel.includes("systemMessage") && nonEmpty(agg.systemMessage)) answer.systemMessage = truncate(agg.systemMessage);
  // The client ignores a sequence other than OSC 0/1/2/9/99/777 or BEL; one cut short would be garbage, so an
  // invalid or over-long one is left out rather than truncated.
  const seq = output.terminalSequence;
  if (seq !== undefined && spec.topLevel.includes("terminalSequence") && terminalSequence.safeParse(seq).success) answer.terminalSequence = seq;

  if (Object.keys(specific).length > 0) answer.hookSpecificOutput = { hookEventName: spec.name, ...specific };

  // Every piece above was validated on its own, so this holds by construction; it is checked anyway because the
  // client drops an invalid answer whole. Should it ever fail, the verdict alone is a better answer than nothing.
  if (validAnswer(spec, answer)) return answer;
  const bare: Record<string, unknown> = {};
  if (answer.decision !== undefined) Object.assign(bare, { decision: answer.decision, reason: answer.reason });
  const kept = Object.fromEntries(
    ["permissionDecision", "permissionDecisionReason", "decision"].filter((k) => specific[k] !== undefined).map((k) => [k, specific[k]]),
  );
  if (Object.keys(kept).length > 0) bare.hookSpecificOutput = { hookEventName: spec.name, ...kept };
  return spec.output.safeParse(bare).success ? bare : {};
}
