import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { EVENT_TABLE } from "../../handlers";
import type { Services } from "../services";
import { adminRoutes } from "./adminRoutes";
import type { AppEnv } from "./context";
import { errorText, log } from "../log";
import { envelope, HookgateError } from "./errors";
import { registerHookRoutes } from "./hookRoutes";

export const VERSION = "0.1.0";

/**
 * The one app factory: error handling, not-found, request ids and services are wired here once; the Worker and the
 * tests build the app the same way.
 */
export function createApp(services: (env: Env) => Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(requestId({ headerName: "X-Request-Id", limitLength: 128 }));
  app.use(async (c, next) => {
    c.set("services", services(c.env));
    await next();
  });

  app.get("/healthz", (c) => c.json({ ok: true, service: "hookgate", version: VERSION }));
  registerHookRoutes(app, EVENT_TABLE);
  app.route("/v1/admin", adminRoutes());

  app.notFound((c) => c.json(envelope(new HookgateError("not_found", `no route for ${c.req.method} ${new URL(c.req.url).pathname}`), c.var.requestId ?? ""), 404));
  app.onError((e, c) => {
    const requestId = c.var.requestId ?? "";
    if (e instanceof HookgateError) {
      if (e.options.detail) log("warn", { requestId, code: e.code, detail: e.options.detail });
      return c.json(envelope(e, requestId), e.status);
    }
    // Nothing internal leaves: the message is generic and the detail goes to the log with the request id.
    log("error", { requestId, msg: "unhandled error", error: errorText(e) });
    return c.json(envelope(new HookgateError("internal", "internal error"), requestId), 500);
  });
  return app;
}
