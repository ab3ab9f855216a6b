import { decisionIdAt } from "../gate/decisionId";
import { maskText } from "../engine/secrets/maskCut";
import { errorText, log } from "../log";
import type { AuditEntry } from "../services";
import { AUDIT_MESSAGE_MAX } from "./adminSchemas";
import type { AppContext } from "./context";
import { HookgateError } from "./errors";

/**
 * Why a change was made, as the caller said it: a rollback body's `message`, else `?message=` (UTF-8, URL-encoded:
 * what the CLI sends), else the `Hookgate-Message` header (a header value is bytes, so ASCII there).
 */
export function messageOf(c: AppContext, fromBody?: string): string | undefined {
  const given = fromBody ?? c.req.query("message") ?? c.req.header("hookgate-message");
  if (given === undefined || given === "") return undefined;
  if (given.length > AUDIT_MESSAGE_MAX) throw new HookgateError("invalid_input", `the message is longer than ${AUDIT_MESSAGE_MAX} characters`);
  return given;
}

export type Change = Omit<AuditEntry, "id" | "time" | "actor">;

/**
 * The one audit entry of a change, made after the change is done and before it is answered. The trail is D1 and the
 * change is KV, so the two cannot commit together: should the entry fail to be written, the change stands (it is
 * what the caller asked for, and undoing it could fail too), the entry is written to the log in full (it holds no
 * secret) and the answer says so in a `Hookgate-Warning` header.
 */
export async function recordChange(c: AppContext, change: Change, message?: string): Promise<void> {
  const { services, caller } = c.var;
  const now = services.now();
  // What a person wrote (the message, a token's name) is masked like a log line before it is kept: the trail is
  // append-only, so a token pasted into `--message "rotated hg_…"` could never be taken out again.
  const detail = change.detail && Object.fromEntries(Object.entries(change.detail).map(([k, v]) => [k, typeof v === "string" ? maskText(v) : v]));
  const entry: AuditEntry = {
    id: decisionIdAt(now),
    time: new Date(now).toISOString(),
    actor: { id: caller.id, name: caller.name },
    ...change,
    ...(detail ? { detail } : {}),
    ...(message !== undefined ? { message: maskText(message) } : {}),
  };
  try {
    await services.audit.append(entry);
  } catch (e) {
    log("error", { msg: "audit entry not written", entry: JSON.stringify(entry), error: errorText(e) });
    c.header("Hookgate-Warning", `the change was made but its audit entry could not be written (request ${c.var.requestId}); it is in the service's log`, { append: true });
  }
}
