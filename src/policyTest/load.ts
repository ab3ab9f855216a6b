import { basename, dirname, isAbsolute, join } from "node:path";
import type { ClientModel } from "../engine/event/client";
import type { CompiledPolicy, Problem } from "../engine/policy/compilePolicy";
import type { EventSpec } from "../engine/event/eventSpec";
import { err, ok, type Result } from "../engine/result";
import { callOf, derivedName, inputOf, inputProblems } from "./caseInput";
import { expectationOf, stubsOf, type Expectation } from "./expectations";
import { parseJson } from "./jsonText";
import { caseSchema, defaultsSchema, formatPath, schemaProblems, sequenceSchema, testFileSchema, type Stub } from "./schema";

export type { Expectation, TextMatcher } from "./expectations";

type Json = Record<string, unknown>;

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
interface TestFileDocument {
  path: string;
  /** The policy's path, resolved against the test file's directory. */
  policyPath: string;
  description?: string;
  defaults: Json;
  cases: unknown[];
}

/** `x.test.json` tests `x.json` unless its `policy` says otherwise. */
function defaultPolicyPath(testPath: string): string {
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
        if (typeof step === "object" && step !== null && "steps" in step)
          return void problems.push({ path: `${at}.steps[${s}].steps`, message: "a step is one case; sequences do not nest" });
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
  const call = callOf(c, client, problem);
  if (!call) return undefined;
  const handlers = policy.events[call.spec.name]?.groups.flatMap((g) => g.handlers) ?? [];
  const expect = expectationOf(c, call.spec, handlers, problem);
  const stubs = stubsOf(c, call.spec, handlers, problem);
  if (problems.length > before || !expect) return undefined;
  const sessionId = typeof file.defaults.session_id === "string" ? file.defaults.session_id : session;
  const input = inputOf(c, call, file.defaults, sessionId, where.filter((w) => typeof w === "number").join("_"));
  inputProblems(c, call, input, problem);
  if (problems.length > before) return undefined;
  return { path, name: c.name ?? derivedName(c, call, input, expect.decision), event: call.spec, input, expect, stubs };
}
