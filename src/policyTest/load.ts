import { basename, dirname, isAbsolute, join } from "node:path";
import type { ClientModel } from "../engine/client";
import { nearest, type CompiledHandler, type CompiledPolicy, type Problem } from "../engine/compilePolicy";
import type { EventSpec } from "../engine/eventSpec";
import { canonicalTool } from "../engine/toolTable";
import { err, ok, type Result } from "../engine/result";
import { decisionProblem, type Decision } from "./answers";
import { parseJson } from "./jsonText";
import { caseSchema, defaultsSchema, formatPath, schemaProblems, sequenceSchema, testFileSchema, type CaseDocument, type Stub } from "./schema";
import { expandShorthand, SHORTHAND_TOOLS } from "./shorthands";

type Json = Record<string, unknown>;

/** The events a case is for when it does not say: a tool call is about to run; the user submits a prompt. */
export const DEFAULT_TOOL_EVENT = "PreToolUse";
export const DEFAULT_PROMPT_EVENT = "UserPromptSubmit";

/** The input fields every case gets unless its file's `defaults` or the case itself says otherwise. */
export const INPUT_DEFAULTS = { cwd: "/home/dev/project", permission_mode: "default" } as const;
/** The home directory the default transcript_path puts sessions under (path rules read `~` from it). */
export const DEFAULT_HOME = "/home/dev";

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

export interface PreparedCase {
  /** Where it is in the file: `cases[3]`, `cases[4].steps[1]`. */
  path: string;
  name: string;
  event: EventSpec;
  /** The hook input as Claude Code would send it. */
  input: Json;
  expect: Expectation;
  /** Answers for judges and forwarded hooks, by handler id. */
  stubs: Record<string, Stub>;
}

/** What runs in one fresh session: a single case, or the steps of a sequence in order. */
export interface PreparedUnit {
  path: string;
  name: string;
  sequence: boolean;
  steps: PreparedCase[];
}

/** A test file as read: its document checked for shape, and the policy it tests. */
export interface TestFileDocument {
  path: string;
  /** The policy's path, resolved against the test file's directory. */
  policyPath: string;
  description?: string;
  defaults: Json;
  cases: unknown[];
}

/** `x.test.json` tests `x.json` unless its `policy` says otherwise. */
export function defaultPolicyPath(testPath: string): string {
  return join(dirname(testPath), basename(testPath).replace(/\.test\.json$/, ".json"));
}

export function readTestFile(path: string, text: string): Result<TestFileDocument, Problem[]> {
  const parsed = parseJson(text);
  if (!parsed.ok) return err([{ path: `line ${parsed.error.line}, column ${parsed.error.column}`, message: `not valid JSON: ${parsed.error.message}` }]);
  const doc = testFileSchema.safeParse(parsed.value);
  if (!doc.success) return err(schemaProblems(doc.error));
  const defaults = defaultsSchema.safeParse(doc.data.defaults ?? {});
  if (!defaults.success) return err(schemaProblems(defaults.error, ["defaults"]));
  const policy = doc.data.policy;
  return ok({
    path,
    policyPath: policy === undefined ? defaultPolicyPath(path) : isAbsolute(policy) ? policy : join(dirname(path), policy),
    ...(doc.data.description !== undefined ? { description: doc.data.description } : {}),
    defaults: defaults.data,
    cases: doc.data.cases,
  });
}

/** The cases of a test file, checked against the policy they test and expanded into hook inputs. */
export function prepareCases(file: TestFileDocument, policy: CompiledPolicy, client: ClientModel): Result<PreparedUnit[], Problem[]> {
  const problems: Problem[] = [];
  const units: PreparedUnit[] = [];
  file.cases.forEach((raw, i) => {
    const at = `cases[${i}]`;
    const session = `hookgate-test-${i + 1}`;
    if (typeof raw === "object" && raw !== null && "steps" in raw) {
      const seq = sequenceSchema.safeParse(raw);
      if (!seq.success) return void problems.push(...schemaProblems(seq.error, ["cases", i]));
      const steps: PreparedCase[] = [];
      seq.data.steps.forEach((step, s) => {
        const c = prepareCase(step, ["cases", i, "steps", s], file, policy, client, session, problems);
        if (c) steps.push(c);
      });
      const name = seq.data.name ?? `sequence of ${steps.length} steps`;
      for (const s of steps) s.name = `${name} › ${s.name}`;
      units.push({ path: at, name, sequence: true, steps });
      return;
    }
    const c = prepareCase(raw, ["cases", i], file, policy, client, session, problems);
    if (c) units.push({ path: at, name: c.name, sequence: false, steps: [c] });
  });
  return problems.length > 0 ? err(problems) : ok(units);
}

