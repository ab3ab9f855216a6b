// The import graph of src/ is a tree of layers: no module imports, through any chain, a module that imports it
// (type-only imports count too). scripts/import-cycles.mjs finds the cycles; this keeps the check running.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations
import { importCycles, importGraph } from "../../scripts/import-cycles.mjs";

type Graph = Map<string, Set<string>>;
const cyclesIn = (root: string): string[][] =>
  (importCycles(importGraph(root) as Graph) as string[][]).map((c) => c.map((f) => relative(root, f)));

describe("import cycles", () => {
  it("src/ has none", () => {
    expect(cyclesIn("src")).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), "hookgate-cycles-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a cycle through type-only imports and folders is found", () => {
    mkdirSync(join(dir, "a"));
    writeFileSync(join(dir, "a", "one.ts"), 'import type { Two } from "../b/two";\nexport type One = Two;\n');
    mkdirSync(join(dir, "b"));
    writeFileSync(join(dir, "b", "two.ts"), 'import { three } from "./three";\nexport type Two = string;\nvoid three;\n');
    writeFileSync(join(dir, "b", "three.ts"), 'export { one } from "../a/one";\nexport const three = 3;\n');
    writeFileSync(join(dir, "leaf.ts"), 'import { three } from "./b/three";\n// import { x } from "./leaf";\nvoid three;\n');
    expect(cyclesIn(dir)).toEqual([["a/one.ts", "b/three.ts", "b/two.ts"]]);
  });
});
