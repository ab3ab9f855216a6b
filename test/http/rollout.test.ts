// The rollout road through the real Worker (workerd, local KV, D1, Durable Objects): impact on recorded traffic,
// the shadow, the canary, promote and abort (docs/rolling-out.md). One app per suite with its own clock (the
// services' `now`, which the Gate's policy cache reads), writing decision records straight to the index.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import { inCanary } from "../../src/rollout/state";
import type { DecisionRecord, Services } from "../../src/services";
import { PAYLOADS } from "../fixtures/payloads";
import { ADMIN_TOKEN, BASE, expectAnswer, expectError, uniqueTeam } from "../support/worker";

let clock = Date.now();
let services: Services;
let app: ReturnType<typeof createApp>;

async function send(path: string, init: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${BASE}${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const adminAs = (token: string, method: string, path: string, body?: unknown) =>
  send(`/v1/admin${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }) });
const admin = (method: string, path: string, body?: unknown) => adminAs(ADMIN_TOKEN, method, path, body);

const rule = (id: string, decision: string, extra: object = {}) => ({ type: "rule", id, decision, reason: `${id} says ${decision}`, ...extra });
/** The current policy: `ls` allowed, `rm` denied, nothing else has an opinion. */
const CURRENT = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [rule("ls-allow", "allow", { if: ["Bash(ls)", "Bash(ls *)"] }), rule("no-rm", "deny", { if: "Bash(rm *)" })] }] } };
/** A candidate that denies every tool call. */
const DENY_ALL = { hooks: { PreToolUse: [{ matcher: "*", hooks: [rule("deny-all", "deny")] }] } };
/** A candidate that also denies `ls`. */
const DENY_LS = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [rule("ls-deny", "deny", { if: ["Bash(ls)", "Bash(ls *)"] }), rule("no-rm", "deny", { if: "Bash(rm *)" })] }] } };

const pre = (command: string, session = "s1", i = 0) => ({ ...PAYLOADS.PreToolUse, session_id: session, tool_use_id: `t-${session}-${i}`, tool_name: "Bash", tool_input: { command } });

async function setUpTeam(prefix: string, policy: unknown = CURRENT): Promise<{ team: string; token: string }> {
  const team = uniqueTeam(prefix);
  await expectAnswer(await admin("PUT", `/teams/${team}/policy`, policy), 201);
  const { token } = (await expectAnswer(await admin("POST", `/teams/${team}/tokens`, { name: "rollout" }), 201)) as { token: string };
  return { team, token };
}

async function hook(team: string, token: string, body: unknown) {
  const res = await send(`/v1/hooks/${team}/pre-tool-use`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { answer: JSON.parse(text) as Record<string, unknown>, revision: res.headers.get("x-hookgate-policy-revision"), decisionId: res.headers.get("x-hookgate-decision-id") };
}
const permission = (answer: Record<string, unknown>) => (answer.hookSpecificOutput as { permissionDecision?: string } | undefined)?.permissionDecision ?? "none";

/** The team's records, once the sink has handed them to the index (it writes straight to D1 here). */
async function records(team: string): Promise<DecisionRecord[]> {
  await services.decisions.drain();
  return services.decisions.query(team, { limit: 1000 });
}

beforeAll(() => {
  // Each record goes to the index as soon as its answer has left (no batching wait), straight to D1 (no queue).
  services = { ...servicesFor(env, { decisionQueue: false, decisionLog: { wait: () => Promise.resolve() } }), now: () => clock };
  app = createApp(claudeCode, () => services);
});

describe("POST …/policy/impact", () => {
  it("re-decides the log's recorded inputs under the candidate, against what was answered", async () => {
    const { team, token } = await setUpTeam("impact");
    for (const [i, command] of ["ls -la", "git status", "rm -rf build"].entries()) await hook(team, token, pre(command, `s${i}`));
    expect(await records(team)).toHaveLength(3);
    const report = await expectAnswer(await admin("POST", `/teams/${team}/policy/impact`, { policy: DENY_LS }));
    expect(report).toMatchObject({ team, revision: 1, records: 3, otherRevision: 0, noInput: 0, total: 3, maskingChanged: { count: 0 } });
    expect((report.changed as { byHandler: unknown[] }).byHandler).toEqual([
      { handler: "ls-allow", count: 1, examples: [expect.objectContaining({ subject: "ls -la", baseline: "allow", candidate: "deny" })] },
      { handler: "ls-deny", count: 1, examples: [expect.objectContaining({ subject: "ls -la", baseline: "allow", candidate: "deny" })] },
    ]);
    // The same policy changes nothing.
    const same = await expectAnswer(await admin("POST", `/teams/${team}/policy/impact`, { policy: CURRENT, limit: 2 }));
    expect(same).toMatchObject({ records: 2, total: 2, changed: { count: 0, byHandler: [] } });
  });

  it("refuses a bad body, a candidate that does not compile, a team without a policy, and a token without decisions:read", async () => {
    const { team } = await setUpTeam("impact-bad");
    await expectError(await admin("POST", `/teams/${team}/policy/impact`, { policy: DENY_LS, limit: 5000 }), 400, "invalid_input");
    await expectError(await admin("POST", `/teams/${team}/policy/impact`, {}), 400, "invalid_input");
    await expectError(await admin("POST", `/teams/${team}/policy/impact`, { policy: { hooks: { PreToolUse: "no" } } }), 400, "policy_invalid");
    await expectError(await admin("POST", `/teams/${uniqueTeam("nobody")}/policy/impact`, { policy: DENY_LS }), 404, "not_found");
    const minted = (await expectAnswer(await admin("POST", "/tokens", { name: "reader", scopes: ["policy:read"], teams: [team] }), 201)) as { token: string };
    await expectError(await adminAs(minted.token, "POST", `/teams/${team}/policy/impact`, { policy: DENY_LS }), 403, "forbidden");
  });
});

describe("the shadow", () => {
  it("quotes recorded inputs only to a token that may read the decision log; policy:read gets the counts", async () => {
    const { team, token } = await setUpTeam("shadow-scope");
    await expectAnswer(await admin("PUT", `/teams/${team}/policy?stage=shadow`, DENY_ALL), 201);
    await hook(team, token, pre("cat /home/dev/.secret-plan.txt", "quoted"));
    expect((await records(team)).length).toBe(1);
    const mint = async (scopes: string[]) => ((await expectAnswer(await admin("POST", "/tokens", { name: scopes.join("+"), scopes, teams: [team] }), 201)) as { token: string }).token;
    const reader = await mint(["policy:read"]);
    const both = await mint(["policy:read", "decisions:read"]);

    const counts = await expectAnswer(await adminAs(reader, "GET", `/teams/${team}/policy/shadow`));
    expect(counts).toMatchObject({ decisions: 1, disagreed: 1, examplesWithheld: true, byHandler: [{ handler: "deny-all", count: 1, examples: [] }] });
    expect(JSON.stringify(counts)).not.toContain("secret-plan");
    expect(JSON.stringify(counts)).not.toContain("quoted");

    const quoted = await expectAnswer(await adminAs(both, "GET", `/teams/${team}/policy/shadow`));
    expect(quoted.examplesWithheld).toBeUndefined();
    expect((quoted.byHandler as { examples: { subject: string; session: string }[] }[])[0]!.examples).toEqual([
      expect.objectContaining({ subject: "cat /home/dev/.secret-plan.txt", session: "quoted" }),
    ]);
  });

  it("never changes an answer (a candidate that denies everything); its disagreements are counted by handler", async () => {
    const { team, token } = await setUpTeam("shadow");
    const commands = ["ls", "git status", "rm -rf build", "cat README.md", "ls -la"];
    const unshadowed = [];
    for (const [i, c] of commands.entries()) unshadowed.push((await hook(team, token, pre(c, "before", i))).answer);

    const staged = await expectAnswer(await admin("PUT", `/teams/${team}/policy?stage=shadow&message=try%20deny-all`, DENY_ALL), 201);
    expect(staged).toMatchObject({ revision: 2, stage: "shadow", current: 1, rollout: { shadow: { revision: 2 } } });
    const policy = await expectAnswer(await admin("GET", `/teams/${team}/policy`));
    expect(policy.revision).toBe(1);
    expect(policy.rollout).toEqual({ shadow: { revision: 2, since: staged.publishedAt } });
    expect((await expectAnswer(await admin("GET", `/teams/${team}/policy/revisions`))).rollout).toEqual({ shadow: { revision: 2, since: staged.publishedAt } });

    const since = new Date().toISOString();
    for (const [i, c] of commands.entries()) {
      const { answer, revision } = await hook(team, token, pre(c, "during", i));
      expect(answer).toEqual(unshadowed[i]); // exactly what it answered without a shadow
      expect(revision).toBe("1");
    }
    const logged = (await records(team)).filter((r) => r.time >= since);
    expect(logged).toHaveLength(commands.length);
    for (const r of logged) {
      expect(r.revision).toBe(1);
      expect(r.shadow).toMatchObject({ revision: 2, verdict: "deny", fired: ["deny-all"] });
    }

    const report = await expectAnswer(await admin("GET", `/teams/${team}/policy/shadow`));
    // `rm` is denied by both: the one agreement.
    expect(report).toMatchObject({ team, revision: 2, since: staged.publishedAt, decisions: 5, agreed: 1, disagreed: 4, agreement: 0.2 });
    expect(report.byVerdict).toEqual(
      expect.arrayContaining([
        { answered: "none", shadow: "deny", count: 2 },
        { answered: "allow", shadow: "deny", count: 2 },
        { answered: "deny", shadow: "deny", count: 1 },
      ]),
    );
    const groups = report.byHandler as { handler: string; count: number; examples: { subject: string; answered: string; shadow: string }[] }[];
    expect(groups.map((g) => [g.handler, g.count])).toEqual([
      ["deny-all", 4],
      ["ls-allow", 2],
    ]);
    expect(groups[1]!.examples.map((e) => e.subject).sort()).toEqual(["ls", "ls -la"]);
    expect(groups[1]!.examples[0]).toMatchObject({ answered: "allow", shadow: "deny" });

    // Publishing ends the shadow: nothing is decided by it any more.
    await expectAnswer(await admin("PUT", `/teams/${team}/policy`, DENY_LS), 201);
    expect((await expectAnswer(await admin("GET", `/teams/${team}/policy`))).rollout).toEqual({});
    await expectError(await admin("GET", `/teams/${team}/policy/shadow`), 404, "not_found");
    const after = await hook(team, token, pre("ls", "after"));
    expect(permission(after.answer)).toBe("deny");
    const last = (await records(team)).find((r) => r.decisionId === after.decisionId);
    expect(last?.shadow).toBeUndefined();
  }, 30_000);

  it("claims no `once` and asks for no judge or forward: such handlers answer their onError", async () => {
    const calloutsAsked: unknown[] = [];
    const claims: string[] = [];
    const real = servicesFor(env, { decisionQueue: false, decisionLog: { wait: () => Promise.resolve() } });
    const watched: Services = {
      ...real,
      now: () => clock,
      callouts: (policy, team) => (calloutsAsked.push(policy.document), real.callouts(policy, team)),
      state: { claimOnce: (team, session, handler) => (claims.push(handler), real.state.claimOnce(team, session, handler)) },
    };
    const own = createApp(claudeCode, () => watched);
    const { team, token } = await setUpTeam("shadow-effects");
    const shadowDoc = {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "rule", id: "once-note", once: true, decision: "ask", reason: "once" }, { type: "prompt", id: "judge", prompt: "is $ARGUMENTS safe?", onError: "deny" }] },
        ],
      },
    };
    await expectAnswer(await admin("PUT", `/teams/${team}/policy?stage=shadow`, shadowDoc), 201);
    const ctx = createExecutionContext();
    const res = await own.fetch(
      new Request(`${BASE}/v1/hooks/${team}/pre-tool-use`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(pre("git status", "fx")) }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await res.json()).toEqual({});
    await real.decisions.drain();
    const [record] = await real.decisions.query(team, { limit: 1 });
    expect(record?.shadow).toMatchObject({ revision: 2, verdict: "deny" });
    expect(record?.shadow?.fired).toEqual(expect.arrayContaining(["once-note", "judge"]));
    expect(claims).toEqual([]);
    // The shadow never asks for callouts; the current policy here has no judge or forward on PreToolUse, so it asks
    // for none either (callouts are built only for an event with a slow handler).
    expect(calloutsAsked).toEqual([]);
  });

  it("a rollback ends it too; abort ends it when no canary runs", async () => {
    const { team } = await setUpTeam("shadow-end");
    await expectAnswer(await admin("PUT", `/teams/${team}/policy`, DENY_LS), 201); // revision 2
    await expectAnswer(await admin("PUT", `/teams/${team}/policy?stage=shadow`, DENY_ALL), 201); // revision 3
    await expectAnswer(await admin("POST", `/teams/${team}/policy/rollback`, { revision: 1 }));
    expect((await expectAnswer(await admin("GET", `/teams/${team}/policy`))).rollout).toEqual({});
    await expectAnswer(await admin("PUT", `/teams/${team}/policy?stage=shadow`, DENY_ALL), 201); // revision 4
    expect(await expectAnswer(await admin("POST", `/teams/${team}/policy/abort`))).toMatchObject({ ended: "shadow", revision: 4, rollout: {} });
    await expectError(await admin("POST", `/teams/${team}/policy/abort`, {}), 409, "conflict");
  });

  it("refuses a shadow for a team with no policy, and one that is the current document", async () => {
    await expectError(await admin("PUT", `/teams/${uniqueTeam("no-policy")}/policy?stage=shadow`, DENY_ALL), 404, "not_found");
    const { team } = await setUpTeam("shadow-same");
    await expectError(await admin("PUT", `/teams/${team}/policy?stage=shadow`, CURRENT), 409, "conflict");
    await expectError(await admin("PUT", `/teams/${team}/policy?stage=live`, DENY_ALL), 400, "invalid_input");
  });
});

describe("the canary", () => {
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await setUpTeam("canary"));
    await expectAnswer(await admin("PUT", `/teams/${team}/policy?stage=shadow`, DENY_LS), 201); // revision 2
  });

  it("a 50 % canary answers about half of 200 sessions from the candidate, each session by one revision throughout", async () => {
    const started = await expectAnswer(await admin("POST", `/teams/${team}/policy/canary`, { revision: 2, percent: 50, message: "half" }));
    expect(started).toMatchObject({ team, rollout: { canary: { revision: 2, percent: 50 }, shadow: { revision: 2 } } });
    expect(Object.keys((started.rollout as { canary: object }).canary).sort()).toEqual(["percent", "revision", "since"]);
    let fromCandidate = 0;
    const ids = new Map<string, string>();
    for (let i = 0; i < 200; i++) {
      const session = `session-${i}`;
      const seen = new Set<string>();
      for (let j = 0; j < 2; j++) {
        const d = await hook(team, token, pre(j === 1 ? "git status" : "ls", session, j));
        seen.add(d.revision!);
        ids.set(d.decisionId!, d.revision!);
        if (j !== 1) expect(permission(d.answer)).toBe(d.revision === "2" ? "deny" : "allow");
      }
      expect([...seen], session).toHaveLength(1); // a session never flips
      if (seen.has("2")) fromCandidate++;
      expect(seen.has("2")).toBe(inCanary(team, session, 50));
    }
    // Binomial(200, ½): mean 100, sd ≈ 7.1; 70–130 is beyond four sd either side.
    expect(fromCandidate).toBeGreaterThan(70);
    expect(fromCandidate).toBeLessThan(130);
    // Every record says which revision answered, as the header did.
    const logged = await records(team);
    for (const [id, revision] of ids) expect(String(logged.find((r) => r.decisionId === id)?.revision), id).toBe(revision);
    // Sessions answered by the canary revision are not shadowed by it again; the others are.
    for (const r of logged.filter((r) => ids.has(r.decisionId))) expect(r.shadow === undefined).toBe(r.revision === 2);
  }, 120_000);

  it("promote makes the canary's revision current at once, reporting both deny rates; the rollout ends", async () => {
    const promoted = await expectAnswer(await admin("POST", `/teams/${team}/policy/promote`, {}));
    expect(promoted).toMatchObject({ team, revision: 2, promotedFrom: 1 });
    const canary = promoted.canary as { decisions: number; denied: number; denyRate: number };
    const current = promoted.current as { decisions: number; denied: number; denyRate: number };
    // `ls` is one event in two of each session: the canary denied it, the current allowed it.
    expect(canary.denyRate).toBe(0.5);
    expect(current.denyRate).toBe(0);
    expect(canary.decisions + current.decisions).toBe(400);
    expect(await expectAnswer(await admin("GET", `/teams/${team}/policy`))).toMatchObject({ revision: 2, rollout: {} });
    for (let i = 0; i < 20; i++) expect((await hook(team, token, pre("ls", `session-${i}`, 9))).revision).toBe("2");
    await expectError(await admin("POST", `/teams/${team}/policy/promote`), 409, "conflict");
  });

  it("abort sends everyone back to the current revision at once; a change made elsewhere is seen within CACHE_TTL_MS", async () => {
    // A canary of the revision rolled back from (1), for everyone.
    await expectAnswer(await admin("POST", `/teams/${team}/policy/canary`, { revision: 1, percent: 100 }));
    expect((await hook(team, token, pre("ls", "any"))).revision).toBe("1");
    expect(await expectAnswer(await admin("POST", `/teams/${team}/policy/abort`))).toMatchObject({ ended: "canary", revision: 1, rollout: {} });
    expect((await hook(team, token, pre("ls", "any"))).revision).toBe("2");

    // Started by another isolate (the store's writer, not this isolate's admin route): this isolate's pointer holds
    // for the bound the README states, not beyond. The same for its abort.
    await services.policies.changeRollout(team, { kind: "canary", revision: 1, percent: 100, at: new Date(clock).toISOString() });
    clock += 4_999;
    expect((await hook(team, token, pre("ls", "any"))).revision).toBe("2");
    clock += 1;
    expect((await hook(team, token, pre("ls", "any"))).revision).toBe("1");
    await services.policies.changeRollout(team, { kind: "abort" });
    clock += 4_999;
    expect((await hook(team, token, pre("ls", "any"))).revision).toBe("1");
    clock += 1;
    expect((await hook(team, token, pre("ls", "any"))).revision).toBe("2");
  });

  it("refuses a canary of the current revision, of no revision, a percent out of range, and without policy:write", async () => {
    await expectError(await admin("POST", `/teams/${team}/policy/canary`, { revision: 2, percent: 10 }), 409, "conflict");
    await expectError(await admin("POST", `/teams/${team}/policy/canary`, { revision: 99, percent: 10 }), 404, "not_found");
    for (const percent of [0, 101, -5, 12.345]) await expectError(await admin("POST", `/teams/${team}/policy/canary`, { revision: 1, percent }), 400, "invalid_input");
    await expectError(await admin("POST", `/teams/${team}/policy/abort`, "{not json"), 400, "invalid_json");
    const minted = (await expectAnswer(await admin("POST", "/tokens", { name: "reader", scopes: ["policy:read"], teams: [team] }), 201)) as { token: string };
    await expectError(await adminAs(minted.token, "POST", `/teams/${team}/policy/canary`, { revision: 1, percent: 10 }), 403, "forbidden");
    await expectError(await adminAs(minted.token, "POST", `/teams/${team}/policy/promote`), 403, "forbidden");
    await expectError(await adminAs(minted.token, "POST", `/teams/${team}/policy/abort`), 403, "forbidden");
  });

  it("each step has its audit entry", async () => {
    const { entries } = (await expectAnswer(await admin("GET", `/audit?team=${team}&limit=100`))) as { entries: { action: string; revision?: number; message?: string }[] };
    const actions = entries.map((e) => e.action);
    for (const a of ["policy.shadow", "policy.canary", "policy.promote", "policy.abort"]) expect(actions).toContain(a);
    expect(entries.find((e) => e.action === "policy.canary" && e.message === "half")).toMatchObject({ revision: 2 });
  });
});
