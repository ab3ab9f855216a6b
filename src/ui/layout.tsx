import type { Child, FC } from "hono/jsx";
import { UI_BASE } from "../routes";

/** Inline style sheet (the CSP allows it by nonce): system fonts, one accent, readable at a laptop's width. */
const STYLE = `
:root{--fg:#1d2330;--muted:#5b6472;--line:#d9dde3;--bg:#f7f8fa;--card:#fff;--accent:#2f5fa7;--deny:#b3261e;--ask:#8a5a00;--allow:#1e6b3a;--focus:#ffbf47}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}a:focus,button:focus,input:focus,select:focus,textarea:focus,summary:focus{outline:3px solid var(--focus);outline-offset:1px}
header{background:var(--card);border-bottom:1px solid var(--line)}
.bar{max-width:76rem;margin:0 auto;padding:.6rem 1.2rem;display:flex;gap:1.2rem;align-items:center;flex-wrap:wrap}
.brand{font-weight:700;text-decoration:none;color:var(--fg)}nav a{margin-right:1rem}nav a[aria-current=page]{font-weight:700;text-decoration:none;color:var(--fg)}
.who{margin-left:auto;color:var(--muted);display:flex;gap:.6rem;align-items:center}
main{max-width:76rem;margin:0 auto;padding:1.2rem}
h1{font-size:1.5rem;margin:.2rem 0 1rem}h2{font-size:1.15rem;margin:1.6rem 0 .6rem}
.tabs{display:flex;gap:.2rem;border-bottom:1px solid var(--line);margin-bottom:1rem;flex-wrap:wrap}
.tabs a{padding:.4rem .8rem;text-decoration:none;border:1px solid transparent;border-bottom:none;border-radius:6px 6px 0 0}
.tabs a[aria-current=page]{background:var(--card);border-color:var(--line);color:var(--fg);font-weight:600}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;margin-bottom:1rem}
table{width:100%;border-collapse:collapse;background:var(--card);font-size:14px}th,td{text-align:left;padding:.4rem .55rem;border-bottom:1px solid var(--line);vertical-align:top}
th{background:#eef0f3;font-weight:600}tbody tr:hover{background:#f3f6fb}
pre,code,textarea{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:#f2f4f7;border:1px solid var(--line);border-radius:6px;padding:.7rem;overflow:auto;max-height:32rem;margin:.3rem 0}
label{display:block;font-weight:600;margin:.5rem 0 .2rem}input,select,textarea{font:inherit;padding:.35rem .5rem;border:1px solid #aab1bb;border-radius:5px;background:#fff;color:var(--fg)}
textarea{width:100%;min-height:14rem}
button,.button{font:inherit;padding:.4rem .9rem;border-radius:5px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.quiet{background:#fff;color:var(--accent)}button.danger{background:#fff;color:var(--deny);border-color:var(--deny)}
.filters{display:flex;gap:.8rem;flex-wrap:wrap;align-items:flex-end}.filters label{margin:0 0 .2rem}
.grid2{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}.card>h2:first-child{margin-top:0}@media (max-width:900px){.grid2{grid-template-columns:1fr}}
.muted{color:var(--muted)}.notice{border-left:4px solid var(--accent);background:#eef3fb;padding:.6rem .9rem;margin-bottom:1rem}
.error{border-left:4px solid var(--deny);background:#fbeeee;padding:.6rem .9rem;margin-bottom:1rem}
.secret{border-left:4px solid var(--ask);background:#fff7e6;padding:.6rem .9rem;margin-bottom:1rem}
.v{font-weight:600}.v-deny,.v-block{color:var(--deny)}.v-ask,.v-defer{color:var(--ask)}.v-allow{color:var(--allow)}
.diff{padding:0}.diff div{padding:0 .6rem;white-space:pre}.diff .add{background:#e6f4ea}.diff .del{background:#fbe9e7}.diff .same{color:var(--muted)}
.inline{display:inline}dl.kv{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dl.kv dt{color:var(--muted)}dl.kv dd{margin:0}
.chart{display:block;max-width:100%}.legend span{margin-right:1rem}.sw{display:inline-block;width:.8rem;height:.8rem;vertical-align:middle;margin-right:.3rem}
.sw-fired{background:#2f5fa7}.sw-dry{background:#d08c2b}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;

export interface PageProps {
  title: string;
  nonce: string | undefined;
  /** who is signed in, and the session's CSRF token for the sign-out form; absent on the sign-in page */
  session?: { who: string; csrf: string };
  nav?: "teams" | "audit";
  /** the team page's tabs, with the one shown */
  team?: { name: string; tab: TeamTab };
  children?: Child;
}

type TeamTab = "overview" | "revisions" | "decisions" | "rules" | "playground";
const TABS: { tab: TeamTab; label: string; path: string }[] = [
  { tab: "overview", label: "Overview", path: "" },
  { tab: "revisions", label: "Revisions", path: "/revisions" },
  { tab: "decisions", label: "Decisions", path: "/decisions" },
  { tab: "rules", label: "Rules", path: "/rules" },
  { tab: "playground", label: "Playground", path: "/playground" },
];

export const teamPath = (team: string, rest = "") => `${UI_BASE}/teams/${encodeURIComponent(team)}${rest}`;

export const Page: FC<PageProps> = (p) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="no-referrer" />
      <title>{`${p.title} · hookgate`}</title>
      <style nonce={p.nonce}>{STYLE}</style>
      <script src={`${UI_BASE}/app.js`} defer></script>
    </head>
    <body>
      <header>
        <div class="bar">
          <a class="brand" href={`${UI_BASE}/teams`}>hookgate</a>
          {p.session && (
            <nav aria-label="Main">
              <a href={`${UI_BASE}/teams`} aria-current={p.nav === "teams" ? "page" : undefined}>Teams</a>
              <a href={`${UI_BASE}/audit`} aria-current={p.nav === "audit" ? "page" : undefined}>Audit</a>
            </nav>
          )}
          {p.session && (
            <div class="who">
              <span>Signed in as <strong data-testid="who">{p.session.who}</strong></span>
              <form method="post" action={`${UI_BASE}/sign-out`} class="inline">
                <input type="hidden" name="_csrf" value={p.session.csrf} />
                <button class="quiet" type="submit">Sign out</button>
              </form>
            </div>
          )}
        </div>
      </header>
      <main id="main">
        {p.team && (
          <>
            <p class="muted"><a href={`${UI_BASE}/teams`}>Teams</a> / {p.team.name}</p>
            <nav class="tabs" aria-label={`Team ${p.team.name}`}>
              {TABS.map((t) => (
                <a href={teamPath(p.team!.name, t.path)} aria-current={p.team!.tab === t.tab ? "page" : undefined}>{t.label}</a>
              ))}
            </nav>
          </>
        )}
        <h1>{p.title}</h1>
        {p.children}
      </main>
    </body>
  </html>
);

export const Verdict: FC<{ verdict: string | undefined }> = ({ verdict }) => (
  <span class={`v v-${verdict ?? "none"}`}>{verdict ?? "none"}</span>
);

/** A form that changes something: POST, with the session's CSRF token. */
export const ChangeForm: FC<{ action: string; csrf: string; class?: string; children?: Child }> = (p) => (
  <form method="post" action={p.action} class={p.class}>
    <input type="hidden" name="_csrf" value={p.csrf} />
    {p.children}
  </form>
);

export const ErrorBox: FC<{ error: { code: string; message: string; problems?: { path: string; message: string }[] } }> = ({ error }) => (
  <div class="error" role="alert">
    <strong>{error.code}</strong>: {error.message}
    {error.problems && error.problems.length > 0 && (
      <ul>
        {error.problems.map((pr) => (
          <li><code>{pr.path}</code>: {pr.message}</li>
        ))}
      </ul>
    )}
  </div>
);