const shortText = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s).replace(/\s+/g, " ");

function prepareCase(
  raw: unknown,
  where: (string | number)[],
  file: TestFileDocument,
  policy: CompiledPolicy,
  client: ClientModel,
  session: string,
  problems: Problem[],
): PreparedCase | undefined {
  const parsed = caseSchema.safeParse(raw);
  if (!parsed.success) return void problems.push(...schemaProblems(parsed.error, where));
  const c = parsed.data;
  const path = formatPath(where);
  const before = problems.length;
  const problem = (field: string, message: string) => problems.push({ path: field ? `${path}.${field}` : path, message });

  // The tool: one shorthand, or `tool` (+ tool_input).
  const shorthands = SHORTHAND_TOOLS.filter((t) => (c as Json)[t] !== undefined);
  if (shorthands.length > 1) problem(shorthands[1]!, `a case is one tool call; it also has ${shorthands[0]}`);
  if (shorthands.length > 0 && c.tool !== undefined) problem("tool", `give the tool once: as "${shorthands[0]}" or as "tool"`);
  const tool = shorthands[0] ?? c.tool;
  if (c.tool !== undefined) {
    const known = client.tools.known.includes(canonicalTool(client.tools, c.tool)) || c.tool.startsWith(client.tools.mcpPrefix);
    if (!known) {
      const near = nearest(c.tool, client.tools.known);
      problem("tool", `"${c.tool}" is not a ${client.title} tool${near ? ` (did you mean "${near}"?)` : ""}; MCP tools are named ${client.tools.mcpPrefix}<server>__<tool>`);
    }
  }
  if (c.tool_input !== undefined && tool === undefined) problem("tool_input", 'tool_input needs the tool: add "tool"');
  if (c.prompt !== undefined && tool !== undefined) problem("prompt", "a case is either a tool call or a prompt");

  // The event: said, or implied by what the case holds.
  const named = c.event ?? (typeof c.input?.hook_event_name === "string" ? c.input.hook_event_name : undefined);
  if (c.event !== undefined && c.input?.hook_event_name !== undefined && c.input.hook_event_name !== c.event)
    problem("input.hook_event_name", `is "${String(c.input.hook_event_name)}" but the case's event is "${c.event}"`);
  const eventName = named ?? (tool !== undefined ? DEFAULT_TOOL_EVENT : c.prompt !== undefined ? DEFAULT_PROMPT_EVENT : undefined);
  if (eventName === undefined) {
    problem("", `a case needs an input: a shorthand (${SHORTHAND_TOOLS.join(", ")}), "tool" with "tool_input", "prompt", "event" or a full "input"`);
    return undefined;
  }
  const spec = client.events.byName(eventName);
  if (!spec) {
    const near = nearest(eventName, client.events.list.map((e) => e.name));
    problem(c.event !== undefined ? "event" : "input.hook_event_name", `unknown event "${eventName}"${near ? ` (did you mean "${near}"?)` : ""}`);
    return undefined;
  }
  if (tool !== undefined && !spec.toolEvent) {
    const toolEvents = client.events.list.filter((e) => e.toolEvent).map((e) => e.name);
    problem(c.event !== undefined ? "event" : "", `${spec.name} is not a tool event (${toolEvents.join(", ")} are)`);
  }
  const shape = inputShape(spec);
  if (c.prompt !== undefined && shape !== undefined && !("prompt" in shape)) problem("prompt", `${spec.name} has no prompt`);

  const handlers = policy.events[spec.name]?.groups.flatMap((g) => g.handlers) ?? [];
  const expect = expectationOf(c, spec, handlers, problem);
  const stubs = stubsOf(c, spec, handlers, problem);
  if (problems.length > before || !expect) return undefined;

  const sessionId = typeof file.defaults.session_id === "string" ? file.defaults.session_id : session;
  const input: Json = {
    session_id: sessionId,
    transcript_path: `${DEFAULT_HOME}/.claude/projects/-home-dev-project/${sessionId}.jsonl`,
    ...INPUT_DEFAULTS,
    ...file.defaults,
    hook_event_name: spec.name,
  };
  if (tool !== undefined) {
    input.tool_name = tool;
    input.tool_input = shorthands[0] !== undefined ? expandShorthand(tool, (c as Json)[tool] as string, c.tool_input) : { ...(c.tool_input ?? {}) };
  }
  if (c.prompt !== undefined) input.prompt = c.prompt;
  // Fields the event requires and the client always sends, which a shorthand does not say: neutral values.
  const ids = where.filter((w) => typeof w === "number").join("_");
  Object.assign(input, c.input ?? {});
  const missing = spec.input.safeParse(input);
  if (!missing.success)
    for (const issue of missing.error.issues) {
      const field = issue.path.length === 1 ? String(issue.path[0]) : undefined;
      if (field !== undefined && input[field] === undefined && REQUIRED_FILLS[field]) input[field] = REQUIRED_FILLS[field](ids);
    }

  const subject = shorthands[0] !== undefined ? `${tool}: ${shortText((c as Json)[tool!] as string)}` : tool !== undefined ? `${tool}: ${shortText(JSON.stringify(input.tool_input))}` : c.prompt !== undefined ? `prompt: ${shortText(c.prompt)}` : undefined;
  const head = spec.name === (tool !== undefined ? DEFAULT_TOOL_EVENT : c.prompt !== undefined ? DEFAULT_PROMPT_EVENT : "") ? "" : spec.name;
  const name = c.name ?? [head, subject].filter(Boolean).join(" ").concat(` → ${expect.decision}`);
  return { path, name, event: spec, input, expect, stubs };
}

