import starterPolicy from "../policies/default.json";
import { compilePolicy } from "./engine/policy/compilePolicy";
import type { ClientModel } from "./engine/event/client";
import type { Services } from "./services";
import { CLIENT_NAMES } from "./clients/names";
import { publishableForEveryClient } from "./clients";

const DEV_TEAM = "default";
const DEV_TOKEN_ID = "tok_dev";

let seeded: Promise<void> | undefined;

/**
 * Local development only (`npm start` sets HOOKGATE_ENV=development): give team `default` the starter policy and
 * the token from .dev.vars, once per isolate, without overwriting anything already published.
 */
export function seedDevelopment(env: Env, services: Services, client: ClientModel): Promise<void> {
  if (env.HOOKGATE_ENV !== "development" || !env.HOOKGATE_DEV_TOKEN) return Promise.resolve();
  const token = env.HOOKGATE_DEV_TOKEN;
  seeded ??= (async () => {
    if (!(await services.policies.current(DEV_TEAM))) {
      // Through the compiler like any publish: only a validated policy can be stored.
      const compiled = compilePolicy(starterPolicy, { client, clientNames: CLIENT_NAMES });
      if (!compiled.ok) throw new Error(`the starter policy does not compile: ${compiled.error.map((p) => `${p.path}: ${p.message}`).join("; ")}`);
      await services.policies.publish(DEV_TEAM, publishableForEveryClient(compiled.value));
    }
    const existing = await services.tokens.list(DEV_TEAM);
    if (!existing.some((t) => t.id === DEV_TOKEN_ID)) await services.tokens.register(DEV_TEAM, token, DEV_TOKEN_ID, "local development");
  })().catch((e) => {
    seeded = undefined;
    throw e;
  });
  return seeded;
}
