import type { Hono } from "hono";
import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import type { DecisionRecord, PolicyRecord } from "../services";
import { BarChart } from "./chart";
import { teamPath, Verdict } from "./layout";
import { render, renderError, type UiContext, type UiEnv } from "./uiContext";

const api = (team: string, rest = "") => `/teams/${encodeURIComponent(team)}${rest}`;
/** The decision log's filters, as the admin API takes them (GET …/decisions). */
const FILTERS = ["event", "verdict", "tool", "client", "session", "since", "until"] as const;
const VERDICTS = ["allow", "deny", "ask", "defer", "block", "none"];

const decisionPath = (team: string, d: Pick<DecisionRecord, "decisionId" | "time">) =>
  teamPath(team, `/decisions/${encodeURIComponent(d.decisionId)}?at=${encodeURIComponent(d.time)}`);

/** Decisions (the log's recent index, filtered), one decision with its trace, and the rules' counts over time. */
export function decisionPages(ui: Hono<UiEnv>) {
  ui.get("/teams/:team/decisions", async (c) => {
    const team = c.req.param("team");
    const framing = { title: `Decisions of ${team}`, nav: "teams" as const, team: { name: team, tab: "decisions" as const } };
    const query = new URLSearchParams();
    for (const f of FILTERS) {
      const v = c.req.query(f)?.trim();
      if (v) query.set(f, v);
    }
    query.set("limit", "200");
    const r = await c.var.api.get<{ decisions: DecisionRecord[] }>(api(team, `/decisions?${query}`));
    const value = (f: string) => query.get(f) ?? "";
    return render(
      c,
      framing,
      <>
        <form method="get" action={teamPath(team, "/decisions")} class="card filters" aria-label="Filter decisions">
          <div><label for="f-event">Event</label><input id="f-event" name="event" value={value("event")} placeholder="PreToolUse" size={14} /></div>
          <div><label for="f-verdict">Verdict</label><select id="f-verdict" name="verdict"><option value="">any</option>{VERDICTS.map((v) => <option selected={value("verdict") === v}>{v}</option>)}</select></div>
          <div><label for="f-tool">Tool</label><input id="f-tool" name="tool" value={value("tool")} placeholder="Bash" size={10} /></div>
          <div><label for="f-client">Client</label><input id="f-client" name="client" value={value("client")} placeholder="claude-code" size={12} /></div>
          <div><label for="f-session">Session</label><input id="f-session" name="session" value={value("session")} size={14} /></div>
          <div><label for="f-since">Since (ISO 8601)</label><input id="f-since" name="since" value={value("since")} placeholder="2026-12-01T00:00:00Z" size={20} /></div>
          <div><label for="f-until">Until</label><input id="f-until" name="until" value={value("until")} size={20} /></div>
          <div><button type="submit">Show</button></div>
        </form>
        {!r.ok ? renderErrorInline(r.error) : r.value.decisions.length === 0 ? <p>No decisions match.</p> : (
          <table id="decisions" data-filterable>
            <caption class="sr-only">Decisions, newest first</caption>
            <thead><tr><th scope="col">Time</th><th scope="col">Event</th><th scope="col">Tool</th><th scope="col">Verdict</th><th scope="col">Fired</th><th scope="col">Revision</th><th scope="col">Client</th><th scope="col">Session</th></tr></thead>
            <tbody>
              {r.value.decisions.map((d) => (
                <tr>
                  <td><a href={decisionPath(team, d)}>{d.time}</a></td>
                  <td>{d.event}</td><td>{d.tool ?? ""}</td><td><Verdict verdict={d.verdict} /></td>
                  <td>{d.fired.join(", ")}</td><td>{d.revision ?? "none"}</td><td>{d.client ?? ""}</td>
                  <td><code>{(d.sessionId ?? "").slice(0, 12)}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p class="muted">The recent index (docs/storage.md), newest first, at most 200 rows; inputs are masked and capped.</p>
      </>,
      r.ok ? 200 : statusOf(r.status),
    );
  });

  ui.get("/teams/:team/decisions/:id", async (c) => {
    const team = c.req.param("team");
    const id = c.req.param("id");
    const framing = { title: "Decision", nav: "teams" as const, team: { name: team, tab: "decisions" as const } };
    const found = await findDecision(c, team, id, c.req.query("at"));
    if (!found.ok) return renderError(c, framing, found.error, found.status);
    const d = found.value;
    // The trace: the masked input decided again by the revision that answered (the admin API's evaluate, a dry run).
    const revision = d.revision === null ? undefined : await c.var.api.get<PolicyRecord>(api(team, `/policy/revisions/${d.revision}`));
    const trace =
      d.input !== undefined && revision?.ok
        ? await c.var.api.send<{ answer: unknown; trace: unknown }>("POST", api(team, "/evaluate"), { policy: revision.value.document, input: d.input })
        : undefined;
    return render(
      c,
      { ...framing, title: `Decision ${d.decisionId}` },
      <>
        <section class="card" aria-labelledby="what">
          <h2 id="what">What was decided</h2>
          <dl class="kv">
            <dt>Time</dt><dd>{d.time}</dd><dt>Event</dt><dd>{d.event}</dd><dt>Tool</dt><dd>{d.tool ?? ""}</dd>
            <dt>Verdict</dt><dd data-testid="decision-verdict"><Verdict verdict={d.verdict} /></dd>
            <dt>Fired</dt><dd>{d.fired.join(", ") || "none"}</dd>
            <dt>Dry run</dt><dd>{d.dryRun.map((x) => `${x.id}${x.verdict ? ` (${x.verdict})` : ""}`).join(", ") || "none"}</dd>
            <dt>Revision</dt><dd>{d.revision === null ? "none" : <a href={teamPath(team, `/revisions?a=${d.revision}&b=${d.revision}`)}>{d.revision}</a>}{d.baselineRevision !== undefined && ` (baseline ${d.baselineRevision})`}</dd>
            <dt>Client</dt><dd>{d.client ?? ""}</dd><dt>Session</dt><dd><code>{d.sessionId ?? ""}</code></dd>
            <dt>Latency</dt><dd>{d.latencyMs} ms{d.dedup ? " (a redelivery, answered from the record)" : ""}</dd>
            {d.errors.length > 0 && <><dt>Errors</dt><dd>{d.errors.join("; ")}</dd></>}
          </dl>
          <p><a class="button" href={teamPath(team, `/playground?decision=${encodeURIComponent(d.decisionId)}&at=${encodeURIComponent(d.time)}`)}>Open in the playground</a></p>
        </section>
        <div class="grid2">
          <section aria-labelledby="input">
            <h2 id="input">Input (masked{d.truncated ? ", capped" : ""})</h2>
            <pre data-testid="decision-input">{JSON.stringify(d.input ?? null, null, 2)}</pre>
          </section>
          <section aria-labelledby="trace">
            <h2 id="trace">Trace</h2>
            {trace?.ok ? (
              <>
                <p class="muted">The masked input decided again by revision {d.revision} and today's baseline (a dry run): masking can change what a rule sees.</p>
                <pre data-testid="decision-trace">{JSON.stringify(trace.value.trace, null, 2)}</pre>
              </>
            ) : (
              <p class="muted">{trace && !trace.ok ? `The trace could not be made: ${trace.error.message}` : "No trace: no input was recorded or no revision answered."}</p>
            )}
          </section>
        </div>
      </>,
    );
  });

  ui.get("/teams/:team/rules", async (c) => {
    const team = c.req.param("team");
    const framing = { title: `Rules of ${team}`, nav: "teams" as const, team: { name: team, tab: "rules" as const } };
    const days = Math.min(Math.max(Number(c.req.query("days") ?? 7) || 7, 1), 90);
    const now = c.var.services.now();
    const since = new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const [rollups, policy] = await Promise.all([
      c.var.api.get<{ rollups: { hour: string; handler: string; decisions: number }[]; dryRun: { hour: string; handler: string; decisions: number }[] }>(api(team, `/decisions/rollups?since=${since}T00:00:00Z`)),
      c.var.api.get<PolicyRecord>(api(team, "/policy")),
    ]);
    if (!rollups.ok) return renderError(c, framing, rollups.error, rollups.status);
    const labels = Array.from({ length: days }, (_, i) => new Date(Date.parse(`${since}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
    const series = new Map<string, { fired: number[]; dryRun: number[] }>();
    const at = (handler: string) => {
      let s = series.get(handler);
      if (!s) series.set(handler, (s = { fired: labels.map(() => 0), dryRun: labels.map(() => 0) }));
      return s;
    };
    const bucket = (hour: string) => labels.indexOf(hour.slice(0, 10));
    for (const r of rollups.value.rollups) if (bucket(r.hour) >= 0) at(r.handler).fired[bucket(r.hour)]! += r.decisions;
    for (const r of rollups.value.dryRun) if (bucket(r.hour) >= 0) at(r.handler).dryRun[bucket(r.hour)]! += r.decisions;
    const all = series.get("*");
    series.delete("*");
    const compiled = policy.ok ? c.var.gate.compile(policy.value.document) : undefined;
    const handlers = compiled?.ok ? handlerIds(compiled.value) : [];
    for (const h of handlers) at(h.id);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    // The busiest first; the never-fired last, by name.
    const rows = [...series.entries()].sort(([a, x], [b, y]) => sum(y.fired) + sum(y.dryRun) - sum(x.fired) - sum(x.dryRun) || a.localeCompare(b));
    const never = rows.filter(([, s]) => sum(s.fired) === 0 && sum(s.dryRun) === 0).map(([id]) => id);
    return render(
      c,
      framing,
      <>
        <form method="get" action={teamPath(team, "/rules")} class="filters">
          <div><label for="days">Days</label><select id="days" name="days">{[1, 7, 14, 30, 90].map((d) => <option value={String(d)} selected={d === days}>{d}</option>)}</select></div>
          <div><button type="submit">Show</button></div>
        </form>
        <p class="legend"><span><i class="sw sw-fired"></i>fired</span><span><i class="sw sw-dry"></i>would have fired (dry run)</span> <span class="muted">Decisions in these {days} days: {all ? sum(all.fired) : 0}. From the log's hourly rollups; dry-run counts from the recent index.</span></p>
        {never.length > 0 && (
          <div class="notice" data-testid="never-fired"><strong>Never fired in these {days} days:</strong> {never.join(", ")}</div>
        )}
        <table>
          <thead><tr><th scope="col">Handler</th><th scope="col">Fired</th><th scope="col">Would have fired</th><th scope="col">By day</th></tr></thead>
          <tbody>
            {rows.map(([id, s]) => (
              <tr data-handler={id}>
                <td><code>{id}</code>{handlers.length > 0 && !handlers.some((h) => h.id === id) && <span class="muted"> (not in the revision in force)</span>}</td>
                <td>{sum(s.fired)}</td><td>{sum(s.dryRun)}</td>
                <td><BarChart series={s} labels={labels} title={`Handler ${id}, by day`} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </>,
    );
  });
}

function handlerIds(compiled: CompiledPolicy): { id: string; event: string }[] {
  const out: { id: string; event: string }[] = [];
  for (const [event, e] of Object.entries(compiled.events)) for (const g of e?.groups ?? []) for (const h of g.handlers) out.push({ id: h.id, event });
  return out;
}

const statusOf = (s: number) => ((s >= 400 && s < 500 ? s : 500) as 400);

const renderErrorInline = (error: { code: string; message: string }) => (
  <div class="error" role="alert"><strong>{error.code}</strong>: {error.message}</div>
);

/** One decision by id: the records at its time (`at`, the record's own), the one with that id among them. */
export async function findDecision(c: UiContext, team: string, id: string, at: string | undefined) {
  if (!at || Number.isNaN(Date.parse(at))) return { ok: false as const, status: 404, error: { code: "not_found", message: "no such decision (open it from the decisions table)" } };
  const r = await c.var.api.get<{ decisions: DecisionRecord[] }>(api(team, `/decisions?since=${encodeURIComponent(at)}&until=${encodeURIComponent(at)}&limit=1000`));
  if (!r.ok) return r;
  const d = r.value.decisions.find((x) => x.decisionId === id);
  return d ? { ok: true as const, value: d } : { ok: false as const, status: 404, error: { code: "not_found", message: `no decision ${id} at ${at} (past the index's retention?)` } };
}
