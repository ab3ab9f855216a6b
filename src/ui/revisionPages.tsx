import type { Hono } from "hono";
import type { AuditEntry, PolicyRecord, RevisionSummary } from "../services";
import { lineDiff } from "./diff";
import { ChangeForm, teamPath } from "./layout";
import { csrfOf, form, render, renderError, type UiContext, type UiEnv } from "./uiContext";

const api = (team: string, rest = "") => `/teams/${encodeURIComponent(team)}${rest}`;
const pretty = (doc: unknown) => JSON.stringify(doc, null, 2);

/** Revisions: who published each and why (from the audit trail), a line diff between any two, rollback. */
export function revisionPages(ui: Hono<UiEnv>) {
  ui.get("/teams/:team/revisions", (c) => revisions(c, c.req.param("team")));

  ui.post("/teams/:team/revisions/rollback", async (c) => {
    const team = c.req.param("team");
    const revision = Number(form(c, "revision"));
    const message = form(c, "message");
    const r = await c.var.api.send<PolicyRecord>("POST", api(team, "/policy/rollback"), { revision, ...(message ? { message } : {}) });
    if (!r.ok) return revisions(c, team, { error: r.error, status: r.status });
    return revisions(c, team, { notice: `Revision ${r.value.revision} is in force again (rolled back from ${r.value.rolledBackFrom ?? "?"}).` });
  });
}

async function revisions(c: UiContext, team: string, outcome: { notice?: string; error?: { code: string; message: string }; status?: number } = {}) {
  const framing = { title: `Revisions of ${team}`, nav: "teams" as const, team: { name: team, tab: "revisions" as const } };
  const [list, audit] = await Promise.all([
    c.var.api.get<{ revisions: RevisionSummary[] }>(api(team, "/policy/revisions")),
    c.var.api.get<{ entries: AuditEntry[] }>(`/audit?team=${encodeURIComponent(team)}&limit=1000`),
  ]);
  if (!list.ok) return renderError(c, framing, list.error, list.status);
  const revs = list.value.revisions;
  // Who published each revision and why: its policy.publish entry (a token without audit access sees no names).
  const byRevision = new Map<number, AuditEntry>();
  for (const e of audit.ok ? audit.value.entries : []) if (e.action === "policy.publish" && e.revision !== undefined && !byRevision.has(e.revision)) byRevision.set(e.revision, e);
  const rollbacks = (audit.ok ? audit.value.entries : []).filter((e) => e.action === "policy.rollback");

  const a = Number(c.req.query("a") ?? revs[1]?.revision ?? revs[0]?.revision);
  const b = Number(c.req.query("b") ?? revs[0]?.revision);
  const compare = Number.isInteger(a) && Number.isInteger(b) && revs.length > 0;
  const [ra, rb] = compare
    ? await Promise.all([c.var.api.get<PolicyRecord>(api(team, `/policy/revisions/${a}`)), c.var.api.get<PolicyRecord>(api(team, `/policy/revisions/${b}`))])
    : [undefined, undefined];
  const diff = ra?.ok && rb?.ok ? lineDiff(pretty(ra.value.document), pretty(rb.value.document)) : undefined;
  const changed = diff ? diff.filter((l) => l.kind !== "same").length : 0;
  const csrf = csrfOf(c);
  const status = outcome.status === undefined ? 200 : ((outcome.status >= 400 && outcome.status < 500 ? outcome.status : 500) as 400);

  return render(
    c,
    framing,
    <>
      {outcome.error && <div class="error" role="alert"><strong>{outcome.error.code}</strong>: {outcome.error.message}</div>}
      {outcome.notice && <p class="notice" role="status">{outcome.notice}</p>}
      {revs.length === 0 ? <p>This team never published a policy.</p> : (
        <table id="revisions">
          <caption class="sr-only">Revisions, newest first</caption>
          <thead><tr><th scope="col">Revision</th><th scope="col">Published</th><th scope="col">By</th><th scope="col">Why</th><th scope="col">Digest</th><th scope="col">Rollback</th></tr></thead>
          <tbody>
            {revs.map((r) => {
              const by = byRevision.get(r.revision);
              return (
                <tr data-revision={r.revision}>
                  <td>{r.revision}{r.current && <strong> (in force)</strong>}</td>
                  <td>{r.publishedAt}</td>
                  <td>{by ? by.actor.name : <span class="muted">unknown</span>}</td>
                  <td>{by?.message ?? ""}</td>
                  <td><code>{r.digest.slice(0, 12)}</code></td>
                  <td>
                    {!r.current && (
                      <ChangeForm action={teamPath(team, "/revisions/rollback")} csrf={csrf} class="filters">
                        <input type="hidden" name="revision" value={String(r.revision)} />
                        <label class="sr-only" for={`why-${r.revision}`}>Why roll back to {r.revision}</label>
                        <input id={`why-${r.revision}`} name="message" maxlength={500} placeholder="why (audit)" />
                        <button class="danger" type="submit" data-confirm={`Make revision ${r.revision} the one in force?`}>Roll back to {r.revision}</button>
                      </ChangeForm>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {rollbacks.length > 0 && (
        <p class="muted">Rollbacks: {rollbacks.map((e) => `to ${e.revision} by ${e.actor.name} at ${e.time}${e.message ? ` (${e.message})` : ""}`).join("; ")}</p>
      )}
      {revs.length > 0 && (
        <section class="card" aria-labelledby="compare">
          <h2 id="compare">Compare two revisions</h2>
          <form method="get" action={teamPath(team, "/revisions")} class="filters">
            <div><label for="a">From</label><select id="a" name="a">{revs.map((r) => <option value={String(r.revision)} selected={r.revision === a}>{r.revision}</option>)}</select></div>
            <div><label for="b">To</label><select id="b" name="b">{revs.map((r) => <option value={String(r.revision)} selected={r.revision === b}>{r.revision}</option>)}</select></div>
            <div><button type="submit">Compare</button></div>
          </form>
          {diff && (
            <>
              <p data-testid="diff-summary">Revision {a} → {b}: {changed === 0 ? "identical documents" : `${diff.filter((l) => l.kind === "add").length} line(s) added, ${diff.filter((l) => l.kind === "del").length} removed`}.</p>
              <h3 class="sr-only">Differences from revision {a} to {b}</h3>
              <pre class="diff">
                {diff.map((l) => <div class={l.kind}>{`${l.kind === "add" ? "+ " : l.kind === "del" ? "- " : "  "}${l.text}`}</div>)}
              </pre>
            </>
          )}
          {(ra && !ra.ok) || (rb && !rb.ok) ? <p class="error">One of these revisions could not be read.</p> : null}
        </section>
      )}
    </>,
    status,
  );
}
