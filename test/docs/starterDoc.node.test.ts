// docs/starter.md is generated from policies/default.json (scripts/docs.mjs, `npm run docs`): the committed file must
// be what the policy renders now, and name every rule and every pattern of every path set, so the page a user reads
// is the policy that runs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import { readablePattern, renderStarterDoc } from "../../src/docs/starterDoc";
import { CREDENTIAL_KINDS } from "../../src/engine/secrets/credentials";
import { ROOT } from "../support/localService";

const committed = readFileSync(join(ROOT, "docs/starter.md"), "utf8");
const paths = starter.paths as Record<string, string[]>;

describe("docs/starter.md", () => {
  it("is what policies/default.json renders (out of date? run `npm run docs`)", () => {
    expect(renderStarterDoc() === committed, "docs/starter.md is out of date with policies/default.json: run `npm run docs`").toBe(true);
  });

  it("names every rule of every event with its answer", () => {
    for (const [event, groups] of Object.entries(starter.hooks))
      for (const g of groups as { hooks: { id: string; decision: string }[] }[])
        for (const r of g.hooks) expect(committed, r.id).toMatch(new RegExp(`\\| ${event} \\|[^\\n]*\\| \`${r.id}\` \\| ${r.decision} \\|`));
  });

  it("lists every path set in full, each pattern under its set's heading", () => {
    for (const [name, patterns] of Object.entries(paths)) {
      const at = committed.indexOf(`\n### ${name}\n`);
      expect(at, name).toBeGreaterThan(0);
      const next = committed.indexOf("\n### ", at + 1);
      const section = committed.slice(at, next === -1 ? undefined : next);
      expect(section).toContain(`${patterns.length} patterns:`);
      for (const p of patterns) expect(section, `${name}: ${p}`).toContain(`- ${readablePattern(p)}\n`);
    }
  });

  it("names every kind of credential a secrets condition counts", () => {
    const section = committed.slice(committed.indexOf("\n## Credentials\n"));
    for (const k of [...CREDENTIAL_KINDS.shapes, ...CREDENTIAL_KINDS.ruleSet, ...CREDENTIAL_KINDS.generated]) expect(section, k).toContain(k);
  });

  it("reads patterns as the matcher does", () => {
    expect(readablePattern("//")).toBe("`/`, the filesystem root (`//`)");
    expect(readablePattern("//etc")).toBe("`/etc` (`//etc`)");
    expect(readablePattern("//?/Program Files")).toBe("`C:\\Program Files` on any drive (`//?/Program Files`)");
    expect(readablePattern("!.env.example*")).toBe("except `.env.example*` in any directory (`!.env.example*`)");
    expect(readablePattern("**/.github/workflows/**")).toBe("`.github/workflows/**` in any directory (`**/.github/workflows/**`)");
    expect(readablePattern("~/.ssh/**")).toBe("`~/.ssh/**`");
    expect(readablePattern("@system")).toBe("everything in the set [system](#system) (`@system`)");
  });
});
