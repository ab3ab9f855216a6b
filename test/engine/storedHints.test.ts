// A policy's index hints stored at publish (src/engine/policy/storedHints.ts): a cold isolate indexes a stored
// revision's handlers from them, but only when this code made them from this very document.
import { describe, expect, it } from "vitest";
import { publishableForEveryClient } from "../../src/clients";
import { claudeCode } from "../../src/clients/claude-code";
import { codex } from "../../src/clients/codex";
import { CLIENT_NAMES } from "../../src/clients/names";
import type { ClientModel } from "../../src/engine/event/client";
import { compilePolicy, compilePrepared, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { ENGINE_DIGEST } from "../../src/engine/policy/engineDigest";
import { documentDigest } from "../../src/engine/policy/storedHints";
import { evaluate } from "../../src/engine/evaluate";

type Json = Record<string, any>;

const doc = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash|Read",
        hooks: [
          { type: "rule", id: "no-rm", if: "Bash(rm -rf *)", decision: "deny", reason: "no rm" },
          { type: "rule", id: "push", when: { "tool_input.command": "\\bgit\\s+push\\b" }, decision: "ask", reason: "push" },
          { type: "rule", id: "secret", if: "Read(**/secret/**)", decision: "deny", reason: "secret" },
        ],
      },
    ],
  },
};

const published = (client: ClientModel = claudeCode): CompiledPolicy => {
  const c = compilePolicy(doc, { client, clientNames: CLIENT_NAMES });
  if (!c.ok) throw new Error(JSON.stringify(c.error));
  return c.value;
};
/** The prepared form as stored and read back. */
const stored = (client: ClientModel = claudeCode): Json => JSON.parse(JSON.stringify(published(client).publishable.prepared));
const loaded = (prepared: Json, client: ClientModel = claudeCode): CompiledPolicy => {
  const c = compilePrepared(doc, prepared as never, { client, clientNames: CLIENT_NAMES, lazyPatterns: true, lazyHandlers: true, warnings: false });
  if (!c.ok) throw new Error(JSON.stringify(c.error));
  return c.value;
};
const hintsOf = (p: CompiledPolicy) => p.events.PreToolUse!.groups[0]!.hints;
const rmCall = { session_id: "s", transcript_path: "/t", cwd: "/home/dev", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" }, tool_use_id: "t" };

describe("index hints stored at publish", () => {
  it("are stored with the prepared form, for the client compiled, under this code's fingerprint and the document's", () => {
    const p = stored();
    expect(Object.keys(p.hints)).toEqual(["claude-code"]);
    const h = p.hints["claude-code"];
    expect(h.engine).toBe(ENGINE_DIGEST);
    expect(h.document).toBe(documentDigest(p.document));
    expect(h.events.PreToolUse).toHaveLength(1);
    expect(h.events.PreToolUse[0]).toHaveLength(3);
  });

  it("index a stored revision as its handlers compiled would be, and it decides the same", async () => {
    const lazy = loaded(stored());
    expect(hintsOf(lazy)).toEqual(hintsOf(published()));
    const d = await evaluate(lazy, claudeCode.events.byName("PreToolUse")!, rmCall);
    expect(d.fired).toEqual(["no-rm"]);
    expect(d.aggregate.verdict).toBe("deny");
  });

  it("are what the load uses (a stored hint changed under valid fingerprints steers the index)", () => {
    const p = stored();
    p.hints["claude-code"].events.PreToolUse[0][0] = [["Read"], null, null, null];
    expect([...(hintsOf(loaded(p))[0]!.tools ?? [])]).toEqual(["Read"]);
  });

  it("are ignored when another code made them: read from the documents instead", async () => {
    const p = stored();
    p.hints["claude-code"].engine = "0000000000000000";
    p.hints["claude-code"].events.PreToolUse[0][0] = [["Read"], null, null, null];
    const lazy = loaded(p);
    expect(hintsOf(lazy)).toEqual(hintsOf(published()));
    expect((await evaluate(lazy, claudeCode.events.byName("PreToolUse")!, rmCall)).fired).toEqual(["no-rm"]);
  });

  it("are ignored when the stored document changed since they were made (a rule edited in the store is indexed as it now reads)", () => {
    const p = stored();
    p.hints["claude-code"].events.PreToolUse[0][0] = [["Read"], null, null, null];
    p.document.hooks.PreToolUse[0].hooks[0].if = "Bash(git push *)";
    const hint = hintsOf(loaded(p))[0]!;
    expect([...(hint.tools ?? [])]).toEqual(["Bash"]);
    expect(hint.literals?.[0]?.prefix).toBe("git push");
  });

  it("are ignored when not shaped like the policy's groups or not as written at publish", () => {
    for (const spoil of [
      (h: Json) => h.events.PreToolUse[0].pop(),
      (h: Json) => (h.events.PreToolUse[0][0] = ["Bash"]),
      (h: Json) => (h.events.PreToolUse[0][0] = [[1], null, null, null]),
      (h: Json) => (h.events.PreToolUse = {}),
    ]) {
      const p = stored();
      spoil(p.hints["claude-code"]);
      expect(hintsOf(loaded(p))).toEqual(hintsOf(published()));
    }
  });

  it("are one client's: another client loading the same form reads its own from the documents", () => {
    const p = stored(claudeCode);
    p.hints["claude-code"].events.PreToolUse[0][2] = [["Bash"], null, null, null];
    expect(hintsOf(loaded(p, codex))).toEqual(hintsOf(published(codex)));
  });

  it("are stored once for the clients whose hints are the same: the others name that client, and load them as theirs", () => {
    const each = JSON.parse(JSON.stringify(publishableForEveryClient(published()).prepared)) as Json;
    expect(Object.keys(each.hints)).toEqual(["claude-code", "codex", "copilot-cli", "cursor"]);
    expect(each.hints["claude-code"].engine).toBe(ENGINE_DIGEST);
    expect([each.hints.codex, each.hints["copilot-cli"], each.hints.cursor]).toEqual(["claude-code", "claude-code", "claude-code"]);
    // Codex's hints are its own compile's, as if stored in full: a load for Codex indexes as Codex's compile does.
    expect(hintsOf(loaded(each, codex))).toEqual(hintsOf(published(codex)));
    // ... and they are the named client's: a hint changed there (valid fingerprints) steers Codex's index too.
    each.hints["claude-code"].events.PreToolUse[0][0] = [["Read"], null, null, null];
    expect([...(hintsOf(loaded(each, codex))[0]!.tools ?? [])]).toEqual(["Read"]);
  });

  it("are ignored when a name leads nowhere (no such client, or another name): read from the documents instead", () => {
    for (const name of ["nobody", "cursor"]) {
      const each = JSON.parse(JSON.stringify(publishableForEveryClient(published()).prepared)) as Json;
      each.hints["claude-code"].events.PreToolUse[0][0] = [["Read"], null, null, null];
      each.hints.codex = name;
      expect(hintsOf(loaded(each, codex))).toEqual(hintsOf(published(codex)));
    }
  });

  it("fingerprint a document the same before it is stored and once read back", () => {
    const p = published().publishable.prepared;
    expect(documentDigest(JSON.parse(JSON.stringify(p.document)))).toBe(documentDigest(p.document));
    expect(documentDigest({ a: 1 })).not.toBe(documentDigest({ a: 2 }));
  });
});
