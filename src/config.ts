/**
 * The Worker's configuration, read in one module: each variable and secret hookgate takes from `Env` (wrangler.toml's
 * [vars], `.dev.vars`, `wrangler secret put`) is parsed here, with its default, into the value the rest of the
 * service is given. Nothing else reads configuration from `Env`, and the engine reads none at all (it is handed
 * the parsed values, e.g. the forwardable secrets as CompileOptions.forwardSecrets).
 */
import { DEFAULT_CACHE_TTL_MS } from "./gate/policyCache";
import { NEVER_FORWARDED } from "./engine/secrets/forwardSecrets";
import type { HandlerCallouts } from "./engine/handlers/kinds";

/** CACHE_TTL_MS: how long a team's policy pointer and a checked token are trusted before they are read again. */
export function cacheTtlOf(env: Pick<Env, "CACHE_TTL_MS">): number {
  if (!env.CACHE_TTL_MS) return DEFAULT_CACHE_TTL_MS;
  const n = Number(env.CACHE_TTL_MS);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_CACHE_TTL_MS;
}

/** The largest request body read when BODY_LIMIT_BYTES is not set. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** BODY_LIMIT_BYTES: the largest request body hookgate reads. */
export function bodyLimitOf(env: Pick<Env, "BODY_LIMIT_BYTES">): number {
  const n = Number(env.BODY_LIMIT_BYTES);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_BODY_LIMIT;
}

/** FORWARD_SECRETS: the names in its value (`A, B,C`) an `http` handler may send, without hookgate's own credentials. */
export function forwardableSecrets(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "" && !NEVER_FORWARDED.includes(s));
}

/** Where and how to reach the model (hookgate spec §4). */
export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  provider: "anthropic" | "openai";
  defaultModel: string;
}

/** LLM_PROVIDER, LLM_BASE_URL, LLM_API_KEY, LLM_MODEL: the model settings; undefined when none is configured (judges then fail). */
export function llmConfigFrom(env: Pick<Env, "LLM_PROVIDER" | "LLM_BASE_URL" | "LLM_API_KEY" | "LLM_MODEL">): LlmConfig | undefined {
  const provider = env.LLM_PROVIDER === "openai" ? "openai" : "anthropic";
  const baseUrl = env.LLM_BASE_URL || (provider === "anthropic" && env.LLM_API_KEY ? "https://api.anthropic.com" : undefined);
  if (!baseUrl) return undefined;
  return { baseUrl, provider, defaultModel: env.LLM_MODEL || "claude-haiku-4-5", ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}) };
}

/**
 * What a judge's failure and the publish warning say when no LLM is configured: the settings that fix it. Here, in
 * the composition root, because it names Worker variables; the engine is handed it as a plain reason.
 */
export const NO_LLM =
  "no LLM is configured for hookgate (set the Worker variable LLM_BASE_URL, or the secret LLM_API_KEY for Anthropic's API; LLM_PROVIDER=openai for an OpenAI-compatible endpoint)";

/** The handler kinds' callouts this deployment cannot provide, with why (what the engine and publishing report). */
export function unavailableCallouts(env: Parameters<typeof llmConfigFrom>[0]): NonNullable<HandlerCallouts["unavailable"]> {
  return llmConfigFrom(env) ? {} : { judge: NO_LLM };
}
