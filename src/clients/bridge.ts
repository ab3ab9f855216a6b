/*
 * The command bridge: for an event a client only runs command hooks for (Claude Code's SessionStart and Setup, every
 * Cursor and Codex hook), one command that posts the hook's stdin to its hookgate route with the team token from
 * the environment and prints the answer on stdout. What differs between clients is data (BridgeConventions), not a
 * second bridge: what runs it, the exit status that blocks and the one that does not, and per request whether an
 * unanswerable call fails closed (with the client's blocking answer, when it reads one on stdout) and the budget.
 *
 * Every form behaves alike: the token missing, hookgate unreachable or an error status → the reason on stderr (an
 * error envelope's message, not its JSON) and nothing on stdout but the blocking answer, then the blocking exit
 * status when failing closed, the non-blocking one when failing open. On a 2xx: hookgate's answer, exit 0.
 */

/** One client's conventions for a command hook, as its bridge must keep them. */
export interface BridgeConventions {
  /**
   * What runs the bridge: `sh`, one POSIX sh line with curl and sed (nothing else, no jq: Claude Code, Cursor), or
   * `node`, a `node -e` program (Codex is an npm package, so node is there, on Windows too).
   */
  readonly runtime: "sh" | "node";
  /** The exit status the client takes as "block" (Cursor, Codex: 2). */
  readonly blockExit: number;
  /** The exit status of a failure that must not block (the client shows it and goes on). */
  readonly openExit: number;
}

interface BridgeRequest {
  /** The hook route's URL (a plain URL: serviceUrl checked it). */
  url: string;
  /** The variable holding the team token on the developer's machine. */
  envVar: string;
  /** The bridge's own HTTP budget, seconds: under the client's for the hook, so the client never kills it first. */
  timeoutSec: number;
  /**
   * Set when an unanswerable call must block: the bridge exits with the blocking status, printing `answer` on
   * stdout first when given (the client's blocking answer for the event, so a client reading either blocks).
   * Absent: it fails open.
   */
  closed?: { answer?: Record<string, unknown> };
}

/** One POSIX shell word: the URL and the answer go into a command line, and a `'` in them must not end the quoting. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

const STATUS_MARK = " HOOKGATE_HTTP_STATUS:";

function shBridge(conventions: BridgeConventions, request: BridgeRequest): string {
  const { url, envVar, timeoutSec, closed } = request;
  const target = shellQuote(url);
  const fail = !closed
    ? `exit ${conventions.openExit}`
    : closed.answer
      ? `{ printf '%s\\n' ${shellQuote(JSON.stringify(closed.answer))}; exit ${conventions.blockExit}; }`
      : `exit ${conventions.blockExit}`;
  // The message of {"error":{"message":"…"}} with its \" escapes undone; a body that is not the envelope is shown cut.
  // curl's own --fail-with-body would need curl 7.76; the status is read from `-w` instead, which every curl has.
  const message = `sed -n -E 's/.*"message":"(([^"\\\\]|\\\\.)*)".*/\\1/p' | sed 's/\\\\"/"/g'`;
  return [
    `[ -n "$${envVar}" ] || { echo 'hookgate: ${envVar} is not set, so hookgate cannot be asked' >&2; ${fail}; }`,
    `r=$(curl -sS --max-time ${timeoutSec} -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $${envVar}" --data-binary @- -w '${STATUS_MARK}%{http_code}' ${target}) || { echo 'hookgate: could not reach '${target} >&2; ${fail}; }`,
    `s=\${r##*${STATUS_MARK}}`,
    `b=\${r%${STATUS_MARK}*}`,
    `case $s in 2??) printf '%s\\n' "$b" ;; *) m=$(printf '%s' "$b" | ${message}); printf 'hookgate: HTTP %s: %.500s\\n' "$s" "\${m:-$b}" >&2; ${fail} ;; esac`,
  ].join("; ");
}

/** The node program, run as `node -e <program> <url> <envVar> <1 failing closed | 0 failing open>`. */
const nodeProgram = (conventions: BridgeConventions, timeoutSec: number) =>
  [
    `const [url, envVar, closed] = process.argv.slice(1);`,
    `const fail = (m) => { process.stderr.write("hookgate: " + m + (closed === "1" ? " (failing closed)" : "") + "\\n"); process.exit(closed === "1" ? ${conventions.blockExit} : ${conventions.openExit}); };`,
    `const token = process.env[envVar];`,
    `if (!token) fail(envVar + " is not set, so hookgate cannot be asked");`,
    `const chunks = []; process.stdin.on("data", (c) => chunks.push(c)); process.stdin.on("end", async () => {`,
    `  try {`,
    `    const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer " + token }, body: Buffer.concat(chunks), signal: AbortSignal.timeout(${timeoutSec * 1000}) });`,
    `    const body = await r.text();`,
    `    if (!r.ok) { let m = body; try { m = JSON.parse(body).error.message; } catch {} fail("HTTP " + r.status + ": " + String(m).slice(0, 500)); }`,
    `    process.stdout.write(body + "\\n");`,
    `  } catch (e) { fail("could not reach " + url + ": " + (e && e.message ? e.message : e)); }`,
    `});`,
  ].join("\n");

function nodeBridge(conventions: BridgeConventions, request: BridgeRequest): string {
  // The only node client (Codex) blocks on the exit status with the reason on stderr; it reads no blocking answer.
  if (request.closed?.answer) throw new Error("the node bridge prints no blocking answer: fail closed by its exit status");
  return `node -e ${shellQuote(nodeProgram(conventions, request.timeoutSec))} ${shellQuote(request.url)} ${request.envVar} ${request.closed ? "1" : "0"}`;
}

/** The bridge's command line for one hook (see above). */
export function commandBridge(conventions: BridgeConventions, request: BridgeRequest): string {
  return conventions.runtime === "node" ? nodeBridge(conventions, request) : shBridge(conventions, request);
}

/**
 * The URL a command hook asks, if the command is a bridge hookgate wrote: either form of this version's, or the
 * bare curl line earlier versions wrote for Claude Code (so `settings --merge` replaces an old bridge rather than
 * keeping it beside the new one). Undefined for any other command. The URL is a plain one (serviceUrl), so its
 * quoting is the simple '…'.
 */
const BRIDGES: readonly RegExp[] = [
  new RegExp(`^\\[ -n "\\$[A-Z_][A-Z0-9_]*" \\].* --data-binary @- -w '${STATUS_MARK}%\\{http_code\\}' '([^']*)'\\) \\|\\| `),
  /^node -e '.*hookgate: .*' '([^']*)' [A-Z_][A-Z0-9_]* [01]$/s,
  /^curl -sS .*--data-binary @- '([^']*)'$/,
];

export function bridgeTarget(command: string): string | undefined {
  for (const re of BRIDGES) {
    const m = re.exec(command);
    if (m) return m[1];
  }
  return undefined;
}
