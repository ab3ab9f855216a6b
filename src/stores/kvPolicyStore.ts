import type { ValidatedPolicy } from "../engine/policy/compilePolicy";
import type { ActivateOutcome, PolicyRecord, PolicyStore, PublishOutcome, RevisionSummary, RolloutChange, RolloutOutcome, StageOutcome } from "../services";
import { policyKeys } from "./policyKeys";
import { recordOf, type StoredPolicyRecord } from "./preparedRecords";

/**
 * Publishes and rollbacks for one team, one at a time: the team's Coordinator Durable Object is the one writer of
 * its policy keys, so two publishes never share a revision number, and `current` never moves back to an older
 * revision because two writes crossed. This store reads KV directly and writes only through the writer.
 */
interface PolicyWriter {
  publish(team: string, policy: ValidatedPolicy): Promise<PublishOutcome>;
  activate(team: string, revision: number): Promise<ActivateOutcome>;
  /** The rollout's writes (src/rollout/pointer.ts); a writer without them (a test's) cannot stage. */
  stage?(team: string, policy: ValidatedPolicy): Promise<StageOutcome>;
  changeRollout?(team: string, change: RolloutChange): Promise<RolloutOutcome>;
}

export class KvPolicyStore implements PolicyStore {
  constructor(
    private readonly kv: KVNamespace,
    private readonly writer: PolicyWriter,
  ) {}

  async current(team: string): Promise<PolicyRecord | null> {
    return recordOf(await this.kv.get<StoredPolicyRecord>(policyKeys.current(team), "json"));
  }

  async revision(team: string, revision: number): Promise<PolicyRecord | null> {
    return recordOf(await this.kv.get<StoredPolicyRecord>(policyKeys.revision(team, revision), "json"));
  }

  async revisions(team: string): Promise<RevisionSummary[]> {
    const current = await this.current(team);
    const out: RevisionSummary[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.kv.list<{ publishedAt: string; digest: string }>({
        prefix: policyKeys.revisionPrefix(team),
        cursor,
      });
      for (const key of page.keys) {
        const revision = Number(key.name.slice(policyKeys.revisionPrefix(team).length));
        out.push({
          revision,
          publishedAt: key.metadata?.publishedAt ?? "",
          digest: key.metadata?.digest ?? "",
          current: revision === current?.revision,
        });
      }
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return out.sort((a, b) => b.revision - a.revision);
  }

  publish(team: string, policy: ValidatedPolicy): Promise<PublishOutcome> {
    return this.writer.publish(team, policy);
  }

  activate(team: string, revision: number): Promise<ActivateOutcome> {
    return this.writer.activate(team, revision);
  }

  stage(team: string, policy: ValidatedPolicy): Promise<StageOutcome> {
    if (!this.writer.stage) return Promise.reject(new Error("this policy store cannot stage a revision"));
    return this.writer.stage(team, policy);
  }

  changeRollout(team: string, change: RolloutChange): Promise<RolloutOutcome> {
    if (!this.writer.changeRollout) return Promise.reject(new Error("this policy store cannot change a rollout"));
    return this.writer.changeRollout(team, change);
  }
}

