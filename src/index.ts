import { Coordinator } from "./coordinator";
import { seedDevelopment } from "./devSeed";
import { claudeCode } from "./clients/claude-code";
import { CLIENT_PROFILES } from "./clients";
import { createApp } from "./http/app";
import { maskOnce } from "./engine/secrets/mask";
import { httpForwarder } from "./httpForward";
import { kvVerdictCache, llmJudge } from "./llmJudge";
import { llmConfigFrom, NO_LLM } from "./config";
import type { Services } from "./services";
import { consumeDecisions } from "./decisionLog/consumer";
import { cleanupDecisions, retentionDays } from "./decisionLog/retention";
import { D1DecisionLog, type DecisionLogOptions } from "./stores/d1DecisionLog";
import { dedupKey, findDuplicate, rememberAnswer } from "./stores/kvDedup";
import { KvPolicyStore } from "./stores/kvPolicyStore";
import { KvTeamDirectory } from "./stores/kvTeamDirectory";
import { KvTokenStore } from "./stores/kvTokenStore";
import { MASK_SCAN_LIMITS } from "./engine/secrets/maskCut";
import { KvAdminTokenStore } from "./stores/kvAdminTokenStore";
import { D1AuditLog } from "./stores/d1AuditLog";
import { D1RolloutLog } from "./decisionLog/rolloutQueries";
import { warmUp } from "./warmup";
import { log } from "./log";
import { hookUrl } from "./routes";

export { Coordinator };

/** Options for the parts that have timing of their own (tests pass them; the Worker uses the defaults). */
interface ServiceOptions {
  decisionLog?: DecisionLogOptions;
  /** false: the hook path writes records to the index and archive itself instead of sending them to the queue. */
  decisionQueue?: boolean;
}

export function servicesFor(env: Env, options: ServiceOptions = {}): Services {
  const coordinator = (name: string) => env.COORDINATOR.get(env.COORDINATOR.idFromName(name));
  const llm = llmConfigFrom(env);
  const cache = kvVerdictCache(env.HOOKGATE_KV);
  const forward = httpForwarder(env as unknown as Record<string, unknown>);
  return {
    policies: new KvPolicyStore(env.HOOKGATE_KV, {
      publish: (team, policy) => coordinator(`team:${team}`).publishPolicy(team, policy),
      activate: (team, revision) => coordinator(`team:${team}`).rollbackPolicy(team, revision),
      stage: (team, policy) => coordinator(`team:${team}`).stagePolicy(team, policy),
      changeRollout: (team, change) => coordinator(`team:${team}`).changeRollout(team, change),
    }),
    tokens: new KvTokenStore(env.HOOKGATE_KV),
    adminTokens: new KvAdminTokenStore(env.HOOKGATE_KV),
    audit: new D1AuditLog(env.DB),
    teams: new KvTeamDirectory(env.HOOKGATE_KV),
    state: { claimOnce: (team, session, handlerId) => coordinator(`session:${team}:${session}`).claim(handlerId) },
    decisions: new D1DecisionLog(env.DB, options.decisionLog, {
      archive: env.ARCHIVE,
      ...(options.decisionQueue === false ? {} : { queue: env.DECISION_QUEUE }),
      deadLetterQueue: env.DECISION_DLQ,
    }),
    rolloutLog: new D1RolloutLog(env.DB),
    dedup: {
      key: dedupKey,
      find: (key) => findDuplicate(env.HOOKGATE_KV, key, Date.now()),
      remember: (key, value) => rememberAnswer(env.HOOKGATE_KV, key, value, Date.now()),
    },
    callouts: (policy, team) => {
      // Called once per evaluation: the request's judges and forwards share one masking of its input (same caps,
      // same maskFields), instead of one per handler. (The decision log masks to its own, smaller caps.)
      const masked = maskOnce(policy.document.maskFields ?? [], MASK_SCAN_LIMITS);
      return {
        // A forwarded hook server is outside hookgate too: it gets the input capped and masked like the log and the LLM.
        forward: (handler, input, signal) => forward(handler, masked(input) as Record<string, unknown>, signal),
        ...(llm ? { judge: llmJudge(llm, cache, { team, ...policy.document.llm, maskFields: policy.document.maskFields }, masked) } : { unavailable: { judge: NO_LLM } }),
      };
    },
    now: () => Date.now(),
  };
}

/**
 * Services hold nothing but the isolate's bindings, so one set per env object serves every request (module scope:
 * building them per request showed up in the HTTP benchmark).
 */
const servicesByEnv = new WeakMap<Env, Services>();
/**
 * The same services, iterable, so their buffered decisions can be written on demand (drainDecisionLogs). Weak, so
 * this list never keeps an env's services alive longer than the WeakMap does.
 */
const allShared = new Set<WeakRef<Services>>();
function sharedServices(env: Env): Services {
  let services = servicesByEnv.get(env);
  if (!services) {
    servicesByEnv.set(env, (services = servicesFor(env)));
    allShared.add(new WeakRef(services));
  }
  return services;
}

/**
 * Hand on every decision this isolate's Worker has buffered (to the decision queue) and wait for the sends: a test
 * then knows that whatever a request recorded is on its way, in order (instead of sleeping out the batch window).
 */
export async function drainDecisionLogs(): Promise<void> {
  const live: Services[] = [];
  for (const ref of allShared) {
    const services = ref.deref();
    if (services) live.push(services);
    else allShared.delete(ref);
  }
  await Promise.all(live.map((s) => s.decisions.drain()));
}

const app = createApp(CLIENT_PROFILES, sharedServices);

// The isolate's warm-up (src/warmup.ts), from the global scope: Cloudflare runs it when it loads the isolate, under the
// startup limit, so the first request does not pay for the first run of the code every request runs (the engine's,
// the Gate's, and this app's on a hook request without a token). Hono builds its router's matcher on the first match:
// a hook path's match builds it now. Neither can throw out of here.
const warmUpPath = hookUrl("", "hookgate-warm-up", CLIENT_PROFILES[0]!.events.list[0]!.route);
try {
  app.router.match("POST", warmUpPath);
} catch {
  // a router that cannot match now builds its matcher on the first request, as before
}
void warmUp(CLIENT_PROFILES, { fetch: (request, env, ctx) => app.fetch(request, env, ctx), hookPath: warmUpPath }).then((report) => {
  if (report.error) log("error", { msg: "warm-up stopped short: the first request pays for the first run of the code", error: report.error });
});

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (env.HOOKGATE_ENV === "development") await seedDevelopment(env, sharedServices(env), claudeCode);
    return app.fetch(request, env, ctx);
  },
  /** The decision queue's consumer and its dead-letter queue's (src/decisionLog/consumer.ts). */
  async queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
    await consumeDecisions(batch, env);
  },
  /** The cron (wrangler.toml): the index's retention sweep and the archive's catch-up. */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await cleanupDecisions({ db: env.DB, archive: env.ARCHIVE }, controller.scheduledTime, retentionDays(env));
  },
} satisfies ExportedHandler<Env>;