/**
 * Values for fields an event's input requires (only where it does) and a case need not say: the id Claude Code
 * gives every tool call (PermissionRequest carries none), what a tool returned (PostToolUse), a stop that is not
 * already continuing because of a stop hook (Stop, SubagentStop). A case's `input` overrides any of them.
 */
const REQUIRED_FILLS: Record<string, (ids: string) => unknown> = {
  tool_use_id: (ids) => `toolu_test_${ids}`,
  tool_response: () => ({}),
  stop_hook_active: () => false,
};

type Shape = Record<string, { safeParse(v: unknown): { success: boolean } }>;
const inputShape = (spec: EventSpec): Shape | undefined => (spec.input as unknown as { shape?: Shape }).shape;

function textMatcher(source: string, field: string, problem: (field: string, message: string) => void): TextMatcher | undefined {
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

/** A handler named by id or by path. */
const findHandler = (handlers: readonly CompiledHandler[], name: string) => handlers.find((h) => h.id === name || h.path === name || `hooks.${h.path}` === name);

function unknownHandler(name: string, spec: EventSpec, handlers: readonly CompiledHandler[]): string {
  const near = nearest(name, handlers.map((h) => h.id));
  return `the policy has no ${spec.name} handler "${name}"${near ? ` (did you mean "${near}"?)` : handlers.length === 0 ? ` (it has no ${spec.name} handlers)` : ""}`;
}

function expectationOf(c: CaseDocument, spec: EventSpec, handlers: readonly CompiledHandler[], problem: (f: string, m: string) => void): Expectation | undefined {
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

/** Which stub fields a handler type takes: a judge's `{ok}`, a forwarded hook's answer; `fails` for either. */
const STUB_FIELDS: Record<string, readonly string[]> = {
  prompt: ["ok", "reason", "impossible", "fails"],
  http: ["decision", "reason", "additionalContext", "systemMessage", "updatedInput", "fails"],
};

function stubsOf(c: CaseDocument, spec: EventSpec, handlers: readonly CompiledHandler[], problem: (f: string, m: string) => void): Record<string, Stub> {
  const out: Record<string, Stub> = {};
  for (const [name, stub] of Object.entries(c.stubs ?? {})) {
    const at = `stubs.${name}`;
    const h = findHandler(handlers, name);
    if (!h) {
      problem(at, unknownHandler(name, spec, handlers));
      continue;
    }
    const allowed = STUB_FIELDS[h.type];
    if (!allowed) {
      problem(at, `"${h.id}" is a ${h.type} handler; only judges (prompt) and forwarded hooks (http) are stubbed`);
      continue;
    }
    for (const key of Object.keys(stub))
      if (!allowed.includes(key)) problem(`${at}.${key}`, `a ${h.type === "prompt" ? "judge" : "forwarded hook"} stub takes ${allowed.join(", ")}`);
    if (h.type === "prompt" && stub.ok === undefined && stub.fails === undefined) problem(at, 'a judge stub says what the judge answers: "ok": true or false (or "fails": "why")');
    if (stub.decision !== undefined && !(spec.verdicts as readonly string[]).includes(stub.decision))
      problem(`${at}.decision`, `${spec.name} takes ${spec.verdicts.map((v) => `"${v}"`).join(", ") || "no decision"}`);
    out[h.id] = stub;
  }
  return out;
}
