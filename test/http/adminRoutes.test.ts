// The admin API (hookgate spec §7) through the real Worker: every route's happy path, its errors, and its guard.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import { eventByName } from "../../src/clients/claude-code/events";
import { sha256Hex } from "../../src/crypto";
import { createApp } from "../../src/http/app";
import { drainDecisionLogs, servicesFor } from "../../src/index";
import { PAYLOADS } from "../fixtures/payloads";
import {
  admin,
  BASE,
  call,
  decisions,
  expectAnswer,
  expectError,
  hook,
  lsPolicy,
  mintToken,
  mintTokenInfo,
  ONE_MIB,
  publish,
  teamWith,
  uniqueTeam,
  pollDecisions,
} from "../support/worker";
import { claudeCode } from "../../src/clients/claude-code";

const pre = (command: string, extra: Record<string, unknown> = {}) => ({
  ...PAYLOADS.PreToolUse,
  tool_input: { command },
  ...extra,
});

interface Revision {
  revision: number;
  publishedAt: string;
  digest: string;
  current: boolean;
}
const revisions = async (team: string): Promise<Revision[]> =>
  ((await expectAnswer(await admin("GET", `/teams/${team}/policy/revisions`))) as { revisions: Revision[] }).revisions;

/** Every admin route, with a body that would be accepted, to check the guards on each. */
const ROUTES = (team: string): { method: string; path: string; body?: unknown }[] => [
  { method: "GET", path: "/teams" },
  { method: "GET", path: "/decision-log" },
  { method: "PUT", path: `/teams/${team}/policy`, body: lsPolicy("deny") },
  { method: "GET", path: `/teams/${team}/policy` },
  { method: "GET", path: `/teams/${team}/policy/revisions` },
  { method: "GET", path: `/teams/${team}/policy/revisions/1` },
  { method: "POST", path: `/teams/${team}/policy/rollback`, body: { revision: 1 } },
  { method: "POST", path: `/teams/${team}/tokens`, body: { name: "x" } },
  { method: "GET", path: `/teams/${team}/tokens` },
  { method: "DELETE", path: `/teams/${team}/tokens/tok_x` },
  { method: "POST", path: `/teams/${team}/evaluate`, body: { input: pre("ls") } },
  { method: "GET", path: `/teams/${team}/settings?url=https://hooks.example.com` },
  { method: "GET", path: `/teams/${team}/decisions` },
];

const init = (method: string, body: unknown, headers: Record<string, string>): RequestInit => {
  const r: RequestInit = { method, headers: { "content-type": "application/json", ...headers } };
  if (body !== undefined) r.body = JSON.stringify(body);
  return r;
};

describe("admin guard", () => {
  let team: string;
  let teamToken: string;
  beforeAll(async () => {
    ({ team, token: teamToken } = await teamWith(lsPolicy("deny"), "guard"));
  });

  it("401s every route without the admin token, with a wrong one, or with a team token — and changes nothing", async () => {
    const before = await revisions(team);
    for (const r of ROUTES(team))
      for (const headers of [
        {},
        { authorization: "Bearer nope" },
        { authorization: `Bearer ${env.ADMIN_TOKEN}x` },
        { authorization: `Bearer ${teamToken}` },
        { authorization: `Basic ${btoa(`admin:${env.ADMIN_TOKEN}`)}` },
        { authorization: String(env.ADMIN_TOKEN) },
      ] as Record<string, string>[]) {
        const res = await call(`/v1/admin${r.path}`, init(r.method, r.body, headers));
        await expectError(res, 401, "unauthorized");
      }
    expect(await revisions(team)).toEqual(before);
  });

  it("403s every route with admin_disabled when ADMIN_TOKEN is not set", async () => {
    const app = createApp(claudeCode, servicesFor);
    for (const disabled of [undefined, ""])
      for (const r of ROUTES(team)) {
        const ctx = createExecutionContext();
        const req = new Request(`${BASE}/v1/admin${r.path}`, init(r.method, r.body, { authorization: `Bearer ${env.ADMIN_TOKEN}` }));
        const res = await app.fetch(req, { ...env, ADMIN_TOKEN: disabled }, ctx);
        await waitOnExecutionContext(ctx);
        await expectError(res, 403, "admin_disabled");
      }
  });

  it("400s an invalid team name on every route", async () => {
    for (const bad of ["UPPER", "-lead", "_lead", "a".repeat(64), "sp%20ace", "dot.ted", "%C3%A9"])
      for (const r of ROUTES(bad).filter((r) => r.path.includes(bad))) {
        const res = await admin(r.method, r.path, r.body);
        const e = await expectError(res, 400, "invalid_input");
        expect(e.error.message).toMatch(/team/);
      }
  });

  it("404s unknown admin paths with the envelope; a known path with another method is a 405", async () => {
    await expectError(await admin("GET", `/teams/${team}/nope`), 404, "not_found");
    await expectError(await admin("GET", "/teamz"), 404, "not_found");
    const wrong = await admin("POST", `/teams/${team}/policy`, lsPolicy("deny"));
    expect(wrong.headers.get("allow")).toBe("GET, PUT");
    await expectError(wrong, 405, "method_not_allowed");
  });
});

