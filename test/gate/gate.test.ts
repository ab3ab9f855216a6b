// The Gate on its own (src/gate/gate.ts): `decide` with each way a decision can fail, without HTTP. The policy store
// is the real KV store on local KV, the judge the real LLM judge against the local model server; only the store
// that cannot be read is a store whose read fails (a real KV read does not fail here).
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { eventByName } from "../../src/clients/claude-code/events";
import { ENGINE_VERSION, PREPARED_FORM, type CompiledPolicy } from "../../src/engine/policy/compilePolicy";
import { Gate, type GateDeps } from "../../src/gate/gate";
import { kvVerdictCache, llmJudge } from "../../src/llmJudge";
import type { PolicyStore } from "../../src/services";
import { KvPolicyStore } from "../../src/stores/kvPolicyStore";
import { policyKeys } from "../../src/stores/policyKeys";
import { PAYLOADS } from "../fixtures/payloads";
import { withOverrides } from "../support/doubles";
import { uniqueTeam } from "../support/worker";

const PreToolUse = eventByName("PreToolUse");
const Stop = eventByName("Stop");
const pre = (command: string) => ({ ...PAYLOADS.PreToolUse, tool_name: "Bash", tool_input: { command } });

/** Nothing here publishes: a write would be a bug in the test. */
const noWriter = {
  publish: () => Promise.reject(new Error("the Gate never publishes")),
  activate: () => Promise.reject(new Error("the Gate never rolls back")),
};
const kvStore = () => new KvPolicyStore(env.HOOKGATE_KV, noWriter);

/** Store `document` as the team's current revision, as the store's own publish would have left it. */
async function storeCurrent(team: string, document: unknown, revision = 3): Promise<void> {
  const record = { team, revision, publishedAt: new Date().toISOString(), document, digest: `digest-${team}-${revision}` };
  await env.HOOKGATE_KV.put(policyKeys.current(team), JSON.stringify(record));
}

const denyRm = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(rm *)", decision: "deny", reason: "no rm" }] }] } };

function gate(deps: GateDeps = {}): Gate {
  return new Gate(claudeCode, { policies: kvStore(), ...deps });
}

async function decided(g: Gate, request: Parameters<Gate["decide"]>[0]) {
  const r = await g.decide(request);
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  await r.value.after;
  return r.value;
}

const permission = (answer: Record<string, unknown>) => (answer.hookSpecificOutput as Record<string, unknown> | undefined)?.permissionDecision;
const permissionReason = (answer: Record<string, unknown>) =>
  String((answer.hookSpecificOutput as Record<string, unknown> | undefined)?.permissionDecisionReason ?? "");

