-- The audit trail (docs/storage.md, docs/roles.md): one row per change made through the admin API — a publish, a
-- rollback, a baseline publish or rollback, a token minted or revoked. Append-only: the Worker only INSERTs, and
-- the triggers below refuse any UPDATE or DELETE, whoever sends it.
CREATE TABLE IF NOT EXISTS audit (
  id TEXT PRIMARY KEY, time TEXT NOT NULL, actor_id TEXT NOT NULL, actor_name TEXT NOT NULL, team TEXT,
  action TEXT NOT NULL, revision INTEGER, digest TEXT, target TEXT, message TEXT, detail TEXT
);
CREATE INDEX IF NOT EXISTS audit_team_time ON audit (team, time);
CREATE INDEX IF NOT EXISTS audit_time ON audit (time);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'audit entries are append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'audit entries are append-only'); END;
