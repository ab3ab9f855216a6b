import type { Trace } from "../engine/evaluate";

const STATUS_WIDTH = 11;

/**
 * An evaluation trace as lines a person reads top to bottom: what the matchers were tested against, which groups
 * matched, and for every handler in policy order what happened and why (with what it said, when it said something).
 */
export function traceLines(trace: Trace): string[] {
  const lines = [`${trace.event}${trace.query !== undefined ? `, matcher tested against ${JSON.stringify(trace.query)}` : ""}`];
  for (const g of trace.groups)
    lines.push(`  group ${g.index}${g.matcher !== undefined ? ` (matcher ${JSON.stringify(cut(g.matcher, 60))})` : ""}: ${g.skippedFor ? `skipped (for ${g.skippedFor.join(", ")} only)` : g.matched ? "matched" : "did not match"}`);
  for (const h of [...trace.handlers].sort((a, b) => byDocumentOrder(a.path, b.path))) {
    const said = h.outcome ? [h.outcome.verdict, h.outcome.additionalContext !== undefined ? "context" : undefined, h.outcome.updatedInput ? "updatedInput" : undefined].filter(Boolean).join(" + ") : "";
    lines.push(`  ${h.status.padEnd(STATUS_WIDTH)} ${h.id}${h.id === h.path ? "" : ` (${h.path})`}: ${h.why}${said ? ` → ${said}` : ""}`);
  }
  if (trace.handlers.length === 0) lines.push("  (no handler for this event)");
  return lines;
}

/** Handler paths in the order the policy declares them (`hooks[2]` before `hooks[10]`); the trace is in evaluation order. */
function byDocumentOrder(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
