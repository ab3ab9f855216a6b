import { Hono } from "hono";
import type { AdminCaller } from "../access/scopes";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { adminTokenHash, callerOfTokenHash } from "../http/adminAuth";
import { readBodyText, requestIdOf, type AppContext } from "../http/context";
import { HookgateError } from "../http/errors";
import { errorText, log } from "../log";
import { UI_BASE } from "../routes";
import { AdminClient, type AppFetch } from "./adminClient";
import { auditPage } from "./auditPage";
import { decisionPages } from "./decisionPages";
import { ErrorBox, Page } from "./layout";
import { playgroundPages } from "./playground";
import { revisionPages } from "./revisionPages";
import { ENHANCEMENTS } from "./enhance";
import { createSession, csrfMatches, deleteSession, isLocalDevelopment, readSession, SESSION_TTL_S, sessionCookieName } from "./session";
import { teamPages } from "./teamPages";
import type { UiContext, UiEnv } from "./uiContext";

const signInPath = `${UI_BASE}/sign-in`;

/**
 * The dashboard (docs/dashboard.md), mounted at /ui: server-rendered pages over the admin API, called in-process as
 * the signed-in caller (adminClient.ts), so what a page shows and what a form changes is exactly what that caller's
 * token may see and change through the API. Every page is no-store, framed by nobody, and under a CSP that allows
 * only the Worker's own script and the page's own nonce'd style.
 */
