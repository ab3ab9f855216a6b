import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compilePathGlob, deferredPathGlob } from "../../src/engine/match/pathGlob";
import type { PathContext } from "../../src/engine/match/paths";
import { deriveHome, normalizePath } from "../../src/engine/match/paths";
import { preparePathTemplate } from "../../src/engine/match/pathTemplate";

/**
 * Gitignore-style file-rule patterns (contract §3.3 "Read / Edit"). Cases marked STRICTER are where
 * hookgate deliberately matches more than the client.
 */
const ctx: PathContext = { cwd: "/home/dev/shop", home: "/home/dev" };

type Case = [pattern: string, path: string, expected: boolean, note?: string];

const cases: Case[] = [
  // `//` = filesystem root
  ["//etc/**", "/etc/passwd", true],
  ["//etc/**", "/etc/ssh/sshd_config", true],
  ["//etc/**", "/home/dev/etc/x", false],
  ["//Users/alice/secrets/**", "/Users/alice/secrets/a/b.txt", true],
  ["//etc/passwd", "/etc/passwd", true],
  ["//etc/passwd", "/etc/passwd2", false],
  // `~/` = home
  ["~/.ssh/**", "/home/dev/.ssh/id_rsa", true],
  ["~/.ssh/**", "/home/dev/shop/.ssh/id_rsa", false],
  ["~/Documents/*.pdf", "/home/dev/Documents/a.pdf", true],
  ["~/Documents/*.pdf", "/home/dev/Documents/sub/a.pdf", false],
  ["~/.aws/credentials", "~/.aws/credentials", true, "target ~ expanded with home"],
  // `/path` and `./path` and `a/b` = cwd (hookgate's anchor for `/path`)
  ["/src/**/*.ts", "/home/dev/shop/src/a/b.ts", true],
  ["/src/**/*.ts", "/home/dev/shop/src/b.ts", true, "** spans zero segments"],
  ["/src/**/*.ts", "/home/dev/shop/lib/src/b.ts", false],
  ["/src/**/*.ts", "/src/b.ts", true, "CLIENT: a single-slash rule also matches that absolute path"],
  ["./.env", "/home/dev/shop/.env", true],
  ["./.env", "/home/dev/shop/sub/.env", true, "CLIENT: ./name matches the name at any depth"],
  ["src/*.ts", "/home/dev/shop/src/a.ts", true],
  ["src/*.ts", "/home/dev/shop/src/x/a.ts", false, "* stays within a segment"],
  ["src/*.ts", "/home/dev/shop/pkg/src/a.ts", false],
  ["../other/**", "/home/dev/other/x", true, "leading .. climbs from cwd"],
  ["**/src/**", "/home/dev/shop/a/b/src/c.ts", true],
  ["**/src/**", "/home/dev/elsewhere/src/c.ts", true, "CLIENT: **/x matches outside the project too"],
  // bare names: any depth
  [".env", "/home/dev/shop/.env", true],
  [".env", "/home/dev/shop/sub/.env", true],
  [".env", "/etc/.env", true, "STRICTER: anywhere, not only under the anchor"],
  [".env", "/home/dev/shop/.env.local", false],
  [".env", "/home/dev/shop/.envrc", false],
  [".env*", "/home/dev/shop/.env.local", true],
  ["*.pem", "/home/dev/shop/certs/server.pem", true],
  ["*.pem", "/tmp/x.pem", true, "STRICTER: anywhere"],
  ["*.pem", "/tmp/x.pem.bak", false],
  ["id_rsa", "/home/dev/.ssh/id_rsa", true],
  // single-segment dir/** = a dir at any depth under cwd (client's deny/ask semantics)
  ["src/**", "/home/dev/shop/src/a.ts", true],
  ["src/**", "/home/dev/shop/pkg/src/a.ts", true, "STRICTER than the client's `if` (cwd/src only)"],
  ["src/**", "/home/dev/other/src/a.ts", false],
  ["node_modules/", "/home/dev/shop/a/node_modules/x/y.js", true, "trailing slash: gitignore directory"],
  // globs
  ["src/*", "/home/dev/shop/src/.hidden", true, "dotfiles are matched by *"],
  ["*", "/home/dev/shop/.bashrc", true],
  ["file?.txt", "/home/dev/shop/file1.txt", true],
  ["file?.txt", "/home/dev/shop/file10.txt", false],
  ["file[0-9].txt", "/home/dev/shop/file7.txt", true],
  ["file[0-9].txt", "/home/dev/shop/filex.txt", false],
  ["file[!0-9].txt", "/home/dev/shop/filex.txt", true],
  ["file[^0-9].txt", "/home/dev/shop/file1.txt", false],
  ["a\\*b", "/home/dev/shop/a*b", true, "escaped star is literal"],
  ["a\\*b", "/home/dev/shop/axxb", false],
  ["*.{pem,key}", "/x/a.pem", false, "no brace expansion (gitignore)"],
  ["a[b", "/x/a[b", true, "unclosed class is literal"],
  // case, normalisation
  [".env", "/home/dev/shop/.ENV", true, "STRICTER: case-insensitive"],
  ["//etc/**", "/home/dev/../../etc/passwd", true, ".. in the target is resolved"],
  ["//etc/**", "/etc/./ssh//x", true],
  [".env", "C:\\Users\\a\\.env", true, "backslash path"],
  ["//c/Users/*/.env", "C:\\Users\\a\\.env", true],
  ["C:\\Users\\**", "C:\\Users\\a\\.env", true, "Windows drive pattern"],
  ["C:\\Users\\**", "D:\\Users\\a\\.env", false],
  ["//**/.env", "D:\\proj\\.env", true, "//**/.env matches on every drive"],
  ["src\\*.ts", "/home/dev/shop/src/a.ts", false, "\\* escapes the star: literal `src*.ts`"],
  ["src\\lib\\**", "/home/dev/shop/src/lib/a.ts", true, "backslash before a non-glob char is a separator"],
  // relative targets are joined to cwd
  [".env", ".env", true],
  ["src/*.ts", "src/a.ts", true],
  ["src/*.ts", "../shop/src/a.ts", true],
];

