import { setNewest } from "../engine/limits/lru";
import { sha256Hex } from "../crypto";

/**
 * Redelivery dedup (hookgate spec §3.3): the same request within 10 minutes gets the same answer without a second
 * evaluation — no second LLM call, no second once-claim. Keyed by team, policy revision, event, session,
 * tool_use_id and the sha256 of the body: `session_id` and `tool_use_id` are the caller's to choose, so a reused
 * pair with a different input (another command) must be evaluated afresh, never answered from the first request's
 * record; a true redelivery carries the same bytes and still hits. An isolate-local map answers repeats without a KV read;
 * KV carries the record across isolates (eventually consistent, so two copies arriving at the same instant in two
 * locations may both evaluate; `once` stays exact either way through the Durable Object).
 */
const DEDUP_TTL_SECONDS = 600;

/** What a request was answered, and the verdict it carried (for the decision log of the repeat). */
interface RememberedAnswer {
  answer: Record<string, unknown>;
  verdict?: string;
}

/** Module scope on purpose: repeats usually land on the same isolate within seconds. */
const recent = new Map<string, { value: RememberedAnswer; expires: number }>();
const MAX_RECENT = 5_000;

export async function dedupKey(team: string, revision: number | string, event: string, input: Record<string, unknown>, rawBody: string) {
  const tool = typeof input.tool_use_id === "string" ? `tool:${input.tool_use_id}` : "tool:";
  const session = typeof input.session_id === "string" ? input.session_id : "";
  const body = `body:${await sha256Hex(rawBody)}`;
  return `dedup:${team}:${await sha256Hex(JSON.stringify([revision, event, session, tool, body]))}`;
}

export async function findDuplicate(kv: KVNamespace, key: string, now: number): Promise<RememberedAnswer | null> {
  const hit = recent.get(key);
  if (hit && hit.expires > now) return hit.value;
  return kv.get<RememberedAnswer>(key, "json");
}

export async function rememberAnswer(kv: KVNamespace, key: string, value: RememberedAnswer, now: number) {
  setNewest(recent, key, { value, expires: now + DEDUP_TTL_SECONDS * 1000 }, MAX_RECENT);
  await kv.put(key, JSON.stringify(value), { expirationTtl: DEDUP_TTL_SECONDS });
}
