import type { AuditEntry, AuditLog, AuditQuery } from "../services";

interface AuditRow {
  id: string;
  time: string;
  actor_id: string;
  actor_name: string;
  team: string | null;
  action: AuditEntry["action"];
  revision: number | null;
  digest: string | null;
  target: string | null;
  message: string | null;
  detail: string | null;
}

/**
 * The audit trail in D1 (migrations/0003_audit.sql). Only INSERT and SELECT are ever sent; the table's triggers
 * refuse UPDATE and DELETE as well, so an entry outlives any bug or any caller.
 */
export class D1AuditLog implements AuditLog {
  constructor(private readonly db: D1Database) {}

  async append(e: AuditEntry): Promise<void> {
    await this.db
      .prepare("INSERT INTO audit (id, time, actor_id, actor_name, team, action, revision, digest, target, message, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(e.id, e.time, e.actor.id, e.actor.name, e.team, e.action, e.revision ?? null, e.digest ?? null, e.target ?? null, e.message ?? null, e.detail ? JSON.stringify(e.detail) : null)
      .run();
  }

  async query(q: AuditQuery): Promise<AuditEntry[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (q.team !== undefined) where.push("team = ?"), args.push(q.team);
    if (q.action !== undefined) where.push("action = ?"), args.push(q.action);
    if (q.since !== undefined) where.push("time >= ?"), args.push(q.since);
    // Team patterns are team-name characters with at most a trailing `*`: exactly GLOB's syntax. Org-wide entries
    // (team NULL) match no GLOB, so a token limited to some teams never sees them.
    if (q.visibleTeams !== undefined) {
      if (q.visibleTeams.length === 0) return [];
      where.push(`(${q.visibleTeams.map(() => "team GLOB ?").join(" OR ")})`);
      args.push(...q.visibleTeams);
    }
    const sql = `SELECT * FROM audit${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ?`;
    const { results } = await this.db.prepare(sql).bind(...args, q.limit).all<AuditRow>();
    return results.map(entryOf);
  }
}

function entryOf(r: AuditRow): AuditEntry {
  const e: AuditEntry = { id: r.id, time: r.time, actor: { id: r.actor_id, name: r.actor_name }, team: r.team, action: r.action };
  if (r.revision !== null) e.revision = r.revision;
  if (r.digest !== null) e.digest = r.digest;
  if (r.target !== null) e.target = r.target;
  if (r.message !== null) e.message = r.message;
  if (r.detail !== null) e.detail = JSON.parse(r.detail) as Record<string, unknown>;
  return e;
}
