import type { AnswerKind, EventSpec } from "../engine/event/eventSpec";

/**
 * What a test can expect of an event, read from the answer Claude Code gets (not from hookgate's internals), one
 * row per answer kind of the event table: which decisions the answer can show, and where its decision, reason and
 * updatedInput are. "none" is always a decision: the answer decides nothing.
 */
export type Decision = "allow" | "deny" | "ask" | "defer" | "block" | "none";

interface AnswerReader {
  /** The decisions an event of this kind can answer (besides "none"). */
  decisions(spec: EventSpec): readonly Decision[];
  decision(answer: Record<string, unknown>): Decision;
  reason(answer: Record<string, unknown>): string | undefined;
  updatedInput(answer: Record<string, unknown>): unknown;
  /** Said when a test expects a decision the kind cannot show, if there is more to say than the list. */
  why?: Partial<Record<Decision, string>>;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : undefined);
const specific = (a: Json) => obj(a.hookSpecificOutput);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

const READERS: Record<AnswerKind, AnswerReader> = {
  permission: {
    decisions: (spec) => spec.verdicts.filter((v): v is Exclude<Decision, "none"> => v !== "block"),
    decision: (a) => (str(specific(a)?.permissionDecision) as Decision | undefined) ?? "none",
    reason: (a) => str(specific(a)?.permissionDecisionReason),
    updatedInput: (a) => specific(a)?.updatedInput,
  },
  permissionRequest: {
    // hookgate's ask is no decision here: the client shows its own dialog.
    decisions: () => ["allow", "deny"],
    decision: (a) => (str(obj(specific(a)?.decision)?.behavior) as Decision | undefined) ?? "none",
    reason: (a) => str(obj(specific(a)?.decision)?.message),
    updatedInput: (a) => obj(specific(a)?.decision)?.updatedInput,
    why: { ask: 'an "ask" leaves the permission dialog to show, which is no decision: expect "none"' },
  },
  block: {
    decisions: () => ["block"],
    decision: (a) => (a.decision === "block" ? "block" : "none"),
    reason: (a) => str(a.reason),
    updatedInput: () => undefined,
  },
  none: {
    decisions: () => [],
    decision: () => "none",
    reason: () => undefined,
    updatedInput: () => undefined,
  },
};

/** Every decision a test may expect for the event, "none" last. */
export function decisionsFor(spec: EventSpec): Decision[] {
  return [...READERS[spec.answer].decisions(spec), "none"];
}

/** Why `decision` cannot be expected on the event, or undefined when it can. */
export function decisionProblem(spec: EventSpec, decision: string): string | undefined {
  const allowed = decisionsFor(spec);
  if ((allowed as string[]).includes(decision)) return undefined;
  const extra = READERS[spec.answer].why?.[decision as Decision];
  return `${spec.name} answers ${allowed.map((d) => `"${d}"`).join(", ")}; not "${decision}"${extra ? ` (${extra})` : ""}`;
}

interface ReadAnswer {
  decision: Decision;
  reason: string | undefined;
  additionalContext: string | undefined;
  updatedInput: unknown;
}

export function readAnswer(spec: EventSpec, answer: Json): ReadAnswer {
  const r = READERS[spec.answer];
  return {
    decision: r.decision(answer),
    reason: r.reason(answer),
    additionalContext: str(specific(answer)?.additionalContext),
    updatedInput: r.updatedInput(answer),
  };
}
