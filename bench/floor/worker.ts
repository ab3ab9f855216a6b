// The floor of hookgate's API shape, for `npm run bench -- floor` and `-- shape`: what any hook endpoint answering as
// hookgate does must do before it decides anything. No policy, no state, no decision record: hookgate's CPU over this
// floor is its own work; the floor over the no-op is the shape.
//
// The shape is made of PARTS, each switched on by the FLOOR_PARTS var (comma-separated; unset: all of them), so
// `-- shape` can run the floor part by part, each on its own workerd, and show what each part costs:
// - answer: the answer carries hookgate's headers (fresh request and decision ids, the revision, Server-Timing);
// - read:   the token header is read, and the body is read as strict UTF-8 and parsed, as hookgate reads it;
// - route:  the request goes through a Hono route with the team in the path;
// - defer:  a promise is handed to waitUntil (hookgate's decision record and dedup entry).
import { Hono } from "hono";

export const FLOOR_PARTS = ["answer", "read", "route", "defer"] as const;
type Part = (typeof FLOOR_PARTS)[number];

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

async function answer(request: Request, ctx: { waitUntil(promise: Promise<unknown>): void }, parts: ReadonlySet<Part>): Promise<Response> {
  const started = performance.now();
  let known = true;
  if (parts.has("read")) {
    const token = request.headers.get("authorization");
    const input = JSON.parse(utf8.decode(await request.arrayBuffer())) as { hook_event_name?: unknown };
    known = Boolean(token) && typeof input.hook_event_name === "string";
  } else await request.text();
  if (parts.has("defer")) ctx.waitUntil(Promise.resolve());
  const answer = Response.json({});
  if (!parts.has("answer")) return answer;
  // As hookgate sets them (src/http/hookRoutes.ts): on the made answer, not in its init.
  answer.headers.set("X-Request-Id", crypto.randomUUID());
  answer.headers.set("X-Hookgate-Decision-Id", crypto.randomUUID());
  answer.headers.set("X-Hookgate-Policy-Revision", known ? "1" : "none");
  answer.headers.set("Server-Timing", `eval;dur=${(performance.now() - started).toFixed(3)}`);
  return answer;
}

interface FloorEnv {
  FLOOR_PARTS?: string;
  /** Set by bound.toml: make the binding calls hookgate's hook request makes (the cold start's bound floor). */
  FLOOR_BINDINGS?: string;
  HOOKGATE_KV?: KVNamespace;
  DECISION_QUEUE?: Queue;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * hookgate's binding calls for a hook request (src/stores/kvTokenStore.ts, kvPolicyStore.ts, src/decisionLog/sink.ts),
 * with nothing decided: the token's record by its hash, the team's current policy record (parsed, as hookgate parses
 * it), and a record of hookgate's size sent to the queue after the answer. The key spellings are hookgate's
 * (src/stores/policyKeys.ts, tokenKeys); a floor that read other keys would read misses, which cost less.
 */
async function bindingCalls(request: Request, env: FloorEnv, team: string, ctx: { waitUntil(promise: Promise<unknown>): void }) {
  const kv = env.HOOKGATE_KV;
  const queue = env.DECISION_QUEUE;
  if (!kv || !queue) throw new Error("FLOOR_BINDINGS needs the HOOKGATE_KV and DECISION_QUEUE bindings (bench/floor/bound.toml)");
  const token = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
  const [info, policy] = await Promise.all([kv.get(`token:${await sha256Hex(token)}`, "json"), kv.get(`policy:${team}:current`, "json")]);
  if (!info || !policy) throw new Error(`the bound floor read no token or policy for team ${team}: run it on hookgate's stored state`);
  ctx.waitUntil(queue.sendBatch([{ body: { team, decisionId: crypto.randomUUID(), padding: "x".repeat(900) } }]));
}

/** Module scope: the parts of an env are worked out once per isolate, not per request. */
const partsByEnv = new WeakMap<object, ReadonlySet<Part>>();
function partsOf(env: FloorEnv): ReadonlySet<Part> {
  let parts = partsByEnv.get(env);
  if (!parts) {
    const named = env.FLOOR_PARTS?.split(",").map((p) => p.trim()).filter(Boolean) ?? [...FLOOR_PARTS];
    const unknown = named.filter((p) => !(FLOOR_PARTS as readonly string[]).includes(p));
    if (unknown.length) throw new Error(`unknown floor parts ${unknown.join(", ")}; one of ${FLOOR_PARTS.join(", ")}`);
    parts = new Set(named as Part[]);
    partsByEnv.set(env, parts);
  }
  return parts;
}

const app = new Hono<{ Bindings: FloorEnv }>();
app.post("/v1/hooks/:team/:event", async (c) => {
  if (c.env.FLOOR_BINDINGS) await bindingCalls(c.req.raw, c.env, c.req.param("team"), c.executionCtx);
  return answer(c.req.raw, c.executionCtx, partsOf(c.env));
});

export default {
  fetch(request: Request, env: FloorEnv, ctx: ExecutionContext): Response | Promise<Response> {
    const parts = partsOf(env);
    return parts.has("route") ? app.fetch(request, env, ctx) : answer(request, ctx, parts);
  },
};
