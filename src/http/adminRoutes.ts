import { Hono } from "hono";
import { z } from "zod";
import type { CompiledPolicy, Problem } from "../engine/compilePolicy";
import { NO_LLM } from "../engine/handlerKinds";
import { compileRecord, forgetPolicy } from "../gate/policyCache";
import { llmConfigFrom } from "../llmJudge";
import { adminAuth } from "./auth";
import { forgetToken } from "./caches";
import { readJsonObject, validatedBody, type AppContext, type AppEnv } from "./context";
import { HookgateError } from "./errors";
import { refusal } from "./hookRoutes";

const isDryRun = (c: AppContext) => ["1", "true"].includes(c.req.query("dryRun") ?? "");

/** Compile for this client and deployment: its FORWARD_SECRETS decide which secrets `http` handlers may name. */
function compiledOrThrow(c: AppContext, document: unknown) {
  const compiled = c.var.gate.compile(document);
  if (!compiled.ok)
    throw new HookgateError("policy_invalid", `the policy has ${compiled.error.length} problem(s)`, { problems: compiled.error });
  return compiled.value;
}

const revisionParam = (c: AppContext): number => {
  const n = Number(c.req.param("rev"));
  if (!Number.isInteger(n) || n < 1) throw new HookgateError("invalid_input", "revision must be a positive integer");
  return n;
};

async function currentCompiled(c: AppContext) {
  const record = await c.var.services.policies.current(c.var.team);
  if (!record) throw new HookgateError("not_found", `team "${c.var.team}" has no published policy`);
  const loaded = compileRecord(record, c.var.gate.profile);
  if (loaded.kind === "broken")
    throw new HookgateError("policy_invalid", `revision ${record.revision} no longer compiles`, { problems: loaded.problems });
  if (loaded.kind !== "ok") throw new HookgateError("not_found", `team "${c.var.team}" has no published policy`);
  return loaded;
}

/**
 * What the compiler cannot know: this deployment's settings. A `prompt` handler with no LLM configured fails on
 * every request (its onError verdict: closed → deny/block), so the publish answer says so and how to fix it.
 */
function deploymentWarnings(compiled: CompiledPolicy, env: Env): Problem[] {
  if (llmConfigFrom(env)) return [];
  const warnings: Problem[] = [];
  for (const event of Object.values(compiled.events))
    for (const group of event?.groups ?? [])
      for (const h of group.handlers)
        if (h.type === "prompt")
          warnings.push({
            path: h.path,
            message: `this prompt handler cannot run: ${NO_LLM}; until then it contributes its onError verdict (${h.onError === "none" ? "no opinion" : `"${h.onError}"`})`,
          });
  return warnings;
}

