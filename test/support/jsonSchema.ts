// A strict checker of the JSON-schema subset Codex's vendored hook schemas use (draft-07: type, properties,
// additionalProperties, required, enum, const, $ref into #/definitions, allOf; default, description, title and
// $schema are annotations). No validator is in node_modules, and a keyword this does not know fails the check
// rather than being skipped, so a newer schema cannot pass by being half read.
type Schema = boolean | Record<string, unknown>;

const ANNOTATIONS = new Set(["default", "description", "title", "$schema", "definitions"]);
const KNOWN = new Set([...ANNOTATIONS, "type", "properties", "additionalProperties", "required", "enum", "const", "$ref", "allOf"]);

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** The problems of `value` against `schema` (empty: valid), each with its JSON path. */
export function schemaProblems(schema: Schema, value: unknown, root: Schema = schema, path = "$"): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: no value is allowed here`];
  const out: string[] = [];
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) out.push(`${path}: unknown schema keyword ${key}`);
  if (typeof schema.$ref === "string") {
    const m = /^#\/definitions\/(.+)$/.exec(schema.$ref);
    const target = m && typeof root === "object" ? (root.definitions as Record<string, Schema> | undefined)?.[m[1]!] : undefined;
    if (target === undefined) out.push(`${path}: unresolvable $ref ${schema.$ref}`);
    else out.push(...schemaProblems(target, value, root, path));
  }
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf as Schema[]) out.push(...schemaProblems(s, value, root, path));
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === "integer" && types.includes("number"))) out.push(`${path}: ${t} is not ${types.join("|")}`);
  }
  if ("const" in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) out.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) out.push(`${path}: must be one of ${JSON.stringify(schema.enum)}`);
  if (typeOf(value) === "object") {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const req of (schema.required ?? []) as string[]) if (!(req in obj)) out.push(`${path}: ${req} is required`);
    for (const [k, v] of Object.entries(obj)) {
      if (k in props) out.push(...schemaProblems(props[k]!, v, root, `${path}.${k}`));
      else if (schema.additionalProperties === false) out.push(`${path}: ${k} is not allowed (additionalProperties: false)`);
      else if (typeof schema.additionalProperties === "object") out.push(...schemaProblems(schema.additionalProperties as Schema, v, root, `${path}.${k}`));
    }
  }
  return out;
}
