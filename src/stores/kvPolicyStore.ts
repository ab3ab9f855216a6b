import { sha256Hex } from "../crypto";
import { ENGINE_VERSION } from "../engine/compilePolicy";
import type { PolicyRecord, PolicyStore, RevisionSummary } from "../services";

/** Allocates revision numbers atomically (a Durable Object per team), so two publishes never share one. */
export interface RevisionCounter {
  next(team: string): Promise<number>;
}

const pad = (n: number) => String(n).padStart(10, "0");
export const policyKeys = {
  current: (team: string) => `policy:${team}:current`,
  revision: (team: string, n: number) => `policy:${team}:rev:${pad(n)}`,
  revisionPrefix: (team: string) => `policy:${team}:rev:`,
};

export class KvPolicyStore implements PolicyStore {
  constructor(
    private readonly kv: KVNamespace,
    private readonly counter: RevisionCounter,
  ) {}

  current(team: string): Promise<PolicyRecord | null> {
    return this.kv.get<PolicyRecord>(policyKeys.current(team), "json");
  }

  revision(team: string, revision: number): Promise<PolicyRecord | null> {
    return this.kv.get<PolicyRecord>(policyKeys.revision(team, revision), "json");
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

  async publish(team: string, document: unknown): Promise<PolicyRecord> {
    const revision = await this.counter.next(team);
    const record: PolicyRecord = {
      team,
      revision,
      publishedAt: new Date().toISOString(),
      document,
      digest: (await sha256Hex(JSON.stringify(document))).slice(0, 16),
      engine: ENGINE_VERSION,
    };
    // The immutable revision first, then the pointer: a crash in between loses no published document.
    await this.kv.put(policyKeys.revision(team, revision), JSON.stringify(record), {
      metadata: { publishedAt: record.publishedAt, digest: record.digest },
    });
    await this.kv.put(policyKeys.current(team), JSON.stringify(record));
    return record;
  }

  async activate(team: string, revision: number): Promise<PolicyRecord | null> {
    const record = await this.revision(team, revision);
    if (!record) return null;
    const current = await this.current(team);
    const pointer: PolicyRecord = { ...record };
    if (current) pointer.rolledBackFrom = current.revision;
    await this.kv.put(policyKeys.current(team), JSON.stringify(pointer));
    return pointer;
  }
}
