import type { TokenInfo, TokenStore } from "../services";

/**
 * The isolate's token cache. Module scope on purpose: it outlives a request and is shared by every request this
 * isolate serves, so the steady state reads no KV on the hot path. Each entry is re-read after `ttlMs`; a
 * revocation made through this isolate clears its entry at once.
 */

interface Entry<T> {
  value: T;
  fetchedAt: number;
}

const tokens = new Map<string, Entry<TokenInfo | null>>();
const MAX_ENTRIES = 10_000;

function remember<K, V>(map: Map<K, V>, key: K, value: V) {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as K);
  map.set(key, value);
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
