/** The command line is wrong (exit 2). `helpFor` names the command whose help the message points to. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly helpFor?: string,
  ) {
    super(message);
  }
}

/** The service cannot be talked to: refused, timed out, or not hookgate at that URL (exit 2). */
export class ServiceUnreachable extends Error {}

/**
 * A file the CLI reads cannot be read (exit 2: the command line names something that is not there), or it can and
 * is not what it should be — not JSON, not an object (`problem`, exit 1: problems found in it, as `check` reports).
 */
export class FileError extends Error {
  constructor(
    message: string,
    readonly problem = false,
  ) {
    super(message);
  }
}

export interface ServerProblem {
  path: string;
  message: string;
}

/** The service answered with an error envelope (exit 1): `{error: {code, message, requestId, problems?}}`. */
export class ServerRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    readonly requestId: string | undefined,
    readonly problems: ServerProblem[],
  ) {
    super(message);
  }
}

/** Edit distance, for "did you mean": short names, so the plain O(n·m) table is plenty. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length]!;
}

/** ` (did you mean "x"?)` for the closest candidate within reach, else "". */
export function didYouMean(given: string, candidates: readonly string[], quote = (s: string) => `"${s}"`): string {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = c.startsWith(given) || given.startsWith(c) ? Math.min(1, distance(given, c)) : distance(given, c);
    if (d < bestDistance) (best = c), (bestDistance = d);
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(given.length / 3)) ? ` (did you mean ${quote(best)}?)` : "";
}
