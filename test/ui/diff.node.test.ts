// The revisions page's line diff: whatever the two texts, its kept and deleted lines are the first text and its
// kept and added lines the second, in order; identical texts differ nowhere; one changed line is one del + one add.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineDiff } from "../../src/ui/diff";

const lines = fc.array(fc.constantFrom("a", "b", "c", '  "x": 1,', "}", ""), { maxLength: 40 });

describe("lineDiff", () => {
  it("rebuilds both texts, in order", () => {
    fc.assert(
      fc.property(lines, lines, (x, y) => {
        const d = lineDiff(x.join("\n"), y.join("\n"));
        expect(d.filter((l) => l.kind !== "add").map((l) => l.text)).toEqual(x.join("\n").split("\n"));
        expect(d.filter((l) => l.kind !== "del").map((l) => l.text)).toEqual(y.join("\n").split("\n"));
      }),
      { numRuns: 500 },
    );
  });

  it("finds nothing between equal texts, and one line changed as one removed and one added", () => {
    fc.assert(fc.property(lines, (x) => lineDiff(x.join("\n"), x.join("\n")).every((l) => l.kind === "same")));
    const a = ["{", '  "decision": "deny",', '  "id": "ls"', "}"].join("\n");
    const d = lineDiff(a, a.replace("deny", "ask"));
    expect(d.filter((l) => l.kind !== "same")).toEqual([
      { kind: "del", text: '  "decision": "deny",' },
      { kind: "add", text: '  "decision": "ask",' },
    ]);
  });
});
