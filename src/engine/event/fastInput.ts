import type { z } from "zod";

/*
 * A plain-JS predicate for an event's input schema, because Workers disallow `new Function`: zod runs there
 * without its JIT, and an input's safeParse costs about a tenth of a request's JavaScript time.
 *
 * Contract: when the predicate says true, `schema.safeParse(value)` succeeds and its data deep-equals `value`, so the
 * caller may use `value` itself. When it says false, nothing is claimed: the caller runs zod, which gives the real
 * answer and the messages. A schema with anything this module does not model exactly gets no predicate at all
 * (undefined). Modelled: object (loose, stripping, strict, or any modelled catchall), string with .min/.max, number
 * with .int()/.gt/.gte/.lt/.lte and the number formats (z.int(), z.int32() …), boolean, unknown, any, optional,
 * exactOptional, nullable, array without checks, record with plain z.string() keys; .describe()/.meta() do not
 * touch the def. Everything else (transforms, pipes, defaults, prefault, catch, refinements, unions, lazy, literals,
 * enums, string formats and regexes, coercion, any other check) falls back to zod.
 *
 * Values are assumed to be data (what JSON.parse makes): accessors are read once and proxies are not modelled; a
 * check that throws makes the predicate say false. Anything else zod would copy differently says false too:
 * objects whose prototype is not Object.prototype (or arrays not Array.prototype), own `__proto__` or symbol keys,
 * inherited or non-enumerable declared keys, an Object.prototype polluted with an enumerable key, array holes or
 * extra array properties, and undeclared keys of a non-loose object (zod strips or rejects them). The work is one
 * pass over the known part of the value: recursion follows the schema (depth-capped), and z.unknown()/z.any()
 * parts are never entered.
 */

/** A compiled predicate. */
export type FastCheck = (value: unknown) => boolean;

/** The slice of zod's internals read here (zod/v4/core schemas.js and checks.js). */
interface Node {
  _zod: { def: Def; traits: Set<string>; optin?: "optional" | "defaulted"; optout?: "optional" };
}
interface Def {
  type: string;
  coerce?: boolean;
  format?: string;
  check?: string;
  checks?: readonly Node[];
  shape?: Record<string, Node>;
  catchall?: Node;
  innerType?: Node;
  element?: Node;
  keyType?: Node;
  valueType?: Node;
  // check defs
  minimum?: unknown;
  maximum?: unknown;
  value?: unknown;
  inclusive?: boolean;
}

/** z.unknown()/z.any(): always true, and never called (its part of the value is not walked). */
const ANY: FastCheck = () => true;
/** An unchecked z.string(), kept as one value so a record's key type can be recognised. */
const STRING: FastCheck = (v) => typeof v === "string";

/** Deeper schemas are refused: a real input schema is a few levels deep, and a shape built from getters can cycle. */
const MAX_DEPTH = 32;

// Module scope on purpose: input schemas are built once at module load and live as long as the isolate, so each is
// compiled once and every request reuses the predicate; the WeakMap lets a schema that is dropped go. null = refused.
const compiled = new WeakMap<object, FastCheck | null>();

/** The schema's predicate, or undefined when the schema uses anything this module does not model exactly. */
export function fastCheckOf(schema: z.ZodType): FastCheck | undefined {
  let check = compiled.get(schema);
  if (check === undefined) {
    const inner = compile(schema as unknown as Node, 0);
    check = inner
      ? (value) => {
          // zod's for…in would also copy an enumerable key a polluted Object.prototype lends every plain object.
          for (const _ in Object.prototype) return false;
          try {
            return inner(value);
          } catch {
            return false; // a throwing getter or a revoked proxy: zod decides
          }
        }
      : null;
    compiled.set(schema, check);
  }
  return check ?? undefined;
}

