import { describe, expect, it } from "vitest";
import { compileEffectCondition } from "../../src/engine/match/effectCondition";

// A stored revision loads with its effect paths' globs built on first use (lazyPatterns): what it refuses, it refuses
// at compile time as a publish does, with the same problems, so a handler that would not compile still fails at once.
describe("effect conditions whose globs are built on first use", () => {
  const sets = { system: ["//etc/**", "!//etc/hostname"], loop: ["@loop"], bad: ["a\0b"] };
  it.each([
    [{ kind: "delete", paths: ["@system", "~/.ssh/**"] }],
    [{ kind: "delete", paths: ["@nope"] }],
    [{ kind: "delete", paths: ["@loop"] }],
    [{ kind: "write", paths: ["@bad", "   "] }],
    [{ kind: "read", paths: ["!//etc/**"] }],
    [{ kind: "download-run", paths: ["//x"] }],
  ] as const)("%j: the same problems, or the same condition", (doc) => {
    const now = compileEffectCondition(doc as never, sets);
    const later = compileEffectCondition(doc as never, sets, true);
    expect(later.ok).toBe(now.ok);
    if (!now.ok || !later.ok) return expect(later).toEqual(now);
    expect(later.value.describe).toBe(now.value.describe);
    expect(later.value.include?.map((g) => g.raw)).toEqual(now.value.include?.map((g) => g.raw));
    expect(later.value.exclude.map((g) => g.raw)).toEqual(now.value.exclude.map((g) => g.raw));
    for (const path of ["/etc/passwd", "/etc/hostname", "/home/dev/.ssh/id_rsa", "/home/dev/shop/x"])
      for (const [a, b] of [[now.value.include, later.value.include], [now.value.exclude, later.value.exclude]] as const)
        expect(b?.map((g) => g.match(path, { cwd: "/home/dev/shop", home: "/home/dev" }))).toEqual(a?.map((g) => g.match(path, { cwd: "/home/dev/shop", home: "/home/dev" })));
  });
});
