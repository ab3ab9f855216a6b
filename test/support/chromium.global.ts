// Vitest global setup of the Node suite: what the test files share, made ready once before they run side by side.
// - The browser tests' Chromium, unpacked (why: test/support/chromium.ts).
// - The pinned agent CLIs in e2e/node_modules (npm install's postinstall puts them there): on a fresh install, CI's
//   first run found `.bin/claude` missing for the first files to start and present for later ones. Waiting here until
//   each is in place (bounded) means no file starts against a half-placed client; a client still missing after the
//   bound fails its own files' checks, with the reason, as before.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { unpackChromium } from "./chromium";

const E2E_BIN = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../e2e/node_modules");
const CLIENTS = [".bin/claude", ".bin/codex", "@github/copilot-linux-x64/copilot"].map((p) => resolve(E2E_BIN, p));
const CLIENT_WAIT_MS = 120_000;

async function clientsInPlace(): Promise<void> {
  const until = Date.now() + CLIENT_WAIT_MS;
  while (!CLIENTS.every((p) => existsSync(p)) && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
}

export default async function setup(): Promise<void> {
  await Promise.all([unpackChromium(), clientsInPlace()]);
}
