-- The decision log at company scale (docs/storage.md): the records of truth are compressed NDJSON objects in R2,
-- D1 keeps the recent index (rows for DECISION_RETENTION_DAYS), hourly rollups that outlive it, the archive
-- objects' register and the dead letters.
ALTER TABLE decisions ADD COLUMN object_key TEXT;
-- An object is rebuilt from its rows by key. (The retention sweep needs no index of its own: decision ids are
-- UUIDv7, time-ordered, so it walks the primary key; an index more is a row written more per record.)
CREATE INDEX IF NOT EXISTS decisions_object ON decisions (object_key);
CREATE TABLE IF NOT EXISTS archive_objects (
  object_key TEXT PRIMARY KEY, team TEXT NOT NULL, hour TEXT NOT NULL, written INTEGER NOT NULL DEFAULT 0,
  records INTEGER NOT NULL DEFAULT 0, bytes INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS archive_objects_team_hour ON archive_objects (team, hour);
CREATE INDEX IF NOT EXISTS archive_objects_unwritten ON archive_objects (written, created_at);
CREATE TABLE IF NOT EXISTS decision_rollups (
  hour TEXT NOT NULL, team TEXT NOT NULL, event TEXT NOT NULL, verdict TEXT NOT NULL, handler TEXT NOT NULL,
  decisions INTEGER NOT NULL,
  PRIMARY KEY (hour, team, event, verdict, handler)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS dead_letters (
  message_id TEXT PRIMARY KEY, at TEXT NOT NULL, queue TEXT NOT NULL, attempts INTEGER NOT NULL, body TEXT NOT NULL
);
ALTER TABLE decision_log_health ADD COLUMN records_archived INTEGER NOT NULL DEFAULT 0;
ALTER TABLE decision_log_health ADD COLUMN objects_written INTEGER NOT NULL DEFAULT 0;
ALTER TABLE decision_log_health ADD COLUMN rows_expired INTEGER NOT NULL DEFAULT 0;
ALTER TABLE decision_log_health ADD COLUMN last_cleanup_at TEXT;
