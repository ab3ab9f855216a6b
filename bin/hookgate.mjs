#!/usr/bin/env node
// The `hookgate` CLI: the same TypeScript engine the Worker runs, loaded through tsx.
import { register } from "tsx/esm/api";

// `hookgate decisions --follow | head`: once the reader is gone there is nothing left to do, and no stack trace.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});
register();
const { main } = await import("../src/cli/index.ts");
process.exitCode = await main(process.argv.slice(2));