describe("PUT/GET policy", () => {
  it("publishes as a new revision (201) and GET returns exactly what was PUT", async () => {
    const team = uniqueTeam("put");
    const doc = { description: "héllo — ünïcode ✓", ...lsPolicy("deny"), failMode: "open", deadlineMs: 1234 };
    const res = await admin("PUT", `/teams/${team}/policy`, doc);
    const body = await expectAnswer(res, 201);
    expect(body).toMatchObject({ team, revision: 1, handlers: 1, events: ["PreToolUse"] });
    expect(body.digest).toMatch(/^[0-9a-f]{16}$/);
    expect(Number.isNaN(Date.parse(String(body.publishedAt)))).toBe(false);

    const got = await expectAnswer(await admin("GET", `/teams/${team}/policy`));
    expect(JSON.stringify(got.document)).toBe(JSON.stringify(doc)); // same keys, same order, no defaults filled in
    expect(got).toMatchObject({ team, revision: 1, digest: body.digest });

    const second = await publish(team, starter);
    expect(second.revision).toBe(2);
    expect((await expectAnswer(await admin("GET", `/teams/${team}/policy`))).document).toEqual(starter);
  });

  it("404s GET policy for a team that never published", async () => {
    await expectError(await admin("GET", `/teams/${uniqueTeam("none")}/policy`), 404, "not_found");
  });

  it("400s a policy with several problems, listing every one (path + message), and publishes nothing", async () => {
    const team = uniqueTeam("invalid");
    await publish(team, lsPolicy("deny"));
    const semantic = {
      hooks: {
        Notification: [{ hooks: [{ type: "rule", decision: "deny", reason: "x" }] }],
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "rule", if: "Bash(", decision: "deny" },
              { type: "rule", when: { "tool_input.command": "(unclosed" }, decision: "deny" },
              { type: "rule", id: "dup", decision: "allow" },
              { type: "rule", id: "dup", decision: "ask" },
            ],
          },
        ],
        Stop: [{ hooks: [{ type: "rule", updatedInput: { a: 1 }, decision: "block" }] }],
      },
    };
    const e = await expectError(await admin("PUT", `/teams/${team}/policy`, semantic), 400, "policy_invalid");
    const paths = e.error.problems!.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "hooks.Notification[0].hooks[0].decision",
        "hooks.PreToolUse[0].hooks[0].if",
        "hooks.PreToolUse[0].hooks[1].when.tool_input.command",
        "hooks.PreToolUse[0].hooks[3].id",
        "hooks.Stop[0].hooks[0].updatedInput",
      ]),
    );
    expect(e.error.problems!.find((p) => p.path.endsWith(".decision"))!.message).toMatch(/Notification/);
    expect(e.error.message).toMatch(new RegExp(`${e.error.problems!.length} problem`));

    const shape = {
      failMode: "sometimes",
      deadlineMs: 5,
      extra: 1,
      hooks: { Nope: [], PreToolUse: [{ hooks: [{ type: "command", command: "x" }] }] },
    };
    const e2 = await expectError(await admin("PUT", `/teams/${team}/policy`, shape), 400, "policy_invalid");
    const p2 = e2.error.problems!;
    expect(p2.map((p) => p.path)).toEqual(
      expect.arrayContaining(["failMode", "deadlineMs", "hooks.Nope", "hooks.PreToolUse[0].hooks[0].type"]),
    );
    expect(p2.some((p) => p.message.includes("extra"))).toBe(true);
    expect(p2.find((p) => p.path.endsWith(".type"))!.message).toMatch(/edge/);

    // nothing was published by either attempt
    expect((await revisions(team)).map((r) => r.revision)).toEqual([1]);
    expect((await expectAnswer(await admin("GET", `/teams/${team}/policy`))).document).toEqual(lsPolicy("deny"));
  });

  it("400s a body that is not a JSON object", async () => {
    const team = uniqueTeam("notobj");
    for (const body of ["[]", "{", "null", '"policy"', ""])
      await expectError(await admin("PUT", `/teams/${team}/policy`, body), 400, "invalid_json");
    expect(await revisions(team)).toEqual([]);
  });

  it("413s a policy over the body limit and publishes nothing", async () => {
    const team = uniqueTeam("huge");
    const big = { description: "x".repeat(ONE_MIB), ...lsPolicy("deny") };
    await expectError(await admin("PUT", `/teams/${team}/policy`, big), 413, "payload_too_large");
    await expectError(await admin("POST", `/teams/${team}/evaluate`, { input: pre("x".repeat(ONE_MIB)) }), 413, "payload_too_large");
    expect(await revisions(team)).toEqual([]);
  });

  it("?dryRun=1 validates without publishing", async () => {
    const team = uniqueTeam("dry");
    const first = await publish(team, lsPolicy("deny"));
    for (const q of ["dryRun=1", "dryRun=true"]) {
      const ok = await expectAnswer(await admin("PUT", `/teams/${team}/policy?${q}`, starter));
      expect(ok).toMatchObject({ team, dryRun: true, valid: true });
      expect(ok.revision).toBeUndefined();
    }
    const bad = await expectError(
      await admin("PUT", `/teams/${team}/policy?dryRun=1`, { hooks: { Stop: [{ hooks: [{ type: "rule", decision: "deny" }] }] } }),
      400,
      "policy_invalid",
    );
    expect(bad.error.problems![0]!.path).toBe("hooks.Stop[0].hooks[0].decision");
    expect((await revisions(team)).map((r) => r.revision)).toEqual([first.revision]);
    const current = await expectAnswer(await admin("GET", `/teams/${team}/policy`));
    expect(current.revision).toBe(first.revision);
    expect(current.document).toEqual(lsPolicy("deny"));
    // a dry run on a team without a policy creates nothing
    const fresh = uniqueTeam("dry-fresh");
    expect((await admin("PUT", `/teams/${fresh}/policy?dryRun=1`, starter)).status).toBe(200);
    await expectError(await admin("GET", `/teams/${fresh}/policy`), 404, "not_found");
  });
});