/** The admin API (hookgate spec §7), behind `Authorization: Bearer $ADMIN_TOKEN`. */
export function adminRoutes(): Hono<AppEnv> {
  const admin = new Hono<AppEnv>();

  admin.put("/teams/:team/policy", adminAuth, async (c) => {
    const document = await readJsonObject(c);
    const compiled = compiledOrThrow(c, document);
    const summary = {
      handlers: compiled.handlerCount,
      events: Object.keys(compiled.events),
      warnings: [...compiled.warnings, ...deploymentWarnings(compiled, c.env)],
    };
    if (isDryRun(c)) return c.json({ team: c.var.team, dryRun: true, valid: true, ...summary });
    const record = await c.var.services.policies.publish(c.var.team, compiled.publishable);
    forgetPolicy(c.var.team);
    return c.json({ team: c.var.team, revision: record.revision, publishedAt: record.publishedAt, digest: record.digest, ...summary }, 201);
  });

  admin.get("/teams/:team/policy", adminAuth, async (c) => {
    const record = await c.var.services.policies.current(c.var.team);
    if (!record) throw new HookgateError("not_found", `team "${c.var.team}" has no published policy`);
    return c.json(record);
  });

  admin.get("/teams/:team/policy/revisions", adminAuth, async (c) =>
    c.json({ team: c.var.team, revisions: await c.var.services.policies.revisions(c.var.team) }),
  );

  admin.get("/teams/:team/policy/revisions/:rev", adminAuth, async (c) => {
    const rev = revisionParam(c);
    const record = await c.var.services.policies.revision(c.var.team, rev);
    if (!record) throw new HookgateError("not_found", `team "${c.var.team}" has no revision ${rev}`);
    return c.json(record);
  });

  admin.post("/teams/:team/policy/rollback", adminAuth, async (c) => {
    const { revision } = await validatedBody(c, z.strictObject({ revision: z.number().int().positive() }));
    const earlier = await c.var.services.policies.revision(c.var.team, revision);
    if (!earlier) throw new HookgateError("not_found", `team "${c.var.team}" has no revision ${revision}`);
    compiledOrThrow(c, earlier.document); // never roll back onto something that does not compile today
    const record = await c.var.services.policies.activate(c.var.team, revision);
    forgetPolicy(c.var.team);
    return c.json(record);
  });

  admin.post("/teams/:team/tokens", adminAuth, async (c) => {
    const hasBody = (c.req.header("content-length") ?? "0") !== "0" || c.req.header("transfer-encoding") !== undefined;
    const { name } = hasBody
      ? await validatedBody(c, z.strictObject({ name: z.string().min(1).max(100).optional() }))
      : { name: undefined };
    const { token, info } = await c.var.services.tokens.create(c.var.team, name);
    return c.json({ ...info, token, note: "This is the only time the token is shown; hookgate stores only its hash." }, 201);
  });

  admin.get("/teams/:team/tokens", adminAuth, async (c) =>
    c.json({ team: c.var.team, tokens: await c.var.services.tokens.list(c.var.team) }),
  );

  admin.delete("/teams/:team/tokens/:id", adminAuth, async (c) => {
    const hash = await c.var.services.tokens.revoke(c.var.team, c.req.param("id"));
    if (hash === null) throw new HookgateError("not_found", `team "${c.var.team}" has no token ${c.req.param("id")}`);
    forgetToken(hash);
    return c.json({ revoked: c.req.param("id") });
  });

  admin.post("/teams/:team/evaluate", adminAuth, async (c) => {
    const body = await validatedBody(
      c,
      z.strictObject({ input: z.record(z.string(), z.unknown()), policy: z.record(z.string(), z.unknown()).optional() }),
    );
    const compiled = body.policy !== undefined ? compiledOrThrow(c, body.policy) : (await currentCompiled(c)).compiled;
    const { gate } = c.var;
    const event = gate.eventOf(body.input.hook_event_name);
    if (!event.ok) throw refusal(event.error, "input");
    // No state is written: once-claims are answered "not yet fired" and judges/forwards run as configured.
    const decided = await gate.decide({ team: c.var.team, event: event.value, input: body.input, policy: compiled, dryRun: true, explain: true });
    if (!decided.ok) throw refusal(decided.error, "input");
    const evaluation = decided.value.evaluation;
    return c.json({ answer: decided.value.answer, trace: evaluation?.trace, dryRun: evaluation?.dryRun ?? [], errors: evaluation?.errors ?? [] });
  });

  admin.get("/teams/:team/settings", adminAuth, async (c) => {
    const { profile } = c.var.gate;
    const base = profile.serviceUrl(c.req.query("url") ?? new URL(c.req.url).origin);
    if (!base.ok) throw new HookgateError("invalid_input", `url ${base.error}`);
    const record = await c.var.services.policies.current(c.var.team);
    const loaded = record ? compileRecord(record, profile) : undefined;
    return c.json(profile.settings({ url: base.value, team: c.var.team, ...(loaded?.kind === "ok" ? { policy: loaded.compiled } : {}) }));
  });

  // How the decision log is faring: records written, cut to the caps, batches retried, records replaced or lost.
  admin.get("/decision-log", adminAuth, async (c) => c.json({ log: await c.var.services.decisions.health() }));

  admin.get("/teams/:team/decisions", adminAuth, async (c) => {
    const q = z
      .object({
        event: z.string().max(64).optional(),
        verdict: z.string().max(16).optional(),
        session: z.string().max(256).optional(),
        since: z.iso.datetime().optional(),
        until: z.iso.datetime().optional(),
        limit: z.coerce.number().int().min(1).max(1000).optional(),
      })
      .safeParse(c.req.query());
    if (!q.success)
      throw new HookgateError("invalid_input", "invalid decision filter", {
        problems: q.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      });
    // Times are stored as toISOString() and compared as strings: normalise the bounds to that exact form, or
    // `…T10:00:00Z` sorts after `…T10:00:00.500Z` and a whole-second bound misses records inside that second.
    const instant = (t: string | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
    const filter = Object.fromEntries(
      Object.entries({ ...q.data, since: instant(q.data.since), until: instant(q.data.until) }).filter(([, v]) => v !== undefined),
    );
    return c.json({ team: c.var.team, decisions: await c.var.services.decisions.query(c.var.team, filter) });
  });

  return admin;
}
