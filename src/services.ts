import type { Scope } from "./access/scopes";
import type { CompiledPolicy, ValidatedPolicy } from "./engine/policy/compilePolicy";
import type { StoredRollout } from "./rollout/state";
import type { HandlerCallouts } from "./engine/handlers/kinds";

/** A published policy revision. Revisions are immutable; rollback publishes nothing new, it moves `current`. */
export interface PolicyRecord {
  team: string;
  revision: number;
  publishedAt: string;
  /** The document exactly as the author published it (defaults not filled in), so GET returns what was PUT. */
  document: unknown;
  /** sha256 of the canonical document, to tell revisions apart at a glance */
  digest: string;
  /** The engine version that validated it at publish (see ENGINE_VERSION). */
  engine?: number;
  /** Set on the `current` pointer when it was moved by a rollback. */
  rolledBackFrom?: number;
  /** On the `current` pointer: the team's shadow and canary (src/rollout/state.ts), read with it. */
  rollout?: StoredRollout;
}

export interface RevisionSummary {
  revision: number;
  publishedAt: string;
  digest: string;
  current: boolean;
}

/** A publish: the new revision, or the current one when the document is the one already in force. */
export interface PublishOutcome {
  record: PolicyRecord;
  /** true: the document (and the engine that validated it) equals the current revision's, and nothing was written. */
  unchanged: boolean;
}

/** A rollback: done, no such revision, or that revision is the one already in force (nothing to do). */
export type ActivateOutcome = { kind: "activated"; record: PolicyRecord } | { kind: "missing" } | { kind: "current"; revision: number };

/** The rollout's changes of the pointer (src/rollout/pointer.ts), run by the team's one writer. */
export type RolloutChange =
  | { kind: "canary"; revision: number; percent: number; at: string }
  | { kind: "abort" }
  | { kind: "promote" };

export type RolloutOutcome =
  | { kind: "changed"; pointer: PolicyRecord; ended?: "canary" | "shadow"; endedRevision?: number }
  | { kind: "promoted"; pointer: PolicyRecord; from: number; canary: NonNullable<StoredRollout["canary"]> }
  /** refused: why, for the caller's error (not_found / conflict) */
  | { kind: "refused"; code: "not_found" | "conflict"; message: string };

export type StageOutcome = { kind: "staged"; record: PolicyRecord; pointer: PolicyRecord } | { kind: "refused"; code: "not_found" | "conflict"; message: string };

export interface PolicyStore {
  current(team: string): Promise<PolicyRecord | null>;
  revision(team: string, revision: number): Promise<PolicyRecord | null>;
  revisions(team: string): Promise<RevisionSummary[]>;
  /**
   * Store a validated policy as a new revision and make it current (only the compiler makes a ValidatedPolicy);
   * a document identical to the current revision's is not stored again.
   */
  publish(team: string, policy: ValidatedPolicy): Promise<PublishOutcome>;
  /** Make an earlier revision current again. */
  activate(team: string, revision: number): Promise<ActivateOutcome>;
  /** Store a validated policy as a new revision that is not current: the team's shadow (docs/rolling-out.md). */
  stage(team: string, policy: ValidatedPolicy): Promise<StageOutcome>;
  /** Start or change a canary, abort it (or the shadow), or promote it. */
  changeRollout(team: string, change: RolloutChange): Promise<RolloutOutcome>;
}

export interface TokenInfo {
  id: string;
  team: string;
  name?: string;
  createdAt: string;
  /** the first characters of the token, to recognise it; never enough to use it */
  prefix: string;
}

export interface TokenStore {
  /** Find the token's owner by the token's hash. */
  lookup(tokenHash: string): Promise<TokenInfo | null>;
  create(team: string, name?: string): Promise<{ token: string; info: TokenInfo }>;
  /** Register a known token (local development seeding only). */
  register(team: string, token: string, id: string, name?: string): Promise<TokenInfo>;
  list(team: string): Promise<TokenInfo[]>;
  /** Remove the token; returns its hash (to clear caches) or null if there was no such token. */
  revoke(team: string, id: string): Promise<string | null>;
}

/** Atomic per-session state: `once` claims (a Durable Object, since KV cannot claim atomically). */
export interface SessionState {
  claimOnce(team: string, sessionId: string, handlerId: string): Promise<boolean>;
}