export function dashboard(appFetch: AppFetch): Hono<UiEnv> {
  const ui = new Hono<UiEnv>();

  ui.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: [NONCE],
        imgSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
      },
      referrerPolicy: "no-referrer",
      crossOriginResourcePolicy: "same-origin",
    }),
    async (c, next) => {
      await next();
      c.header("Cache-Control", "no-store");
    },
    // Forms from elsewhere are refused by their Origin before anything else (the session's CSRF token is the second lock).
    csrf(),
  );

  ui.get("/app.js", (c) => c.body(ENHANCEMENTS, 200, { "content-type": "text/javascript; charset=utf-8" }));

  ui.get("/sign-in", async (c) => {
    const signedIn = await readSession(c.env.HOOKGATE_KV, getCookie(c, sessionCookieName(c.req.url)), c.var.services.now());
    if (signedIn) return c.redirect(`${UI_BASE}/teams`, 303);
    return signInPage(c, c.req.query("signedOut") === "1" ? "You are signed out." : undefined);
  });

  ui.post("/sign-in", async (c) => {
    const fields = new URLSearchParams(await readBodyText(c as unknown as AppContext));
    const token = fields.get("token")?.trim() ?? "";
    const refused = () => signInPage(c, undefined, "That token is not a valid admin token (root, or an hga_ token that is neither revoked nor expired).", 401);
    if (token === "" || token.length > 256) return refused();
    const hash = await adminTokenHash(token);
    let caller: AdminCaller;
    try {
      caller = await callerOfTokenHash(c as unknown as AppContext, hash);
    } catch (e) {
      if (e instanceof HookgateError && e.code === "unauthorized") return refused();
      throw e;
    }
    const { id } = await createSession(c.env.HOOKGATE_KV, hash, caller, c.var.services.now());
    setCookie(c, sessionCookieName(c.req.url), id, {
      httpOnly: true,
      secure: !isLocalDevelopment(c.req.url),
      sameSite: "Strict",
      path: "/",
      maxAge: SESSION_TTL_S,
    });
    return c.redirect(`${UI_BASE}/teams`, 303);
  });

  // Everything below needs a session: a page without one is sent to sign in, a form without one changes nothing.
  ui.use("*", async (c, next) => {
    const id = getCookie(c, sessionCookieName(c.req.url));
    const session = await readSession(c.env.HOOKGATE_KV, id, c.var.services.now());
    const isChange = c.req.method !== "GET" && c.req.method !== "HEAD";
    const refuse = (why: string) =>
      isChange ? signInPage(c, undefined, `${why}: nothing was changed. Sign in again.`, 401) : c.redirect(signInPath, 303);
    if (!session || !id) return refuse("There is no session");
    let caller: AdminCaller;
    try {
      caller = await callerOfTokenHash(c as unknown as AppContext, session.tokenHash);
    } catch (e) {
      if (!(e instanceof HookgateError && e.code === "unauthorized")) throw e;
      await deleteSession(c.env.HOOKGATE_KV, id);
      return refuse("The token this session was signed in with is revoked or expired");
    }
    c.set("session", session);
    c.set("sessionId", id);
    if (isChange) {
      const fields = new URLSearchParams(await readBodyText(c as unknown as AppContext));
      if (!(await csrfMatches(session, fields.get("_csrf"))))
        return c.html(<Page title="Refused" nonce={c.get("secureHeadersNonce")}><ErrorBox error={{ code: "forbidden", message: "The form's CSRF token is missing or wrong: nothing was changed." }} /></Page>, 403);
      c.set("form", fields);
    }
    let ctx: ExecutionContext | undefined;
    try {
      ctx = c.executionCtx as ExecutionContext;
    } catch {
      ctx = undefined;
    }
    c.set("api", new AdminClient(appFetch, new URL(c.req.url).origin, c.env, ctx, caller, requestIdOf(c as unknown as AppContext)));
    await next();
  });

  ui.post("/sign-out", async (c) => {
    await deleteSession(c.env.HOOKGATE_KV, c.get("sessionId"));
    deleteCookie(c, sessionCookieName(c.req.url), { path: "/", secure: !isLocalDevelopment(c.req.url) });
    return c.redirect(`${signInPath}?signedOut=1`, 303);
  });

  ui.get("/", (c) => c.redirect(`${UI_BASE}/teams`, 303));
  teamPages(ui);
  revisionPages(ui);
  decisionPages(ui);
  playgroundPages(ui);
  auditPage(ui);

  ui.notFound((c) => c.html(<Page title="Not found" nonce={c.get("secureHeadersNonce")}><p>No such page. <a href={`${UI_BASE}/teams`}>Teams</a></p></Page>, 404));
  ui.onError((e, c) => {
    // hono/csrf's refusal of a form from another origin: a 403 page, nothing done.
    if (e instanceof HTTPException)
      return c.html(<Page title="Refused" nonce={c.get("secureHeadersNonce")}><ErrorBox error={{ code: "forbidden", message: e.message || "refused" }} /></Page>, e.status as 403);
    const status = e instanceof HookgateError ? e.status : 500;
    const error = e instanceof HookgateError ? { code: e.code, message: e.message } : { code: "internal", message: "internal error" };
    if (!(e instanceof HookgateError)) log("error", { requestId: requestIdOf(c as unknown as AppContext), msg: "dashboard error", error: errorText(e) });
    return c.html(<Page title="Something went wrong" nonce={c.get("secureHeadersNonce")}><ErrorBox error={error} /></Page>, status as 500);
  });
  return ui;
}

function signInPage(c: UiContext, notice?: string, error?: string, status: 200 | 401 = 200) {
  return c.html(
    <Page title="Sign in" nonce={c.get("secureHeadersNonce")}>
      {notice && <p class="notice" role="status">{notice}</p>}
      {error && <ErrorBox error={{ code: "unauthorized", message: error }} />}
      <form method="post" action={signInPath} class="card">
        <label for="token">Admin token</label>
        <p class="muted">The root ADMIN_TOKEN or an admin token (<code>hga_…</code>). It is checked and forgotten: the session keeps only its hash, for {SESSION_TTL_S / 3600} hours.</p>
        <input id="token" name="token" type="password" autocomplete="off" required size={48} />
        <p><button type="submit">Sign in</button></p>
      </form>
    </Page>,
    status,
  );
}
