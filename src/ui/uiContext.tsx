import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { AppEnv } from "../http/context";
import type { AdminClient, ApiError } from "./adminClient";
import { ErrorBox, Page, type PageProps } from "./layout";
import type { StoredSession } from "./session";

/** The dashboard's request: the app's own variables, the session, and the admin API as the signed-in caller. */
export type UiEnv = {
  Bindings: Env;
  Variables: AppEnv["Variables"] & { secureHeadersNonce?: string; session: StoredSession; sessionId: string; api: AdminClient; form: URLSearchParams };
};
export type UiContext = Context<UiEnv>;

type Framing = Omit<PageProps, "nonce" | "session" | "children">;

/** A signed-in page: the layout with who is signed in and the session's CSRF token for its forms. */
export function render(c: UiContext, framing: Framing, body: Child, status: 200 | 201 | 400 | 403 | 404 | 409 | 500 = 200) {
  const session = c.get("session");
  const page = (
    <Page {...framing} nonce={c.get("secureHeadersNonce")} session={session ? { who: session.caller.name, csrf: session.csrf } : undefined}>
      {body}
    </Page>
  );
  return c.html(page, status);
}

/** An admin API refusal shown as the page (its status kept: a 403 for another team's page stays a 403). */
export function renderError(c: UiContext, framing: Framing, error: ApiError, status: number) {
  const code = ([400, 403, 404, 409].includes(status) ? status : 500) as 400 | 403 | 404 | 409 | 500;
  return render(c, framing, <ErrorBox error={error} />, code);
}


export const csrfOf = (c: UiContext) => c.get("session").csrf;
export const form = (c: UiContext, name: string): string => c.get("form")?.get(name)?.trim() ?? "";
