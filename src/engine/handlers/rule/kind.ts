import type { HandlerKind } from "../handlerKind";
import { ruleHandlerSchema, type RuleFields, type RuleHandlerDocument } from "./schema";

/** `rule`: fast (decided with the call, no callout), so it needs no stand-in and runs on every deployment. */
export const ruleKind = {
  type: "rule",
  schema: ruleHandlerSchema,
  label: "rule",
  stateful: false,
  fields: { verdict: true, reason: true, additionalContext: true, systemMessage: true, updatedInput: true, stop: true, stopReason: true, output: true },
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
      const schema = Object.hasOwn(spec.outputFields, key) ? spec.outputFields[key]!.schema : undefined;
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
    } as RuleFields;
  },
  decide(h, o) {
    if (h.verdict !== undefined) o.verdict = h.verdict;
    if (h.reason !== undefined) o.reason = h.reason;
    if (h.additionalContext !== undefined) o.additionalContext = h.additionalContext;
    if (h.systemMessage !== undefined) o.systemMessage = h.systemMessage;
    if (h.updatedInput !== undefined) o.updatedInput = h.updatedInput;
    if (h.stop) o.stop = true;
    if (h.stopReason !== undefined) o.stopReason = h.stopReason;
    if (h.output !== undefined) o.output = h.output;
    return o;
  },
  slow: null,
  needs: null,
  standIn: null,
} satisfies HandlerKind<"rule", RuleHandlerDocument, RuleFields, object, Record<string, never>>;
