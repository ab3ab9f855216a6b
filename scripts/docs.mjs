#!/usr/bin/env node
// `npm run docs`: regenerate the generated docs: the events table of docs/events.md (between <!-- events:begin -->
// and <!-- events:end -->, from handlers/claude-code/ through src/clients/claude-code/events.ts), the whole of
// docs/clients.md (from the client profiles, src/clients/index.ts), the whole of docs/starter.md (from
// policies/default.json) and docs/policy.md's "wrappers stripped" row (from src/engine/shell/commands/wrappers.ts).
// `--check` only reports whether they are up to date (exit 1 if not). Runs under tsx (a devDependency), which loads
// the TypeScript tables.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderEventsTable, spliceEventsSection } from "../src/clients/claude-code/eventsDoc.ts";
import { renderClientsDoc } from "../src/clients/clientsDoc.ts";
import { CLIENT_PROFILES } from "../src/clients/index.ts";
import { renderStarterDoc } from "../src/docs/starterDoc.ts";
import { spliceWrappersRow } from "../src/docs/wrappersDoc.ts";

/** Each generated doc: its file, and its new text from the current one ("" when it is not written yet). */
const GENERATED = [
  { name: "events.md", what: "events table", render: (doc) => spliceEventsSection(doc, renderEventsTable()), mustExist: true },
  { name: "clients.md", what: "", render: () => renderClientsDoc(CLIENT_PROFILES), mustExist: false },
  { name: "starter.md", what: "", render: () => renderStarterDoc(), mustExist: false },
  { name: "policy.md", what: "wrappers row", render: (doc) => spliceWrappersRow(doc), mustExist: true },
];

const docsDir = join(dirname(fileURLToPath(import.meta.url)), "..", "docs");
const check = process.argv.includes("--check");
let stale = false;
for (const { name, what, render, mustExist } of GENERATED) {
  const file = join(docsDir, name);
  let doc = "";
  try {
    doc = readFileSync(file, "utf8");
  } catch (e) {
    if (mustExist) throw e; // the hand-written part around the generated section
  }
  const next = render(doc);
  if (check) {
    if (next !== doc) {
      console.error(`docs/${name} is out of date: run \`npm run docs\``);
      stale = true;
    } else console.log(`docs/${name} is up to date`);
  } else if (next !== doc) {
    writeFileSync(file, next);
    console.log(`docs/${name}: ${what ? `${what} ` : ""}regenerated`);
  } else console.log(`docs/${name}: already up to date`);
}
if (stale) process.exit(1);
