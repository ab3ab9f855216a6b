import { z } from "zod";
import type { AnswerLayout, AnswerParts } from "../../engine/event/defineEvent";
import type { TopLevelField, Verdict } from "../../engine/event/eventSpec";
import { jsonObject } from "../../engine/event/hookInput";
import { text } from "../../engine/event/hookOutput";

/*
 * Claude Code's answer layout (contract §1.2, §1.4, Appendix C): where each part of an answer goes
 * (`hookSpecificOutput.permissionDecision`, `decision.behavior`, top-level `decision: "block"`, …) and the exact
 * schema of each event's answer, z.strictObject everywhere, every string within the client's 10,000-character cap.
 * defineEvent (./defineEvent.ts) hands each declaration here; respond (./answer.ts) writes answers that pass it.
 */

/**
 * `terminalSequence` as it is worth sending: only OSC 0/1/2/9/99/777 and BEL; the client ignores the whole field
 * otherwise (contract §1.2). respond() leaves anything else out; the answer schema itself takes any `text`.
 */
export const terminalSequence = text.regex(
  /^(?:\u001b\](?:0|1|2|9|99|777);[^\u0007\u001b]*(?:\u0007|\u001b\\)|\u0007)+$/,
  "only OSC 0/1/2/9/99/777 sequences and BEL are allowed",
);

/** Elicitation/ElicitationResult `action`. */
export const elicitationActionSchema = z.enum(["accept", "decline", "cancel"]);

// --- PermissionRequest: PermissionUpdate entries (contract §1.4 #8 table) -------------------------------------

const permissionDestination = z.enum(["session", "localSettings", "projectSettings", "userSettings", "cliArg"]);
export const permissionRule = z.strictObject({ toolName: text.min(1), ruleContent: text.optional() });
const rulesUpdate = <T extends "addRules" | "replaceRules" | "removeRules">(type: T) =>
  z.strictObject({
    type: z.literal(type),
    rules: z.array(permissionRule).min(1),
    behavior: z.enum(["allow", "deny", "ask"]),
    destination: permissionDestination,
  });
const directoriesUpdate = <T extends "addDirectories" | "removeDirectories">(type: T) =>
  z.strictObject({ type: z.literal(type), directories: z.array(text.min(1)).min(1), destination: permissionDestination });

const permissionUpdate = z.discriminatedUnion("type", [
  rulesUpdate("addRules"),
  rulesUpdate("replaceRules"),
  rulesUpdate("removeRules"),
  z.strictObject({
    type: z.literal("setMode"),
    // `manual` is accepted as an alias of `default` since v2.1.200.
    mode: z.enum(["default", "auto", "acceptEdits", "dontAsk", "bypassPermissions", "plan", "manual"]),
    destination: permissionDestination,
  }),
  directoriesUpdate("addDirectories"),
  directoriesUpdate("removeDirectories"),
]);
export const updatedPermissionsSchema = z.array(permissionUpdate);

/** `hookSpecificOutput.decision` of PermissionRequest; "ask" is expressed by leaving it out. */
const permissionRequestDecision = z.discriminatedUnion("behavior", [
  z.strictObject({ behavior: z.literal("allow"), updatedInput: jsonObject.optional(), updatedPermissions: updatedPermissionsSchema.optional() }),
  z.strictObject({ behavior: z.literal("deny"), message: text.optional(), interrupt: z.boolean().optional() }),
]);

/** The `permissionDecision` family of fields (PreToolUse, PreSkillShellCommand, PreModelSwitch). */
function permissionDecisionFields(
  decisions: readonly [Verdict, ...Verdict[]],
  opts: { updatedInput: boolean; additionalContext: boolean },
): Record<string, z.ZodType> {
  return {
    permissionDecision: z.enum(decisions),
    permissionDecisionReason: text,
    ...(opts.updatedInput ? { updatedInput: jsonObject } : {}),
    ...(opts.additionalContext ? { additionalContext: text } : {}),
  };
}

// --- The answer -------------------------------------------------------------------------------------------------

/** The universal top-level fields (contract §1.2); `decision` only ever "block" (hookgate never emits "approve"). */
const TOP_LEVEL_FIELDS = {
  continue: z.boolean(),
  stopReason: text,
  systemMessage: text,
  terminalSequence: text,
  decision: z.literal("block"),
  reason: text,
} as const;

