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

/** The digest of a token that proved valid, when remembered (no promise: the hot path's cache hit). */
export const rememberedHash = (token: string): string | undefined => validHashes.get(token);

/** The token's entry when it was read within `ttlMs` (no promise: the hot path's cache hit); undefined: read it. */
export function cachedToken(hash: string, now: number, ttlMs: number): { value: TokenInfo | null } | undefined {
  const hit = tokens.get(hash);
  return hit && now - hit.fetchedAt < ttlMs ? hit : undefined;
}

export function rememberValidToken(token: string, hash: string) {
  if (token.length > MAX_TOKEN_CHARS || validHashes.has(token)) return;
  setNewest(validHashes, token, hash, MAX_VALID_HASHES);
}

export async function lookupToken(store: TokenStore, hash: string, now: number, ttlMs: number): Promise<TokenInfo | null> {
  const hit = cachedToken(hash, now, ttlMs);
  if (hit) return hit.value;
  const value = await store.lookup(hash);
  setNewest(tokens, hash, { value, fetchedAt: now }, MAX_ENTRIES);
  return value;
}

export function forgetToken(hash: string) {
  tokens.delete(hash);
}
