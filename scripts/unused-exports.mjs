#!/usr/bin/env node
/**
 * Exports of src/ that no other file names: `node scripts/unused-exports.mjs` lists each `export`ed declaration
 * of a module under src/ whose name appears in no other source file (src, test, bench, scripts, bin). Such an
 * export is either dead or needs no `export`. A name that only another module's text happens to share is not
 * listed, so the list is a lower bound.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const files = [];
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = join(d, n);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx|mjs)$/.test(n)) files.push(p);
  }
};
for (const d of ["src", "handlers", "test", "bench", "scripts", "bin"]) walk(d);
const text = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));
const DECL = /^export\s+(?:declare\s+)?(?:async\s+)?(?:abstract\s+)?(?:const|let|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
let count = 0;
for (const [file, source] of text) {
  if (!file.startsWith("src/")) continue;
  for (const m of source.matchAll(DECL)) {
    const name = m[1];
    const word = new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`);
    const elsewhere = [...text].some(([f, t]) => f !== file && word.test(t));
    if (elsewhere) continue;
    const usedHere = source.split(word).length - 1 > 1;
    console.log(`${relative(".", file)}: ${name}${usedHere ? "" : " (unused even here)"}`);
    count++;
  }
}
console.log(`${count} export(s) no other file names`);
