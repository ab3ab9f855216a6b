/**
 * The maintained secret-detection rule set: secretlint's recommended preset (MIT; its version is pinned in
 * package.json, so a rule update is a deliberate dependency bump). Each rule is a scanner over text that reports the
 * ranges it found; hookgate runs them through a minimal secretlint context and masks what they report.
 *
 * Only the text scanners run: the GCP rule looks at `.json`/`.p12` files (it would read a file from disk for the
 * latter) and the comment filter is a suppression mechanism (`secretlint-disable` in request data must not switch
 * masking off), so both are left out. No rule does I/O for text. The rules' patterns are bounded (fixed or bounded
 * repetitions); the input is capped before it gets here (mask.ts), and test/engine/mask.test.ts times every rule on
 * hostile input.
 */
import { rules } from "@secretlint/secretlint-rule-preset-recommend";

/** The part of secretlint's rule API used here. */
interface Report {
  range: readonly [number, number];
}
interface Handlers {
  file?: (source: { content: string; filePath?: string; ext: string; contentType: "text" }) => unknown;
}
interface Rule {
  meta: { id: string; type?: string };
  create(context: unknown, options: Record<string, unknown>): Handlers;
}

const LEFT_OUT = new Set(["@secretlint/secretlint-rule-gcp", "@secretlint/secretlint-rule-filter-comments"]);

/** Where reports of the scan in progress go: scans are synchronous, so one sink serves every rule. */
let sink: [number, number][] = [];
const context = {
  // A rule's first report starts its own array (NOTHING, the empty sink, is never written to).
  report: (d: Report) => void (sink === NOTHING ? (sink = [[d.range[0], d.range[1]]]) : sink.push([d.range[0], d.range[1]])),
  ignore: () => {},
  createTranslator: () => (id: string) => id,
  registerRule: () => {},
  sharedOptions: {},
};

const scanners: { id: string; handlers: Handlers }[] = (rules as unknown as Rule[])
  .filter((r) => r.meta.type === "scanner" && !LEFT_OUT.has(r.meta.id))
  .map((r) => ({ id: r.meta.id, handlers: r.create(context, {}) }));

/** The ids of the rules that run (for docs and tests). */
export const SECRET_RULE_IDS: readonly string[] = scanners.map((s) => s.id);

/** The ranges the rule set reports in `text`. A rule that throws reports nothing; the others still run. */
export function secretRuleSetRanges(text: string): [number, number][] {
  const found: [number, number][] = [];
  const source = { content: text, ext: "", contentType: "text" as const };
  for (const s of scanners) for (const range of reportsOf(s, source)) if (range[1] > range[0] && range[0] >= 0) found.push(range);
  return found;
}

/** Nothing reported: most rules on most text (no array is made for them). */
const NOTHING: [number, number][] = [];

/** What one rule reports in `source`. A rule that throws reports nothing, so a rule's bug never stops the others. */
function reportsOf(s: (typeof scanners)[number], source: { content: string; ext: string; contentType: "text" }): readonly [number, number][] {
  sink = NOTHING;
  try {
    const r = s.handlers.file?.(source);
    // No text scanner is asynchronous; should one become so, its late reports are dropped, never unhandled.
    if (r instanceof Promise) r.catch(() => {});
  } catch {
    // (reported as nothing)
  }
  const reported = sink;
  sink = NOTHING;
  return reported;
}

/** The ids of the rules that report something in `text`. */
export function secretRuleSetFindings(text: string): string[] {
  const ids: string[] = [];
  const source = { content: text, ext: "", contentType: "text" as const };
  for (const s of scanners) if (reportsOf(s, source).some((range) => range[1] > range[0])) ids.push(s.id);
  return ids;
}
