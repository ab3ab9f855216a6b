/*
 * The command bridge, for a client with command hooks only (Cursor): one POSIX sh line with curl (nothing else, no
 * jq) that posts the hook's stdin to its hookgate route with the team token from the environment and prints the
 * answer on stdout. What differs between clients is data (BridgeConventions), not a second bridge: the exit status
 * that blocks, what to print when hookgate cannot answer and the policy fails closed, and the budget.
 */

/** One client's conventions for a command hook, as its bridge must keep them. */
export interface BridgeConventions {
  /** The exit status the client takes as "block" (Cursor, Codex: 2). */
  readonly blockExit: number;
  /** The exit status of a failure that must not block (the client logs it and goes on). */
  readonly openExit: number;
}

interface BridgeRequest {
  /** The hook route's URL (a plain URL: serviceUrl checked it). */
  url: string;
  /** The variable holding the team token on the developer's machine. */
  envVar: string;
  /** curl's own budget, seconds: just under the client's. */
  timeoutSec: number;
  /**
   * When hookgate cannot be asked or answers with an error: the client's blocking answer for the event, printed on
   * stdout beside the blocking exit status (so a client reading either blocks), or undefined to fail open.
   */
  closedAnswer?: Record<string, unknown>;
}

/** One POSIX shell word: the URL and the answer go into a command line, and a `'` in them must not end the quoting. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

const STATUS_MARK = " HOOKGATE_HTTP_STATUS:";

/**
 * The bridge's command line. On a 2xx it prints hookgate's answer and exits 0. Otherwise (the token missing,
 * hookgate unreachable, an error status) the reason goes to stderr and, when the event fails closed, the client's
 * blocking answer to stdout with its blocking exit status; when it fails open, nothing on stdout and the
 * non-blocking status.
 */
export function commandBridge(conventions: BridgeConventions, request: BridgeRequest): string {
  const { url, envVar, timeoutSec, closedAnswer } = request;
  const target = shellQuote(url);
  const fail = closedAnswer
    ? `{ printf '%s\\n' ${shellQuote(JSON.stringify(closedAnswer))}; exit ${conventions.blockExit}; }`
    : `exit ${conventions.openExit}`;
  return [
    `[ -n "$${envVar}" ] || { echo 'hookgate: ${envVar} is not set, so hookgate cannot be asked' >&2; ${fail}; }`,
    `r=$(curl -sS --max-time ${timeoutSec} -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $${envVar}" --data-binary @- -w '${STATUS_MARK}%{http_code}' ${target}) || { echo 'hookgate: could not reach '${target} >&2; ${fail}; }`,
    `s=\${r##*${STATUS_MARK}}`,
    `b=\${r%${STATUS_MARK}*}`,
    `case $s in 2??) printf '%s\\n' "$b" ;; *) printf 'hookgate: HTTP %s: %.500s\\n' "$s" "$b" >&2; ${fail} ;; esac`,
  ].join("; ");
}

/** The URL a command hook asks, if the command is a bridge this module wrote (settings --merge replaces it). */
export function commandBridgeTarget(command: string): string | undefined {
  return new RegExp(`^\\[ -n "\\$[A-Z_][A-Z0-9_]*" \\].* --data-binary @- -w '${STATUS_MARK}%\\{http_code\\}' '([^']*)'\\) \\|\\| `).exec(command)?.[1];
}
