// Running the CLI in tests: in process through main(argv, io) (fast, for loops over every command) and through the
// real binary (runBin in ../support/localService.ts) for what a user types.
import { readFileSync } from "node:fs";
import { main, type Io } from "../../src/cli";

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** main() with captured output; files from disk ("-" reads `stdin`), fetch and env injectable. */
export async function cli(
  argv: string[],
  opts: { env?: Record<string, string | undefined>; fetch?: typeof fetch; stdin?: string; untilInterrupted?: () => AbortSignal } = {},
): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    readFile: (p) => (p === "-" ? (opts.stdin ?? "") : readFileSync(p, "utf8")),
    fetch: opts.fetch ?? ((...a) => fetch(...a)),
    env: opts.env ?? {},
    ...(opts.untilInterrupted ? { untilInterrupted: opts.untilInterrupted } : {}),
  };
  const code = await main(argv, io);
  return { code, out: out.join("\n"), err: err.join("\n") };
}
