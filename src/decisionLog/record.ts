import { DECISION_INPUT_LIMITS, capText, capValue } from "../engine/limits/cap";
import type { DecisionRecord } from "../services";

/**
 * A decision record within hookgate's caps, apart from where it is stored: the hook path caps a record before it
 * leaves the isolate (the queue's message limit is 128 KB), and the consumer writes it as it came.
 */
/** The caps applied to every record before it is stored (docs/storage.md lists them). */
export const RECORD_LIMITS = {
  /** session_id, tool_name: the client's are UUIDs and tool names, far shorter. */
  id: 256,
  /** errors: entries, and characters each. */
  errors: 20,
  errorChars: 1000,
  /** fired and dry-run handler ids listed. */
  handlers: 100,
  /**
   * the masked input: per string, in total, entries per array/object, depth (4 KiB, 32 KiB, 200, 16). maskForExport
   * already cuts the input to these before it masks it (it masks only what is kept), so here they change nothing.
   */
  input: DECISION_INPUT_LIMITS,
  /** the whole record as JSON; far below D1's ~2 MB row limit, so a batch of MAX_BATCH stays well within limits too. */
  recordChars: 64 * 1024,
} as const;

/** A record within RECORD_LIMITS, and whether anything had to be cut (the record's `truncated` says so too). */
export function capRecord(entry: DecisionRecord): DecisionRecord {
  return cappedWithJson(entry).record;
}

/** A record within RECORD_LIMITS and its JSON (measured for the last cap anyway, and then stored as it is). */
export interface Capped {
  record: DecisionRecord;
  json: string;
}


export function cappedWithJson(entry: DecisionRecord): Capped {
  let cut = false;
  const text = (s: string, max: number) => {
    const out = capText(s, max);
    if (out !== s) cut = true;
    return out;
  };
  const list = <T>(items: readonly T[], max: number, more: (n: number) => T): T[] => {
    if (items.length <= max) return [...items];
    cut = true;
    return [...items.slice(0, max), more(items.length)];
  };
  const capped: DecisionRecord = {
    ...entry,
    fired: list(entry.fired, RECORD_LIMITS.handlers, (n) => `…[truncated by hookgate: ${n} entries]`).map((id) => text(id, RECORD_LIMITS.id)),
    dryRun: list(entry.dryRun, RECORD_LIMITS.handlers, (n) => ({ id: `…[truncated by hookgate: ${n} entries]` })).map((d) => ({
      ...d,
      id: text(d.id, RECORD_LIMITS.id),
    })),
    errors: list(entry.errors, RECORD_LIMITS.errors, (n) => `…[truncated by hookgate: ${n} entries]`).map((e) => text(e, RECORD_LIMITS.errorChars)),
  };
  if (entry.sessionId !== undefined) capped.sessionId = text(entry.sessionId, RECORD_LIMITS.id);
  if (entry.tool !== undefined) capped.tool = text(entry.tool, RECORD_LIMITS.id);
  if (entry.verdict !== undefined) capped.verdict = text(entry.verdict, 16);
  if (entry.input !== undefined) {
    const input = capValue(entry.input, RECORD_LIMITS.input);
    if (input.truncated) cut = true;
    capped.input = input.value;
  }
  if (cut || entry.truncated) capped.truncated = true;
  // The caps above keep a record far below this; it is the last word whatever a later field adds.
  const json = JSON.stringify(capped);
  if (json.length > RECORD_LIMITS.recordChars) {
    capped.input = `…[input omitted by hookgate: the record would be ${json.length} chars]`;
    capped.truncated = true;
    return { record: capped, json: JSON.stringify(capped) };
  }
  return { record: capped, json };
}

/** A field that should be text, as text whatever it is (the minimal record must always be writable). */
const textOf = (v: unknown): string => (typeof v === "string" ? v : String(v ?? ""));

/** What replaces a record that cannot be written even alone: enough to find the request, and why. */
export function minimalRecord(entry: DecisionRecord, why: string): DecisionRecord {
  const r: DecisionRecord = {
    decisionId: capText(textOf(entry.decisionId), RECORD_LIMITS.id),
    time: typeof entry.time === "string" && entry.time ? capText(entry.time, 64) : new Date().toISOString(),
    team: capText(textOf(entry.team), RECORD_LIMITS.id),
    event: capText(textOf(entry.event), 64),
    fired: [],
    dryRun: [],
    // Only values D1 can always bind: whatever made the full record fail must not fail this one too.
    revision: typeof entry.revision === "number" && Number.isFinite(entry.revision) ? entry.revision : null,
    latencyMs: typeof entry.latencyMs === "number" && Number.isFinite(entry.latencyMs) ? entry.latencyMs : 0,
    dedup: entry.dedup === true,
    errors: [capText(`decision log: the full record could not be written (${why}); this minimal record replaces it`, RECORD_LIMITS.errorChars)],
    truncated: true,
  };
  if (typeof entry.verdict === "string") r.verdict = capText(entry.verdict, 16);
  return r;
}

