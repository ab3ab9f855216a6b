import type { Verdict } from "../event/eventSpec";

/** What one handler contributed to a request, in the order it was declared in the policy. */
export interface HandlerOutcome {
  /** The handler's id (explicit or positional, e.g. `PreToolUse[0].hooks[2]`). */
  id: string;
  /** Declaration order across the whole event; aggregation sorts by it, never by completion order. */
  order: number;
  verdict?: Verdict;
  reason?: string;
  additionalContext?: string;
  systemMessage?: string;
  /** A patch merged into tool_input. */
  updatedInput?: Record<string, unknown>;
  /** `continue: false` from the policy. */
  stop?: boolean;
  stopReason?: string;
  /** Event-specific output fields (sessionTitle, watchPaths, action, …). */
  output?: Record<string, unknown>;
  /** Set when the handler failed and this outcome is its onError verdict. */
  error?: string;
}

/** All handlers that fired for one request, folded into one answer-shaped value. */
export interface Aggregate {
  verdict?: Verdict;
  /** Reasons of the handlers that gave the winning verdict, joined in declaration order. */
  reason?: string;
  additionalContext?: string;
  systemMessage?: string;
  /** The whole merged tool_input (the client replaces the object), only when some patch applied. */
  updatedInput?: Record<string, unknown>;
  stop?: { reason?: string };
  output: Record<string, unknown>;
}

/** A judge's answer: `ok` — the action may go ahead (on a stop: the agent may stop); `impossible` with a stop. */
export interface JudgeAnswer {
  ok: boolean;
  reason?: string;
  impossible?: boolean;
}