describe("revisions and rollback", () => {
  it("lists revisions newest first with the current flag; GET one; 404 a missing one; 400 a malformed one", async () => {
    const team = uniqueTeam("revs");
    const docs = [lsPolicy("deny", "one"), lsPolicy("ask", "two"), lsPolicy("allow", "three")];
    for (const d of docs) await publish(team, d);
    const list = await revisions(team);
    expect(list.map((r) => r.revision)).toEqual([3, 2, 1]);
    expect(list.map((r) => r.current)).toEqual([true, false, false]);
    for (const r of list) {
      expect(r.digest).toMatch(/^[0-9a-f]{16}$/);
      expect(Number.isNaN(Date.parse(r.publishedAt))).toBe(false);
    }
    expect(new Set(list.map((r) => r.digest)).size).toBe(3);
    for (const [i, d] of docs.entries()) {
      const got = await expectAnswer(await admin("GET", `/teams/${team}/policy/revisions/${i + 1}`));
      expect(got).toMatchObject({ team, revision: i + 1 });
      expect(got.document).toEqual(d);
    }
    await expectError(await admin("GET", `/teams/${team}/policy/revisions/4`), 404, "not_found");
    await expectError(await admin("GET", `/teams/${uniqueTeam("x")}/policy/revisions/1`), 404, "not_found");
    for (const bad of ["0", "-1", "1.5", "abc", "1e3x"])
      await expectError(await admin("GET", `/teams/${team}/policy/revisions/${bad}`), 400, "invalid_input");
    expect(await revisions(uniqueTeam("empty"))).toEqual([]);
  });

  it("rollback restores the earlier answer byte for byte, and keeps every revision", async () => {
    const team = uniqueTeam("rollback");
    const token = await mintToken(team);
    const a = await publish(team, lsPolicy("deny", "ls is blocked in revision A"));
    const underA = await hook(team, "pre-tool-use", pre("ls -la"), token);
    const answerA = await underA.text();
    expect(underA.status).toBe(200);
    expect(JSON.parse(answerA)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });

    const b = await publish(team, { hooks: { PostToolUse: [{ hooks: [{ type: "rule", additionalContext: "B" }] }] } });
    const underB = await hook(team, "pre-tool-use", pre("ls -la"), token);
    expect(await underB.text()).toBe("{}");
    expect(underB.headers.get("x-hookgate-policy-revision")).toBe(String(b.revision));

    const rolled = await expectAnswer(await admin("POST", `/teams/${team}/policy/rollback`, { revision: a.revision }));
    expect(rolled).toMatchObject({ team, revision: a.revision, rolledBackFrom: b.revision });
    const again = await hook(team, "pre-tool-use", pre("ls -la"), token);
    expect(await again.text()).toBe(answerA);
    expect(again.headers.get("x-hookgate-policy-revision")).toBe(String(a.revision));

    const current = await expectAnswer(await admin("GET", `/teams/${team}/policy`));
    expect(current.revision).toBe(a.revision);
    expect(current.document).toEqual(lsPolicy("deny", "ls is blocked in revision A"));

    // immutable: both revisions remain, B unchanged, and the next publish gets a new number
    const list = await revisions(team);
    expect(list.map((r) => [r.revision, r.current])).toEqual([
      [b.revision, false],
      [a.revision, true],
    ]);
    expect((await expectAnswer(await admin("GET", `/teams/${team}/policy/revisions/${b.revision}`))).document).toEqual({
      hooks: { PostToolUse: [{ hooks: [{ type: "rule", additionalContext: "B" }] }] },
    });
    const c = await publish(team, lsPolicy("ask"));
    expect(c.revision).toBe(b.revision + 1);
    // and roll forward again to B
    await expectAnswer(await admin("POST", `/teams/${team}/policy/rollback`, { revision: b.revision }));
    expect(await (await hook(team, "pre-tool-use", pre("ls -la"), token)).text()).toBe("{}");
  });

  it("404s a rollback to a missing revision and 400s a malformed rollback body", async () => {
    const team = uniqueTeam("rb-bad");
    await expectError(await admin("POST", `/teams/${team}/policy/rollback`, { revision: 1 }), 404, "not_found");
    await publish(team, lsPolicy("deny"));
    await expectError(await admin("POST", `/teams/${team}/policy/rollback`, { revision: 99 }), 404, "not_found");
    for (const body of [{}, { revision: "1" }, { revision: 0 }, { revision: -1 }, { revision: 1.5 }, { revision: 1, extra: true }, { rev: 1 }]) {
      const e = await expectError(await admin("POST", `/teams/${team}/policy/rollback`, body), 400, "invalid_input");
      expect(e.error.problems!.length).toBeGreaterThan(0);
    }
    for (const body of ["", "{", "[1]", "1"])
      await expectError(await admin("POST", `/teams/${team}/policy/rollback`, body), 400, "invalid_json");
    expect((await revisions(team)).map((r) => [r.revision, r.current])).toEqual([[1, true]]);
  });

  it("concurrent publishes get distinct revisions and none is lost", async () => {
    const team = uniqueTeam("race");
    const docs = Array.from({ length: 10 }, (_, i) => ({ description: `concurrent #${i}`, ...lsPolicy("deny", `reason ${i}`) }));
    const results = await Promise.all(docs.map((d) => publish(team, d)));
    const revs = results.map((r) => r.revision);
    expect(new Set(revs).size).toBe(10);
    expect([...revs].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const [i, r] of results.entries()) {
      const got = await expectAnswer(await admin("GET", `/teams/${team}/policy/revisions/${r.revision}`));
      expect(got.document).toEqual(docs[i]);
    }
    const list = await revisions(team);
    expect(list.map((r) => r.revision)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(list.filter((r) => r.current)).toHaveLength(1);
    const current = await expectAnswer(await admin("GET", `/teams/${team}/policy`));
    expect(revs).toContain(current.revision);
  });
});

