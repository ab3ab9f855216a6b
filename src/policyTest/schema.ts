import { z } from "zod";
import { nearest, type Problem } from "../engine/policy/compilePolicy";
import { baseFields } from "../engine/event/hookInput";
import { SHORTHAND_TOOLS } from "./shorthands";
import { STUB_FIELDS } from "../engine/handlers/kinds";

/**
 * The shape of a test file (`<policy>.test.json`), checked before anything is run. Objects are strict like the
 * policy's: a misspelt key (`expcet`, `Bsh`) is a problem with a suggestion, never an ignored field.
 */

const jsonObject = z.record(z.string(), z.unknown());

/** The fields every hook input carries that a file may default for all its cases (hook_event_name is per case). */
const DEFAULTABLE = Object.keys(baseFields).filter((k) => k !== "hook_event_name");
export const defaultsSchema = z.strictObject(Object.fromEntries(DEFAULTABLE.map((k) => [k, baseFields[k as keyof typeof baseFields].optional()])));

/** A text expectation: a substring, or `/regex/flags`. */
const textMatch = z.string().min(1);

const expectObjectSchema = z.strictObject({
  decision: z.string(),
  reason: textMatch.optional(),
  handler: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  additionalContext: textMatch.optional(),
  updatedInput: jsonObject.optional(),
  answer: jsonObject.optional(),
});
const expectSchema = z.union([z.string(), expectObjectSchema]);

/**
 * What a judge or forwarded hook answers in this case: the fields of every kind's stand-in (handlers/<kind>/kind.ts;
 * which of them a handler takes depends on its type, expectations.ts checks it), and `fails`.
 */
const stubSchema = z.strictObject({ ...STUB_FIELDS, fails: z.string().optional() });
export type Stub = z.infer<typeof stubSchema>;

const shorthandFields = Object.fromEntries(SHORTHAND_TOOLS.map((tool) => [tool, z.string().optional()])) as Record<string, z.ZodOptional<z.ZodString>>;

export const caseSchema = z.strictObject({
  name: z.string().min(1).optional(),
  event: z.string().optional(),
  ...shorthandFields,
  tool: z.string().min(1).optional(),
  tool_input: jsonObject.optional(),
  prompt: z.string().optional(),
  input: jsonObject.optional(),
  stubs: z.record(z.string(), stubSchema).optional(),
  expect: expectSchema,
});
export type CaseDocument = z.infer<typeof caseSchema>;

export const sequenceSchema = z.strictObject({
  name: z.string().min(1).optional(),
  steps: z.array(z.unknown()).min(1),
});

export const testFileSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  policy: z.string().min(1).optional(),
  defaults: z.unknown().optional(),
  cases: z.array(z.unknown()).min(1),
});

/** Every key a test file may hold anywhere: what "did you mean" suggests from. */
const KNOWN_KEYS = [
  ...new Set([
    ...Object.keys(testFileSchema.shape),
    ...DEFAULTABLE,
    ...Object.keys(caseSchema.shape),
    ...Object.keys(sequenceSchema.shape),
    ...Object.keys(expectObjectSchema.shape),
    ...Object.keys(stubSchema.shape),
  ]),
];

const formatPath = (segments: readonly PropertyKey[]): string =>
  segments.reduce<string>((acc, seg) => (typeof seg === "number" ? `${acc}[${seg}]` : acc === "" ? String(seg) : `${acc}.${String(seg)}`), "");

/** zod's issues as problems at their paths, unknown keys one each with a suggestion, a union as its closest branch. */
export function schemaProblems(error: z.ZodError, prefix: PropertyKey[] = []): Problem[] {
  const problems: Problem[] = [];
  const depth = (issues: readonly z.core.$ZodIssue[]) => Math.max(0, ...issues.map((i) => i.path.length));
  const visit = (issues: readonly z.core.$ZodIssue[], at: PropertyKey[]) => {
    for (const issue of issues) {
      const path = [...at, ...issue.path];
      if (issue.code === "invalid_union" && issue.errors.length > 0) {
        visit([...issue.errors].sort((a, b) => depth(b) - depth(a))[0]!, path);
        continue;
      }
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          const near = nearest(key, KNOWN_KEYS.filter((k) => k !== key));
          problems.push({ path: formatPath([...path, key]), message: `unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ""}` });
        }
        continue;
      }
      problems.push({ path: formatPath(path) || "(file)", message: issue.message });
    }
  };
  visit(error.issues, prefix);
  return problems;
}

export { formatPath };
