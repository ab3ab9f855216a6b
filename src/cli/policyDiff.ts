/**
 * A readable structural diff of two policy documents: policy-level fields by name, handlers by their `id` (so a
 * handler that moved is "moved", not "removed" and "added") or, without one, by position
 * (`hooks.PreToolUse[0].hooks[1]`). Order is reported because it matters: reasons and patches apply in
 * declaration order.
 */
interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

interface Change {
  kind: "added" | "removed" | "changed" | "moved";
  /** A policy-level field name, or a handler's label: `id no-rm-root` or its position. */
  what: string;
  /** Where the handler is (after), or was (removed). */
  at?: string;
  from?: string;
  fields?: FieldChange[];
}

interface HandlerEntry {
  key: string;
  at: string;
  event: string;
  matcher: unknown;
  handler: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Deep equality of JSON values; object key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => sameJson(a[k], b[k]));
}

function handlers(document: unknown): Map<string, HandlerEntry> {
  const out = new Map<string, HandlerEntry>();
  const hooks = isObject(document) && isObject(document.hooks) ? document.hooks : {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, g) => {
      if (!isObject(group) || !Array.isArray(group.hooks)) return;
      group.hooks.forEach((handler, h) => {
        const at = `hooks.${event}[${g}].hooks[${h}]`;
        const entry = { at, event, matcher: group.matcher, handler: isObject(handler) ? handler : ({ value: handler } as Record<string, unknown>) };
        // A duplicate id (the compiler refuses those) falls back to its position, so neither entry is lost.
        const key = typeof entry.handler.id === "string" && !out.has(`id ${entry.handler.id}`) ? `id ${entry.handler.id}` : at;
        out.set(key, { key, ...entry });
      });
    });
  }
  return out;
}

/** The fields that differ, by dotted name, nested objects descended into (arrays compared whole). */
function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ""): FieldChange[] {
  const out: FieldChange[] = [];
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [b, a] = [before[k], after[k]];
    if (sameJson(b, a)) continue;
    if (isObject(b) && isObject(a)) out.push(...fieldChanges(b, a, `${prefix}${k}.`));
    else out.push({ field: `${prefix}${k}`, ...(k in before ? { before: b } : {}), ...(k in after ? { after: a } : {}) });
  }
  return out;
}

export function diffPolicies(before: unknown, after: unknown): Change[] {
  const changes: Change[] = [];
  const top = (d: unknown) => (isObject(d) ? Object.fromEntries(Object.entries(d).filter(([k]) => k !== "hooks")) : {});
  for (const f of fieldChanges(top(before), top(after)))
    changes.push({ kind: f.before === undefined ? "added" : f.after === undefined ? "removed" : "changed", what: f.field, fields: [f] });

  const was = handlers(before);
  const now = handlers(after);
  for (const [key, entry] of now) {
    const old = was.get(key);
    const what = key.startsWith("id ") ? key : entry.at;
    if (!old) {
      changes.push({ kind: "added", what, at: entry.at });
      continue;
    }
    const fields = fieldChanges({ event: old.event, matcher: old.matcher, ...old.handler }, { event: entry.event, matcher: entry.matcher, ...entry.handler });
    if (fields.length) changes.push({ kind: "changed", what, at: entry.at, fields });
    if (old.at !== entry.at && key.startsWith("id ")) changes.push({ kind: "moved", what, from: old.at, at: entry.at });
  }
  for (const [key, entry] of was) if (!now.has(key)) changes.push({ kind: "removed", what: key.startsWith("id ") ? key : entry.at, at: entry.at });
  return changes;
}

const show = (v: unknown) => (v === undefined ? "(none)" : JSON.stringify(v));

/** One line per change, `+ - ~ >` marks; changed fields indented beneath. */
export function formatChanges(changes: readonly Change[]): string[] {
  const lines: string[] = [];
  const mark = { added: "+", removed: "-", changed: "~", moved: ">" } as const;
  for (const c of changes) {
    if (!c.at && c.fields?.length === 1) {
      const f = c.fields[0]!;
      lines.push(`${mark[c.kind]} ${c.what}: ${c.kind === "changed" ? `${show(f.before)} → ${show(f.after)}` : show(f.after ?? f.before)}`);
      continue;
    }
    const where = c.kind === "moved" ? `moved from ${c.from} to ${c.at}` : c.what === c.at ? "" : `at ${c.at}`;
    lines.push(`${mark[c.kind]} handler ${c.what}${where ? ` ${where}` : ""}`);
    for (const f of c.fields ?? []) lines.push(`    ${f.field}: ${show(f.before)} → ${show(f.after)}`);
  }
  return lines;
}
