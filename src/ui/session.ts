import type { AdminCaller } from "../access/scopes";
import { newSecret, sha256Hex, timingSafeEqualText } from "../crypto";

/*
 * The dashboard's sessions (docs/dashboard.md, docs/storage.md). Stored server-side in KV with a TTL rather than
 * signed into the cookie: signing out (or an operator deleting the key) ends a session at once, where a signed
 * cookie stays good until it expires; and the cookie holds only a random id, never anything about the token.
 * KV keeps the id's SHA-256 (whoever reads KV cannot take over a session) and the admin token's SHA-256 (what the
 * token store keys tokens by), never the token: each request checks that hash again as a bearer token is checked,
 * so a revoked or expired token ends its sessions within the same CACHE_TTL_MS bound.
 */

/** How long a session lasts from sign-in (KV's expirationTtl; no sliding renewal: sign in again). */
export const SESSION_TTL_S = 2 * 60 * 60;
const SESSION_PREFIX = "ui-session:";
const SESSION_ID_PREFIX = "hgs";

export interface StoredSession {
  /** sha256Hex of the admin token signed in with (the root credential's too): checked again on every request */
  tokenHash: string;
  /** the CSRF token every form of this session carries */
  csrf: string;
  /** who signed in, for the page header (the live caller is read from the token store on each request) */
  caller: { id: string; name: string };
  createdAt: string;
}

const keyOf = async (sessionId: string) => `${SESSION_PREFIX}${await sha256Hex(sessionId)}`;

export async function createSession(kv: KVNamespace, tokenHash: string, caller: AdminCaller, now: number): Promise<{ id: string; session: StoredSession }> {
  const id = newSecret(SESSION_ID_PREFIX);
  const session: StoredSession = { tokenHash, csrf: newSecret("csrf"), caller: { id: caller.id, name: caller.name }, createdAt: new Date(now).toISOString() };
  await kv.put(await keyOf(id), JSON.stringify(session), { expirationTtl: SESSION_TTL_S });
  return { id, session };
}

export async function readSession(kv: KVNamespace, id: string | undefined, now: number): Promise<StoredSession | null> {
  if (!id?.startsWith(`${SESSION_ID_PREFIX}_`) || id.length > 100) return null;
  const session = await kv.get<StoredSession>(await keyOf(id), "json");
  // KV's TTL is the bound; the check against the clock makes it exact (KV may serve a key a little past it).
  if (!session || Date.parse(session.createdAt) + SESSION_TTL_S * 1000 <= now) return null;
  return session;
}

export async function deleteSession(kv: KVNamespace, id: string | undefined): Promise<void> {
  if (id?.startsWith(`${SESSION_ID_PREFIX}_`)) await kv.delete(await keyOf(id));
}

export const csrfMatches = (session: StoredSession, sent: unknown): Promise<boolean> =>
  typeof sent === "string" && sent !== "" ? timingSafeEqualText(sent, session.csrf) : Promise.resolve(false);

/**
 * Local development: plain http to a loopback address (`npm start`). Everywhere else the cookie is Secure, and
 * named with the `__Host-` prefix so the browser insists on Secure, Path=/ and no Domain.
 */
export function isLocalDevelopment(url: string): boolean {
  const u = new URL(url);
  return u.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
}

export const sessionCookieName = (url: string) => (isLocalDevelopment(url) ? "hookgate-session" : "__Host-hookgate-session");
