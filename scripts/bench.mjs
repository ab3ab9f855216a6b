#!/usr/bin/env node
// `npm run bench`: bundle bench/run.ts with esbuild, as wrangler bundles the Worker (no loader in the way), then run it.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outfile = join(root, "dist", "bench.mjs");
await build({
  entryPoints: [join(root, "bench", "run.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile,
  logLevel: "warning",
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  define: { "import.meta.dirname": JSON.stringify(join(root, "bench")) },
});
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
