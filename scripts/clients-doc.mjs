#!/usr/bin/env node
// `npm run docs`: regenerate docs/clients.md from the client profiles (src/clients/index.ts). `--check` only reports
// whether it is up to date. Runs under tsx (a devDependency), which loads the TypeScript profiles.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CLIENT_PROFILES } from "../src/clients/index.ts";
import { renderClientsDoc } from "../src/clients/clientsDoc.ts";

const file = join(dirname(fileURLToPath(import.meta.url)), "..", "docs", "clients.md");
let doc = "";
try {
  doc = readFileSync(file, "utf8");
} catch {
  // not written yet
}
const next = renderClientsDoc(CLIENT_PROFILES);
if (process.argv.includes("--check")) {
  if (next !== doc) {
    console.error("docs/clients.md is out of date: run `npm run docs`");
    process.exit(1);
  }
  console.log("docs/clients.md is up to date");
} else if (next !== doc) {
  writeFileSync(file, next);
  console.log("docs/clients.md: regenerated");
} else {
  console.log("docs/clients.md: already up to date");
}
