import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { claudeCode } from "../../src/clients/claude-code";
import { eventInput } from "../../src/engine/event/hookInput";
import { fastCheckOf, type FastCheck } from "../../src/engine/event/fastInput";
import { PAYLOADS } from "../fixtures/payloads";

/*
 * fastCheckOf's contract (src/engine/event/fastInput.ts): true implies zod accepts the value and zod's data deep-equals it,
 * so the caller may skip zod; false claims nothing. Checked here against zod itself (this pool runs it jitless, as
 * on Workers): on every event's real payload, on values built from each input schema's shape and on mutations of
 * them, and on small schemas for each def type and check the compiler models. Anything it does not model must get
 * no predicate at all.
 */

const EVENTS = claudeCode.events.list;
/** The two properties over all 34 events take about 2 s each here; room for a loaded machine. */
const PROPERTY_TIMEOUT_MS = 30_000;

/** The contract on one value: a true must be backed by zod's success and data equal to the value itself. */
function sound(schema: z.ZodType, fast: FastCheck, value: unknown): boolean {
  if (!fast(value)) return false;
  const parsed = schema.safeParse(value);
  expect(parsed.success, "the predicate said true but zod rejects").toBe(true);
  if (!deepStrictEqual(parsed.data, value)) {
    expect(parsed.data).toStrictEqual(value); // for the diff
    expect.fail("zod's data differs from the value");
  }
  return true;
}

/**
 * Deep equality as strict as the contract means it: same prototypes, the same own enumerable keys (symbols, an own
 * __proto__ and array indices included, so a hole differs from an undefined), undefined-valued keys count, and
 * primitives by Object.is (-0 is not 0). Not vitest's toStrictEqual: it compares `constructor` with ===, so an
 * object with an own `constructor: NaN` is unequal to itself.
 */
function deepStrictEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const own = (o: object) => Reflect.ownKeys(o).filter((k) => Object.prototype.propertyIsEnumerable.call(o, k));
  const keys = own(a);
  if (keys.length !== own(b).length) return false;
  return keys.every(
    (k) => Object.prototype.propertyIsEnumerable.call(b, k) && deepStrictEqual((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k]),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Arbitraries

/** Deep junk for z.unknown() parts (never walked by the predicate): JSON, and stranger things. */
const junkTree: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "a": [1, {"__proto__": null}]}')) },
);

/** Values a field of the wrong kind could hold. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, undefined, 1.5, -1, -0, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53) },
  fc.constantFrom<unknown>(
    true, false, "", "x", 0, 1, Number.NEGATIVE_INFINITY, -(2 ** 53), 1e300, [], [1], ["a"], {}, { level: 3 },
    { level: "high" }, [{}], Array, () => 1,
  ),
  fc.constant(null).map(() => Object.create(null)),
  fc.constant(null).map(() => new Date(0)),
  fc.constant(null).map(() => new (class Thing { a = "x"; })()),
  // biome-ignore lint/suspicious/noSparseArray: a hole is the point
  fc.constant(null).map(() => [, "a"]),
  fc.constant(null).map(() => JSON.parse('{"__proto__": {"x": 1}}')),
  fc.string({ maxLength: 6 }),
  fc.double(),
  fc.integer(),
  junkTree,
);

/** Strings mixing surrogate pairs and lone surrogates, for code-point length checks. */
const unitString = fc.string({ unit: fc.constantFrom("a", "é", "\ud83d\ude00", "\ud800", "\udc00"), maxLength: 8 });

type Def = { type: string; checks?: { _zod: { def: { check?: string } } }[]; shape?: Record<string, z.ZodType>; catchall?: z.ZodType };
const zodOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def & Record<string, any>; optout?: string; traits: Set<string> } })._zod;
const defOf = (s: z.ZodType) => zodOf(s).def;
const isExactOptional = (s: z.ZodType) => zodOf(s).traits.has("$ZodExactOptional");

/**
 * Values built from a schema's shape: valid for the event input schemas (asserted below), with optional fields present
 * or absent, extra keys on loose objects, junk under z.unknown(). For the small schemas further down, a start to
 * mutate from (their checks are not all honoured here).
 */
