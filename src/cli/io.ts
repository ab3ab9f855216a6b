import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

/**
 * Everything a command touches outside itself, so a test can run a command in process with its own streams,
 * files, network and clock. The binary uses nodeIo().
 */
export interface Io {
  /** One line (or block) to stdout; a newline is added. */
  out: (s: string) => void;
  /** One line (or block) to stderr; a newline is added. */
  err: (s: string) => void;
  /** A file's text; "-" is stdin. */
  readFile: (path: string) => string;
  fetch: typeof fetch;
  env: Record<string, string | undefined>;
  /** Replace (or create, with its directories) a file so a reader sees the old text or the new, never half. */
  writeFileAtomic?: (path: string, text: string) => void;
  /** Whether a file exists (settings --merge creates one that does not). */
  exists?: (path: string) => boolean;
  /**
   * A signal aborted when the user interrupts (Ctrl-C, SIGTERM): `decisions --follow` stops polling and exits 0.
   * Asked for only by a command that runs until interrupted, so every other command keeps Node's default Ctrl-C.
   */
  untilInterrupted?: () => AbortSignal;
}

/** Writes beside the target (same filesystem, so the rename is atomic), keeping the file's mode; follows a symlink. */
export function writeFileAtomic(path: string, text: string): void {
  let target = path;
  let mode = 0o644;
  try {
    target = realpathSync(path);
    mode = statSync(target).mode & 0o777;
  } catch {
    mkdirSync(dirname(path), { recursive: true });
  }
  const tmp = join(dirname(target), `.${randomBytes(6).toString("hex")}.hookgate.tmp`);
  try {
    writeFileSync(tmp, text, { mode, flush: true });
    renameSync(tmp, target);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

const exists = (path: string) => {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
};

/** The real process: stdout, stderr, the filesystem, fetch, the environment and Ctrl-C. */
export function nodeIo(): Io {
  return {
    out: (s) => process.stdout.write(`${s}\n`),
    err: (s) => process.stderr.write(`${s}\n`),
    readFile: (p) => (p === "-" ? readFileSync(0, "utf8") : readFileSync(p, "utf8")),
    fetch: (...a) => fetch(...a),
    env: process.env,
    writeFileAtomic,
    exists,
    untilInterrupted: () => {
      const interrupt = new AbortController();
      for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => interrupt.abort());
      return interrupt.signal;
    },
  };
}

/** The optional parts of an Io, filled in with the real ones (tests pass only what they capture). */
export function fullIo(io: Io): Required<Io> {
  return { writeFileAtomic, exists, untilInterrupted: () => new AbortController().signal, ...io };
}
