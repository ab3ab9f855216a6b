#!/usr/bin/env node
// The CLI bundled ahead of time (`npm install`'s postinstall and `npm run build` run this): bin/hookgate.mjs loads
// dist/cli/hookgate.mjs when it was built from exactly the sources on disk, and the TypeScript through tsx otherwise.
// tsx transforms every module of the CLI on each start (~1 s on a quiet 2-core machine, 3–4 s under load); the
// bundle starts in ~0.3 s. Beside it, dist/cli/inputs.json lists each source file bundled with its size and mtime:
// any difference (an edit, a checkout, a file restored with an older time) and the binary runs the sources instead,
// so a stale bundle is never what runs.
import { build } from "esbuild";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Two folders below the root, as src/cli/*.ts are: src/cli/main.ts reads `../../package.json` from import.meta.url.
// `--out DIR` writes DIR/dist/cli instead (the test's copy; DIR needs the package.json and node_modules).
const out = process.argv.indexOf("--out");
const outDir = join(out > 0 ? process.argv[out + 1] : root, "dist", "cli");
mkdirSync(outDir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: [join(root, "src", "cli", "index.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile: join(outDir, "hookgate.mjs"),
  // Packages stay where npm put them (node_modules), as under tsx.
  packages: "external",
  metafile: true,
  logLevel: "warning",
});
const inputs = Object.keys(result.metafile.inputs)
  .filter((p) => !p.startsWith("node_modules/"))
  .sort()
  .map((path) => {
    const s = statSync(join(root, path));
    return { path, size: s.size, mtimeMs: s.mtimeMs };
  });
writeFileSync(join(outDir, "inputs.json"), `${JSON.stringify({ inputs })}\n`);
