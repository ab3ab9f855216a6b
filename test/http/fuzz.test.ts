// A bounded fuzz pass over every hook route (hookgate spec §2: "No JSON input, however malformed, produces a
// 5xx"; "A 2xx answer is always valid for its event"; "Errors have one envelope").
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import { CLAUDE_CODE_EVENTS as EVENT_TABLE, eventByName } from "../../src/clients/claude-code/events";
import type { EventSpec } from "../../src/engine/event/eventSpec";
import { PAYLOADS, payloadOf } from "../fixtures/payloads";
import { envelopeSchema, hook, mintToken, publish, uniqueTeam } from "../support/worker";

const RUNS_PER_ROUTE = 30;
const DEPTH = 10_000;

/**
 * A policy that makes fuzzed inputs produce real answers: the starter guardrails, plus on every event that takes
 * output a rule gated on `session_id` (so some fuzzed ids fire it) with the event's strongest verdict and every
 * kind of output it accepts, a `when` over every tool_input value, `if` rules on tool events, and an
 * updatedInput rewrite that puts fuzzed tool_input back into the answer.
 */
function fuzzPolicy() {
  const hooks: Record<string, unknown[]> = structuredClone(starter.hooks) as Record<string, unknown[]>;
  for (const spec of EVENT_TABLE) {
    const rule: Record<string, unknown> = { type: "rule", id: `fuzz-${spec.route}`, when: { session_id: "[aeiou]" } };
    const verdict = spec.verdicts.includes("block") ? "block" : spec.verdicts.includes("deny") ? "deny" : undefined;
    if (verdict) Object.assign(rule, { decision: verdict, reason: `fuzz ${verdict}` });
    if (spec.additionalContext) rule.additionalContext = "fuzz context";
    if (spec.topLevel.includes("systemMessage")) rule.systemMessage = "fuzz notice";
    const output: Record<string, unknown> = {};
    if (spec.topLevel.includes("terminalSequence")) output.terminalSequence = "\u0007";
    if ("watchPaths" in spec.outputFields) output.watchPaths = ["/tmp/x"];
    if ("action" in spec.outputFields) output.action = "cancel";
    if ("worktreePath" in spec.outputFields) output.worktreePath = "/tmp/wt";
    if ("displayContent" in spec.outputFields) output.displayContent = "x";
    if ("retry" in spec.outputFields) output.retry = false;
    if (Object.keys(output).length > 0) rule.output = output;
    const group: unknown[] = [];
    if (Object.keys(rule).length > 3) group.push(rule);
    if (spec.toolEvent && spec.additionalContext)
      group.push({
        type: "rule",
        id: `fuzz-if-${spec.route}`,
        if: ["Bash(rm *)", "Read(.env)", "Edit(**/.github/**)", "WebFetch(domain:example.com)", "mcp__srv__*"],
        when: { "tool_input.*": "." },
        additionalContext: "fuzz if",
      });
    if (spec.updatedInput)
      group.push({
        type: "rule",
        id: `fuzz-rewrite-${spec.route}`,
        unless: "Bash(rm *)",
        when: { session_id: "[0-9]" },
        decision: "ask",
        reason: "fuzz rewrite",
        updatedInput: { fuzzed: true },
      });
    if (group.length > 0) hooks[spec.name] = [...(hooks[spec.name] ?? []), { hooks: group }];
  }
  return { failMode: "closed", paths: starter.paths, hooks };
}

let team: string;
let token: string;
beforeAll(async () => {
  team = uniqueTeam("fuzz");
  await publish(team, fuzzPolicy());
  token = await mintToken(team);
});

type Body = { text: string | Uint8Array; event?: string };

/** A short, well-formed description of a body (a counterexample may be megabytes and hold lone surrogates). */
const describeBody = (b: Body) =>
  typeof b.text === "string"
    ? `${b.text.length} chars ${JSON.stringify(b.text.slice(0, 160))}${b.text.length > 160 ? "…" : ""}`
    : `${b.text.byteLength} bytes [${[...b.text.slice(0, 32)].join(",")}${b.text.byteLength > 32 ? ",…" : ""}]`;

