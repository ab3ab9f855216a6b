import { compilePolicy, ENGINE_VERSION, type CompiledPolicy, type Problem } from "../engine/compilePolicy";
import type { PolicyRecord, PolicyStore, TokenInfo, TokenStore } from "../services";

/**
 * Isolate-wide caches. They live at module scope on purpose: they outlive a request and are shared by every
 * request this isolate serves, so the steady state reads no KV on the hot path. Each entry is re-read after
 * `ttlMs`; a publish, rollback or revocation made through this isolate clears its entry at once.
 */
export const DEFAULT_CACHE_TTL_MS = 5_000;

export type LoadedPolicy =
  | { kind: "none" }
  | { kind: "ok"; record: PolicyRecord; compiled: CompiledPolicy }
  | { kind: "broken"; record: PolicyRecord; problems: Problem[] };

interface Entry<T> {
  value: T;
  fetchedAt: number;
}

const policies = new Map<string, Entry<LoadedPolicy>>();
/** Compiled policies by digest: re-reading an unchanged pointer never recompiles. */
const compiled = new Map<string, LoadedPolicy>();
const tokens = new Map<string, Entry<TokenInfo | null>>();
const MAX_ENTRIES = 10_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

export function compileRecord(record: PolicyRecord): LoadedPolicy {
  const key = `${record.team}:${record.revision}:${record.digest}`;
  const hit = compiled.get(key);
  if (hit) return hit;
  // Validated by this engine version at publish: patterns may compile on first use (cold start stays cheap).
  const result = compilePolicy(record.document, { lazyPatterns: record.engine === ENGINE_VERSION });
  const loaded: LoadedPolicy = result.ok
    ? { kind: "ok", record, compiled: result.value }
    : { kind: "broken", record, problems: result.error };
  remember(compiled, key, loaded);
  return loaded;
}

export async function loadPolicy(store: PolicyStore, team: string, now: number, ttlMs: number): Promise<LoadedPolicy> {
  const hit = policies.get(team);
  if (hit && now - hit.fetchedAt < ttlMs) return hit.value;
  const record = await store.current(team);
  const value: LoadedPolicy = record ? compileRecord(record) : { kind: "none" };
  remember(policies, team, { value, fetchedAt: now });
  return value;
}

export function forgetPolicy(team: string) {
  policies.delete(team);
}

export async function lookupToken(store: TokenStore, hash: string, now: number, ttlMs: number): Promise<TokenInfo | null> {
  const hit = tokens.get(hash);
  if (hit && now - hit.fetchedAt < ttlMs) return hit.value;
  const value = await store.lookup(hash);
  remember(tokens, hash, { value, fetchedAt: now });
  return value;
}

export function forgetToken(hash: string) {
  tokens.delete(hash);
}
