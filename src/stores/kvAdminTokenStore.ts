import { ADMIN_TOKEN_PREFIX } from "../access/scopes";
import { newId, newSecret, sha256Hex } from "../crypto";
import type { AdminTokenInfo, AdminTokenStore, NewAdminToken } from "../services";

/** Admin tokens live under their own prefixes, apart from hook tokens' (`token:`): a lookup of one never finds the other. */
const adminTokenKeys = {
  byHash: (hash: string) => `admin-token:${hash}`,
  byId: (id: string) => `admin-token-id:${id}`,
  idPrefix: "admin-token-id:",
};

interface AdminTokenRecord extends AdminTokenInfo {
  hash: string;
}

/** KV forgets an expired token a day after it expires (it is refused from the moment it expires: the code checks). */
const FORGET_AFTER_S = 86_400;

export class KvAdminTokenStore implements AdminTokenStore {
  constructor(private readonly kv: KVNamespace) {}

  lookup(tokenHash: string): Promise<AdminTokenInfo | null> {
    return this.kv.get<AdminTokenInfo>(adminTokenKeys.byHash(tokenHash), "json");
  }

  async get(id: string): Promise<AdminTokenInfo | null> {
    const r = await this.kv.get<AdminTokenRecord>(adminTokenKeys.byId(id), "json");
    return r ? withoutHash(r) : null;
  }

  async create(t: NewAdminToken): Promise<{ token: string; info: AdminTokenInfo }> {
    const token = newSecret(ADMIN_TOKEN_PREFIX);
    const hash = await sha256Hex(token);
    const info: AdminTokenInfo = {
      id: newId("atk"),
      name: t.name,
      scopes: t.scopes,
      teams: t.teams,
      createdAt: new Date().toISOString(),
      ...(t.expiresAt ? { expiresAt: t.expiresAt } : {}),
      prefix: token.slice(0, 8),
      createdBy: t.createdBy,
    };
    const expiry = t.expiresAt ? { expiration: Math.max(Math.ceil(Date.parse(t.expiresAt) / 1000), Math.ceil(Date.now() / 1000)) + FORGET_AFTER_S } : {};
    await this.kv.put(adminTokenKeys.byHash(hash), JSON.stringify(info), expiry);
    await this.kv.put(adminTokenKeys.byId(info.id), JSON.stringify({ ...info, hash } satisfies AdminTokenRecord), expiry);
    return { token, info };
  }

  async list(): Promise<AdminTokenInfo[]> {
    const out: AdminTokenInfo[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.kv.list({ prefix: adminTokenKeys.idPrefix, ...(cursor ? { cursor } : {}) });
      const records = await Promise.all(page.keys.map((k) => this.kv.get<AdminTokenRecord>(k.name, "json")));
      for (const r of records) if (r) out.push(withoutHash(r));
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async revoke(id: string): Promise<string | null> {
    const record = await this.kv.get<AdminTokenRecord>(adminTokenKeys.byId(id), "json");
    if (!record) return null;
    // The lookup key first: from then on the token is refused wherever the cache bound has passed.
    await this.kv.delete(adminTokenKeys.byHash(record.hash));
    await this.kv.delete(adminTokenKeys.byId(id));
    return record.hash;
  }
}

function withoutHash(r: AdminTokenRecord): AdminTokenInfo {
  const { hash: _, ...info } = r;
  return info;
}