describe("path globs", () => {
  it.each(cases)("%s vs %s → %s %s", (pattern, path, expected) => {
    const g = compilePathGlob(pattern);
    expect(g.ok).toBe(true);
    if (g.ok) expect(g.value.match(path, ctx)).toBe(expected);
  });

  it("derives home from cwd when none is given", () => {
    const g = compilePathGlob("~/.ssh/**");
    expect(g.ok && g.value.match("/home/dev/.ssh/id_rsa", { cwd: "/home/dev/shop" })).toBe(true);
    expect(g.ok && g.value.match("/Users/al/.ssh/id_rsa", { cwd: "/Users/al/code/x" })).toBe(true);
  });

  it("STRICTER: without any home, ~/ patterns match at any depth", () => {
    const g = compilePathGlob("~/.ssh/**");
    expect(g.ok && g.value.match("/srv/user/.ssh/id_rsa", { cwd: "/srv/app" })).toBe(true);
    expect(g.ok && g.value.match("/srv/user/ssh/id_rsa", { cwd: "/srv/app" })).toBe(false);
  });

  it("STRICTER: without a cwd, cwd-anchored patterns match at any depth", () => {
    const g = compilePathGlob("src/*.ts");
    expect(g.ok && g.value.match("/a/b/src/x.ts", {})).toBe(true);
    expect(g.ok && g.value.match("/a/b/lib/x.ts", {})).toBe(false);
  });

  it.each([[""], ["   "], ["a\0b"], ["x".repeat(5000)]])("rejects %j", (p) => {
    expect(compilePathGlob(p).ok).toBe(false);
    // The glob built on first use (a stored revision's effect paths) is refused now, with the same message.
    expect(deferredPathGlob(p)).toEqual(compilePathGlob(p));
  });

  it("a glob built on its first use (deferredPathGlob) answers as the one built now, in every case above", () => {
    for (const [pattern, path, expected] of cases) {
      const g = deferredPathGlob(pattern);
      if (!g.ok) throw new Error(g.error);
      expect(g.value.raw).toBe(pattern);
      expect([pattern, path, g.value.match(path, ctx)]).toEqual([pattern, path, expected]);
      expect(g.value.anchor).toBe((compilePathGlob(pattern) as { value: { anchor: string } }).value.anchor);
    }
  });

  it("reports the anchor", () => {
    const anchor = (p: string) => {
      const g = compilePathGlob(p);
      return g.ok ? g.value.anchor : "error";
    };
    expect([anchor("//x"), anchor("~/x"), anchor("/x"), anchor("./x"), anchor("./a/b"), anchor("a/b"), anchor(".env"), anchor("**/x"), anchor("C:\\x")]).toEqual([
      "root", "home", "cwd-or-root", "anywhere", "cwd", "cwd", "anywhere", "anywhere", "root",
    ]);
  });

  it("stays fast on adversarial patterns and long paths", () => {
    const g = compilePathGlob(`${"*a".repeat(50)}b`);
    expect(g.ok).toBe(true);
    const long = `/${"a".repeat(4000)}`;
    if (g.ok) expect(g.value.match(long, ctx)).toBe(false);
    const g2 = compilePathGlob(`${"**/".repeat(50)}x`);
    if (g2.ok) expect(g2.value.match(`/${"a/".repeat(2000)}y`, ctx)).toBe(false);
  });
});

describe("normalizePath", () => {
  it.each([
    ["/a/b/../c", undefined, "/a/c"],
    ["/a/./b//c/", undefined, "/a/b/c"],
    ["C:\\Users\\a\\.env", undefined, "/c/Users/a/.env"],
    ["c:/x", undefined, "/c/x"],
    ["x/y", "/base", "/base/x/y"],
    ["../y", "/base/dir", "/base/y"],
    ["/../../etc", undefined, "/etc"],
    ["x/../..", undefined, ".."],
    ["", undefined, undefined],
  ] as Array<[string, string | undefined, string | undefined]>)("%s (base %s) → %s", (p, base, out) => {
    expect(normalizePath(p, base)).toBe(out);
  });

  it("expands ~ with home", () => {
    expect(normalizePath("~/.ssh/id", undefined, "/home/dev")).toBe("/home/dev/.ssh/id");
  });
});

