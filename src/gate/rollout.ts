import type { ClientModel } from "../engine/event/client";
import type { CompiledPolicy } from "../engine/policy/compilePolicy";
import { setNewest } from "../engine/limits/lru";
import { errorText, log } from "../log";
import { inCanary, type StoredRollout } from "../rollout/state";
import type { PolicyStore } from "../services";
import type { LoadedPolicy, PolicyResolver } from "./policyCache";

/**
 * The Gate's two rollout steps (docs/rolling-out.md), kept out of gate.ts: which revision answers a session (the
 * canary's for its share of sessions, else the current one), and the shadow's decision of the same input after the
 * answer has left. The rollout state comes with the team's policy pointer (policyCache.ts), so neither step adds a
 * read to the hot path; a canary or shadow revision is read once per isolate and kept compiled, by its digest.
 */

/** Compiled canary and shadow revisions, by client, team, revision and digest (revisions are immutable). */
const revisions = new Map<string, LoadedPolicy>();
const MAX_REVISIONS = 128;

const revisionKey = (client: ClientModel, team: string, entry: { revision: number; digest: string }) => `${client.name}:${team}:${entry.revision}:${entry.digest}`;

async function storedRevision(
  resolver: PolicyResolver,
  store: PolicyStore,
  client: ClientModel,
  team: string,
  entry: { revision: number; digest: string },
): Promise<LoadedPolicy | undefined> {
  const key = revisionKey(client, team, entry);
  const hit = revisions.get(key);
  if (hit) return hit;
  const record = await store.revision(team, entry.revision);
  if (!record) return undefined;
  const loaded = resolver.compiled(record, client);
  setNewest(revisions, key, loaded, MAX_REVISIONS);
  return loaded;
}

export interface RolloutPlan {
  /** The revision that answers this request. */
  loaded: LoadedPolicy;
  /** The shadow to decide it by too, after the answer (none when the shadow revision is the one answering). */
  shadow?: NonNullable<StoredRollout["shadow"]>;
}

/**
 * Which revision answers this session: a session whose bucket (a stable hash of team and session id) is within the
 * canary's percent is answered by the canary revision, every one of its events; any other by the current one. A
 * canary revision that cannot be read throws, and the Gate fails closed as for the current one.
 */
export async function planRollout(
  resolver: PolicyResolver,
  store: PolicyStore | undefined,
  client: ClientModel,
  team: string,
  sessionId: string | undefined,
  current: LoadedPolicy,
): Promise<RolloutPlan> {
  const planned = plannedRollout(resolver, store, client, team, sessionId, current);
  if (planned) return planned;
  // (a canary session whose revision this isolate has not read yet: store and rollout are there, or it was planned)
  const rollout = resolver.rollout!(team, client)!;
  const loaded = (await storedRevision(resolver, store!, client, team, rollout.canary!)) ?? current;
  return withShadow(rollout, loaded);
}

/**
 * planRollout's plan when it needs no read, with no promise (the hot path: no rollout, a session outside the canary,
 * or the canary's revision already held); undefined when the canary's revision must be read first.
 */
export function plannedRollout(
  resolver: PolicyResolver,
  store: PolicyStore | undefined,
  client: ClientModel,
  team: string,
  sessionId: string | undefined,
  current: LoadedPolicy,
): RolloutPlan | undefined {
  const rollout = resolver.rollout?.(team, client);
  if (!rollout || !store || current.kind === "none") return { loaded: current };
  const canary = rollout.canary;
  if (!(canary && sessionId && inCanary(team, sessionId, canary.percent))) return withShadow(rollout, current);
  const held = revisions.get(revisionKey(client, team, canary));
  return held ? withShadow(rollout, held) : undefined;
}

const withShadow = (rollout: StoredRollout, loaded: LoadedPolicy): RolloutPlan => {
  const answering = loaded.kind === "none" ? undefined : loaded.record.revision;
  return rollout.shadow && rollout.shadow.revision !== answering ? { loaded, shadow: rollout.shadow } : { loaded };
};

/** The shadow's decision, kept in the decision record beside the real one (`verdict` "none": no opinion). */
export interface ShadowVerdict {
  revision: number;
  verdict: string;
  fired: string[];
  /** The shadow revision could not be decided by (it no longer compiles, it could not be read). */
  error?: string;
}

const MAX_FIRED = 100;

/**
 * The shadow's decision of a request already answered. Run after the answer has been handed to the runtime (the next
 * macrotask), by `decide`: the Gate's own decision under the shadow revision as a dry run without effects — no
 * `once` claimed (a `once` handler is "not yet fired"), no judge or forward called (such a handler answers its
 * `onError`), no record. It never throws: a failure is the shadow's, never the request's.
 */
export async function shadowVerdict(
  resolver: PolicyResolver,
  store: PolicyStore,
  client: ClientModel,
  team: string,
  shadow: NonNullable<StoredRollout["shadow"]>,
  decide: (policy: CompiledPolicy) => Promise<{ verdict?: string; fired: string[] } | undefined>,
): Promise<ShadowVerdict | undefined> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  try {
    const loaded = await storedRevision(resolver, store, client, team, shadow);
    if (loaded?.kind !== "ok")
      return { revision: shadow.revision, verdict: "none", fired: [], error: loaded ? "the shadow revision no longer compiles" : "the shadow revision is missing" };
    const decided = await decide(loaded.compiled);
    if (!decided) return undefined;
    return { revision: shadow.revision, verdict: decided.verdict ?? "none", fired: decided.fired.slice(0, MAX_FIRED) };
  } catch (e) {
    log("error", { msg: "shadow decision failed", team, error: errorText(e) });
    return { revision: shadow.revision, verdict: "none", fired: [], error: "the shadow could not decide" };
  }
}
