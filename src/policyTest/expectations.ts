import type { z } from "zod";
import { HANDLER_KINDS, kindOf, type CompiledHandler } from "../engine/handlers/kinds";
import type { StandIn } from "../engine/handlers/handlerKind";
import { nearest } from "../engine/policy/compilePolicy";
import type { EventSpec } from "../engine/event/eventSpec";
import { decisionProblem, type Decision } from "./answers";
import type { CaseDocument, Stub } from "./schema";

/*
 * A case's `expect` and `stubs`, checked against the event (what its answer can hold) and the policy (which
 * handlers it has), before anything runs: an expectation that could never hold is a problem in the file, not a
 * case that fails for a reason nobody meant.
 */

type Report = (field: string, message: string) => void;
type Json = Record<string, unknown>;

export interface TextMatcher {
  /** As written: a substring, or `/regex/flags`. */
  source: string;
  test(text: string): boolean;
}

export interface Expectation {
  decision: Decision;
  reason?: TextMatcher;
  /** Handler ids or paths that must decide it (or, for "none", contribute to the answer). */
  handlers: string[];
  additionalContext?: string;
  updatedInput?: Json;
  answer?: Json;
}

function textMatcher(source: string, field: string, problem: Report): TextMatcher | undefined {
  const re = /^\/(.*)\/([a-z]*)$/s.exec(source);
  if (!re) return { source, test: (t) => t.includes(source) };
  try {
    const regex = new RegExp(re[1]!, re[2]);
    return { source, test: (t) => regex.test(t) };
  } catch (e) {
    problem(field, `${source} is not a regular expression: ${(e as Error).message}`);
    return undefined;
  }
}

/** Whether `name` names the handler: its id, or its path with or without the leading `hooks.`. */
export const names = (h: { id: string; path: string }, name: string) => h.id === name || h.path === name || h.path === `hooks.${name}`;
const findHandler = (handlers: readonly CompiledHandler[], name: string) => handlers.find((h) => names(h, name));

function unknownHandler(name: string, spec: EventSpec, handlers: readonly CompiledHandler[]): string {
  const near = nearest(name, handlers.map((h) => h.id));
  return `the policy has no ${spec.name} handler "${name}"${near ? ` (did you mean "${near}"?)` : handlers.length === 0 ? ` (it has no ${spec.name} handlers)` : ""}`;
}

export function expectationOf(c: CaseDocument, spec: EventSpec, handlers: readonly CompiledHandler[], problem: Report): Expectation | undefined {
  const e = typeof c.expect === "string" ? { decision: c.expect } : c.expect;
  const field = typeof c.expect === "string" ? "expect" : "expect.decision";
  const bad = decisionProblem(spec, e.decision);
  if (bad) problem(field, bad);
  const out: Expectation = { decision: e.decision as Decision, handlers: [] };
  if (e.reason !== undefined) {
    if (!spec.reason) problem("expect.reason", `${spec.name} answers carry no reason`);
    else if (e.decision === "none") problem("expect.reason", 'an answer with no decision carries no reason; expect a decision, or leave "reason" out');
    const m = textMatcher(e.reason, "expect.reason", problem);
    if (m) out.reason = m;
  }
  if (e.additionalContext !== undefined) {
    if (!spec.additionalContext) problem("expect.additionalContext", `${spec.name} takes no additionalContext`);
    out.additionalContext = e.additionalContext;
  }
  if (e.updatedInput !== undefined) {
    if (!spec.updatedInput) problem("expect.updatedInput", `${spec.name} cannot rewrite its input`);
    out.updatedInput = e.updatedInput;
  }
  if (e.answer !== undefined) out.answer = e.answer;
  const named = e.handler === undefined ? [] : Array.isArray(e.handler) ? e.handler : [e.handler];
  named.forEach((name, i) => {
    const at = Array.isArray(e.handler) ? `expect.handler[${i}]` : "expect.handler";
    if (!findHandler(handlers, name)) problem(at, unknownHandler(name, spec, handlers));
  });
  out.handlers = named;
  return bad ? undefined : out;
}

/** The kinds a case may stub (those with a stand-in), as the messages name them: `judges (prompt)`. */
const STUBBED = Object.values(HANDLER_KINDS)
  .filter((k) => k.standIn !== null)
  .map((k) => `${k.standIn!.what}s (${k.type})`);

export function stubsOf(c: CaseDocument, spec: EventSpec, handlers: readonly CompiledHandler[], problem: Report): Record<string, Stub> {
  const out: Record<string, Stub> = {};
  for (const [name, stub] of Object.entries(c.stubs ?? {})) {
    const at = `stubs.${name}`;
    const h = findHandler(handlers, name);
    if (!h) {
      problem(at, unknownHandler(name, spec, handlers));
      continue;
    }
    const standIn = kindOf(h).standIn as StandIn<z.ZodRawShape, unknown> | null;
    if (!standIn) {
      problem(at, `"${h.id}" is a ${h.type} handler; only ${STUBBED.slice(0, -1).join(", ")}${STUBBED.length > 1 ? " and " : ""}${STUBBED.at(-1)} are stubbed`);
      continue;
    }
    // A stub takes its kind's fields, and `fails` (what the callout throws instead of answering).
    const allowed = [...Object.keys(standIn.shape), "fails"];
    for (const key of Object.keys(stub)) if (!allowed.includes(key)) problem(`${at}.${key}`, `a ${standIn.what} stub takes ${allowed.join(", ")}`);
    const missing = standIn.check(stub);
    if (missing !== undefined) problem(at, missing);
    if (stub.decision !== undefined && !(spec.verdicts as readonly string[]).includes(stub.decision))
      problem(`${at}.decision`, `${spec.name} takes ${spec.verdicts.map((v) => `"${v}"`).join(", ") || "no decision"}`);
    out[h.id] = stub;
  }
  return out;
}
