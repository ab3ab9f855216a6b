import { setNewest } from "../engine/limits/lru";
import { sha256Hex } from "../crypto";
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


/**
 * SHA-256 of tokens that proved valid, remembered: the same few tokens arrive on every request of a team, and the
 * digest is the costliest step of a cache hit. Module scope like the token cache; holds bearer tokens in isolate
 * memory only (never logged, never written). Only valid tokens of a real token's size go in, so a flood of made-up
 * tokens neither grows it nor evicts the real ones.
 */
const validHashes = new Map<string, string>();
const MAX_VALID_HASHES = 1_000;
const MAX_TOKEN_CHARS = 128;

export async function tokenHash(token: string): Promise<string> {
  return validHashes.get(token) ?? (await sha256Hex(token));
}

export function rememberValidToken(token: string, hash: string) {
  if (token.length > MAX_TOKEN_CHARS || validHashes.has(token)) return;
  setNewest(validHashes, token, hash, MAX_VALID_HASHES);
}

export async function lookupToken(store: TokenStore, hash: string, now: number, ttlMs: number): Promise<TokenInfo | null> {
  const hit = tokens.get(hash);
  if (hit && now - hit.fetchedAt < ttlMs) return hit.value;
  const value = await store.lookup(hash);
  setNewest(tokens, hash, { value, fetchedAt: now }, MAX_ENTRIES);
  return value;
}

export function forgetToken(hash: string) {
  tokens.delete(hash);
}
