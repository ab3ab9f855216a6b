#!/usr/bin/env node
// The `hookgate` CLI: the same TypeScript engine the Worker runs. It runs the bundle `npm install` built
// (dist/cli/hookgate.mjs, scripts/build-cli.mjs) while that is current (bin/bundle.mjs), and the sources through
// tsx otherwise (an edit since, no bundle, or HOOKGATE_CLI_FROM_SOURCE=1): the same code either way, the bundle
// started in ~0.3 s rather than ~1 s.
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { currentBundle } from "./bundle.mjs";

// `hookgate decisions --follow | head`: once the reader is gone there is nothing left to do, and no stack trace.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw e;
});

const bundle = process.env.HOOKGATE_CLI_FROM_SOURCE === "1" ? undefined : currentBundle(join(dirname(fileURLToPath(import.meta.url)), ".."));
let main;
if (bundle) ({ main } = await import(pathToFileURL(bundle).href));
else {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("../src/cli/index.ts"));
}
process.exitCode = await main(process.argv.slice(2));