export interface DecisionRecord {
  decisionId: string;
  time: string;
  team: string;
  /** The client that asked (`claude-code`, `copilot-cli`, …): a route's own, or another client calling it. */
  client?: string;
  event: string;
  sessionId?: string;
  tool?: string;
  verdict?: string;
  fired: string[];
  dryRun: { id: string; verdict?: string }[];
  revision: number | null;
  /** The org baseline's revision evaluated with the team's policy, when there was one. */
  baselineRevision?: number;
  latencyMs: number;
  dedup: boolean;
  errors: string[];
  /** the masked input, capped (see docs/storage.md) */
  input?: unknown;
  /** Set when a field was cut to hookgate's caps (each cut carries a `…[truncated by hookgate: N chars]` marker). */
  truncated?: boolean;
  /** The team's shadow revision's decision of the same input, made after the answer (docs/rolling-out.md). */
  shadow?: { revision: number; verdict: string; fired: string[]; error?: string };
}

/** How the decision log is faring, since the database was created (and, not yet saved, in this isolate). */
export interface DecisionLogHealth {
  recordsWritten: number;
  /** records stored with a field cut to the caps */
  recordsTruncated: number;
  /** batches that failed whole and were written again record by record */
  batchesRetried: number;
  /** records that could not be written even alone, stored as a minimal record saying why */
  recordsReplaced: number;
  /** records that could not be written at all (not even the minimal one: the database itself failed) */
  recordsLost: number;
  lastError?: string;
  lastFailureAt?: string;
  /** records buffered in this isolate, waiting for their batch */
  pending?: number;
  /** records written to the archive (R2), and the objects holding them */
  recordsArchived?: number;
  objectsWritten?: number;
  /** index rows deleted by the retention sweep (past DECISION_RETENTION_DAYS; the archive keeps them) */
  rowsExpired?: number;
  lastCleanupAt?: string;
  /** records the consumer could not write after every retry: they are in the dead-letter table (docs/storage.md) */
  deadLettered?: number;
  lastDeadLetterAt?: string;
  /** the decision queue's backlog and the dead-letter queue's, as the queue reports them */
  queue?: QueueBacklog;
  deadLetterQueue?: QueueBacklog;
}

export interface QueueBacklog {
  backlogCount: number;
  backlogBytes: number;
  oldestMessageAt?: string;
}

export interface DecisionFilter {
  event?: string;
  verdict?: string;
  tool?: string;
  client?: string;
  session?: string;
  since?: string;
  until?: string;
  limit?: number;
}

/**
 * A record to be built later: building one (capping and masking the input) is work the client need not wait for, so
 * a log may do it after the answer has left, even with its batch. `size` is about what building it keeps alive until
 * then (the input's JSON, in characters; Infinity when unknown), so the log can bound what it holds unbuilt.
 */
export interface DeferredRecord {
  build: () => DecisionRecord;
  size: number;
}

export const isDeferredRecord = (entry: DecisionRecord | DeferredRecord): entry is DeferredRecord =>
  typeof (entry as Partial<DeferredRecord>).build === "function";

/** The hook path's side of the decision log: it takes records and hands them on (the queue, or the index). */
interface DecisionSink {
  /** A record, built or to be built (drain() covers both). */
  record(entry: DecisionRecord | DeferredRecord): Promise<void>;
  /** Hand on what is buffered now and wait for deliveries in flight. */
  drain(): Promise<void>;
}

/** The admin side: the recent index, its health, and the export of any age. */
export interface DecisionQuery {
  query(team: string, filter: DecisionFilter): Promise<DecisionRecord[]>;
  health(): Promise<DecisionLogHealth>;
  /** Every record of `team` from `since` to `until` (ISO), as NDJSON: the archive's, then the index's not yet archived. */
  export(team: string, since: string, until: string): ReadableStream<Uint8Array>;
  /** The hourly rollups of `team` from `since` (ISO), by hour, event, verdict and handler ("*": every decision). */
  rollups(team: string, since: string): Promise<DecisionRollup[]>;
  /** Dry-run handlers that matched in the recent index from `since`, counted by hour (they are not in the rollups). */
  dryRunCounts(team: string, since: string): Promise<{ hour: string; handler: string; decisions: number }[]>;
}

/** One row of the hourly rollups: decisions in `hour` (`YYYY-MM-DDTHH`) with this event and verdict ("" for none). */
export interface DecisionRollup {
  hour: string;
  event: string;
  verdict: string;
  handler: string;
  decisions: number;
}

export type DecisionLog = DecisionSink & DecisionQuery;

/** Answers already given to a redelivered request (hookgate spec §3.3). */
export interface DedupStore {
  /** `revision`: the team's, or the team's and the baseline's together (any new revision of either is a new answer). */
  key(team: string, revision: number | string, event: string, input: Record<string, unknown>, rawBody: string): Promise<string>;
  find(key: string): Promise<{ answer: Record<string, unknown>; verdict?: string } | null>;
  remember(key: string, value: { answer: Record<string, unknown>; verdict?: string }): Promise<void>;
}

