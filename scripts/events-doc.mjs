#!/usr/bin/env node
// `npm run docs`: regenerate the events table of docs/events.md (between <!-- events:begin --> and
// <!-- events:end -->) from handlers/claude-code/ (through src/clients/claude-code/events.ts). `--check` only reports whether it is up to date.
// Runs under tsx (a devDependency), which loads the TypeScript table.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderEventsTable, spliceEventsSection } from "../src/clients/claude-code/eventsDoc.ts";

const file = join(dirname(fileURLToPath(import.meta.url)), "..", "docs", "events.md");
const doc = readFileSync(file, "utf8");
const next = spliceEventsSection(doc, renderEventsTable());
if (process.argv.includes("--check")) {
  if (next !== doc) {
    console.error("docs/events.md is out of date: run `npm run docs`");
    process.exit(1);
  }
  console.log("docs/events.md is up to date");
} else if (next !== doc) {
  writeFileSync(file, next);
  console.log("docs/events.md: events table regenerated");
} else {
  console.log("docs/events.md: already up to date");
}
