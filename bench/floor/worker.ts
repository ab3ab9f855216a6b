// The floor of hookgate's API shape, for `npm run bench -- floor`: what any hook endpoint answering as hookgate does
// must do before it decides anything. A Hono route with the team in the path, the token header read, the body read
// and parsed (strict UTF-8, as hookgate reads it), an answer through Response.json with hookgate's headers (a fresh
// request id and decision id, the revision, Server-Timing), and a promise handed to waitUntil. No policy, no
// state, no decision record: hookgate's CPU over this floor is its own work; the floor over the no-op is the shape.
import { Hono } from "hono";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const app = new Hono();

app.post("/v1/hooks/:team/:event", async (c) => {
  const started = performance.now();
  const token = c.req.header("authorization");
  const input = JSON.parse(utf8.decode(await c.req.raw.arrayBuffer())) as { hook_event_name?: unknown };
  c.executionCtx.waitUntil(Promise.resolve());
  return Response.json(
    {},
    {
      headers: {
        "X-Request-Id": crypto.randomUUID(),
        "X-Hookgate-Decision-Id": crypto.randomUUID(),
        "X-Hookgate-Policy-Revision": token && typeof input.hook_event_name === "string" ? "1" : "none",
        "Server-Timing": `eval;dur=${(performance.now() - started).toFixed(3)}`,
      },
    },
  );
});

export default app;