function shapeValues(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      return fc.oneof(fc.string({ maxLength: 12 }), unitString);
    case "number":
      return def.checks?.length ? fc.oneof(fc.nat(), fc.constantFrom(-0, 0, Number.MAX_SAFE_INTEGER)) : fc.double({ noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "unknown":
    case "any":
      return junkTree;
    case "optional":
      // .exactOptional() may only be absent, never undefined.
      return isExactOptional(schema) ? shapeValues(def.innerType) : fc.option(shapeValues(def.innerType), { nil: undefined });
    case "nullable":
      return fc.option(shapeValues(def.innerType), { nil: null });
    case "array":
      return fc.array(shapeValues(def.element), { maxLength: 3 });
    case "record":
      return fc.dictionary(fc.string({ maxLength: 8 }).filter((k) => k !== "__proto__"), shapeValues(def.valueType), {
        maxKeys: 4,
        noNullPrototype: true,
      });
    case "object": {
      const shape = def.shape!;
      const keys = Object.keys(shape);
      const known = fc.record(Object.fromEntries(keys.map((k) => [k, shapeValues(shape[k]!)])), {
        requiredKeys: keys.filter((k) => zodOf(shape[k]!).optout !== "optional"),
        noNullPrototype: true,
      });
      if (!def.catchall || defOf(def.catchall).type === "never") return known;
      const extraKey = fc.string({ maxLength: 10 }).filter((k) => k !== "__proto__" && !Object.hasOwn(shape, k));
      const extra = fc.dictionary(extraKey, shapeValues(def.catchall), { maxKeys: 3, noNullPrototype: true });
      return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }));
    }
    default:
      throw new Error(`valueOf: no arbitrary for ${def.type}`);
  }
}

/** A copy of the plain parts of a tree (arrays and Object.prototype objects, own keys incl. __proto__); the rest shared. */
function copy(v: unknown): unknown {
  if (Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype) return v.map(copy);
  if (typeof v !== "object" || v === null || Object.getPrototypeOf(v) !== Object.prototype) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) define(out, k, copy((v as Record<string, unknown>)[k]));
  return out;
}

/** An own enumerable data property, as JSON.parse makes one (`o["__proto__"] = x` would set the prototype instead). */
const define = (o: object, k: PropertyKey, value: unknown) =>
  Object.defineProperty(o, k, { value, enumerable: true, writable: true, configurable: true });

const MUTATIONS = [
  "replace", "replace", "replace", "delete", "delete", "protoKey", "symbolKey", "extraKey", "nonEnumerable",
  "nullProto", "inherit", "hole", "arrayProp", "arrayClass", "wrapInArray",
] as const;

class SubArray<T> extends Array<T> {}

/** Apply one mutation at the node the path leads to (each step picks a child of an object or array). */
function mutate(value: unknown, path: number[], op: (typeof MUTATIONS)[number], replacement: unknown, key: string): unknown {
  const root = { v: copy(value) } as Record<string, unknown>;
  let parent: Record<string, unknown> = root;
  let at = "v";
  for (const step of path) {
    const node = parent[at];
    if (typeof node !== "object" || node === null) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    parent = node as Record<string, unknown>;
    at = keys[step % keys.length]!;
  }
  const node = parent[at];
  const obj = typeof node === "object" && node !== null && !Array.isArray(node) ? (node as Record<string, unknown>) : undefined;
  switch (op) {
    case "replace":
      parent[at] = replacement;
      break;
    case "delete":
      delete parent[at];
      break;
    case "protoKey":
      if (obj) define(obj, "__proto__", replacement);
      break;
    case "symbolKey":
      if (obj) define(obj, Symbol("s"), replacement);
      break;
    case "extraKey":
      if (obj) define(obj, key, replacement);
      break;
    case "nonEnumerable":
      if (obj && Object.keys(obj).length > 0) Object.defineProperty(obj, Object.keys(obj)[0]!, { enumerable: false });
      break;
    case "nullProto":
      if (obj) Object.setPrototypeOf(obj, null);
      break;
    case "inherit":
      if (obj) parent[at] = Object.create(obj);
      break;
    case "hole":
      if (Array.isArray(node)) (node as unknown[]).length += 1;
      break;
    case "arrayProp":
      if (Array.isArray(node)) define(node, key, replacement);
      break;
    case "arrayClass":
      if (Array.isArray(node)) Object.setPrototypeOf(node, SubArray.prototype);
      break;
    case "wrapInArray":
      parent[at] = [node];
      break;
  }
  return root.v;
}

