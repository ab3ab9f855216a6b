#!/usr/bin/env node
// `npm run build`: bundle the Worker exactly as `wrangler deploy` would (--dry-run: no network, no account) and
// report the bundle size, so a change that breaks deployment fails CI.
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const out = "dist";
execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", out], { stdio: "inherit" });
let raw = 0;
let gz = 0;
for (const name of readdirSync(out)) {
  const path = join(out, name);
  if (!statSync(path).isFile() || !/\.(m?js|wasm)$/.test(name)) continue;
  raw += statSync(path).size;
  gz += gzipSync(readFileSync(path)).length;
}
const limit = 3 * 1024 * 1024; // the Workers free plan's compressed size limit
console.log(`worker bundle: ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped (limit ${limit / 1024 / 1024} MiB)`);
if (gz > limit) {
  console.error("the bundle is over the Workers size limit");
  process.exit(1);
}
