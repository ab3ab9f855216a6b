// docs/policy.md's "wrappers stripped" row is rendered from the wrapper table (scripts/docs.mjs, `npm run docs`):
// the committed row must be what the table renders now, naming every wrapper, so the doc never lists one hookgate
// does not strip nor leaves out one it does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WRAPPERS } from "../../src/engine/shell/commands/wrappers";
import { renderWrappersRow, spliceWrappersRow, WRAPPERS_ROW } from "../../src/docs/wrappersDoc";
import { ROOT } from "../support/localService";

const committed = readFileSync(join(ROOT, "docs/policy.md"), "utf8");

describe("docs/policy.md's wrappers row", () => {
  it("is what the wrapper table renders (out of date? run `npm run docs`)", () => {
    expect(spliceWrappersRow(committed) === committed, "docs/policy.md's wrappers row is out of date: run `npm run docs`").toBe(true);
  });

  it("names every wrapper, once, in the row", () => {
    const row = committed.split("\n").find((l) => l.startsWith(WRAPPERS_ROW))!;
    expect(row).toBe(renderWrappersRow());
    for (const name of Object.keys(WRAPPERS)) expect(row, name).toMatch(new RegExp(`\`${name.replace(/[-.]/g, "\\$&")}[ \`]`));
  });

  it("refuses a page without the row rather than writing none", () => {
    expect(() => spliceWrappersRow("# no table here\n")).toThrow(/no line starting with/);
  });
});
