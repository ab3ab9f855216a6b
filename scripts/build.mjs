#!/usr/bin/env node
// `npm run build`: bundle the Worker exactly as `wrangler deploy` would (--dry-run: no network, no account) and
// report the bundle size, so a change that breaks deployment fails CI.
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const out = "dist";
execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], { stdio: "inherit" });
// The CLI's bundle too (bin/hookgate.mjs runs it while it is current), so a build after an edit brings it up to date.
execFileSync(process.execPath, [fileURLToPath(new URL("build-cli.mjs", import.meta.url))], { stdio: "inherit" });
// The bundle is the entry wrangler wrote and the modules it imports (wasm, chunks), not whatever else is in dist/
// (the bench's own dist/bench.mjs, the no-op and floor Workers' folders, profiles).
const modules = new Set();
const visit = (name) => {
  if (modules.has(name)) return;
  modules.add(name);
  const text = readFileSync(join(out, name), "utf8");
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']\.\/([^"']+)["']/g))
    if (/\.(m?js)$/.test(m[1])) visit(m[1]);
    else modules.add(m[1]);
};
visit("index.js");
let raw = 0;
let gz = 0;
for (const name of modules) {
  const path = join(out, name);
  raw += statSync(path).size;
  gz += gzipSync(readFileSync(path)).length;
}
const limit = 3 * 1024 * 1024; // the Workers free plan's compressed size limit
console.log(`worker bundle (${[...modules].join(", ")}): ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped (limit ${limit / 1024 / 1024} MiB)`);
if (gz > limit) {
  console.error("the bundle is over the Workers size limit");
  process.exit(1);
}
