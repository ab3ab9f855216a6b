/**
 * A team's rollout state (docs/rolling-out.md): a shadow revision decided beside every live request, and a canary
 * revision answering a share of sessions. Kept on the team's `current` policy pointer in KV (docs/storage.md), so the
 * Gate reads it with the pointer — one read on a cache miss, none on a hit — and a publish or rollback, which writes
 * a new pointer, ends both.
 */

export const MAX_ROLLOUT_PERCENT = 100;

/** As stored on the pointer: with each revision's digest, so a compiled revision is found in the cache by it. */
export interface StoredRollout {
  shadow?: { revision: number; since: string; digest: string };
  canary?: { revision: number; percent: number; since: string; digest: string };
}

/** As the admin API answers it (GET …/policy, the revisions list): exactly this shape. */
export interface RolloutState {
  shadow?: { revision: number; since: string };
  canary?: { revision: number; percent: number; since: string };
}

export function publicRollout(stored: StoredRollout | undefined): RolloutState {
  const out: RolloutState = {};
  if (stored?.shadow) out.shadow = { revision: stored.shadow.revision, since: stored.shadow.since };
  if (stored?.canary) out.canary = { revision: stored.canary.revision, percent: stored.canary.percent, since: stored.canary.since };
  return out;
}

const BUCKETS = 10_000;

/**
 * Where a session falls, 0 ≤ b < 10,000: a stable hash of team and session id (FNV-1a, then murmur3's finaliser to
 * spread it), the same in every isolate and on every request, so a session is answered by one revision throughout
 * and a larger percent only ever adds sessions to the canary.
 */
function sessionBucket(team: string, sessionId: string): number {
  let h = 0x811c9dc5;
  const key = `${team}\u0000${sessionId}`;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % BUCKETS;
}

/** The session is one the canary answers: its bucket is below `percent` of them (0.01 % steps). */
export const inCanary = (team: string, sessionId: string, percent: number): boolean =>
  sessionBucket(team, sessionId) < Math.round(percent * (BUCKETS / 100));
