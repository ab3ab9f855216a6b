import { DurableObject } from "cloudflare:workers";
import { sha256Hex } from "./crypto";
import type { ValidatedPolicy } from "./engine/policy/compilePolicy";
import type { ActivateOutcome, PolicyRecord, PublishOutcome, RolloutChange, RolloutOutcome, StageOutcome } from "./services";
import { policyKeys } from "./stores/policyKeys";
import { changeRollout, shadowOf } from "./rollout/pointer";
import { recordOf, storedRecord, type StoredPolicyRecord } from "./stores/preparedRecords";

/**
 * The `current` pointer, with its revision and time as KV metadata too, so GET /v1/admin/teams learns both from a
 * key listing without reading every pointer (docs/storage.md).
 */
function putCurrent(kv: KVNamespace, record: StoredPolicyRecord): Promise<void> {
  return kv.put(policyKeys.current(record.team), JSON.stringify(record), { metadata: { revision: record.revision, publishedAt: record.publishedAt } });
}

/**
 * The one place hookgate needs atomicity (hookgate spec §3.3): a Durable Object instance per name handles one
 * request at a time, so a read-modify-write on its storage cannot race. Named `team:<team>` it runs the team's
 * publishes and rollbacks one after another; named `session:<team>:<session>` it holds the session's `once` claims.
 */
export class Coordinator extends DurableObject<Env> {
  /**
   * Publish as the next revision. blockConcurrencyWhile holds every other call until the KV writes are done, so
   * `current` always ends on the newest publish (storage alone would not: KV writes let other calls interleave).
   * The same document as the current revision's (validated by the same engine) is not a new revision: the answer
   * is the current one, `unchanged`. Deciding that here, in the one writer, means two identical publishes that
   * cross still make one revision, not two.
   */
  publishPolicy(team: string, policy: ValidatedPolicy): Promise<PublishOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const kv = this.env.HOOKGATE_KV;
      const text = JSON.stringify(policy.document);
      const current = await kv.get<StoredPolicyRecord>(policyKeys.current(team), "json");
      if (current && current.engine === policy.engine && JSON.stringify(current.document) === text) {
        if (JSON.stringify(current.prepared) !== JSON.stringify(policy.prepared)) await this.refreshPrepared(current, policy.prepared);
        return { record: recordOf(current), unchanged: true };
      }
      const stored = await this.storeRevision(team, policy, text);
      await putCurrent(kv, stored);
      return { record: recordOf(stored), unchanged: false };
    });
  }

  /**
   * The current revision's prepared form (its parsed document and index hints, derived from the document alone) made
   * again by this deploy's engine, written to the pointer and the revision: after an upgrade that changed the engine
   * (ENGINE_DIGEST), publishing the unchanged document restores a cold isolate's cheap load without a new revision.
   * The record itself (document, digest, revision, rollout) is left as it was.
   */
  private async refreshPrepared(current: StoredPolicyRecord, prepared: ValidatedPolicy["prepared"]): Promise<void> {
    const kv = this.env.HOOKGATE_KV;
    const revisionKey = policyKeys.revision(current.team, current.revision);
    const revision = await kv.get<StoredPolicyRecord>(revisionKey, "json");
    if (revision) await kv.put(revisionKey, JSON.stringify({ ...revision, prepared }), { metadata: { publishedAt: revision.publishedAt, digest: revision.digest } });
    await putCurrent(kv, { ...current, prepared });
  }

  /** Make an earlier revision current again; the revision already current is refused, not re-written. */
  rollbackPolicy(team: string, revision: number): Promise<ActivateOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const kv = this.env.HOOKGATE_KV;
      const record = await kv.get<StoredPolicyRecord>(policyKeys.revision(team, revision), "json");
      if (!record) return { kind: "missing" };
      const current = await kv.get<PolicyRecord>(policyKeys.current(team), "json");
      if (current?.revision === revision) return { kind: "current", revision };
      const pointer: StoredPolicyRecord = { ...record };
      if (current) pointer.rolledBackFrom = current.revision;
      await putCurrent(kv, pointer);
      return { kind: "activated", record: recordOf(pointer) };
    });
  }

  /**
   * Store as a new revision that is not current: the team's shadow (src/rollout/pointer.ts). Like a publish, the
   * one writer numbers it; unlike one, the pointer keeps its revision and only gains `rollout.shadow`.
   */
  stagePolicy(team: string, policy: ValidatedPolicy): Promise<StageOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const kv = this.env.HOOKGATE_KV;
      const text = JSON.stringify(policy.document);
      const current = await kv.get<StoredPolicyRecord>(policyKeys.current(team), "json");
      if (!current) return { kind: "refused", code: "not_found", message: `team "${team}" has no published policy: a shadow is compared with the current revision, publish one first` };
      if (current.engine === policy.engine && JSON.stringify(current.document) === text)
        return { kind: "refused", code: "conflict", message: `the candidate is revision ${current.revision}, the current one: nothing to shadow` };
      const stored = await this.storeRevision(team, policy, text);
      const pointer = shadowOf(current, stored);
      await putCurrent(kv, pointer);
      return { kind: "staged", record: recordOf(stored), pointer: recordOf(pointer) };
    });
  }

  /** A canary started or changed, aborted, or promoted: one change of the pointer's rollout at a time. */
  changeRollout(team: string, change: RolloutChange): Promise<RolloutOutcome> {
    return this.ctx.blockConcurrencyWhile(async () => {
      const kv = this.env.HOOKGATE_KV;
      const current = await kv.get<PolicyRecord>(policyKeys.current(team), "json");
      const named = change.kind === "canary" ? change.revision : change.kind === "promote" ? current?.rollout?.canary?.revision : undefined;
      const target = named === undefined ? null : await kv.get<PolicyRecord>(policyKeys.revision(team, named), "json");
      const outcome = changeRollout(current, change, target);
      if (outcome.kind === "refused") return outcome;
      await putCurrent(kv, outcome.pointer);
      return { ...outcome, pointer: recordOf(outcome.pointer) };
    });
  }

  /**
   * The immutable revision, numbered by this writer (the pointer is the caller's to move), stored with its prepared
   * form (stores/preparedRecords.ts) so the pointer that names it, and a rollback onto it, keep it.
   */
  private async storeRevision(team: string, policy: ValidatedPolicy, text: string): Promise<StoredPolicyRecord> {
    const revision = await this.nextRevision();
    const record: PolicyRecord = {
      team,
      revision,
      publishedAt: new Date().toISOString(),
      document: policy.document,
      digest: (await sha256Hex(text)).slice(0, 16),
      engine: policy.engine,
    };
    const stored = storedRecord(record, policy.prepared);
    await this.env.HOOKGATE_KV.put(policyKeys.revision(team, revision), JSON.stringify(stored), { metadata: { publishedAt: record.publishedAt, digest: record.digest } });
    return stored;
  }

  /** The next policy revision number (1, 2, …). */
  private async nextRevision(): Promise<number> {
    const n = ((await this.ctx.storage.get<number>("revision")) ?? 0) + 1;
    await this.ctx.storage.put("revision", n);
    return n;
  }

  /** True the first time `key` is claimed in this object, false after. */
  async claim(key: string): Promise<boolean> {
    const k = `once:${key}`;
    if ((await this.ctx.storage.get<number>(k)) !== undefined) return false;
    await this.ctx.storage.put(k, Date.now());
    // Sessions live up to 30 days on the client; forget the claims some time after that.
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + 45 * 86_400_000);
    return true;
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