function compile(node: Node, depth: number): FastCheck | undefined {
  const zod = node?._zod;
  const def = zod?.def;
  if (!def || depth > MAX_DEPTH || def.coerce) return undefined;
  // A format schema (z.int(), z.email()) is its own first check, as $ZodType runs it; a format without one is unknown.
  const self = zod.traits?.has("$ZodCheck") === true;
  if (def.format !== undefined && !self) return undefined;
  const checks = self ? [node, ...(def.checks ?? [])] : (def.checks ?? []);
  switch (def.type) {
    case "string":
      return withChecks(STRING, checks, stringCheck);
    case "number":
      // $ZodNumber rejects NaN and ±Infinity; -0 passes unchanged.
      return withChecks((v) => typeof v === "number" && Number.isFinite(v), checks, numberCheck);
    case "boolean":
      return checks.length ? undefined : (v) => typeof v === "boolean";
    case "unknown":
    case "any":
      return checks.length ? undefined : ANY;
    case "optional": {
      const inner = def.innerType && compile(def.innerType, depth + 1);
      // A defaulted inner substitutes a value for undefined (refused anyway, stated for the reader).
      if (!inner || checks.length || def.innerType!._zod.optin === "defaulted") return undefined;
      // .exactOptional() shares type "optional" but hands undefined to its inner: only absence is allowed (the object
      // handles absence from optin/optout).
      if (zod.traits.has("$ZodExactOptional")) return inner;
      return inner === ANY ? ANY : (v) => v === undefined || inner(v);
    }
    case "nullable": {
      const inner = def.innerType && compile(def.innerType, depth + 1);
      if (!inner || checks.length) return undefined;
      return inner === ANY ? ANY : (v) => v === null || inner(v);
    }
    case "array":
      return checks.length || !def.element ? undefined : arrayCheck(compile(def.element, depth + 1));
    case "record":
      // Only z.string() keys: every own string key passes, so zod keeps every key (mode/partial do not matter).
      if (checks.length || !def.keyType || compile(def.keyType, depth + 1) !== STRING || !def.valueType) return undefined;
      return recordCheck(compile(def.valueType, depth + 1));
    case "object":
      return checks.length ? undefined : objectCheck(def, depth);
    default:
      return undefined;
  }
}

/** `base` then every check, each compiled by `one`; undefined when any check is not modelled. */
function withChecks(base: FastCheck, checks: readonly Node[], one: (def: Def) => FastCheck | undefined): FastCheck | undefined {
  if (checks.length === 0) return base;
  const parts: FastCheck[] = [];
  for (const c of checks) {
    const part = c?._zod?.def && one(c._zod.def);
    if (!part) return undefined;
    parts.push(part);
  }
  return (v) => {
    if (!base(v)) return false;
    for (const part of parts) if (!part(v)) return false;
    return true;
  };
}

/** UTF-16 units to code points, as zod's util.codePointLength counts (a lone surrogate is one). */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) n--, i++;
  }
  return n;
}

/** .max(n)/.min(n) on a string: zod measures in code points, which are never more than the units. */
function stringCheck(c: Def): FastCheck | undefined {
  if (c.check === "max_length" && typeof c.maximum === "number") {
    const max = c.maximum;
    return (v) => (v as string).length <= max || codePoints(v as string) <= max;
  }
  if (c.check === "min_length" && typeof c.minimum === "number") {
    const min = c.minimum;
    // Twice the units always reach the floor in code points; otherwise count.
    return (v) => (v as string).length >= min * 2 || codePoints(v as string) >= min;
  }
  return undefined;
}

/** $ZodCheckNumberFormat's ranges (util.NUMBER_FORMAT_RANGES) and whether the format is an integer one. */
const NUMBER_FORMATS: Record<string, readonly [min: number, max: number, int: boolean]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, true],
  int32: [-2147483648, 2147483647, true],
  uint32: [0, 4294967295, true],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38, false],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE, false],
};

/** .int() (number_format safeint: Number.isSafeInteger, so 2^53 and 1.5 fail, -0 passes), .min/.max/.nonnegative … */
function numberCheck(c: Def): FastCheck | undefined {
  if ((c.check === "greater_than" || c.check === "less_than") && typeof c.value === "number") {
    const bound = c.value;
    if (c.check === "greater_than") return c.inclusive ? (v) => (v as number) >= bound : (v) => (v as number) > bound;
    return c.inclusive ? (v) => (v as number) <= bound : (v) => (v as number) < bound;
  }
  if (c.check === "number_format" && c.format !== undefined && Object.hasOwn(NUMBER_FORMATS, c.format)) {
    const [min, max, int] = NUMBER_FORMATS[c.format]!;
    return (v) => (!int || Number.isSafeInteger(v)) && (v as number) >= min && (v as number) <= max;
  }
  return undefined;
}