/** Give each generated body a short printout for fast-check's reports. */
const printable = (arb: fc.Arbitrary<Body>): fc.Arbitrary<Body> =>
  arb.map((b) => Object.assign(b, { [fc.toStringMethod]: () => describeBody(b) }));

const eventNames = EVENT_TABLE.map((s) => s.name);
const anyEvent = fc.constantFrom(...EVENT_TABLE);

/** Any JSON value; sometimes an object that names a real event. */
const randomJson: fc.Arbitrary<Body> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ text: JSON.stringify(v) })),
  fc
    .tuple(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 }), fc.constantFrom(...eventNames))
    .map(([o, event]) => ({ text: JSON.stringify({ ...o, hook_event_name: event }), event })),
);

/** The event's realistic payload with some fields replaced by anything at all (the event name kept). */
const wrongTypes = (spec: EventSpec): fc.Arbitrary<Body> => {
  const keys = [...new Set([...Object.keys(payloadOf(spec.name)), "session_id", "cwd", "transcript_path", "tool_input", "prompt_id", "effort"])].filter(
    (k) => k !== "hook_event_name",
  );
  return fc
    .tuple(fc.subarray(keys, { minLength: 1 }), fc.array(fc.anything({ maxDepth: 3, maxKeys: 5 }), { minLength: keys.length, maxLength: keys.length }))
    .map(([picked, values]) => {
      const o: Record<string, unknown> = { ...payloadOf(spec.name) };
      picked.forEach((k, i) => (o[k] = values[i]));
      return { text: JSON.stringify(o), event: spec.name };
    });
};

/** The right shape with random strings (any code point, lone surrogates included) in every string field. */
const randomStrings = (spec: EventSpec): fc.Arbitrary<Body> => {
  const payload = payloadOf(spec.name);
  const stringKeys = Object.keys(payload).filter((k) => typeof payload[k] === "string" && k !== "hook_event_name");
  return fc
    .tuple(
      fc.array(fc.string({ unit: "binary", maxLength: 80 }), { minLength: stringKeys.length, maxLength: stringKeys.length }),
      fc.dictionary(fc.string({ unit: "binary", maxLength: 20 }), fc.string({ unit: "binary", maxLength: 80 }), { maxKeys: 4 }),
    )
    .map(([values, toolInput]) => {
      const o: Record<string, unknown> = { ...payload };
      stringKeys.forEach((k, i) => (o[k] = values[i]));
      if ("tool_input" in o) o.tool_input = { ...(o.tool_input as object), ...toolInput };
      return { text: JSON.stringify(o), event: spec.name };
    });
};

/** A 100 KB string in one of the event's string fields, or in an unknown field, or as the event name. */
const hugeStrings = (spec: EventSpec): fc.Arbitrary<Body> => {
  const payload = payloadOf(spec.name);
  const fields = [...Object.keys(payload).filter((k) => typeof payload[k] === "string"), "unknown_field", "tool_input.command"];
  return fc.tuple(fc.constantFrom(...fields), fc.constantFrom("x", "é", "rm -rf / ; ", "AKIAIOSFODNN7EXAMPLE ", "\u0000", "\ud83d\ude00")).map(
    ([field, unit]) => {
      const big = unit.repeat(Math.ceil(100_000 / unit.length));
      const o: Record<string, unknown> = structuredClone(payload);
      if (field === "tool_input.command") o.tool_input = { ...((o.tool_input as object | undefined) ?? {}), command: big };
      else o[field] = big;
      return { text: JSON.stringify(o), event: field === "hook_event_name" ? big : spec.name };
    },
  );
};

