// `hookgate settings --client copilot-cli|cursor --merge FILE`: their files list handlers, not matcher groups, and
// need `version: 1`. A second merge recognises hookgate's own entries (the copilot-cli http URL, the Cursor bridge)
// and changes nothing; a developer's own hooks in the file are kept.
import { describe, expect, it } from "vitest";
import { mergeSettings } from "../../src/cli/settingsMerge";
import { copilotCli } from "../../src/clients/copilot-cli";
import { cursor } from "../../src/clients/cursor";

describe("merging the Copilot CLI and Cursor hook files", () => {
  for (const client of [copilotCli, cursor])
    it(`${client.name}: version 1, hookgate's entries replaced not doubled, others kept`, () => {
      const block = client.settings({ url: "https://hookgate.example.com", team: "acme" }) as { hooks: Record<string, unknown[]>; version: number };
      const event = Object.keys(block.hooks)[0]!;
      const own = client.name === "cursor" ? { command: "./my-audit.sh" } : { type: "command", bash: "./my-audit.sh" };
      const first = mergeSettings({ hooks: { [event]: [own] } }, block);
      if (!first.ok) throw new Error(first.problem);
      expect(first.settings.version).toBe(1);
      expect((first.settings.hooks as Record<string, unknown[]>)[event]).toEqual([own, ...block.hooks[event]!]);
      const second = mergeSettings(first.settings, block);
      if (!second.ok) throw new Error(second.problem);
      expect(second.settings).toEqual(first.settings);
      expect(second.summary.unchanged.sort()).toEqual(Object.keys(block.hooks).sort());
      expect(second.summary.added).toEqual([]);
    });
});
