#!/usr/bin/env node
// The fingerprint of the code a policy's stored index hints depend on (src/engine/policy/storedHints.ts): every file
// under src/engine and src/clients, by path and content, and the runtime dependencies' versions. `node scripts/engine-digest.mjs` prints it; `--write` puts
// it in src/engine/policy/engineDigest.ts (test/layout/engineDigest.node.test.ts fails until the two agree, so a
// change to the engine's code retires every stored hint at once: they are recomputed from the documents as before).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
export const DIGEST_FILE = join(root, "src", "engine", "policy", "engineDigest.ts");

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** sha256 over each file's path and content, sorted by path, the digest file itself left out; first 16 hex. */
export function engineDigest() {
  const hash = createHash("sha256");
  const all = [...files(join(root, "src", "engine")), ...files(join(root, "src", "clients"))]
    .filter((f) => f !== DIGEST_FILE)
    .map((f) => relative(root, f).split("\\").join("/"))
    .sort();
  for (const path of all) hash.update(`${path}\0${readFileSync(join(root, path), "utf8").replace(/\r\n/g, "\n")}\0`);
  // The libraries the engine runs on (the shell parser among them), pinned exactly in package.json.
  hash.update(JSON.stringify(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).dependencies));
  return hash.digest("hex").slice(0, 16);
}

export const digestSource = (digest) =>
  `/**\n * The fingerprint of the engine's and the clients' code (scripts/engine-digest.mjs; \`npm run engine-digest\` updates\n * it): a policy's index hints stored at publish are used only by the code that computed them (storedHints.ts).\n */\nexport const ENGINE_DIGEST = "${digest}";\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const digest = engineDigest();
  if (process.argv.includes("--write")) writeFileSync(DIGEST_FILE, digestSource(digest));
  console.log(digest);
}