describe("tokens", () => {
  it("creates a token once (hg_…), lists it without the secret or its hash, and revokes it", async () => {
    const team = uniqueTeam("tokens");
    await publish(team, lsPolicy("deny"));
    const res = await admin("POST", `/teams/${team}/tokens`, { name: "laptop" });
    const created = (await expectAnswer(res, 201)) as Record<string, string>;
    expect(created.token).toMatch(/^hg_[A-Za-z0-9_-]{40,}$/);
    expect(created).toMatchObject({ team, name: "laptop", prefix: created.token!.slice(0, 7) });
    expect(created.id).toMatch(/^tok_/);
    const unnamed = await mintTokenInfo(team);
    expect(unnamed.token).not.toBe(created.token);

    const listed = await admin("GET", `/teams/${team}/tokens`);
    const text = await listed.text();
    expect(listed.status).toBe(200);
    const { tokens } = JSON.parse(text) as { tokens: Record<string, unknown>[] };
    expect(tokens.map((t) => t.id).sort()).toEqual([created.id, unnamed.id].sort());
    for (const t of tokens) {
      expect(Object.keys(t).sort()).toEqual(expect.arrayContaining(["createdAt", "id", "prefix", "team"]));
      expect(t).not.toHaveProperty("token");
      expect(t).not.toHaveProperty("hash");
    }
    for (const secret of [created.token!, unnamed.token]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(await sha256Hex(secret));
    }

    // works, then revoked, then 401 straight away
    expect((await hook(team, "pre-tool-use", pre("ls"), created.token)).status).toBe(200);
    const del = await expectAnswer(await admin("DELETE", `/teams/${team}/tokens/${created.id}`));
    expect(del).toEqual({ revoked: created.id });
    await expectError(await hook(team, "pre-tool-use", pre("ls"), created.token), 401, "unauthorized");
    // the other token is untouched
    expect((await hook(team, "pre-tool-use", pre("ls"), unnamed.token)).status).toBe(200);
    const after = (await expectAnswer(await admin("GET", `/teams/${team}/tokens`))) as { tokens: { id: string }[] };
    expect(after.tokens.map((t) => t.id)).toEqual([unnamed.id]);
    await expectError(await admin("DELETE", `/teams/${team}/tokens/${created.id}`), 404, "not_found");
  });

  it("404s revoking an unknown token, or another team's token through this team", async () => {
    const a = await teamWith(lsPolicy("deny"), "tok-a");
    const b = uniqueTeam("tok-b");
    await publish(b, lsPolicy("deny"));
    const bTok = await mintTokenInfo(b);
    await expectError(await admin("DELETE", `/teams/${a.team}/tokens/tok_doesnotexist`), 404, "not_found");
    await expectError(await admin("DELETE", `/teams/${a.team}/tokens/${bTok.id}`), 404, "not_found");
    expect((await hook(b, "pre-tool-use", pre("ls"), bTok.token)).status).toBe(200);
    // lists are per team
    const aList = (await expectAnswer(await admin("GET", `/teams/${a.team}/tokens`))) as { tokens: { id: string; team: string }[] };
    expect(aList.tokens.some((t) => t.id === bTok.id)).toBe(false);
    expect(aList.tokens.every((t) => t.team === a.team)).toBe(true);
  });

  it("400s a malformed token request", async () => {
    const team = uniqueTeam("tok-bad");
    for (const body of [{ name: "" }, { name: 5 }, { name: "x".repeat(101) }, { bogus: 1 }])
      await expectError(await admin("POST", `/teams/${team}/tokens`, body), 400, "invalid_input");
    await expectError(await admin("POST", `/teams/${team}/tokens`, "{"), 400, "invalid_json");
    expect(((await expectAnswer(await admin("GET", `/teams/${team}/tokens`))) as { tokens: unknown[] }).tokens).toEqual([]);
  });
});

