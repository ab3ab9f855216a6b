#!/usr/bin/env node
// `npm run bench`: build the Worker as `npm run build` does (wrangler deploy --dry-run --outdir dist) and the no-op
// and floor Workers the same way (dist/noop, dist/floor), bundle bench/run.ts with esbuild as wrangler bundles the
// Worker (no loader in the way; miniflare and wrangler stay packages), then run it. Arguments go to bench/run.ts (`engine`, `workerd`, `replay`).
import { build } from "esbuild";
import { execFileSync, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const only = process.argv[2];
if (only !== "engine" && only !== "replay") {
  execFileSync(process.execPath, [join(root, "scripts", "build.mjs")], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  for (const worker of ["noop", "floor"])
    execFileSync("npx", ["wrangler", "deploy", "--dry-run", "-c", join(root, "bench", worker, "wrangler.toml"), "--outdir", join(root, "dist", worker)], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
}
const outfile = join(root, "dist", "bench.mjs");
await build({
  entryPoints: [join(root, "bench", "run.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile,
  logLevel: "warning",
  external: ["miniflare", "wrangler"],
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  define: { "import.meta.dirname": JSON.stringify(join(root, "bench")) },
});
// The profiler talks to workerd's inspector over WebSocket, global in Node 22, behind a flag in Node 20.
const flags = typeof WebSocket === "undefined" ? ["--experimental-websocket"] : [];
const r = spawnSync(process.execPath, [...flags, outfile, ...process.argv.slice(2)], { stdio: "inherit", cwd: root });
process.exit(r.status ?? 1);
