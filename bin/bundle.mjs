// Which code the `hookgate` binary runs: the bundle scripts/build-cli.mjs wrote, only while it is current.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * The CLI bundle under `root` (dist/cli/hookgate.mjs), if every source file it was built from is still the one on
 * disk: the same size and mtime as dist/cli/inputs.json recorded at its build. Anything else (an edit, a checkout,
 * a file restored with an older time, a file gone, no bundle): undefined, and the binary runs the sources.
 */
export function currentBundle(root) {
  const bundle = join(root, "dist", "cli", "hookgate.mjs");
  try {
    const { inputs } = JSON.parse(readFileSync(join(root, "dist", "cli", "inputs.json"), "utf8"));
    if (!Array.isArray(inputs) || inputs.length === 0) return undefined;
    for (const { path, size, mtimeMs } of inputs) {
      const s = statSync(join(root, path));
      if (s.size !== size || s.mtimeMs !== mtimeMs) return undefined;
    }
    statSync(bundle);
    return bundle;
  } catch {
    return undefined;
  }
}