const mutationsOf = (valid: fc.Arbitrary<unknown>) =>
  fc
    .tuple(valid, fc.array(fc.nat(), { minLength: 0, maxLength: 4 }), fc.constantFrom(...MUTATIONS), junk, fc.constantFrom("extra", "tool_name", "level", "index", "constructor", "0", "x"))
    .map(([v, path, op, replacement, key]) => mutate(v, path, op, replacement, key));

// ---------------------------------------------------------------------------------------------------------

describe("fastCheckOf on the Claude Code input schemas", () => {
  it("compiles every event's input schema and accepts its real example payload", () => {
    expect(EVENTS).toHaveLength(34);
    for (const spec of EVENTS) {
      const fast = fastCheckOf(spec.input);
      expect(fast, spec.name).toBeDefined();
      const payload = PAYLOADS[spec.name as keyof typeof PAYLOADS];
      expect(sound(spec.input, fast!, payload), spec.name).toBe(true);
      // As the service receives it: JSON.parse of the body.
      expect(sound(spec.input, fast!, JSON.parse(JSON.stringify(payload))), spec.name).toBe(true);
    }
  });

  it("caches one predicate per schema", () => {
    const spec = EVENTS[0]!;
    expect(fastCheckOf(spec.input)).toBe(fastCheckOf(spec.input));
  });

  it("says true on every value built from an input schema's shape (and zod agrees)", () => {
    for (const spec of EVENTS) {
      const fast = fastCheckOf(spec.input)!;
      fc.assert(
        fc.property(shapeValues(spec.input), (v) => {
          expect(spec.input.safeParse(v).success, "the generator made an invalid value").toBe(true);
          expect(sound(spec.input, fast, v)).toBe(true);
        }),
        { numRuns: 150 },
      );
    }
  }, PROPERTY_TIMEOUT_MS);

  it("never says true where zod disagrees, on mutated values", () => {
    let said = 0;
    let zodRejected = 0;
    let fastOnlyRejected = 0;
    for (const spec of EVENTS) {
      const fast = fastCheckOf(spec.input)!;
      fc.assert(
        fc.property(mutationsOf(shapeValues(spec.input)), (v) => {
          if (sound(spec.input, fast, v)) said++;
          else if (!spec.input.safeParse(v).success) zodRejected++;
          else fastOnlyRejected++;
        }),
        { numRuns: 300 },
      );
    }
    // The mutations reach all three outcomes: accepted, rejected by zod, and left to zod (e.g. an own __proto__ key).
    expect(said).toBeGreaterThan(100);
    expect(zodRejected).toBeGreaterThan(100);
    expect(fastOnlyRejected).toBeGreaterThan(100);
  }, PROPERTY_TIMEOUT_MS);

  it("does not walk z.unknown() parts: getters, proxies and deep nesting there are never touched", () => {
    const spec = claudeCode.events.byName("PostToolUse")!;
    const fast = fastCheckOf(spec.input)!;
    let touched = 0;
    const trap = new Proxy({}, { get: () => touched++, ownKeys: () => (touched++, []), getPrototypeOf: () => (touched++, null) });
    let deep: unknown = "leaf";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const input = {
      ...PAYLOADS.PostToolUse,
      tool_input: { trap, deep },
      tool_response: { get x() { return touched++; } },
      extra: trap,
    };
    expect(fast(input)).toBe(true);
    expect(touched).toBe(0);
  });

  it("leaves JSON edge cases to zod: own __proto__, arrays for objects, null, bad numbers", () => {
    const pre = claudeCode.events.byName("PreToolUse")!;
    const fast = fastCheckOf(pre.input)!;
    const body = JSON.stringify(PAYLOADS.PreToolUse);
    expect(fast(JSON.parse(`{"__proto__": {"isAdmin": true}, ${body.slice(1)}`))).toBe(false);
    expect(fast(JSON.parse(body.replace('"tool_input":{', '"tool_input":{"__proto__":1,')))).toBe(false);
    expect(fast({ ...PAYLOADS.PreToolUse, tool_input: [] })).toBe(false);
    expect(fast({ ...PAYLOADS.PreToolUse, effort: null })).toBe(false);
    expect(fast([PAYLOADS.PreToolUse])).toBe(false);
    expect(fast(null)).toBe(false);
    const md = claudeCode.events.byName("MessageDisplay")!;
    const mdFast = fastCheckOf(md.input)!;
    for (const index of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, "0", null]) {
      expect(mdFast({ ...PAYLOADS.MessageDisplay, index }), String(index)).toBe(false);
      expect(md.input.safeParse({ ...PAYLOADS.MessageDisplay, index }).success, String(index)).toBe(false);
    }
    expect(sound(md.input, mdFast, { ...PAYLOADS.MessageDisplay, index: -0 })).toBe(true);
    expect(sound(md.input, mdFast, { ...PAYLOADS.MessageDisplay, index: Number.MAX_SAFE_INTEGER })).toBe(true);
  });

  it("leaves non-JSON shapes to zod: a hole made up for by a named property, a subclass, an own constructor function", () => {
    const unknowns = z.array(z.unknown());
    // biome-ignore lint/suspicious/noSparseArray: a hole is the point
    const holed = Object.assign([, "a"], { x: 1 });
    expect(Object.keys(holed)).toHaveLength(holed.length);
    expect(fastCheckOf(unknowns)!(holed)).toBe(false);
    expect(fastCheckOf(unknowns)!(SubArray.from(["a"]))).toBe(false);
    const pre = claudeCode.events.byName("PreToolUse")!;
    expect(fastCheckOf(pre.input)!({ ...PAYLOADS.PreToolUse, tool_input: { constructor: Array } })).toBe(false);
    expect(pre.input.safeParse({ ...PAYLOADS.PreToolUse, tool_input: { constructor: Array } }).success).toBe(false);
    const exact = z.object({ a: z.string().exactOptional(), b: z.string().nullable() });
    expect(fastCheckOf(exact)!({ a: undefined, b: null })).toBe(false);
    expect(fastCheckOf(exact)!({ b: undefined })).toBe(false);
    expect(sound(exact, fastCheckOf(exact)!, { b: null })).toBe(true);
  });

  it("says false while Object.prototype carries an enumerable key (zod would copy it)", () => {
    const spec = EVENTS[0]!;
    const fast = fastCheckOf(spec.input)!;
    const payload = PAYLOADS[spec.name as keyof typeof PAYLOADS];
    const proto = Object.prototype as Record<string, unknown>;
    let polluted: boolean;
    let copied: boolean;
    proto.polluted = 1;
    try {
      polluted = fast(payload);
      copied = Object.hasOwn(spec.input.safeParse(payload).data as object, "polluted");
    } finally {
      delete proto.polluted;
    }
    expect(polluted).toBe(false);
    expect(copied).toBe(true);
    expect(fast(payload)).toBe(true);
  });
});