describe("evaluate", () => {
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(starter, "eval"));
  });

  interface EvalAnswer {
    answer: Record<string, unknown>;
    trace: {
      event: string;
      query?: string;
      groups: { index: number; matcher?: string; matched: boolean }[];
      handlers: { id: string; path: string; type: string; status: string; why: string }[];
    };
    errors: string[];
  }
  const evaluate = async (body: unknown, t = team) =>
    (await expectAnswer(await admin("POST", `/teams/${t}/evaluate`, body))) as unknown as EvalAnswer;

  it("evaluates {input} against the current policy: the answer plus a trace", async () => {
    const r = await evaluate({ input: pre("rm -rf /") });
    expect(r.answer).toMatchObject({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } });
    expect(eventByName("PreToolUse").output.safeParse(r.answer).success).toBe(true);
    // the same answer the hook route gives
    const live = await expectAnswer(await hook(team, "pre-tool-use", pre("rm -rf /"), token));
    expect(r.answer).toEqual(live);

    expect(r.trace.event).toBe("PreToolUse");
    expect(r.trace.query).toBe("Bash");
    expect(r.trace.groups).toEqual([{ index: 0, matcher: "Bash|PowerShell|Read|Edit|Write|MultiEdit|NotebookEdit|NotebookRead|Grep|Glob|LS", matched: true }]);
    const fired = r.trace.handlers.filter((h) => h.status === "fired");
    expect(fired.map((h) => h.id)).toEqual(["no-recursive-delete-of-root-system-or-home"]);
    expect(fired[0]!.why).toBe('"rm -rf /" would delete recursive of @protected (rm -r /)');
    expect(fired[0]!.type).toBe("rule");
    for (const h of r.trace.handlers) {
      expect(["fired", "dry-run", "skipped", "not-awaited", "failed"]).toContain(h.status);
      expect(h.why.length).toBeGreaterThan(0);
    }

    const ls = await evaluate({ input: pre("ls") });
    expect(ls.answer).toEqual({});
    expect(ls.trace.handlers.filter((h) => h.status === "fired")).toEqual([]);
  });

  it("evaluates {input, policy} with an inline policy, ignoring the published one", async () => {
    const r = await evaluate({ input: pre("ls"), policy: lsPolicy("ask", "inline ask") });
    expect(r.answer).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "inline ask" },
    });
    // works for a team that has no policy at all
    const r2 = await evaluate({ input: pre("ls"), policy: lsPolicy("deny", "d") }, uniqueTeam("eval-nopolicy"));
    expect(r2.answer).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
    await expectError(await admin("POST", `/teams/${uniqueTeam("eval-none")}/evaluate`, { input: pre("ls") }), 404, "not_found");
  });

  it("writes no state: a once handler fires on every evaluate, the decision log and revisions are unchanged", async () => {
    const session = crypto.randomUUID();
    const oncePolicy = {
      hooks: { PreToolUse: [{ hooks: [{ type: "rule", id: "hello-once", once: true, additionalContext: "first call in this session" }] }] },
    };
    const t = await teamWith(oncePolicy, "eval-once");
    const input = pre("ls", { session_id: session });
    const revsBefore = await revisions(t.team);
    for (const body of [{ input }, { input }, { input, policy: oncePolicy }]) {
      const r = await evaluate(body, t.team);
      expect(r.answer).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "first call in this session" } });
      expect(r.trace.handlers.find((h) => h.id === "hello-once")?.status).toBe("fired");
    }
    await drainDecisionLogs(); // whatever evaluate might have recorded is sent now, not after some sleep
    expect(await decisions(t.team)).toEqual([]);
    expect(await revisions(t.team)).toEqual(revsBefore);

    // the once claim is still free for the real session: the first live request fires, the second does not
    const first = await expectAnswer(await hook(t.team, "pre-tool-use", input, t.token));
    expect(first).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "first call in this session" } });
    const second = await expectAnswer(await hook(t.team, "pre-tool-use", { ...input, tool_use_id: "toolu_other" }, t.token));
    expect(second).toEqual({});
    // and evaluate still fires it, now that the session has used it
    expect((await evaluate({ input }, t.team)).answer).toEqual(first);
    // Sent to the decision queue in order: had evaluate recorded anything, it would arrive no later than these two.
    await drainDecisionLogs();
    expect(await pollDecisions(t.team, (l) => l.length >= 2)).toHaveLength(2);
  });

  it("400s an invalid inline policy with its problems", async () => {
    const bad = { hooks: { Stop: [{ hooks: [{ type: "rule", decision: "deny" }, { type: "agent", prompt: "x" }] }] } };
    const e = await expectError(await admin("POST", `/teams/${team}/evaluate`, { input: PAYLOADS.Stop, policy: bad }), 400, "policy_invalid");
    expect(e.error.problems!.length).toBeGreaterThan(0);
    expect(e.error.problems!.some((p) => /agent|edge/.test(p.message))).toBe(true);
  });

  it("400s invalid input", async () => {
    const missing = { ...pre("ls") } as Record<string, unknown>;
    delete missing.tool_name;
    const e = await expectError(await admin("POST", `/teams/${team}/evaluate`, { input: missing }), 400, "invalid_input");
    expect(e.error.problems!.map((p) => p.path)).toContain("input.tool_name");
    const typed = await expectError(
      await admin("POST", `/teams/${team}/evaluate`, { input: pre("ls", { tool_input: "x", session_id: 5 }) }),
      400,
      "invalid_input",
    );
    expect(typed.error.problems!.map((p) => p.path).sort()).toEqual(["input.session_id", "input.tool_input"]);
    await expectError(await admin("POST", `/teams/${team}/evaluate`, { input: pre("ls", { hook_event_name: "Nope" }) }), 400, "unknown_event");
    await expectError(await admin("POST", `/teams/${team}/evaluate`, { input: { ...pre("ls"), hook_event_name: undefined } }), 400, "unknown_event");
    for (const body of [{}, { input: "x" }, { input: [] }, { input: pre("ls"), extra: 1 }, { input: pre("ls"), policy: "x" }])
      await expectError(await admin("POST", `/teams/${team}/evaluate`, body), 400, "invalid_input");
    for (const body of ["", "{", "[]"]) await expectError(await admin("POST", `/teams/${team}/evaluate`, body), 400, "invalid_json");
  });
});

