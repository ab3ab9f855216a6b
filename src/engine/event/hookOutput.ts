import { z } from "zod";
import type { TopLevelField, Verdict } from "./eventSpec";
import { jsonObject } from "./hookInput";

/*
 * Building blocks for the 34 answer schemas (contract §1.2, §1.4, Appendix C).
 * Answers are checked against these before they leave, so they are exact: z.strictObject everywhere, only the
 * fields the event takes, every string within the client's 10,000-character cap. Structured payloads that
 * replace client data wholesale (updatedInput, updatedToolOutput, content) are passed through uncut:
 * truncating a file's content inside updatedInput would corrupt the tool call.
 */

export const MAX_TEXT_CHARS = 10_000;
/** PostToolUse classifierContext: at most 2,000 characters per call (contract §1.4 #9). */
export const MAX_CLASSIFIER_CONTEXT_CHARS = 2_000;

/** A string the client takes inline. */
export const text = z.string().max(MAX_TEXT_CHARS);

export const TRUNCATION_MARKER = "\n…[truncated by hookgate]";

/** Cut `s` to at most `max` UTF-16 units, ending with a marker; never splits a surrogate pair. */
export function truncate(s: string, max: number = MAX_TEXT_CHARS): string {
  if (s.length <= max) return s;
  const marker = max > TRUNCATION_MARKER.length * 4 ? TRUNCATION_MARKER : "";
  let cut = max - marker.length;
  const last = s.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return s.slice(0, cut) + marker;
}

/** Any value but `undefined` (updatedToolOutput: the tool's own output shape). */
export const present = z.unknown().refine((v) => v !== undefined, "must be set");

const isAbsolute = (p: string) => p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("\\\\");
/** An absolute client path (POSIX, `C:\…` or UNC). */
const absolutePath = text.min(1).refine(isAbsolute, "must be an absolute path");
/** SessionStart/CwdChanged/FileChanged `watchPaths`: absolute paths; `[]` clears the list. */
export const watchPaths = z.array(absolutePath);

/**
 * `terminalSequence` as it is worth sending: only OSC 0/1/2/9/99/777 and BEL; the client ignores the whole field
 * otherwise (contract §1.2). respond() leaves anything else out; the answer schema itself takes any `text`.
 */
export const terminalSequence = text.regex(
  /^(?:\u001b\](?:0|1|2|9|99|777);[^\u0007\u001b]*(?:\u0007|\u001b\\)|\u0007)+$/,
  "only OSC 0/1/2/9/99/777 sequences and BEL are allowed",
);

/** Elicitation/ElicitationResult `action`. */
export const elicitationAction = z.enum(["accept", "decline", "cancel"]);

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
export const updatedPermissions = z.array(permissionUpdate);

/** `hookSpecificOutput.decision` of PermissionRequest; "ask" is expressed by leaving it out. */
export const permissionRequestDecision = z.discriminatedUnion("behavior", [
  z.strictObject({ behavior: z.literal("allow"), updatedInput: jsonObject.optional(), updatedPermissions: updatedPermissions.optional() }),
  z.strictObject({ behavior: z.literal("deny"), message: text.optional(), interrupt: z.boolean().optional() }),
]);

/** The `permissionDecision` family of fields (PreToolUse, PreSkillShellCommand, PreModelSwitch). */
export function permissionDecisionFields(
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
export type AnswerTopLevel = TopLevelField | "block";

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
