import type { Hono } from "hono";
import { AUDIT_ACTIONS, type AuditEntry } from "../services";
import { UI_BASE } from "../routes";
import { teamPath } from "./layout";
import { render, renderError, type UiEnv } from "./uiContext";

/** Audit: every change, who made it, when and why, filtered by team and action (what the caller's token may see). */
export function auditPage(ui: Hono<UiEnv>) {
  ui.get("/audit", async (c) => {
    const framing = { title: "Audit trail", nav: "audit" as const };
    const q = new URLSearchParams();
    const team = c.req.query("team")?.trim();
    const action = c.req.query("action")?.trim();
    if (team) q.set("team", team);
    if (action) q.set("action", action);
    q.set("limit", "500");
    const r = await c.var.api.get<{ entries: AuditEntry[] }>(`/audit?${q}`);
    if (!r.ok) return renderError(c, framing, r.error, r.status);
    return render(
      c,
      framing,
      <>
        <form method="get" action={`${UI_BASE}/audit`} class="card filters" aria-label="Filter the audit trail">
          <div><label for="a-team">Team</label><input id="a-team" name="team" value={team ?? ""} size={16} /></div>
          <div><label for="a-action">Action</label><select id="a-action" name="action"><option value="">any</option>{AUDIT_ACTIONS.map((a) => <option selected={a === action}>{a}</option>)}</select></div>
          <div><button type="submit">Show</button></div>
        </form>
        {r.value.entries.length === 0 ? <p>No changes recorded.</p> : (
          <table id="audit" data-filterable>
            <caption class="sr-only">Changes, newest first</caption>
            <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Team</th><th scope="col">Revision / target</th><th scope="col">Why</th></tr></thead>
            <tbody>
              {r.value.entries.map((e) => (
                <tr>
                  <td>{e.time}</td>
                  <td>{e.actor.name} <span class="muted">({e.actor.id})</span></td>
                  <td>{e.action}</td>
                  <td>{e.team === null ? <span class="muted">org</span> : <a href={teamPath(e.team)}>{e.team}</a>}</td>
                  <td>{e.revision ?? e.target ?? ""}</td>
                  <td>{e.message ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </>,
    );
  });
}
