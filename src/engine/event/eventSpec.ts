import type { z } from "zod";
import type { OutputField } from "./outputField";

/**
 * A verdict a handler may contribute. Which ones an event can express is part of its spec:
 * permission events take allow/deny/ask(/defer); blocking events take block.
 */
export type Verdict = "allow" | "deny" | "ask" | "defer" | "block";

/** How the aggregate's verdict is written into the event's answer. */
export type AnswerKind =
  /** hookSpecificOutput.permissionDecision + permissionDecisionReason (+ updatedInput, additionalContext) */
  | "permission"
  /** hookSpecificOutput.decision.behavior allow|deny; ask = no decision */
  | "permissionRequest"
  /** top-level decision:"block" + reason */
  | "block"
  /** no verdict at all: only outputs */
  | "none";

/** Top-level answer fields an event honours (contract §1.2, §1.4). */
export type TopLevelField = "systemMessage" | "continue" | "terminalSequence";

/**
 * Everything hookgate knows about one event. A client profile declares one per event (defineEvent, e.g. handlers/claude-code/pre-tool-use.ts);
 * the engine (compiler, evaluator, response builder) is driven by this data alone.
 */
export interface EventSpec {
  /** The event's name as the client sends it in `hook_event_name`. */
  name: string;
  /** kebab-case route segment: /v1/hooks/:team/<route> */
  route: string;
  /** The event's input: documented fields typed, unknown fields accepted (.loose()). */
  input: z.ZodType<Record<string, unknown>>;
  /**
   * What a matcher group's `matcher` is tested against (contract §3.1); null when the event has no matcher
   * (the matcher is then ignored). `narrow` = FileChanged/StopFailure's older exact-match character set.
   */
  matcher: { query: (input: Record<string, unknown>) => string | undefined; syntax: "standard" | "narrow" } | null;
  /** Tool events evaluate `if`/`unless` permission rules against tool_name/tool_input. */
  toolEvent: boolean;
  answer: AnswerKind;
  /** Verdicts a handler may set on this event (empty for "none"). */
  verdicts: readonly Verdict[];
  /** Whether `reason` means anything here (shown to Claude or the user). */
  reason: boolean;
  /** Whether `updatedInput` (a patch on tool_input) can be expressed. */
  updatedInput: boolean;
  /** Whether hookSpecificOutput.additionalContext exists for this event. */
  additionalContext: boolean;
  /** Top-level fields the client honours for this event. */
  topLevel: readonly TopLevelField[];
  /**
   * Event-specific fields a rule may set through `output` (e.g. sessionTitle, watchPaths, updatedPermissions,
   * retry, action, content, worktreePath), each with its schema and how several values combine (outputField.ts).
   * Where they land is decided by the client's answer writer.
   */
  outputFields: Readonly<Record<string, OutputField>>;
  /** Whether `prompt` (LLM judge) handlers may run on this event (contract §4.1). */
  prompt: boolean;
  /** The client's own default budget for an http hook on this event, ms (contract §1.3). */
  clientTimeoutMs: number;
  /** Acknowledge at once and evaluate after the answer (SessionEnd). */
  acknowledgeFirst?: boolean;
  /** Whether the client ever calls an `http` hook for it (false for SessionStart and Setup: command bridge). */
  httpDelivered: boolean;
  /** The exact answer schema the client accepts (Appendix C): used to check every answer before it leaves. */
  output: z.ZodType;
  /**
   * A stop of the agent (Stop, SubagentStop): `stop_hook_active` true means it is already continuing because a
   * stop hook blocked, and a judge may answer that what it asks is impossible. Absent means false.
   */
  stopLike?: boolean;
  /** One line on what the event is for (the docs table's row). */
  summary?: string;
}

/** The verdict that `ok:false` from a judge becomes when the handler does not say. */
export function defaultJudgeVerdict(spec: EventSpec): Verdict | undefined {
  if (spec.verdicts.includes("deny")) return "deny";
  if (spec.verdicts.includes("block")) return "block";
  return undefined;
}

/** The failMode verdict a failed judge/forward contributes on this event (closed → deny/block, open → none). */
export function failVerdict(spec: EventSpec, failMode: "open" | "closed"): Verdict | "none" {
  if (failMode === "open") return "none";
  return defaultJudgeVerdict(spec) ?? "none";
}

