import { setNewest } from "../engine/limits/lru";
import type { ClientModel } from "../engine/event/client";
import { compilePolicy, compilePrepared, ENGINE_VERSION, PREPARED_FORM, type CompiledPolicy, type Problem } from "../engine/policy/compilePolicy";
import type { StoredRollout } from "../rollout/state";
import type { PolicyRecord, PolicyStore } from "../services";
import { CLIENT_NAMES } from "../clients/names";
import { preparedOf } from "../stores/preparedRecords";

/**
 * The isolate's policies. Module scope on purpose: the cache outlives a request and is shared by every request
 * this isolate serves, so the steady state reads no KV on the hot path. A team's pointer is re-read after `ttlMs`;
 * a publish or rollback made through this isolate clears it at once (forgetPolicy). Compiled policies are kept by
 * team, revision and digest, so re-reading an unchanged pointer never recompiles.
 */
export type LoadedPolicy =
  | { kind: "none" }
  | { kind: "ok"; record: PolicyRecord; compiled: CompiledPolicy }
  | { kind: "broken"; record: PolicyRecord; problems: Problem[] };

export const DEFAULT_CACHE_TTL_MS = 5_000;

/**
 * A team's pointers, one per client: which compiled entry its current revision is for that client (or that the team
 * has none). Per client because the compiled entry is: the same revision compiled for Codex is not Claude Code's
 * (its events and tool table differ), and a pointer shared by both would hand the second client the first one's
 * policy. Only the key is held, not the policy: the compiled cache alone bounds how many policies stay in memory.
 */
const pointers = new Map<string, Map<string, PointerEntry>>();
/** `rollout`: the team's shadow and canary, read with the pointer (src/rollout/): no read of its own. */
type PointerEntry = { key: string | null; fetchedAt: number; rollout?: StoredRollout };
const compiledByDigest = new Map<string, LoadedPolicy>();
/**
 * Bounds: every team a busy isolate serves keeps its pointer, but compiled policies are large, so only the most
 * recently used are kept (a team evicted here is recompiled on its next request, from the record it already has).
 */
const MAX_POINTERS = 10_000;
const MAX_COMPILED = 256;


const compiledKey = (record: PolicyRecord, client: ClientModel) => `${client.name}:${record.team}:${record.revision}:${record.digest}`;

export function compileRecord(record: PolicyRecord, client: ClientModel, key = compiledKey(record, client)): LoadedPolicy {
  const hit = compiledByDigest.get(key);
  if (hit) {
    setNewest(compiledByDigest, key, hit, MAX_COMPILED);
    return hit;
  }
  // Validated by this engine version at publish: patterns may compile on first use (cold start stays cheap). Its
  // warnings were the publisher's to read; nothing that loads a stored revision reads them.
  // Its prepared form, when this engine made it, loads without running the schema again (engine/policy/preparedForm.ts).
  // Validated by this engine version, its rules are also compiled on first use, indexed meanwhile by hints read from
  // their documents (a cold isolate with 1,000 handlers compiles the few its first request reaches: bench/README.md).
  const validated = record.engine === ENGINE_VERSION;
  const options = { client, clientNames: CLIENT_NAMES, lazyPatterns: validated, lazyHandlers: validated, warnings: false };
  const prepared = preparedOf(record);
  const result = prepared?.form === PREPARED_FORM ? compilePrepared(record.document, prepared, options) : compilePolicy(record.document, options);
  const loaded: LoadedPolicy = result.ok ? { kind: "ok", record, compiled: result.value } : { kind: "broken", record, problems: result.error };
  setNewest(compiledByDigest, key, loaded, MAX_COMPILED);
  return loaded;
}

const NONE: LoadedPolicy = Object.freeze({ kind: "none" });

/**
 * The team's current policy when the isolate holds it (a pointer read within `ttlMs`, its compiled entry kept), with
 * no promise: the steady state of the hot path. Undefined when it must be read (loadPolicy).
 */
function cachedPolicy(client: ClientModel, team: string, now: number, ttlMs: number): LoadedPolicy | undefined {
  const hit = pointers.get(team)?.get(client.name);
  if (!hit || now - hit.fetchedAt >= ttlMs) return undefined;
  if (hit.key === null) return NONE;
  const compiled = compiledByDigest.get(hit.key);
  if (compiled) setNewest(compiledByDigest, hit.key, compiled, MAX_COMPILED); // most recently used: the busiest teams stay
  return compiled; // (evicted from the compiled cache: undefined, read and compiled again by loadPolicy)
}

export async function loadPolicy(store: PolicyStore, client: ClientModel, team: string, now: number, ttlMs: number): Promise<LoadedPolicy> {
  const cached = cachedPolicy(client, team, now, ttlMs);
  if (cached) return cached;
  const record = await store.current(team);
  const key = record ? compiledKey(record, client) : null;
  const value: LoadedPolicy = record && key ? compileRecord(record, client, key) : { kind: "none" };
  const forTeam = pointers.get(team) ?? new Map<string, PointerEntry>();
  forTeam.set(client.name, record?.rollout ? { key, fetchedAt: now, rollout: record.rollout } : { key, fetchedAt: now });
  setNewest(pointers, team, forTeam, MAX_POINTERS);
  return value;
}

/** The rollout state read with the team's pointer by the last `loadPolicy` for this client (none: no rollout). */
function rolloutOf(team: string, client: ClientModel): StoredRollout | undefined {
  return pointers.get(team)?.get(client.name)?.rollout;
}

/** A publish or rollback: every client's pointer for the team is read again. */
function forgetPolicy(team: string) {
  pointers.delete(team);
}

/**
 * Where the Gate gets a team's policy from, compiled for its client: the seam between the decision and how policies
 * are stored and cached. The admin API and the CLI ask the Gate (Gate.storedPolicy, Gate.policyChanged), never
 * this cache directly.
 */
export interface PolicyResolver {
  /** The team's current policy (`none` when it has none); throws when the store cannot be read. */
  current(store: PolicyStore, client: ClientModel, team: string, now: number, ttlMs: number): Promise<LoadedPolicy>;
  /**
   * What `current` would answer without reading the store, when the resolver holds it; undefined otherwise. Optional:
   * the Gate then always asks `current`. (The hot path: a cache hit answered with no promise in between.)
   */
  cached?(client: ClientModel, team: string, now: number, ttlMs: number): LoadedPolicy | undefined;
  /** A stored revision compiled for `client` (kept by team, revision and digest: never compiled twice). */
  compiled(record: PolicyRecord, client: ClientModel): LoadedPolicy;
  /** The team's current revision changed (a publish or rollback): the next `current` reads it again. */
  changed(team: string): void;
  /** The team's rollout (shadow, canary) as read with its pointer by the last `current`; optional for resolvers without one. */
  rollout?(team: string, client: ClientModel): StoredRollout | undefined;
}

/** The isolate's policy cache above, as a PolicyResolver: what a Gate uses unless told otherwise. */
export const isolatePolicies: PolicyResolver = {
  current: loadPolicy,
  cached: cachedPolicy,
  compiled: (record, client) => compileRecord(record, client),
  changed: forgetPolicy,
  rollout: rolloutOf,
};