/** One row of GET /v1/admin/teams. */
export interface TeamSummary {
  team: string;
  revision: number | null;
  publishedAt: string | null;
  tokens: number;
}

/** Every team that has a published policy or a token; `truncated` when the bounded listing stopped early. */
export interface TeamDirectory {
  list(): Promise<{ teams: TeamSummary[]; truncated: boolean }>;
}

/** An admin token as stored and listed (never its secret). */
export interface AdminTokenInfo {
  id: string;
  name: string;
  scopes: Scope[];
  /** team patterns: names, "web-*" prefixes, "*" */
  teams: string[];
  createdAt: string;
  /** absent: it does not expire */
  expiresAt?: string;
  /** its first characters, to recognise it; never enough to use it */
  prefix: string;
  /** the token that minted it */
  createdBy: { id: string; name: string };
}

export interface NewAdminToken {
  name: string;
  scopes: Scope[];
  teams: string[];
  expiresAt?: string;
  createdBy: { id: string; name: string };
}

/** Admin tokens (docs/roles.md), stored as sha256 hashes like hook tokens, under their own keys. */
export interface AdminTokenStore {
  lookup(tokenHash: string): Promise<AdminTokenInfo | null>;
  get(id: string): Promise<AdminTokenInfo | null>;
  create(token: NewAdminToken): Promise<{ token: string; info: AdminTokenInfo }>;
  list(): Promise<AdminTokenInfo[]>;
  /** Remove it; returns its hash (to clear caches) or null when there was no such token. */
  revoke(id: string): Promise<string | null>;
}

export const AUDIT_ACTIONS = [
  "policy.publish",
  "policy.rollback",
  "baseline.publish",
  "baseline.rollback",
  "token.create",
  "token.revoke",
  "admin-token.create",
  "admin-token.revoke",
  "policy.shadow",
  "policy.canary",
  "policy.promote",
  "policy.abort",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One change, as the audit trail keeps it: who (never a secret), what, and why when they said. */
export interface AuditEntry {
  id: string;
  time: string;
  actor: { id: string; name: string };
  /** the team changed; null for what is not one team's (the baseline, admin tokens) */
  team: string | null;
  action: AuditAction;
  revision?: number;
  digest?: string;
  /** the token minted or revoked */
  target?: string;
  message?: string;
  /** what else says what changed: a rollback's `from`, a minted token's name, scopes and teams */
  detail?: Record<string, unknown>;
}

export interface AuditQuery {
  /** only this team's entries */
  team?: string;
  /** only entries of teams these patterns name; absent: every entry, the org-wide ones too */
  visibleTeams?: readonly string[];
  action?: AuditAction;
  since?: string;
  limit: number;
}

/** Append-only: there is no method to change or delete an entry, and the table refuses it too. */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  query(q: AuditQuery): Promise<AuditEntry[]>;
}

/** One revision's decisions over a time: how many, how many denied or blocked. */
export interface RevisionRate {
  revision: number;
  decisions: number;
  denied: number;
  denyRate: number | null;
}

/** The shadow's agreement as the decision log's index holds it: verdict pairs counted, the disagreeing records. */
export interface ShadowTally {
  byVerdict: { answered: string; shadow: string; count: number }[];
  disagreements: DecisionRecord[];
  truncated: boolean;
}

/** The rollout's questions to the decision log (src/decisionLog/rolloutQueries.ts). */
export interface RolloutLog {
  shadowTally(team: string, revision: number, since: string): Promise<ShadowTally>;
  revisionRates(team: string, revisions: readonly number[], since: string): Promise<RevisionRate[]>;
}

/** Everything a request may touch outside itself. Tests build the app with the same factory and real bindings. */
export interface Services {
  policies: PolicyStore;
  tokens: TokenStore;
  adminTokens: AdminTokenStore;
  audit: AuditLog;
  teams: TeamDirectory;
  state: SessionState;
  decisions: DecisionLog;
  /** The shadow's agreement and the revisions' deny rates, from the decision log's index. */
  rolloutLog: RolloutLog;
  dedup: DedupStore;
  /**
   * The callouts of a policy's slow handlers (judges, forwards) for a request of `team`, and why any is unavailable
   * here. The team keys what the callouts remember (the verdict cache), so no team's answer comes from another's.
   */
  callouts(policy: CompiledPolicy, team: string): HandlerCallouts;
  now(): number;
}