describe("settings", () => {
  const withSessionStart = {
    ...starter,
    hooks: {
      ...starter.hooks,
      SessionStart: [{ matcher: "startup", hooks: [{ type: "rule", additionalContext: "Team rules apply." }] }],
    },
  };

  it("returns a Claude Code hooks block pointing at the team's routes", async () => {
    const { team } = await teamWith(withSessionStart, "settings");
    const res = await admin("GET", `/teams/${team}/settings?url=${encodeURIComponent("https://hooks.example.com")}`);
    const { hooks } = (await expectAnswer(res)) as { hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> };
    expect(Object.keys(hooks).sort()).toEqual(["PreToolUse", "SessionStart", "UserPromptSubmit"]);
    for (const name of ["PreToolUse", "UserPromptSubmit"] as const) {
      const h = hooks[name]![0]!.hooks[0]!;
      expect(h).toMatchObject({
        type: "http",
        url: `https://hooks.example.com/v1/hooks/${team}/${eventByName(name).route}`,
        headers: { Authorization: "Bearer $HOOKGATE_TOKEN" },
        allowedEnvVars: ["HOOKGATE_TOKEN"],
      });
      expect(typeof h.timeout).toBe("number");
      expect(h.timeout as number).toBeGreaterThan(starter.deadlineMs / 1000);
      expect(() => new URL(String(h.url))).not.toThrow();
    }
    expect(hooks.PreToolUse![0]!.matcher?.split("|")).toEqual(expect.arrayContaining(["Bash", "Read", "Edit", "Write"]));
    const bridge = hooks.SessionStart![0]!.hooks[0]!;
    expect(bridge.type).toBe("command");
    expect(String(bridge.command)).toContain("curl -sS "); // test/http/sessionStartBridge.node.test.ts runs it
    expect(String(bridge.command)).toContain(`https://hooks.example.com/v1/hooks/${team}/session-start`);
    expect(String(bridge.command)).toContain("Authorization: Bearer $HOOKGATE_TOKEN");
    expect(hooks.SessionStart![0]!.matcher).toBe("startup");

    // a trailing slash on the base does not double up
    const slash = (await expectAnswer(await admin("GET", `/teams/${team}/settings?url=https://hooks.example.com/`))) as {
      hooks: Record<string, { hooks: Record<string, unknown>[] }[]>;
    };
    expect(slash.hooks.PreToolUse![0]!.hooks[0]!.url).toBe(`https://hooks.example.com/v1/hooks/${team}/pre-tool-use`);
  });

  it("accepts ordinary base URLs: a port, a path, plain http for local development", async () => {
    const team = uniqueTeam("settings-ok");
    for (const [base, expected] of [
      ["http://localhost:8787", "http://localhost:8787/v1/hooks"],
      ["https://gw.example.com/hookgate/", "https://gw.example.com/hookgate/v1/hooks"],
      ["http://127.0.0.1:8787", "http://127.0.0.1:8787/v1/hooks"],
    ] as const) {
      const { hooks } = (await expectAnswer(await admin("GET", `/teams/${team}/settings?url=${encodeURIComponent(base)}`))) as {
        hooks: Record<string, { hooks: Record<string, unknown>[] }[]>;
      };
      expect(hooks.PreToolUse![0]!.hooks[0]!.url).toBe(`${expected}/${team}/pre-tool-use`);
    }
  });

  it("without a policy, gives the default gating events", async () => {
    const team = uniqueTeam("settings-none");
    const { hooks } = (await expectAnswer(await admin("GET", `/teams/${team}/settings?url=https://h.example`))) as {
      hooks: Record<string, unknown>;
    };
    expect(Object.keys(hooks).length).toBeGreaterThan(0);
    expect(Object.keys(hooks)).toContain("PreToolUse");
  });

  it("400s a url that is not a plain http(s) URL", async () => {
    const team = uniqueTeam("settings-bad");
    for (const url of [
      "not-a-url",
      "ftp://hooks.example.com",
      "javascript:alert(1)",
      "https://",
      "https://hooks example.com",
      "https://hooks.example.com/'$(touch /tmp/pwned)'",
      "https://hooks.example.com/`id`",
      "https://hooks.example.com/'$(id)'",
      "https://hooks.example.com/x';id;'",
      "https://hooks.example.com/?q=1",
      "https://hooks.example.com/#frag",
      'https://hooks.example.com/"x"',
    ]) {
      const res = await admin("GET", `/teams/${team}/settings?url=${encodeURIComponent(url)}`);
      await expectError(res, 400, "invalid_input");
    }
  });
});

describe("decisions", () => {
  it("400s an invalid filter", async () => {
    const team = uniqueTeam("dec-bad");
    for (const q of ["limit=0", "limit=1001", "limit=x", "since=yesterday", "until=2020-13-45", `verdict=${"x".repeat(17)}`])
      await expectError(await admin("GET", `/teams/${team}/decisions?${q}`), 400, "invalid_input");
    expect(await decisions(team)).toEqual([]);
  });
});
