-- The decision log (docs/storage.md): one row per evaluated request, and one row of write-failure counts.
-- IF NOT EXISTS: databases that an earlier Worker version set up itself (it ran this DDL on first use) already
-- have these tables, and applying this migration to them must succeed and change nothing.
CREATE TABLE IF NOT EXISTS decisions (
  decision_id TEXT PRIMARY KEY, time TEXT NOT NULL, team TEXT NOT NULL, event TEXT NOT NULL,
  session_id TEXT, tool TEXT, verdict TEXT, revision INTEGER, latency_ms REAL, dedup INTEGER NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS decisions_team_time ON decisions (team, time);
CREATE TABLE IF NOT EXISTS decision_log_health (
  id INTEGER PRIMARY KEY CHECK (id = 1), records_written INTEGER NOT NULL DEFAULT 0,
  records_truncated INTEGER NOT NULL DEFAULT 0, batches_retried INTEGER NOT NULL DEFAULT 0,
  records_replaced INTEGER NOT NULL DEFAULT 0, records_lost INTEGER NOT NULL DEFAULT 0,
  last_error TEXT, last_failure_at TEXT
);