/** 10,000 levels of `[` or `{"a":` as raw text: alone, closed or not, or as the value of a field of a real payload. */
const deepNesting = (spec: EventSpec): fc.Arbitrary<Body> =>
  fc.tuple(fc.constantFrom("[", '{"a":'), fc.boolean(), fc.constantFrom("alone", "field", "tool_input")).map(([open, closed, where]) => {
    const close = open === "[" ? "]" : "}";
    const deep = open.repeat(DEPTH) + (closed ? (open === "[" ? "" : "0") + close.repeat(DEPTH) : "");
    if (where === "alone") return { text: deep };
    const head = JSON.stringify(payloadOf(spec.name)).slice(0, -1);
    const key = where === "tool_input" ? "tool_input" : "deep";
    const text = `${head},"${key}":${deep}}`;
    return { text, event: spec.name };
  });

const randomBytes: fc.Arbitrary<Body> = fc.uint8Array({ maxLength: 4096 }).map((b) => ({ text: b }));

const bodiesFor = (spec: EventSpec | undefined): fc.Arbitrary<Body> =>
  printable(spec
    ? fc.oneof(randomJson, wrongTypes(spec), randomStrings(spec), hugeStrings(spec), deepNesting(spec), randomBytes)
    : fc.oneof(randomJson, anyEvent.chain(wrongTypes), anyEvent.chain(randomStrings), anyEvent.chain(hugeStrings), anyEvent.chain(deepNesting), randomBytes));

const contentTypes = fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "");

async function check(route: EventSpec | undefined, body: Body, contentType: string) {
  // In-process dispatch to the same default export: a thousand requests through exports.default.fetch would spend
  // most of their time in the harness (cloudflare/workers-sdk#15446).
  const res = await hook(team, route?.route, body.text, token, { headers: { "content-type": contentType }, direct: true });
  const text = await res.text();
  const what = `${res.status} ${JSON.stringify(text.slice(0, 300))} for ${describeBody(body)}`;
  expect(res.status, what).toBeLessThan(500);
  expect(res.headers.get("content-type") ?? "", what).toMatch(/^application\/json/);
  const parsed: unknown = JSON.parse(text);
  if (res.status >= 200 && res.status < 300) {
    const spec = route ?? (body.event !== undefined ? eventByName(body.event) : undefined);
    expect(spec, `a 2xx for a body that names no known event: ${what}`).toBeDefined();
    const ok = spec!.output.safeParse(parsed);
    expect(ok.success, `${spec!.name} answer fails its schema: ${what}`).toBe(true);
    expect(res.headers.get("x-hookgate-decision-id")).toBeTruthy();
  } else {
    expect(envelopeSchema.safeParse(parsed).success, `not the error envelope: ${what}`).toBe(true);
  }
}

const ROUTES: [string, EventSpec | undefined][] = [...EVENT_TABLE.map((s) => [s.route, s] as [string, EventSpec]), ["(generic)", undefined]];

describe("fuzz", () => {
  it.each(ROUTES)("%s: never a 5xx, every 2xx valid for its event, every error the envelope", async (_name, spec) => {
    await fc.assert(
      fc.asyncProperty(bodiesFor(spec), contentTypes, (body, ct) => check(spec, body, ct)),
      { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
    );
  });

  it("deep nesting and huge strings, deterministically, on PreToolUse and the generic route", async () => {
    const spec = eventByName("PreToolUse");
    for (const route of [spec, undefined]) {
      for (const open of ["[", '{"a":', '{"":']) {
        const close = open === "[" ? "]" : "}";
        const tail = open === "[" ? "" : "0";
        const deep = open.repeat(DEPTH);
        const head = JSON.stringify(PAYLOADS.PreToolUse).slice(0, -1);
        for (const text of [deep, deep + tail + close.repeat(DEPTH), `${head},"tool_input":${deep}${tail}${close.repeat(DEPTH)}}`, `${head},"x":${deep}${tail}${close.repeat(DEPTH)}}`])
          await check(route, { text, event: "PreToolUse" }, "application/json");
      }
      const big = "rm -rf / ".repeat(12_000);
      await check(route, { text: JSON.stringify({ ...PAYLOADS.PreToolUse, tool_input: { command: big } }), event: "PreToolUse" }, "application/json");
    }
  });
});