describe("fastCheckOf on small schemas", () => {
  const transform = z.string().transform((s) => s.length);
  const refused: [string, z.ZodType][] = [
    ["transform", transform],
    ["refine", z.string().refine((s) => s !== "x")],
    ["refine on a boolean", z.boolean().refine((b) => b)],
    ["refine on z.unknown()", z.unknown().refine((u) => u !== 1)],
    ["refine on an optional", z.string().optional().refine((s) => s !== "x")],
    ["refine on a nullable", z.string().nullable().refine((s) => s !== "x")],
    ["refine on a number", z.number().int().refine((n) => n !== 1)],
    ["refine on a record", z.record(z.string(), z.unknown()).refine(() => true)],
    ["superRefine on an object", z.object({ a: z.string() }).loose().superRefine(() => {})],
    ["default", z.string().default("x")],
    ["prefault", z.string().prefault("x")],
    ["catch", z.string().catch("x")],
    ["regex", z.string().regex(/^a/)],
    ["string format", z.email()],
    ["string format check", z.string().url()],
    ["trim (overwrite)", z.string().trim()],
    ["exact length", z.string().length(3)],
    ["multipleOf", z.number().multipleOf(2)],
    ["coerce", z.coerce.number()],
    ["union", z.union([z.string(), z.number()])],
    ["discriminated union", z.discriminatedUnion("k", [z.object({ k: z.literal("a") }), z.object({ k: z.literal("b") })])],
    ["intersection", z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() }))],
    ["pipe", z.string().pipe(z.string())],
    ["lazy", z.lazy(() => z.string())],
    ["literal", z.literal("a")],
    ["enum", z.enum(["a", "b"])],
    ["readonly", z.object({ a: z.string() }).readonly()],
    ["tuple", z.tuple([z.string()])],
    ["null", z.null()],
    ["date", z.date()],
    ["bigint", z.bigint()],
    ["array with a max", z.array(z.string()).max(3)],
    ["record with checked keys", z.record(z.string().regex(/^a/), z.unknown())],
    ["record with enum keys", z.record(z.enum(["a", "b"]), z.unknown())],
    ["a transform deep inside", z.object({ a: z.object({ b: z.array(transform) }).loose() }).loose()],
    ["a catchall with a refinement", z.object({}).catchall(z.string().refine(() => true))],
    ["a declared __proto__ key", z.object({ ["__proto__"]: z.string() } as Record<string, z.ZodString>)],
    ["a symbol key", z.object({ [Symbol("s")]: z.string() } as unknown as Record<string, z.ZodString>)],
    ["an event input with a transformed field", eventInput({ when: z.string().transform((s) => new Date(s)) })],
  ];
  for (const [what, schema] of refused) {
    it(`refuses ${what}`, () => {
      expect(fastCheckOf(schema)).toBeUndefined();
      expect(fastCheckOf(schema)).toBeUndefined(); // cached as refused
    });
  }

  const supported: [string, z.ZodType, fc.Arbitrary<unknown>?][] = [
    ["a strict object", z.object({ a: z.string(), b: z.number().optional() }).strict()],
    ["a stripping object", z.object({ a: z.string(), b: z.boolean().optional() })],
    ["a catchall of numbers", z.object({ a: z.string() }).catchall(z.number())],
    ["a required z.unknown() and an optional z.any()", z.object({ u: z.unknown(), a: z.any().optional() }).loose()],
    ["a key inherited from Object.prototype", z.object({ constructor: z.unknown().optional(), toString: z.string().optional() }).loose()],
    ["string max (code points)", z.string().max(3), unitString],
    ["string min (code points)", z.string().min(3), unitString],
    ["string min and max", z.string().min(1).max(2).describe("metadata only"), unitString],
    ["z.int()", z.int()],
    ["int32", z.int32()],
    ["uint32", z.uint32()],
    ["float32", z.float32(), fc.oneof(fc.double(), fc.constantFrom(3.5e38, -3.5e38))],
    ["positive int", z.number().int().positive()],
    ["bounds", z.number().gt(-1).lt(1).min(-0.5).max(0.5)],
    ["nonnegative int", z.number().int().nonnegative()],
    ["exactOptional", z.object({ a: z.string().exactOptional() })],
    ["nullish", z.object({ a: z.string().nullish(), b: z.string().nullable() }).loose()],
    ["optional of exactOptional", z.object({ a: z.string().exactOptional().optional() })],
    ["record of strings", z.record(z.string(), z.string())],
    ["record of optional numbers", z.record(z.string(), z.number().optional())],
    ["array of unknown", z.array(z.unknown())],
    ["array of optional strings", z.array(z.string().optional())],
    ["array of nullable objects", z.array(z.object({ a: z.string() }).loose().nullable())],
  ];
  const numbers = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(-0, 0.5, -0.5, 1, -1, 2 ** 31, -(2 ** 31), 2 ** 31 - 1, 2 ** 32, 2 ** 32 - 1, 2 ** 53, Number.MAX_SAFE_INTEGER),
  );
  for (const [what, schema, start] of supported) {
    it(`models ${what} exactly (never true where zod disagrees)`, () => {
      const fast = fastCheckOf(schema);
      expect(fast).toBeDefined();
      const isNumber = defOf(schema).type === "number";
      const from = start ?? (isNumber ? numbers : shapeValues(schema));
      let said = 0;
      fc.assert(
        fc.property(fc.oneof(from, mutationsOf(from), junk), (v) => {
          if (sound(schema, fast!, v)) said++;
        }),
        { numRuns: 500 },
      );
      expect(said).toBeGreaterThan(0);
    });
  }
});

