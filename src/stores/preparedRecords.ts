import type { PreparedPolicy } from "../engine/policy/preparedForm";
import type { PolicyRecord } from "../services";

/*
 * A revision's prepared form (engine/policy/preparedForm.ts) is stored in the same KV value as its record (one read
 * on a cold isolate, written with it), under `prepared`, but it is not part of the record anyone is answered with:
 * the store takes it out of what it read and keeps it beside the record object here, for the policy cache alone.
 */

/** Module scope: keyed by the record object, so it lives exactly as long as the record a cache holds. */
const preparedByRecord = new WeakMap<PolicyRecord, PreparedPolicy>();

/** What is stored under a revision's and the `current` pointer's keys: the record and, if any, its prepared form. */
export type StoredPolicyRecord = PolicyRecord & { prepared?: PreparedPolicy };

/** The stored value of a record: the record with its prepared form. */
export function storedRecord(record: PolicyRecord, prepared: PreparedPolicy | undefined): StoredPolicyRecord {
  return prepared ? { ...record, prepared } : record;
}

/** A stored value read back: the record as answered (no `prepared` field), its prepared form kept beside it. */
export function recordOf(stored: StoredPolicyRecord): PolicyRecord;
export function recordOf(stored: StoredPolicyRecord | null): PolicyRecord | null;
export function recordOf(stored: StoredPolicyRecord | null): PolicyRecord | null {
  if (stored === null || stored.prepared === undefined) return stored;
  const { prepared, ...record } = stored;
  preparedByRecord.set(record, prepared);
  return record;
}

/** The prepared form stored with this record, when it was read from a value that had one. */
export function preparedOf(record: PolicyRecord): PreparedPolicy | undefined {
  return preparedByRecord.get(record);
}