describe("deriveHome", () => {
  it.each([
    ["/home/dev/shop", "/home/dev"],
    ["/Users/alice/code/x", "/Users/alice"],
    ["/root/x", "/root"],
    ["C:\\Users\\bob\\proj", "/c/Users/bob"],
    ["/srv/app", undefined],
    [undefined, undefined],
  ] as Array<[string | undefined, string | undefined]>)("%s → %s", (cwd, home) => {
    expect(deriveHome(cwd)).toBe(home);
  });
});

describe("templates: the literal prefilter never changes an answer (against the bare automaton)", () => {
  // Globs and path templates over a small alphabet, so that literals of the one often are (or almost are) in the
  // other; templates hold every kind of hole, HOLE_BELOW (the only one the prefilter reads) most often.
  const segment = fc.constantFrom("a", "b", "src", ".env", "x.pem", "date.ts", "A", "*", "?", "*.pem", ".e*", "[ab]", "**", "a*b");
  const glob = fc
    .tuple(fc.constantFrom("", "/", "//", "~/", "./", "../", "**/"), fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([anchor, segs, slash]) => `${anchor}${segs.join("/")}${slash ? "/" : ""}`);
  const hole = fc.constantFrom("\uE006", "\uE006", "\uE006", "\uE000", "\uE001", "\uE002", "\uE003", "\uE004", "\uE005");
  const word = fc.constantFrom("a", "b", "src", ".env", "x.pem", "date.ts");
  // A hole anywhere in a name, too: a hole that may be empty then joins the two halves of a literal the glob names.
  const split = fc.tuple(word, fc.nat(), hole).map(([w, at, h]) => w.slice(0, at % (w.length + 1)) + h + w.slice(at % (w.length + 1)));
  const part = fc.oneof(word, fc.constantFrom("..", "."), hole, split);
  const template = fc
    .tuple(fc.constantFrom("", "/", "~/", "/home/dev/", "/home/dev/shop/"), fc.array(part, { minLength: 1, maxLength: 5 }), fc.boolean())
    .map(([start, parts, below]) => `${start}${parts.join("/")}${below ? "/\uE006" : ""}`);
  const contexts: PathContext[] = [ctx, { cwd: "/home/dev/shop/src", home: "/home/dev" }, { cwd: "/", home: "/root" }];

  it("matchTemplate equals the simulation alone on generated globs and templates", () => {
    let agreedTrue = 0;
    fc.assert(
      fc.property(glob, template, fc.constantFrom(...contexts), (pattern, t, context) => {
        const g = compilePathGlob(pattern);
        if (!g.ok) return;
        const prepared = preparePathTemplate(t, context);
        const fast = g.value.matchTemplate(prepared);
        expect(fast).toBe(g.value.matchTemplateSimulated(prepared));
        if (fast) agreedTrue++;
        // Built on first use, the same glob gives the same answers (a stored revision's effect paths).
        const deferred = deferredPathGlob(pattern);
        expect(deferred.ok && deferred.value.matchTemplate(prepared)).toBe(fast);
      }),
      { numRuns: 5000 },
    );
    expect(agreedTrue).toBeGreaterThan(100); // the property saw matches, not only refusals
  });

  it("a tree under a directory is not taken for a file the glob names; a hole that may spell it is", () => {
    const env = compilePathGlob("**/.env");
    if (!env.ok) throw new Error(env.error);
    const tree = preparePathTemplate("src/utils/date.ts/\uE006", ctx);
    expect(env.value.matchTemplate(tree)).toBe(false);
    expect(env.value.matchTemplateSimulated(tree)).toBe(false);
    expect(env.value.matchTemplate(preparePathTemplate("src/utils/\uE000", ctx))).toBe(true); // any text: `.env` too
    expect(env.value.matchTemplate(preparePathTemplate("src/.env/\uE006", ctx))).toBe(true);
    const below = compilePathGlob("src/**");
    if (!below.ok) throw new Error(below.error);
    expect(below.value.matchTemplate(tree)).toBe(true);
  });
});

describe("located globs (what a read of everything under a directory is matched against)", () => {
  it.each([
    ["~/.ssh/**", true],
    ["~/.config/rclone/rclone.conf", true],
    ["//etc/shadow", true],
    ["//home/*/.aws/credentials", true],
    ["/etc/hosts", true],
    ["./config/secrets.yml", true],
    ["config/secrets.yml", true],
    ["C:\\Users\\*\\.ssh\\**", true],
    [".env", false],
    ["*.pem", false],
    ["**/.aws/credentials", false],
    ["secrets/**", false],
    ["secrets/", false],
    ["~/**/.env", false],
  ])("%s: %s", (pattern, located) => {
    for (const compile of [compilePathGlob, deferredPathGlob]) {
      const g = compile(pattern);
      if (!g.ok) throw new Error(g.error);
      expect(g.value.located).toBe(located);
    }
  });
});