/** What an event's answer may carry at top level: the honoured fields, plus "block" for decision + reason. */
type AnswerTopLevel = TopLevelField | "block";

/**
 * The exact answer schema of one event: a strict top level with only the fields the event honours
 * (`continue` brings `stopReason`, `block` brings `decision` + `reason`), plus `hookSpecificOutput` when the event
 * has a variant (Appendix C) — strict, `hookEventName` equal to the event, the given fields all optional except
 * those named in `required` (WorktreeCreate `worktreePath`). Events that take nothing answer `{}` only.
 */
export function answerSchema(
  eventName: string,
  hookSpecificFields: Record<string, z.ZodType> | null,
  topLevelAllowed: readonly AnswerTopLevel[],
  required: readonly string[] = [],
): z.ZodType<Record<string, unknown>> {
  const t = TOP_LEVEL_FIELDS;
  const allowed = new Set(topLevelAllowed);
  const specific = hookSpecificFields
    ? Object.fromEntries(
        Object.entries(hookSpecificFields).map(([k, v]) => [k, required.includes(k) ? v : v.optional()]),
      )
    : null;
  return z.strictObject({
    ...(allowed.has("continue") ? { continue: t.continue.optional(), stopReason: t.stopReason.optional() } : {}),
    ...(allowed.has("systemMessage") ? { systemMessage: t.systemMessage.optional() } : {}),
    ...(allowed.has("terminalSequence") ? { terminalSequence: t.terminalSequence.optional() } : {}),
    ...(allowed.has("block") ? { decision: t.decision.optional(), reason: t.reason.optional() } : {}),
    ...(specific
      ? { hookSpecificOutput: z.strictObject({ hookEventName: z.literal(eventName), ...specific }).optional() }
      : {}),
  });
}

/** The fields each answer kind writes into hookSpecificOutput itself; an output field may not reuse them. */
const OWN_FIELDS: Record<AnswerParts["answer"], readonly string[]> = {
  none: ["additionalContext"],
  block: ["additionalContext"],
  permission: ["additionalContext", "permissionDecision", "permissionDecisionReason", "updatedInput"],
  permissionRequest: ["additionalContext", "decision"],
};

/** The PermissionRequest output fields that ride inside `decision` (updatedPermissions on allow, interrupt on deny). */
const DECISION_FIELDS: readonly string[] = permissionRequestDecision.options
  .flatMap((o) => Object.keys(o.shape))
  .filter((k) => k !== "behavior" && k !== "updatedInput" && k !== "message");

/**
 * Claude Code's answer schema of one event: what its answer kind writes into `hookSpecificOutput` (the permission
 * fields, `decision`, `additionalContext`) beside the event's own output fields, and the top level it honours.
 */
export const claudeCodeAnswerLayout: AnswerLayout = (parts, fail) => {
  const { name, outputFields, additionalContext } = parts;
  for (const key of Object.keys(outputFields)) {
    if (key === "hookEventName" || OWN_FIELDS[parts.answer].includes(key)) fail(`output field ${key} is written by the ${parts.answer} answer itself`);
    if (parts.answer === "permissionRequest" && !DECISION_FIELDS.includes(key))
      fail(`output field ${key} has no place in the PermissionRequest decision (${DECISION_FIELDS.join(", ")})`);
  }
  const context: Record<string, z.ZodType> = additionalContext ? { additionalContext: text } : {};
  let specific: Record<string, z.ZodType>;
  switch (parts.answer) {
    case "none":
    case "block":
      specific = { ...context, ...outputFields };
      break;
    case "permission":
      specific = {
        ...permissionDecisionFields(parts.verdicts as [Verdict, ...Verdict[]], { updatedInput: parts.updatedInput, additionalContext }),
        ...outputFields,
      };
      break;
    case "permissionRequest":
      // The output fields live inside `decision` (checked above); respond() puts them there.
      specific = { decision: permissionRequestDecision, ...context };
      break;
  }
  const topLevel: readonly AnswerTopLevel[] = parts.answer === "block" ? [...parts.topLevel, "block"] : parts.topLevel;
  return answerSchema(name, Object.keys(specific).length > 0 ? specific : null, topLevel, parts.required);
};