describe("Gate.decide", () => {
  it("decides by the team's current policy", async () => {
    const team = uniqueTeam("gate-ok");
    await storeCurrent(team, denyRm, 5);
    const d = await decided(gate(), { team, event: PreToolUse, input: pre("rm -rf build") });
    expect(d.revision).toBe(5);
    expect(permission(d.answer)).toBe("deny");
    expect(permissionReason(d.answer)).toContain("no rm");
    const other = await decided(gate(), { team, event: PreToolUse, input: pre("ls") });
    expect(other.answer).toEqual({});
  });

  it("no policy: no opinion, revision none", async () => {
    const d = await decided(gate(), { team: uniqueTeam("gate-none"), event: PreToolUse, input: pre("rm -rf /") });
    expect(d.revision).toBe("none");
    expect(d.answer).toEqual({});
    expect(d.evaluation).toBeUndefined();
  });

  it("a store that cannot be read fails closed (revision unavailable), not an error", async () => {
    const team = uniqueTeam("gate-down");
    const down = withOverrides<PolicyStore>(kvStore(), { current: () => Promise.reject(new Error("KV is down")) });
    const d = await decided(new Gate(claudeCode, { policies: down }), { team, event: PreToolUse, input: pre("ls") });
    expect(d.revision).toBe("unavailable");
    expect(permission(d.answer)).toBe("deny");
    expect(permissionReason(d.answer)).toMatch(/could not evaluate the team policy \(the policy could not be loaded\)/);
  });

  it("a stored pointer that is not JSON fails closed like a store that is down", async () => {
    const team = uniqueTeam("gate-corrupt");
    await env.HOOKGATE_KV.put(policyKeys.current(team), "{not json");
    const d = await decided(gate(), { team, event: PreToolUse, input: pre("ls") });
    expect(d.revision).toBe("unavailable");
    expect(permission(d.answer)).toBe("deny");
  });

  it("a Gate without a policy store fails closed", async () => {
    const d = await decided(new Gate(claudeCode), { team: uniqueTeam("gate-nostore"), event: PreToolUse, input: pre("ls") });
    expect(d.revision).toBe("unavailable");
    expect(permission(d.answer)).toBe("deny");
  });

  it("a revision that no longer compiles fails closed, naming the revision", async () => {
    const team = uniqueTeam("gate-broken");
    await storeCurrent(team, { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] } }, 9);
    const d = await decided(gate(), { team, event: PreToolUse, input: pre("ls") });
    expect(d.revision).toBe(9);
    expect(permission(d.answer)).toBe("deny");
    expect(permissionReason(d.answer)).toContain("revision 9 no longer compiles");
    // An event that cannot express a verdict stays valid: no opinion.
    const note = await decided(gate(), { team, event: eventByName("Notification"), input: PAYLOADS.Notification });
    expect(note.answer).toEqual({});
  });

  it("a stored rule compiled on its first use that does not compile fails the calls that reach it closed, whatever the failMode", async () => {
    // Stored as this engine version's publish would have (engine, prepared form), then edited: one rule no longer
    // compiles. Loaded with rules compiled on first use, the revision is not refused as a whole at load.
    const team = uniqueTeam("gate-lazy-broken");
    const fetchAsk = { type: "rule", id: "fetch", if: "WebFetch(example.com)", decision: "ask", reason: "fetch" };
    const document = { failMode: "open", hooks: { PreToolUse: [{ hooks: [{ type: "rule", id: "no-rm", if: "Bash(rm *)", decision: "deny", reason: "no rm" }, fetchAsk] }] } };
    const prepared = { form: PREPARED_FORM, document: { deadlineMs: 5000, caseSensitiveCommands: false, ...document } };
    const record = { team, revision: 4, publishedAt: new Date().toISOString(), document, digest: `digest-${team}`, engine: ENGINE_VERSION, prepared };
    await env.HOOKGATE_KV.put(policyKeys.current(team), JSON.stringify(record));
    const fetch = await decided(gate(), { team, event: PreToolUse, input: { ...PAYLOADS.PreToolUse, tool_name: "WebFetch", tool_input: { url: "https://example.com/", prompt: "p" } } });
    expect(fetch.revision).toBe(4);
    expect(permission(fetch.answer)).toBe("deny");
    expect(permissionReason(fetch.answer)).toContain("revision 4 no longer compiles");
    // A call the broken rule can never reach (its tool is WebFetch) is decided by the rest of the revision.
    const rm = await decided(gate(), { team, event: PreToolUse, input: pre("rm -rf build") });
    expect(permissionReason(rm.answer)).toContain("no rm");
    expect((await decided(gate(), { team, event: PreToolUse, input: pre("ls") })).answer).toEqual({});
    // Validated by another engine version, the same revision is compiled in full at load, and refused as a whole.
    const older = uniqueTeam("gate-lazy-older");
    await env.HOOKGATE_KV.put(policyKeys.current(older), JSON.stringify({ ...record, team: older, digest: `digest-${older}`, engine: ENGINE_VERSION - 1 }));
    const ls = await decided(gate(), { team: older, event: PreToolUse, input: pre("ls") });
    expect(permissionReason(ls.answer)).toContain("revision 4 no longer compiles");
  });

  it("invalid input is refused with its problems, before any policy is read", async () => {
    let reads = 0;
    const counting = withOverrides<PolicyStore>(kvStore(), { current: () => (reads++, Promise.resolve(null)) });
    const r = await new Gate(claudeCode, { policies: counting }).decide({ team: uniqueTeam("gate-invalid"), event: PreToolUse, input: { hook_event_name: "PreToolUse" } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("invalid_input");
    expect(r.error.problems?.length).toBeGreaterThan(0);
    expect(reads).toBe(0);
  });

  it("the token check being unavailable fails closed without reading the policy", async () => {
    let reads = 0;
    const counting = withOverrides<PolicyStore>(kvStore(), { current: () => (reads++, Promise.resolve(null)) });
    const d = await decided(new Gate(claudeCode, { policies: counting }), { team: uniqueTeam("gate-auth"), event: PreToolUse, input: pre("ls"), authUnavailable: true });
    expect(d.revision).toBe("unavailable");
    expect(permission(d.answer)).toBe("deny");
    expect(permissionReason(d.answer)).toContain("the token check is unavailable");
    expect(reads).toBe(0);
  });

  it("a stop already continuing because of a block is let through when hookgate fails (no loop)", async () => {
    const input = { ...PAYLOADS.Stop, stop_hook_active: true };
    const d = await decided(new Gate(claudeCode), { team: uniqueTeam("gate-loop"), event: Stop, input });
    expect(d.answer).not.toMatchObject({ decision: "block" });
    const first = await decided(new Gate(claudeCode), { team: uniqueTeam("gate-loop"), event: Stop, input: { ...PAYLOADS.Stop, stop_hook_active: false } });
    expect(first.answer).toMatchObject({ decision: "block" });
  });

  it("an internal error answers the policy's failMode", async () => {
    const failing: GateDeps["callouts"] = () => {
      throw new Error("callouts broke");
    };
    // A judge on Read makes PreToolUse an event with a slow handler, so its callouts are asked for (and throw).
    const judged = { hooks: { PreToolUse: [...denyRm.hooks.PreToolUse, { matcher: "Read", hooks: [{ type: "prompt", prompt: "Is $ARGUMENTS safe?", decision: "deny" }] }] } };
    for (const failMode of ["closed", "open"] as const) {
      const team = uniqueTeam(`gate-fail-${failMode}`);
      await storeCurrent(team, { ...judged, failMode });
      const d = await decided(gate({ callouts: failing }), { team, event: PreToolUse, input: pre("ls") });
      if (failMode === "closed") {
        expect(permission(d.answer)).toBe("deny");
        expect(permissionReason(d.answer)).toContain("an internal error");
      } else expect(d.answer).toEqual({});
    }
  });

  it("a rules-only event builds no callouts, an event with a judge does", async () => {
    const team = uniqueTeam("gate-no-callouts");
    await storeCurrent(team, { hooks: { ...denyRm.hooks, UserPromptSubmit: [{ hooks: [{ type: "prompt", prompt: "Is $ARGUMENTS safe?", decision: "block" }] }] } });
    const asked: string[] = [];
    const callouts: GateDeps["callouts"] = () => (asked.push("asked"), {});
    const d = await decided(gate({ callouts }), { team, event: PreToolUse, input: pre("rm -rf build") });
    expect(permission(d.answer)).toBe("deny");
    expect(asked).toEqual([]);
    await decided(gate({ callouts }), { team, event: eventByName("UserPromptSubmit"), input: { ...PAYLOADS.UserPromptSubmit, prompt: "hi" } });
    expect(asked).toEqual(["asked"]);
  });

  it("a judge past the deadline gives its onError verdict, and the answer comes by the deadline", async () => {
    const team = uniqueTeam("gate-deadline");
    await storeCurrent(team, {
      deadlineMs: 300,
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "Is it safe? [[delay:5000]]", decision: "deny", onError: "ask" }] }] },
    });
    const config = { baseUrl: inject("modelUrl"), provider: "anthropic" as const, defaultModel: "test-model", apiKey: "k" };
    const callouts: GateDeps["callouts"] = (policy: CompiledPolicy, team: string) => ({ judge: llmJudge(config, kvVerdictCache(env.HOOKGATE_KV), { team, ...policy.document.llm }) });
    const started = Date.now();
    const d = await decided(gate({ callouts }), { team, event: PreToolUse, input: pre("ls") });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(permission(d.answer)).toBe("ask");
    expect(d.evaluation?.errors.join(" ")).toMatch(/deadline|time/i);
  });

  it("a draft policy given with the request decides instead of the stored one, and a dry run records nothing", async () => {
    const team = uniqueTeam("gate-draft");
    await storeCurrent(team, denyRm);
    const g = gate();
    const draft = g.compile({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "rule", if: "Bash(ls *)", decision: "ask", reason: "ls?" }] }] } });
    if (!draft.ok) throw new Error("draft does not compile");
    let recorded = 0;
    const decisions = { record: async () => void recorded++ } as unknown as GateDeps["decisions"];
    const d = await decided(gate({ decisions }), { team, event: PreToolUse, input: pre("ls -la"), policy: draft.value, dryRun: true });
    expect(permission(d.answer)).toBe("ask");
    expect(recorded).toBe(0);
  });
});

describe("Gate.eventOf", () => {
  const g = new Gate(claudeCode);
  it("the route's event, when the input names it too", () => {
    const r = g.eventOf("PreToolUse", PreToolUse);
    expect(r.ok && r.value.name).toBe("PreToolUse");
  });
  it("an input naming another event than its route: event_mismatch, pointing at the right route", () => {
    const r = g.eventOf("Stop", PreToolUse);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("event_mismatch");
    expect(r.error.problems?.[0]?.message).toContain(Stop.route);
  });
  it("no route and an unknown or missing name: unknown_event", () => {
    for (const named of ["NoSuchEvent", undefined, 42]) {
      const r = g.eventOf(named);
      expect(!r.ok && r.error.code).toBe("unknown_event");
    }
  });
});
