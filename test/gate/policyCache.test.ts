// The isolate's policy cache (src/gate/policyCache.ts): a team's pointer is trusted for the TTL, and only the
// 256 most recently used compiled policies stay in memory — a pointer holds the key, not the policy, so a team
// pushed out of the compiled cache is read (and compiled) again rather than kept alive by its pointer.
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { loadPolicy } from "../../src/gate/policyCache";
import type { PolicyRecord, PolicyStore } from "../../src/services";

const document = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no rm" }] }] } };

/** A store holding one revision per team, counting reads (only `current` is ever asked for here). */
function countingStore(prefix: string) {
  const reads = new Map<string, number>();
  const store = {
    current: async (team: string): Promise<PolicyRecord | null> => {
      reads.set(team, (reads.get(team) ?? 0) + 1);
      if (team.endsWith("-none")) return null;
      return { team, revision: 1, publishedAt: "2026-12-01T00:00:00.000Z", document, digest: `d-${team}` };
    },
  } as Pick<PolicyStore, "current"> as PolicyStore;
  return { store, reads: (team: string) => reads.get(team) ?? 0, team: (i: number) => `${prefix}-${i}` };
}

describe("policy cache", () => {
  it("a pointer is trusted for the TTL, then read again", async () => {
    const s = countingStore("ttl");
    const t = s.team(0);
    expect((await loadPolicy(s.store, claudeCode, t, 1000, 5000)).kind).toBe("ok");
    expect((await loadPolicy(s.store, claudeCode, t, 5999, 5000)).kind).toBe("ok");
    expect(s.reads(t)).toBe(1);
    await loadPolicy(s.store, claudeCode, t, 6000, 5000);
    expect(s.reads(t)).toBe(2);
    const none = `${t}-none`;
    expect((await loadPolicy(s.store, claudeCode, none, 1000, 5000)).kind).toBe("none");
    expect((await loadPolicy(s.store, claudeCode, none, 2000, 5000)).kind).toBe("none");
    expect(s.reads(none)).toBe(1);
  });

  it("a team pushed out of the compiled cache by 256 others is read again within its TTL; a busy team stays", async () => {
    const s = countingStore("evict");
    const quiet = s.team(0);
    const busy = s.team(1);
    await loadPolicy(s.store, claudeCode, quiet, 0, 60_000);
    await loadPolicy(s.store, claudeCode, busy, 0, 60_000);
    for (let i = 2; i < 2 + 300; i++) {
      await loadPolicy(s.store, claudeCode, s.team(i), 0, 60_000);
      await loadPolicy(s.store, claudeCode, busy, 0, 60_000); // used between every other team: most recent
    }
    expect(s.reads(busy)).toBe(1);
    const again = await loadPolicy(s.store, claudeCode, quiet, 0, 60_000);
    expect(again.kind).toBe("ok");
    expect(s.reads(quiet)).toBe(2);
  });
});

describe("policy cache, per client", () => {
  it("the same team's revision is compiled for each client that asks, not handed the first one's", async () => {
    // A second client over the same events and tools, told apart by its name: what the pointer must be keyed by.
    const other = { ...claudeCode, name: "other-client", title: "Other client" };
    const s = countingStore("clients");
    const t = s.team(0);
    const first = await loadPolicy(s.store, claudeCode, t, 0, 60_000);
    const second = await loadPolicy(s.store, other, t, 1, 60_000);
    expect(first.kind === "ok" && first.compiled.client.name).toBe("claude-code");
    expect(second.kind === "ok" && second.compiled.client.name).toBe("other-client");
    // Each client's pointer is trusted for the TTL on its own.
    const again = await loadPolicy(s.store, claudeCode, t, 2, 60_000);
    expect(again.kind === "ok" && again.compiled.client.name).toBe("claude-code");
    expect(s.reads(t)).toBe(2);
  });
});
