import { HOOK_TOKEN_PREFIX } from "../access/scopes";
import { newId, newSecret, sha256Hex } from "../crypto";
import type { TokenInfo, TokenStore } from "../services";

/** Tokens are stored only as sha256 hashes; the secret is returned once, at creation. */
export const tokenKeys = {
  byHash: (hash: string) => `token:${hash}`,
  byTeam: (team: string, id: string) => `team-token:${team}:${id}`,
  teamPrefix: (team: string) => `team-token:${team}:`,
  /** Every team's tokens (GET /v1/admin/teams counts them from the key names). */
  allTeamsPrefix: "team-token:",
};

interface TeamTokenRecord extends TokenInfo {
  hash: string;
}

export class KvTokenStore implements TokenStore {
  constructor(private readonly kv: KVNamespace) {}

  lookup(tokenHash: string): Promise<TokenInfo | null> {
    return this.kv.get<TokenInfo>(tokenKeys.byHash(tokenHash), "json");
  }

  async create(team: string, name?: string): Promise<{ token: string; info: TokenInfo }> {
    const token = newSecret(HOOK_TOKEN_PREFIX);
    const info = await this.register(team, token, newId("tok"), name);
    return { token, info };
  }

  async register(team: string, token: string, id: string, name?: string): Promise<TokenInfo> {
    const hash = await sha256Hex(token);
    const info: TokenInfo = { id, team, createdAt: new Date().toISOString(), prefix: token.slice(0, 7) };
    if (name !== undefined) info.name = name;
    const record: TeamTokenRecord = { ...info, hash };
    await this.kv.put(tokenKeys.byHash(hash), JSON.stringify(info));
    await this.kv.put(tokenKeys.byTeam(team, id), JSON.stringify(record));
    return info;
  }

  async list(team: string): Promise<TokenInfo[]> {
    const out: TokenInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.kv.list({ prefix: tokenKeys.teamPrefix(team), cursor });
      const records = await Promise.all(page.keys.map((k) => this.kv.get<TeamTokenRecord>(k.name, "json")));
      for (const r of records) if (r) out.push({ id: r.id, team: r.team, createdAt: r.createdAt, prefix: r.prefix, ...(r.name ? { name: r.name } : {}) });
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async revoke(team: string, id: string): Promise<string | null> {
    const record = await this.kv.get<TeamTokenRecord>(tokenKeys.byTeam(team, id), "json");
    if (!record) return null;
    await this.kv.delete(tokenKeys.byHash(record.hash));
    await this.kv.delete(tokenKeys.byTeam(team, id));
    return record.hash;
  }
}
