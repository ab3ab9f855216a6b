// The prepared form is stored with every revision and its `current` pointer (one KV value), kept out of every record
// the API answers with, carried by a rollback, and what the policy cache loads a stored revision from.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PREPARED_FORM } from "../../src/engine/policy/compilePolicy";
import { ENGINE_DIGEST } from "../../src/engine/policy/engineDigest";
import { clientHints, documentDigest, type StoredHintsByClient } from "../../src/engine/policy/storedHints";
import { CLIENT_NAMES } from "../../src/clients/names";
import { policyKeys } from "../../src/stores/policyKeys";
import { KvPolicyStore } from "../../src/stores/kvPolicyStore";
import { preparedOf } from "../../src/stores/preparedRecords";
import { admin, expectAnswer, hook, mintToken, publish, uniqueTeam } from "../support/worker";

const noWriter = {
  publish: () => Promise.reject(new Error("read-only")),
  activate: () => Promise.reject(new Error("read-only")),
};
const denyLs = (reason: string) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(ls *)", decision: "deny", reason }] }] } });
const pre = (command: string) => ({ session_id: "s", transcript_path: "/t.jsonl", cwd: "/w", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1" });

describe("the prepared form in the policy store", () => {
  it("is stored with the revision and the pointer, and never in an answer", async () => {
    const team = uniqueTeam("prepared");
    const published = await publish(team, denyLs("A"));
    for (const key of [policyKeys.current(team), policyKeys.revision(team, published.revision)]) {
      const stored = await env.HOOKGATE_KV.get<{ prepared?: { form: string; document: { failMode: string } } }>(key, "json");
      expect(stored?.prepared?.form).toBe(PREPARED_FORM);
      expect(stored?.prepared?.document.failMode).toBe("closed"); // the default, filled in by the schema
    }
    const current = await expectAnswer(await admin("GET", `/teams/${team}/policy`));
    expect(current).not.toHaveProperty("prepared");
    expect(current.document).toEqual(denyLs("A"));
    expect(await expectAnswer(await admin("GET", `/teams/${team}/policy/revisions/${published.revision}`))).not.toHaveProperty("prepared");

    const store = new KvPolicyStore(env.HOOKGATE_KV, noWriter);
    const record = await store.current(team);
    expect(record).not.toHaveProperty("prepared");
    expect(preparedOf(record!)?.form).toBe(PREPARED_FORM);
  });

  it("survives a rollback, whose answer does not show it", async () => {
    const team = uniqueTeam("prepared-rb");
    const token = await mintToken(team);
    const a = await publish(team, denyLs("A"));
    await publish(team, denyLs("B"));
    const rolled = await expectAnswer(await admin("POST", `/teams/${team}/policy/rollback`, { revision: a.revision }));
    expect(rolled).not.toHaveProperty("prepared");
    const stored = await env.HOOKGATE_KV.get<{ revision: number; prepared?: { form: string } }>(policyKeys.current(team), "json");
    expect(stored).toMatchObject({ revision: a.revision, prepared: { form: PREPARED_FORM } });
    const answer = await (await hook(team, "pre-tool-use", pre("ls -la"), token)).json();
    expect(answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: expect.stringContaining("A") } });
  });

  it("is what a stored revision is loaded from when this engine made it", async () => {
    const team = uniqueTeam("prepared-used");
    const token = await mintToken(team);
    await publish(team, denyLs("A"));
    const key = policyKeys.current(team);
    const stored = (await env.HOOKGATE_KV.get<Record<string, unknown> & { prepared: { form: string; document: unknown } }>(key, "json"))!;
    // The form says "P" where the document says "A": the answer shows which one the cache compiled.
    const parsed = { failMode: "closed", deadlineMs: 5000, caseSensitiveCommands: false, ...denyLs("from the prepared form") };
    await env.HOOKGATE_KV.put(key, JSON.stringify({ ...stored, digest: "1111111111111111", prepared: { form: PREPARED_FORM, document: parsed } }));
    const answer = await (await hook(team, "pre-tool-use", pre("ls -la"), token)).json();
    expect(answer).toMatchObject({ hookSpecificOutput: { permissionDecisionReason: expect.stringContaining("from the prepared form") } });
  });

  it("is not used when another engine made it: the document is compiled as written", async () => {
    const team = uniqueTeam("prepared-other");
    const token = await mintToken(team);
    await publish(team, denyLs("A"));
    const key = policyKeys.current(team);
    const stored = (await env.HOOKGATE_KV.get<Record<string, unknown> & { prepared: { form: string; document: unknown } }>(key, "json"))!;
    // A form by another name whose parsed document would allow everything: it must not be what decides.
    await env.HOOKGATE_KV.put(key, JSON.stringify({ ...stored, digest: "0000000000000000", prepared: { form: "e0.other", document: { failMode: "open", deadlineMs: 5000, caseSensitiveCommands: false, hooks: {} } } }));
    const answer = await (await hook(team, "pre-tool-use", pre("ls -la"), token)).json();
    expect(answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });

  it("carries every client's index hints, made by this code from this document, and a hook call is decided with them", async () => {
    const team = uniqueTeam("prepared-hints");
    const token = await mintToken(team);
    await publish(team, denyLs("A"));
    const key = policyKeys.current(team);
    type Stored = Record<string, unknown> & { prepared: { document: unknown; hints: StoredHintsByClient } };
    const stored = (await env.HOOKGATE_KV.get<Stored>(key, "json"))!;
    expect(Object.keys(stored.prepared.hints).sort()).toEqual([...CLIENT_NAMES].sort());
    // Each client's own, or the name of the client whose hints are the same (each set stored once).
    for (const client of CLIENT_NAMES) {
      const hints = clientHints(stored.prepared.hints, client)!;
      expect(hints.engine).toBe(ENGINE_DIGEST);
      expect(hints.document).toBe(documentDigest(stored.prepared.document));
      expect(hints.events.PreToolUse?.[0]).toHaveLength(1);
    }
    const answer = await (await hook(team, "pre-tool-use", pre("ls -la"), token)).json();
    expect(answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });

  it("is made again by this engine when the unchanged document is published again after an upgrade (no new revision)", async () => {
    const team = uniqueTeam("prepared-refresh");
    const published = await publish(team, denyLs("A"));
    type Stored = Record<string, unknown> & { revision: number; prepared: { hints: StoredHintsByClient } };
    const keys = [policyKeys.current(team), policyKeys.revision(team, published.revision)];
    // As an older deploy's engine left them: hints under another fingerprint, which this code does not use.
    for (const key of keys) {
      const stored = (await env.HOOKGATE_KV.get<Stored>(key, "json"))!;
      for (const h of Object.values(stored.prepared.hints)) if (typeof h === "object") h.engine = "0000000000000000";
      await env.HOOKGATE_KV.put(key, JSON.stringify(stored));
    }
    const again = await admin("PUT", `/teams/${team}/policy`, denyLs("A"));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ unchanged: true, revision: published.revision });
    for (const key of keys) {
      const stored = (await env.HOOKGATE_KV.get<Stored>(key, "json"))!;
      expect(stored.revision).toBe(published.revision);
      expect(CLIENT_NAMES.map((client) => clientHints(stored.prepared.hints, client)?.engine)).toEqual(CLIENT_NAMES.map(() => ENGINE_DIGEST));
    }
  });
});