/**
 * An object whose own keys are exactly what zod copies: Object.prototype (zod builds plain objects; it would also
 * accept class instances and null-prototype objects, but not copy them as they are), no symbol keys (never copied),
 * and a constructor that $ZodRecord's isPlainObject accepts. getOwnPropertySymbols is the costliest step of the
 * predicate (~100-300 ns an object on Node 20) for keys JSON.parse never makes; it stays because the contract
 * covers every value.
 */
function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Object.getPrototypeOf(v) !== Object.prototype) return false;
  const ctor = (v as { constructor?: unknown }).constructor;
  return (typeof ctor !== "function" || ctor === Object) && Object.getOwnPropertySymbols(v).length === 0;
}

function arrayCheck(element: FastCheck | undefined): FastCheck | undefined {
  if (!element) return undefined;
  return (v) => {
    if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype) return false;
    const n = v.length;
    for (let i = 0; i < n; i++) {
      // A hole would come back as an own undefined (or an inherited index's value).
      if (!Object.hasOwn(v, i)) return false;
      if (element !== ANY && !element(v[i])) return false;
    }
    // zod copies the indices only: a named property on the array would be lost.
    return Object.keys(v).length === n;
  };
}

function recordCheck(value: FastCheck | undefined): FastCheck | undefined {
  if (!value) return undefined;
  return (v) => {
    if (!isPlain(v)) return false;
    // Object.keys: the own enumerable string keys, which are exactly what $ZodRecord copies (but __proto__).
    const keys = Object.keys(v);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k === "__proto__" || (value !== ANY && !value(v[k]))) return false;
    }
    return true;
  };
}

function objectCheck(def: Def, depth: number): FastCheck | undefined {
  const shape = def.shape;
  // A declared __proto__ is stripped from zod's output; a symbol key is read by zod but not by for…in.
  if (!shape || Object.getOwnPropertySymbols(shape).length > 0) return undefined;
  const keys = Object.keys(shape);
  if (keys.includes("__proto__")) return undefined;
  const fields = new Map<string, { check: FastCheck; required: boolean }>();
  const optional: string[] = [];
  for (const key of keys) {
    const field = shape[key]!;
    const check = compile(field, depth + 1);
    if (!check) return undefined;
    // $ZodObject's handlePropertyResult: an absent key is fine only for optin and optout "optional" (a required
    // z.unknown() must be present, even if undefined).
    const required = !(field._zod.optin === "optional" && field._zod.optout === "optional");
    fields.set(key, { check, required });
    if (!required) optional.push(key);
  }
  const requiredCount = keys.length - optional.length;
  // Undeclared keys: a loose object (catchall z.unknown()) keeps them; without a catchall zod strips them and with
  // never (strict) rejects them, so either way a value with one is not zod's data (null = none allowed).
  const catchall = def.catchall;
  let extra: FastCheck | null = null;
  if (catchall && catchall._zod?.def?.type !== "never") {
    const check = compile(catchall, depth + 1);
    if (!check) return undefined;
    extra = check;
  }
  return (v) => {
    if (!isPlain(v)) return false;
    // One pass over the own enumerable keys (what zod's for…in sees, inherited ones aside: see fastCheckOf).
    const own = Object.keys(v);
    let required = 0;
    let optionals = 0;
    for (let i = 0; i < own.length; i++) {
      const k = own[i]!;
      const f = fields.get(k);
      if (f !== undefined) {
        f.required ? required++ : optionals++;
        if (f.check !== ANY && !f.check(v[k])) return false;
      } else if (extra === null || k === "__proto__" || (extra !== ANY && !extra(v[k]))) {
        return false;
      }
    }
    if (required !== requiredCount) return false;
    // An optional key not among them must be absent: zod reads a declared key through `in`, so an inherited or
    // non-enumerable one would be copied into its output as its own.
    if (optionals !== optional.length) {
      let present = 0;
      for (const k of optional) if (k in v) present++;
      if (present !== optionals) return false;
    }
    return true;
  };
}
