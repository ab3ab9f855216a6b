// The prepared form stored at publish (engine/policy/preparedForm.ts): it names the schema that made it, and a policy
// compiled from it (as a cold isolate loads a stored revision) is the one compiled from the document as written.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { claudeCode } from "../../src/clients/claude-code";
import { eventByName } from "../../src/clients/claude-code/events";
import { evaluate } from "../../src/engine/evaluate";
import { compilePolicy, compilePrepared, PREPARED_FORM, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { POLICY_SCHEMA_DIGEST } from "../../src/engine/policy/preparedForm";
import { policySchema } from "../../src/engine/policy/policySchema";
import starter from "../../policies/default.json";
import starterCases from "../../policies/default.test.json";
import runTestsBeforeStop from "../../policies/examples/run-tests-before-stop.json";

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

describe("the prepared form's name", () => {
  it("carries the fingerprint of the schema as it is now (update POLICY_SCHEMA_DIGEST when the schema changes)", async () => {
    const schema = JSON.stringify(z.toJSONSchema(policySchema, { unrepresentable: "any", io: "output" }));
    const digest = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(schema))).slice(0, 16);
    expect(digest).toBe(POLICY_SCHEMA_DIGEST);
    expect(PREPARED_FORM).toContain(POLICY_SCHEMA_DIGEST);
  });
});

const compiled = (doc: unknown): CompiledPolicy => {
  const c = compilePolicy(doc, { client: claudeCode });
  if (!c.ok) throw new Error(JSON.stringify(c.error));
  return c.value;
};

/** What a cold isolate does: the stored form read back from JSON, compiled without the schema. */
const fromStored = (doc: unknown): CompiledPolicy => {
  const stored = JSON.parse(JSON.stringify(compiled(doc).publishable.prepared));
  const c = compilePrepared(doc, stored, { client: claudeCode, lazyPatterns: true, warnings: false });
  if (!c.ok) throw new Error(JSON.stringify(c.error));
  return c.value;
};

describe("a policy compiled from its prepared form", () => {
  const policies = { starter, "run-tests-before-stop": runTestsBeforeStop };
  for (const [name, doc] of Object.entries(policies))
    it(`is ${name} as compiled from the document: the same parsed document, handlers and stored document`, () => {
      const a = compiled(doc);
      const b = fromStored(doc);
      expect(b.document).toEqual(a.document);
      expect(b.handlerCount).toBe(a.handlerCount);
      expect(b.publishable).toEqual(a.publishable);
      expect(Object.keys(b.events)).toEqual(Object.keys(a.events));
    });

  it("decides every case of the starter's tests as the policy compiled from the document does", async () => {
    const a = compiled(starter);
    const b = fromStored(starter);
    const pre = eventByName("PreToolUse");
    const cases = starterCases.cases.filter((c): c is typeof c & { Bash: string } => typeof (c as { Bash?: unknown }).Bash === "string");
    expect(cases.length).toBeGreaterThan(20);
    for (const [i, c] of cases.entries()) {
      const input = { session_id: "s", transcript_path: "/t.jsonl", cwd: "/home/dev/shop", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: c.Bash }, tool_use_id: `t${i}` };
      const [x, y] = [await evaluate(a, pre, input), await evaluate(b, pre, input)];
      expect({ command: c.Bash, answer: y.answer, fired: y.trace.handlers.filter((h) => h.status === "fired").map((h) => h.id) }).toEqual({
        command: c.Bash,
        answer: x.answer,
        fired: x.trace.handlers.filter((h) => h.status === "fired").map((h) => h.id),
      });
    }
  });

  it("reports a stored form that no longer compiles as broken, with the document's paths", () => {
    const stored = JSON.parse(JSON.stringify(compiled(starter).publishable.prepared));
    stored.document.hooks.PreToolUse[0].hooks[0].if = "Bash(rm *";
    const c = compilePrepared(starter, stored, { client: claudeCode, lazyPatterns: true, warnings: false });
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.error[0]!.path).toMatch(/^hooks\.PreToolUse\[0\]\.hooks\[0\]\.if/);
  });
});
