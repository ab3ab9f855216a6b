import type { PolicyRecord, TeamDirectory, TeamSummary } from "../services";
import { TEAM_NAME } from "../engine/limits/limits";
import { tokenKeys } from "./kvTokenStore";
import { policyKeys } from "./policyKeys";

/**
 * How much one GET /v1/admin/teams may read. KV has no "list teams", so the listing walks two key prefixes
 * (`policy:` and `team-token:`), 1,000 keys a page, and reads a `current` pointer only when it predates the
 * metadata that carries its revision. A Worker invocation has a budget of KV operations, so the walk stops at
 * these caps and the answer says `truncated: true` rather than listing some teams as if they were all.
 */
const TEAM_LISTING_LIMITS = { pageSize: 1000, pagesPerPrefix: 20, pointerReads: 100 };

interface CurrentMeta {
  revision?: number;
  publishedAt?: string;
}

export class KvTeamDirectory implements TeamDirectory {
  constructor(
    private readonly kv: KVNamespace,
    private readonly limits = TEAM_LISTING_LIMITS,
  ) {}

  async list(): Promise<{ teams: TeamSummary[]; truncated: boolean }> {
    const teams = new Map<string, TeamSummary>();
    const row = (team: string) => {
      let r = teams.get(team);
      if (!r) teams.set(team, (r = { team, revision: null, publishedAt: null, tokens: 0 }));
      return r;
    };
    const legacy: string[] = [];

    // policy:<team>:current (the revision lists also live under policy:, and are skipped).
    const policiesCut = await this.walk("policy:", (name, meta: CurrentMeta | null) => {
      const team = name.slice("policy:".length, name.lastIndexOf(":"));
      // (the org baseline's keys sit under policy: too, under a name no team can have: engine/limits TEAM_NAME)
      if (name !== policyKeys.current(team) || !TEAM_NAME.test(team)) return;
      const r = row(team);
      if (typeof meta?.revision === "number") {
        r.revision = meta.revision;
        r.publishedAt = meta.publishedAt ?? null;
      } else legacy.push(team);
    });
    // team-token:<team>:<id>: team names have no `:`, so the team is the text up to the next one.
    const tokensCut = await this.walk(tokenKeys.allTeamsPrefix, (name) => {
      const rest = name.slice(tokenKeys.allTeamsPrefix.length);
      row(rest.slice(0, rest.indexOf(":"))).tokens++;
    });

    const truncated = policiesCut || tokensCut || legacy.length > this.limits.pointerReads;
    const read = legacy.slice(0, this.limits.pointerReads);
    const records = await Promise.all(read.map((t) => this.kv.get<PolicyRecord>(policyKeys.current(t), "json")));
    for (const [i, team] of read.entries()) {
      const record = records[i];
      if (record) Object.assign(row(team), { revision: record.revision, publishedAt: record.publishedAt });
    }
    // A pointer past the read cap: its team is listed only if it is known some other way (it has tokens), and the
    // answer is marked truncated.
    for (const team of legacy.slice(this.limits.pointerReads)) if (teams.get(team)?.tokens === 0) teams.delete(team);

    return { teams: [...teams.values()].sort((a, b) => (a.team < b.team ? -1 : a.team > b.team ? 1 : 0)), truncated };
  }

  /** Every key under the prefix, up to the page cap; true when it stopped before the end. */
  private async walk<M>(prefix: string, each: (name: string, metadata: M | null) => void): Promise<boolean> {
    let cursor: string | undefined;
    for (let page = 0; page < this.limits.pagesPerPrefix; page++) {
      const listed = await this.kv.list<M>({ prefix, limit: this.limits.pageSize, ...(cursor ? { cursor } : {}) });
      for (const key of listed.keys) each(key.name, key.metadata ?? null);
      if (listed.list_complete) return false;
      cursor = listed.cursor;
    }
    return true;
  }
}
