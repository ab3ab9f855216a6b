import type { DecisionRecord } from "../services";

/**
 * The optional OpenTelemetry exporter: with OTEL_EXPORTER_OTLP_ENDPOINT set (the base URL, as every OTel SDK reads
 * it; `/v1/logs` is appended), the consumer sends each record it wrote as an OTLP/HTTP JSON log record. The
 * attribute names follow Claude Code's own `tool_decision` log events (`event.name`, `event.timestamp`, `session.id`,
 * `tool_name`, `decision`, `source`), so a SIEM that collects both joins them on session and tool use; hookgate's
 * own fields are under `hookgate.*`. OTEL_EXPORTER_OTLP_HEADERS (`key=value,key2=value2`, a secret) adds headers,
 * e.g. the collector's API key.
 */
interface OtlpConfig {
  url: string;
  headers: Record<string, string>;
}

/** Records per OTLP request: each request stays well under collectors' usual 4 MB body limit. */
const RECORDS_PER_REQUEST = 100;
const TIMEOUT_MS = 5000;

export function otlpConfigFrom(env: { OTEL_EXPORTER_OTLP_ENDPOINT?: string; OTEL_EXPORTER_OTLP_HEADERS?: string }): OtlpConfig | undefined {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!base) return undefined;
  const headers: Record<string, string> = {};
  for (const pair of (env.OTEL_EXPORTER_OTLP_HEADERS ?? "").split(",")) {
    const i = pair.indexOf("=");
    if (i > 0) headers[decodeURIComponent(pair.slice(0, i).trim())] = decodeURIComponent(pair.slice(i + 1).trim());
  }
  return { url: `${base.replace(/\/+$/, "")}/v1/logs`, headers };
}

type AnyValue = { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean };
const str = (v: string): AnyValue => ({ stringValue: v });

/** Claude Code's `decision` of a tool_decision event: accept or reject; other verdicts keep only hookgate.verdict. */
const decisionOf = (verdict: string | undefined): string | undefined =>
  verdict === "allow" ? "accept" : verdict === "deny" || verdict === "block" ? "reject" : undefined;

function logRecordOf(r: DecisionRecord) {
  const ms = Date.parse(r.time);
  const nanos = `${Number.isFinite(ms) ? ms : Date.now()}000000`;
  const attributes: { key: string; value: AnyValue }[] = [];
  const add = (key: string, value: AnyValue | undefined) => value && attributes.push({ key, value });
  add("event.name", str(r.tool ? "tool_decision" : "hookgate_decision"));
  add("event.timestamp", str(r.time));
  if (r.sessionId) add("session.id", str(r.sessionId));
  if (r.tool) add("tool_name", str(r.tool));
  const decision = decisionOf(r.verdict);
  if (decision) add("decision", str(decision));
  add("source", str("hookgate"));
  const toolUseId = (r.input as { tool_use_id?: unknown } | undefined)?.tool_use_id;
  if (typeof toolUseId === "string") add("tool_use_id", str(toolUseId));
  add("hookgate.decision_id", str(r.decisionId));
  add("hookgate.team", str(r.team));
  add("hookgate.hook_event", str(r.event));
  add("hookgate.verdict", str(r.verdict ?? "none"));
  add("hookgate.handlers", str(r.fired.join(",")));
  if (r.revision !== null) add("hookgate.policy_revision", { intValue: String(r.revision) });
  add("hookgate.latency_ms", { doubleValue: r.latencyMs });
  add("hookgate.dedup", { boolValue: r.dedup });
  if (r.errors.length) add("hookgate.errors", str(r.errors.join("; ")));
  return {
    timeUnixNano: nanos,
    observedTimeUnixNano: `${Date.now()}000000`,
    severityNumber: r.errors.length ? 13 : 9, // WARN when the decision had errors, INFO otherwise
    severityText: r.errors.length ? "WARN" : "INFO",
    body: str(r.tool ? "hookgate.tool_decision" : "hookgate.decision"),
    attributes,
  };
}

export async function sendOtlpLogs(config: OtlpConfig, records: readonly DecisionRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += RECORDS_PER_REQUEST) {
    const body = {
      resourceLogs: [
        {
          resource: { attributes: [{ key: "service.name", value: str("hookgate") }] },
          scopeLogs: [{ scope: { name: "hookgate.decision_log" }, logRecords: records.slice(i, i + RECORDS_PER_REQUEST).map(logRecordOf) }],
        },
      ],
    };
    const res = await fetch(config.url, {
      method: "POST",
      headers: { ...config.headers, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`the OTLP collector answered ${res.status}`);
  }
}
