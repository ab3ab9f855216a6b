import { describe, expect, it } from "vitest";
import { analyseShell } from "../../../src/engine/shell/analyse";
import { Builder, type DialectReaders } from "../../../src/engine/shell/builder";
import { DEFAULT_SHELL_LIMITS } from "../../../src/engine/shell/model";

const READERS = {} as DialectReaders;

describe("a Builder's tables before their first entry", () => {
  it("are one shared empty table that cannot be written, so no analysis sees another's entries", () => {
    const a = new Builder(DEFAULT_SHELL_LIMITS, {}, READERS);
    const b = new Builder(DEFAULT_SHELL_LIMITS, {}, READERS);
    expect(() => (a.files as Map<string, string>).set("x.sh", "rm -rf /")).toThrow(/shared empty table/);
    expect(() => (a.notAllCallsSeen as Set<string>).add("f")).toThrow(/shared empty table/);
    a.setFile("x.sh", "rm -rf /");
    expect(a.files.get("x.sh")).toBe("rm -rf /");
    expect(b.files.size).toBe(0);
  });

  it("a file one command line wrote is not known to the next", () => {
    const first = analyseShell("echo 'rm -rf /' > x.sh && bash x.sh", "bash", { cwd: "/home/dev/p" });
    expect(first.commands.some((c) => c.words.map((w) => w.value).join(" ") === "rm -rf /")).toBe(true);
    const next = analyseShell("bash x.sh", "bash", { cwd: "/home/dev/p" });
    expect(next.commands.map((c) => c.words.map((w) => w.value).join(" "))).toEqual(["bash x.sh"]);
  });
});
