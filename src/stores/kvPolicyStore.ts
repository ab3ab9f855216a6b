import { sha256Hex } from "../crypto";
import { ENGINE_VERSION } from "../engine/compilePolicy";
import type { PolicyRecord, PolicyStore, RevisionSummary } from "../services";

/**
 * Publishes and rollbacks for one team, one at a time (the Coordinator Durable Object): two publishes never share
 * a revision number, and `current` never moves back to an older revision because two writes crossed.
 */
export interface PolicyWriter {
  publish(team: string, document: unknown): Promise<PolicyRecord>;
  activate(team: string, revision: number): Promise<PolicyRecord | null>;
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
    private readonly writer: PolicyWriter,
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

  publish(team: string, document: unknown): Promise<PolicyRecord> {
    return this.writer.publish(team, document);
  }

  activate(team: string, revision: number): Promise<PolicyRecord | null> {
    return this.writer.activate(team, revision);
  }
}

/** Store `document` as revision `revision` and make it current. Called only from the team's Coordinator. */
export async function writeRevision(kv: KVNamespace, team: string, revision: number, document: unknown): Promise<PolicyRecord> {
  const record: PolicyRecord = {
    team,
    revision,
    publishedAt: new Date().toISOString(),
    document,
    digest: (await sha256Hex(JSON.stringify(document))).slice(0, 16),
    engine: ENGINE_VERSION,
  };
  // The immutable revision first, then the pointer: a crash in between loses no published document.
  await kv.put(policyKeys.revision(team, revision), JSON.stringify(record), {
    metadata: { publishedAt: record.publishedAt, digest: record.digest },
  });
  await kv.put(policyKeys.current(team), JSON.stringify(record));
  return record;
}

/** Make an earlier revision current again. Called only from the team's Coordinator. */
export async function movePointer(kv: KVNamespace, team: string, revision: number): Promise<PolicyRecord | null> {
  const record = await kv.get<PolicyRecord>(policyKeys.revision(team, revision), "json");
  if (!record) return null;
  const current = await kv.get<PolicyRecord>(policyKeys.current(team), "json");
  const pointer: PolicyRecord = { ...record };
  if (current) pointer.rolledBackFrom = current.revision;
  await kv.put(policyKeys.current(team), JSON.stringify(pointer));
  return pointer;
}
