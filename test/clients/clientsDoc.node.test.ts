// docs/clients.md is generated from the client profiles (scripts/docs.mjs, `npm run docs`): the committed file
// must be what they render now, list every client and every event each routes, and say what each verdict becomes
// where a client cannot say it as the policy does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_PROFILES } from "../../src/clients";
import { renderClientsDoc } from "../../src/clients/clientsDoc";
import { isNative } from "../../src/clients/native";
import { ROOT } from "../support/localService";

const committed = readFileSync(join(ROOT, "docs/clients.md"), "utf8");

describe("docs/clients.md", () => {
  it("is what the profiles render (out of date? run `npm run docs`)", () => {
    expect(renderClientsDoc(CLIENT_PROFILES) === committed, "docs/clients.md is out of date with src/clients/: run `npm run docs`").toBe(true);
  });

  it("has a section per client with a row per routed event, under its name on the wire", () => {
    for (const p of CLIENT_PROFILES) {
      const at = committed.indexOf(`## ${p.title} (\`${p.name}\`)`);
      expect(at, p.name).toBeGreaterThan(0);
      for (const s of p.events.list) expect(committed.slice(at), `${p.name} ${s.route}`).toContain(`\`${isNative(s) ? s.native.native : s.name}\` | ${s.name} |`);
    }
  });

  it("says for every verdict of a native client's event what it becomes there", () => {
    for (const p of CLIENT_PROFILES)
      for (const s of p.events.list) if (isNative(s)) for (const v of s.verdicts) expect(committed, `${p.name} ${s.route} ${v}`).toMatch(new RegExp(`\\b${v} → `));
  });
});