describe("the test's own deep equality", () => {
  it("tells apart what zod's copy could lose", () => {
    // biome-ignore lint/suspicious/noSparseArray: a hole is the point
    const pairs: [unknown, unknown][] = [[[, 1], [undefined, 1]], [{ a: undefined }, {}], [-0, 0], [Object.create(null), {}], [[1], Object.assign([1], { x: 1 })]];
    pairs.push([JSON.parse('{"__proto__": 1}'), {}], [{ [Symbol.iterator]: 1 }, {}], [{ a: { b: [1] } }, { a: { b: [2] } }]);
    for (const [a, b] of pairs) expect(deepStrictEqual(a, b) || deepStrictEqual(b, a)).toBe(false);
    expect(deepStrictEqual({ constructor: Number.NaN, a: [Number.NaN, { b: -0 }] }, { a: [Number.NaN, { b: -0 }], constructor: Number.NaN })).toBe(true);
  });
});

describe("the zod behaviour the predicate mirrors (fails loudly if a zod upgrade changes it)", () => {
  it("a loose object keeps unknown keys (its catchall is z.unknown()); a plain one strips them; strict rejects them", () => {
    const shape = { a: z.string() };
    expect(defOf(z.object(shape).loose()).catchall && defOf(defOf(z.object(shape).loose()).catchall!).type).toBe("unknown");
    expect(z.object(shape).loose().parse({ a: "x", b: [1] })).toStrictEqual({ a: "x", b: [1] });
    expect(z.object(shape).parse({ a: "x", b: 1 })).toStrictEqual({ a: "x" });
    expect(z.object(shape).strict().safeParse({ a: "x", b: 1 }).success).toBe(false);
  });

  it("an own __proto__ key passes but is dropped from zod's data (so the predicate must say false)", () => {
    const loose = z.object({ a: z.string() }).loose().safeParse(JSON.parse('{"a": "x", "__proto__": {"p": 1}}'));
    expect(loose.success).toBe(true);
    expect(Object.hasOwn(loose.data!, "__proto__")).toBe(false);
    const record = z.record(z.string(), z.unknown()).safeParse(JSON.parse('{"__proto__": 1}'));
    expect(record.success && Object.keys(record.data)).toStrictEqual([]);
  });

  it("a required z.unknown() must be present; an optional field may be absent or explicitly undefined (kept)", () => {
    expect(z.object({ u: z.unknown() }).safeParse({}).success).toBe(false);
    expect(z.object({ u: z.unknown() }).safeParse({ u: undefined }).success).toBe(true);
    const opt = z.object({ a: z.string().optional() }).parse({ a: undefined });
    expect(Object.hasOwn(opt, "a")).toBe(true);
    expect(z.object({ a: z.string().exactOptional() }).safeParse({ a: undefined }).success).toBe(false);
  });

  it("objects and records reject arrays and null; zod reads a declared key through the prototype", () => {
    for (const s of [z.object({}).loose(), z.record(z.string(), z.unknown())]) {
      expect(s.safeParse([]).success).toBe(false);
      expect(s.safeParse(null).success).toBe(false);
    }
    expect(z.object({ toString: z.unknown().optional() }).loose().parse({})).toHaveProperty("toString", Object.prototype.toString);
  });

  it("z.number() rejects NaN and ±Infinity; .int() is Number.isSafeInteger; -0 passes unchanged", () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(z.number().safeParse(n).success).toBe(false);
    const int = z.number().int().nonnegative();
    expect(int.safeParse(2 ** 53).success).toBe(false);
    expect(int.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true);
    expect(int.safeParse(1.5).success).toBe(false);
    expect(Object.is(int.parse(-0), -0)).toBe(true);
    expect(defOf(int).checks!.map((c) => c._zod.def.check)).toStrictEqual(["number_format", "greater_than"]);
  });

  it("string length checks count code points; .describe() leaves the def as it was", () => {
    expect(z.string().max(1).safeParse("\ud83d\ude00").success).toBe(true);
    expect(z.string().min(2).safeParse("\ud83d\ude00").success).toBe(false);
    expect(z.string().max(1).safeParse("\ud800\ud800").success).toBe(false);
    expect(defOf(z.string().describe("x"))).toStrictEqual({ type: "string" });
  });

  it("arrays: a hole is read as undefined and zod's copy has no named properties (nor a subclass)", () => {
    // biome-ignore lint/suspicious/noSparseArray: a hole is the point
    const holed = z.array(z.unknown()).parse([, 1]);
    expect(Object.hasOwn(holed, 0)).toBe(true);
    const named = Object.assign([1], { extra: 2 });
    expect(Object.keys(z.array(z.number()).parse(named))).toStrictEqual(["0"]);
    expect(Object.getPrototypeOf(z.array(z.number()).parse(SubArray.from([1])))).toBe(Array.prototype);
  });

  it("a record must be a plain object by zod's isPlainObject: an own constructor function can make it not one", () => {
    expect(z.record(z.string(), z.unknown()).safeParse({ constructor: Array }).success).toBe(false);
    expect(z.record(z.string(), z.unknown()).safeParse({ constructor: "x" }).success).toBe(true);
  });
});
