import type { ContentfulStatusCode } from "hono/utils/http-status";
import { maskTexts } from "../engine/secrets/maskCut";
import type { GateRefusal } from "../gate/gate";

/** The closed set of error codes hookgate answers with; each has one HTTP status. */
export const ERROR_STATUS = {
  unauthorized: 401,
  admin_disabled: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  invalid_json: 400,
  invalid_input: 400,
  event_mismatch: 400,
  unknown_event: 400,
  policy_invalid: 400,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal: 500,
} as const satisfies Record<string, ContentfulStatusCode>;
type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The only error the HTTP layer throws. `message` is public; `detail` is for the log and never leaves the Worker.
 * `problems` carries the list of policy/input problems a caller needs to fix.
 */
export class HookgateError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { detail?: string; problems?: { path: string; message: string }[] } = {},
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; requestId: string; problems?: { path: string; message: string }[] };
}

/**
 * The one way an error leaves: its message and problems masked like a log line (maskCut.ts), because they quote
 * what the caller sent — a hook input's `hook_event_name`, an unknown key, a policy's pattern, a path — and what a
 * caller sent may be a token. One pass over every string of the envelope.
 */
export function envelope(e: HookgateError, requestId: string): ErrorEnvelope {
  const problems = e.options.problems ?? [];
  const [message, ...rest] = maskTexts([e.message, ...problems.flatMap((p) => [p.path, p.message])]);
  const body: ErrorEnvelope = { error: { code: e.code, message: message!, requestId } };
  if (e.options.problems) body.error.problems = problems.map((_, i) => ({ path: rest[2 * i]!, message: rest[2 * i + 1]! }));
  return body;
}

/** A refusal of the Gate as the one error envelope: 400 with the problems, the route named where it helps. */
export function refusal(r: GateRefusal, prefix = ""): HookgateError {
  const problems = r.problems?.map((p) => ({ path: prefix ? `${prefix}.${p.path}` : p.path, message: p.message }));
  return new HookgateError(r.code, r.message, problems ? { problems } : {});
}
