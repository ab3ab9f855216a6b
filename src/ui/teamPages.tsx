import type { Hono } from "hono";
import type { PolicyRecord, TeamSummary, TokenInfo } from "../services";
import { UI_BASE } from "../routes";
import { ChangeForm, teamPath } from "./layout";
import { RolloutCard, type Rollout, type ShadowReport } from "./rollout";
import { csrfOf, form, render, renderError, type UiContext, type UiEnv } from "./uiContext";

const api = (team: string, rest = "") => `/teams/${encodeURIComponent(team)}${rest}`;

/** Teams: the list the caller may see, and per team its revision in force, rollout and hook tokens. */
export function teamPages(ui: Hono<UiEnv>) {
  ui.get("/teams", async (c) => {
    const r = await c.var.api.get<{ teams: TeamSummary[]; truncated?: boolean }>("/teams");
    if (!r.ok) return renderError(c, { title: "Teams", nav: "teams" }, r.error, r.status);
    const { teams, truncated } = r.value;
    return render(
      c,
      { title: "Teams", nav: "teams" },
      <>
        {teams.length === 0 ? (
          <p>No team this token may see has a policy or a token yet.</p>
        ) : (
          <table id="teams" data-filterable>
            <caption class="sr-only">Teams</caption>
            <thead><tr><th scope="col">Team</th><th scope="col">Revision in force</th><th scope="col">Published</th><th scope="col">Hook tokens</th></tr></thead>
            <tbody>
              {teams.map((t) => (
                <tr>
                  <td><a href={teamPath(t.team)}>{t.team}</a></td>
                  <td>{t.revision ?? <span class="muted">none (its hooks allow)</span>}</td>
                  <td>{t.publishedAt ?? ""}</td>
                  <td>{t.tokens}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {truncated && <p class="muted">The listing stopped early (a bounded walk of KV keys): some teams are not shown.</p>}
      </>,
    );
  });

  ui.get("/teams/:team", (c) => overview(c, c.req.param("team")));

  ui.post("/teams/:team/tokens", async (c) => {
    const team = c.req.param("team");
    const name = form(c, "name");
    const r = await c.var.api.send<TokenInfo & { token: string; warnings: string[] }>("POST", api(team, "/tokens"), name ? { name } : undefined, form(c, "message") || undefined);
    if (!r.ok) return overview(c, team, { error: r.error, status: r.status });
    return overview(c, team, { minted: r.value });
  });

  // The rollout's steps (docs/rolling-out.md): each one admin API call, its answer shown on the team's page.
  ui.post("/teams/:team/rollout/canary", async (c) => {
    const team = c.req.param("team");
    const r = await c.var.api.send<{ rollout: Rollout }>("POST", api(team, "/policy/canary"), { revision: Number(form(c, "revision")), percent: Number(form(c, "percent")) });
    if (!r.ok) return overview(c, team, { error: r.error, status: r.status });
    return overview(c, team, { notice: `Revision ${r.value.rollout.canary?.revision} now answers for ${r.value.rollout.canary?.percent}% of sessions.` });
  });
  ui.post("/teams/:team/rollout/promote", async (c) => {
    const team = c.req.param("team");
    const r = await c.var.api.send<{ revision: number; promotedFrom: number }>("POST", api(team, "/policy/promote"), {});
    if (!r.ok) return overview(c, team, { error: r.error, status: r.status });
    return overview(c, team, { notice: `Revision ${r.value.revision} is current for everyone (it replaced ${r.value.promotedFrom}).` });
  });
  ui.post("/teams/:team/rollout/abort", async (c) => {
    const team = c.req.param("team");
    const r = await c.var.api.send<{ ended: string; revision: number }>("POST", api(team, "/policy/abort"), {});
    if (!r.ok) return overview(c, team, { error: r.error, status: r.status });
    return overview(c, team, { notice: `The ${r.value.ended} of revision ${r.value.revision} has ended: everyone gets the revision in force.` });
  });

  ui.post("/teams/:team/tokens/:id/revoke", async (c) => {
    const team = c.req.param("team");
    const r = await c.var.api.send<{ revoked: string }>("DELETE", api(team, `/tokens/${encodeURIComponent(c.req.param("id"))}`), undefined, form(c, "message") || undefined);
    if (!r.ok) return overview(c, team, { error: r.error, status: r.status });
    return overview(c, team, { notice: `Token ${r.value.revoked} is revoked: refused at once here, within CACHE_TTL_MS everywhere.` });
  });
}

interface Outcome {
  minted?: TokenInfo & { token: string; warnings: string[] };
  notice?: string;
  error?: { code: string; message: string };
  status?: number;
}

/** The team's page; after a change, with its outcome (a minted token is shown here once, and never again). */
async function overview(c: UiContext, team: string, outcome: Outcome = {}) {
  const framing = { title: `Team ${team}`, nav: "teams" as const, team: { name: team, tab: "overview" as const } };
  const [policy, tokens] = await Promise.all([
    c.var.api.get<PolicyRecord & { rollout?: Rollout }>(api(team, "/policy")),
    c.var.api.get<{ tokens: TokenInfo[] }>(api(team, "/tokens")),
  ]);
  const rollout = policy.ok ? policy.value.rollout : undefined;
  const shadow = rollout?.shadow ? await c.var.api.get<ShadowReport>(api(team, "/policy/shadow")) : undefined;
  // A team outside the caller's token is refused by the API; the page says so with the API's own 403.
  if (!policy.ok && policy.status !== 404) return renderError(c, framing, policy.error, policy.status);
  const csrf = csrfOf(c);
  return render(
    c,
    framing,
    <>
      {outcome.error && <div class="error" role="alert"><strong>{outcome.error.code}</strong>: {outcome.error.message}</div>}
      {outcome.notice && <p class="notice" role="status">{outcome.notice}</p>}
      {outcome.minted && (
        <div class="secret" role="status">
          <p><strong>New hook token {outcome.minted.id}</strong>{outcome.minted.name ? ` (${outcome.minted.name})` : ""}: copy it now. This is the only time it is shown; hookgate keeps only its hash.</p>
          <p><label for="minted">Token</label><input id="minted" readonly value={outcome.minted.token} size={60} data-testid="minted-token" /></p>
          {outcome.minted.warnings.map((w) => <p class="muted">{w}</p>)}
        </div>
      )}
      <section class="card" aria-labelledby="current">
        <h2 id="current">Policy in force</h2>
        {policy.ok ? (
          <dl class="kv">
            <dt>Revision</dt><dd data-testid="current-revision">{policy.value.revision}</dd>
            <dt>Published</dt><dd>{policy.value.publishedAt}</dd>
            <dt>Digest</dt><dd><code>{policy.value.digest.slice(0, 16)}</code></dd>
            {policy.value.rolledBackFrom !== undefined && <><dt>Rolled back from</dt><dd>revision {policy.value.rolledBackFrom}</dd></>}
          </dl>
        ) : (
          <p>No published policy: this team's hooks answer by the org baseline alone, or allow. <a href={teamPath(team, "/playground")}>Try a policy in the playground.</a></p>
        )}
        <p><a href={teamPath(team, "/revisions")}>Revisions and rollback</a> · <a href={teamPath(team, "/decisions")}>Decisions</a> · <a href={teamPath(team, "/rules")}>Rules</a></p>
      </section>
      <RolloutCard team={team} csrf={csrf} rollout={rollout} shadow={shadow?.ok ? shadow.value : undefined} current={policy.ok ? policy.value.revision : undefined} />
      <section class="card" aria-labelledby="tokens">
        <h2 id="tokens">Hook tokens</h2>
        {!tokens.ok ? (
          <p class="muted">This token may not list or mint hook tokens ({tokens.error.message}).</p>
        ) : (
          <>
            {tokens.value.tokens.length === 0 ? <p>No hook tokens.</p> : (
              <table>
                <thead><tr><th scope="col">Id</th><th scope="col">Name</th><th scope="col">Starts with</th><th scope="col">Created</th><th scope="col"><span class="sr-only">Revoke</span></th></tr></thead>
                <tbody>
                  {tokens.value.tokens.map((t) => (
                    <tr>
                      <td><code>{t.id}</code></td><td>{t.name ?? ""}</td><td><code>{t.prefix}…</code></td><td>{t.createdAt}</td>
                      <td>
                        <ChangeForm action={teamPath(team, `/tokens/${encodeURIComponent(t.id)}/revoke`)} csrf={csrf}>
                          <button class="danger" type="submit" aria-label={`Revoke token ${t.id}`}>Revoke</button>
                        </ChangeForm>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <ChangeForm action={teamPath(team, "/tokens")} csrf={csrf} class="filters">
              <div><label for="token-name">New token's name</label><input id="token-name" name="name" maxlength={64} placeholder="e.g. laptop fleet" /></div>
              <div><label for="token-message">Why (audit)</label><input id="token-message" name="message" maxlength={500} /></div>
              <div><button type="submit">Mint a hook token</button></div>
            </ChangeForm>
          </>
        )}
      </section>
      <p class="muted"><a href={`${UI_BASE}/audit?team=${encodeURIComponent(team)}`}>This team's audit trail</a></p>
    </>,
    outcome.status === undefined ? 200 : ((outcome.status >= 400 && outcome.status < 500 ? outcome.status : 500) as 400),
  );
}
