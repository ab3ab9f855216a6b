// The HTTP surface as an attacker and a careless client use it, through the real Worker (workerd, local KV, D1,
// Durable Objects, Queues, R2): what a caller sends never comes back, nor is kept, as a secret — not in an error
// envelope, the decision record's columns, the export, the audit trail or a token's listing — and time bounds that
// `toISOString()` cannot write as a four-digit year are refused rather than compared as text out of order.
import { describe, expect, it } from "vitest";
import * as api from "../../src/http/adminApi";
import { PAYLOADS } from "../fixtures/payloads";
import { ADMIN_TOKEN as ADMIN, admin, call, callDirect, expectAnswer, expectError, hook, lsPolicy, mintTokenInfo, pollDecisions, publish, uniqueTeam } from "../support/worker";

/** A hook token of another team: the secret a careless client pastes where a name, an event or a message goes. */
const secretToken = async () => (await mintTokenInfo(uniqueTeam("victim"))).token;
/** An AWS access key id (secretlint's and hookgate's detectors both know its shape). */
const AWS_KEY = "AKIAIOSFODNN7EXAMPLF";

async function textOf(res: Response): Promise<{ status: number; text: string }> {
  return { status: res.status, text: await res.text() };
}

describe("error envelopes never quote a secret the caller sent", () => {
  it("hook routes: an unknown or mismatched hook_event_name, and a path, holding a token or a key", async () => {
    const team = uniqueTeam("echo");
    await publish(team, lsPolicy("deny"));
    const { token } = await mintTokenInfo(team);
    const secret = await secretToken();
    const cases: [string, Promise<Response>, number, string][] = [
      ["generic route, unknown event", hook(team, undefined, { ...PAYLOADS.PreToolUse, hook_event_name: secret }, token), 400, "unknown_event"],
      ["generic route, a key in the event", hook(team, undefined, { ...PAYLOADS.PreToolUse, hook_event_name: `x ${AWS_KEY}` }, token), 400, "unknown_event"],
      ["event route, mismatch", hook(team, "pre-tool-use", { ...PAYLOADS.PreToolUse, hook_event_name: secret }, token), 400, "event_mismatch"],
      ["Codex route, mismatch", hook(team, "codex/pre-tool-use", { ...PAYLOADS.PreToolUse, hook_event_name: secret }, token), 400, "event_mismatch"],
      ["a token as the event route", call(`/v1/hooks/${team}/${secret}`, { method: "POST", body: "{}" }), 404, "not_found"],
    ];
    for (const [name, pending, status, code] of cases) {
      const res = await pending;
      const clone = res.clone();
      const env = await expectError(res, status, code as never);
      const { text } = await textOf(clone);
      expect(text, name).not.toContain(secret);
      expect(text, name).not.toContain(AWS_KEY);
      expect(env.error.message, name).toContain("[masked]");
    }
  });

  it("admin routes: a policy's unknown field or event, a body's unknown key, a pattern and a path holding a token", async () => {
    const team = uniqueTeam("echo-admin");
    await publish(team, lsPolicy("deny"));
    const secret = await secretToken();
    const cases: [string, Promise<Response>, number, string][] = [
      ["unknown policy field", admin("PUT", `/teams/${team}/policy?dryRun=1`, { hooks: {}, [secret]: 1 }), 400, "policy_invalid"],
      ["unknown event", admin("PUT", `/teams/${team}/policy?dryRun=1`, { hooks: { [secret]: [] } }), 400, "policy_invalid"],
      ["matcher quoted", admin("PUT", `/teams/${team}/policy?dryRun=1`, { hooks: { PreToolUse: [{ matcher: `(${secret}`, hooks: [{ type: "rule", decision: "deny" }] }] } }), 400, "policy_invalid"],
      ["unknown body key", admin("POST", `/teams/${team}/tokens`, { [secret]: 1 }), 400, "invalid_input"],
      ["evaluate, unknown event", admin("POST", `/teams/${team}/evaluate`, { input: { ...PAYLOADS.PreToolUse, hook_event_name: secret } }), 400, "unknown_event"],
      ["a token in the path", admin("GET", `/teams/${team}/${secret}`), 404, "not_found"],
    ];
    for (const [name, pending, status, code] of cases) {
      const res = await pending;
      const clone = res.clone();
      await expectError(res, status, code as never);
      const { text } = await textOf(clone);
      expect(text, name).not.toContain(secret);
      expect(text, name).toContain("[masked]");
    }
  });
});

describe("a policy that would keep a credential", () => {
  it("an http handler with a token written into a header or its URL is refused at publish, naming $NAME instead", async () => {
    const team = uniqueTeam("literal");
    const secret = await secretToken();
    const forwarding = (handler: Record<string, unknown>) => ({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "http", url: "https://hooks.example.com/x", ...handler }] }] } });
    for (const handler of [{ headers: { Authorization: `Bearer ${secret}` } }, { url: `https://hooks.example.com/x?token=${secret}` }]) {
      const refused = await admin("PUT", `/teams/${team}/policy`, forwarding(handler));
      const clone = refused.clone();
      const env = await expectError(refused, 400, "policy_invalid");
      expect(env.error.problems?.[0]?.message).toMatch(/looks like a credential.*\$NAME/);
      expect(await clone.text()).not.toContain(secret);
    }
    await expectError(await admin("GET", `/teams/${team}/policy`), 404, "not_found"); // nothing was stored
  });
});

describe("a wrong method", () => {
  it("on a route's path is a 405 naming the methods it takes, in Allow too; a path that is no route stays a 404", async () => {
    const team = uniqueTeam("method");
    await publish(team, lsPolicy("deny"));
    const { token } = await mintTokenInfo(team);
    const auth = { authorization: `Bearer ${token}` };
    const cases: [string, string, string][] = [
      ["GET", `/v1/hooks/${team}/pre-tool-use`, "POST"],
      ["PUT", `/v1/hooks/${team}`, "POST"],
      ["HEAD", `/v1/hooks/${team}/codex/pre-tool-use`, "POST"],
      ["POST", `/v1/admin/teams/${team}/policy`, "GET, PUT"],
      ["DELETE", `/v1/admin/teams/${team}/policy`, "GET, PUT"],
      ["OPTIONS", `/v1/admin/teams/${team}/tokens`, "GET, POST"],
      ["GET", `/v1/admin/teams/${team}/policy/rollback`, "POST"],
      ["POST", "/healthz", "GET"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await call(path, { method, headers: auth });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      if (method !== "HEAD") expect((await expectError(res, 405, "method_not_allowed")).error.message).toContain(allow);
    }
    for (const [method, path] of [["GET", `/v1/hooks/${team}/not-an-event`], ["POST", `/v1/hooks/${team}/pre-tool-use/`], ["DELETE", `/v1/admin/teams/${team}/nope`], ["GET", "/v1/nope"]]) {
      await expectError(await call(path!, { method, headers: auth }), 404, "not_found");
    }
  });
});

describe("a request id", () => {
  it("the caller's X-Request-Id comes back as sent, unless it is a secret: then the answer gets an id of its own", async () => {
    const team = uniqueTeam("request-id");
    await publish(team, lsPolicy("deny"));
    const { token } = await mintTokenInfo(team);
    const secret = await secretToken();
    const kept = await hook(team, "pre-tool-use", PAYLOADS.PreToolUse, token, { headers: { "x-request-id": "req-2026-12-04_abc" } });
    expect(kept.headers.get("x-request-id")).toBe("req-2026-12-04_abc");
    await kept.text();
    for (const res of [
      await hook(team, "pre-tool-use", PAYLOADS.PreToolUse, token, { headers: { "x-request-id": secret } }),
      await hook(team, "pre-tool-use", "{", token, { headers: { "x-request-id": secret } }),
      await admin("GET", `/teams/${team}/nope`, undefined, { "x-request-id": secret }),
    ]) {
      const text = await res.text();
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(text).not.toContain(secret);
    }
  });
});

describe("the decision record keeps no secret outside the input's values either", () => {
  it("a token sent as the tool name, the session id or a key is masked in `tool`, `sessionId` and the input, in the query and the export", async () => {
    const team = uniqueTeam("columns");
    await publish(team, lsPolicy("deny"));
    const { token } = await mintTokenInfo(team);
    const secret = await secretToken();
    await expectAnswer(await hook(team, "pre-tool-use", { ...PAYLOADS.PreToolUse, tool_name: secret }, token));
    await expectAnswer(await hook(team, "pre-tool-use", { ...PAYLOADS.PreToolUse, session_id: secret, tool_use_id: "t-session" }, token));
    await expectAnswer(await hook(team, "pre-tool-use", { ...PAYLOADS.PreToolUse, tool_use_id: "t-key", [secret]: "granted" }, token));
    const logged = await pollDecisions(team, (l) => l.length >= 3);
    expect(logged).toHaveLength(3);
    expect(JSON.stringify(logged)).not.toContain(secret);
    const byTool = logged.find((d) => !["t-session", "t-key"].includes((d.input as { tool_use_id: string }).tool_use_id))!;
    const byKey = logged.find((d) => (d.input as { tool_use_id?: string }).tool_use_id === "t-key")!;
    expect((byKey.input as Record<string, unknown>)["[masked]"]).toBe("granted");
    const bySession = logged.find((d) => (d.input as { tool_use_id?: string }).tool_use_id === "t-session")!;
    expect(byTool.tool).toBe("[masked]");
    expect(bySession.sessionId).toBe("[masked]");
    expect(bySession.tool).toBe("Bash"); // what is not a secret stays as sent
    const exported = await admin("GET", `/teams/${team}/decisions/export?since=2020-01-01T00:00:00Z`);
    expect(exported.status).toBe(200);
    const lines = new TextDecoder().decode(await exported.arrayBuffer()).split("\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines.join("\n")).not.toContain(secret);
  });
});

describe("the audit trail and token listings keep no secret a person typed", () => {
  it("a message, a hook token's name and an admin token's name holding a token are masked where they are kept", async () => {
    const team = uniqueTeam("typed");
    const secret = await secretToken();
    await expectAnswer(await admin("PUT", `/teams/${team}/policy?message=${encodeURIComponent(`rotated ${secret}, see ${AWS_KEY}`)}`, lsPolicy("deny")), 201);
    const minted = await expectAnswer(await admin("POST", `/teams/${team}/tokens`, { name: secret }), 201);
    const adminMinted = await expectAnswer(await admin("POST", "/tokens", { name: `ci ${secret}`, scopes: ["policy:read"], teams: [team] }), 201);
    expect(minted.name).toBe("[masked]");
    expect(adminMinted.name).toBe("ci [masked]");

    const audit = await expectAnswer(await admin("GET", `/audit?team=${team}`));
    const entries = audit.entries as { action: string; message?: string; detail?: { name?: string } }[];
    expect(entries.find((e) => e.action === "policy.publish")?.message).toBe("rotated [masked], see [masked]");
    expect(entries.find((e) => e.action === "token.create")?.detail?.name).toBe("[masked]");
    const everything = [
      JSON.stringify(audit),
      await (await admin("GET", `/teams/${team}/tokens`)).text(),
      await (await admin("GET", "/tokens")).text(),
      await (await admin("GET", `/audit`)).text(),
    ].join("\n");
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(AWS_KEY);
  });
});

describe("time bounds", () => {
  // `…T23:59:59-14:00` on 9999-12-31 is the year 10000 in UTC: toISOString() writes `+010000-…`, which sorts before
  // every stored time, so as a `since` it matched every record, and as an `until` none.
  const PAST_9999 = encodeURIComponent("9999-12-31T23:59:59-14:00");
  const BEFORE_0 = encodeURIComponent("0000-01-01T00:00:00+01:00");

  it("outside the years 0000-9999 in UTC are refused with invalid_input on every route that takes one", async () => {
    const team = uniqueTeam("bounds");
    await publish(team, lsPolicy("deny"));
    const { token } = await mintTokenInfo(team);
    await expectAnswer(await hook(team, "pre-tool-use", PAYLOADS.PreToolUse, token));
    await pollDecisions(team, (l) => l.length >= 1);
    const t = `/teams/${team}`;
    for (const bound of [PAST_9999, BEFORE_0]) {
      for (const path of [
        `${t}/decisions?since=${bound}`,
        `${t}/decisions?until=${bound}`,
        `${t}/decisions/rollups?since=${bound}`,
        `${t}/decisions/export?since=${bound}`,
        `${t}/decisions/export?since=2020-01-01T00:00:00Z&until=${bound}`,
        `/audit?since=${bound}`,
      ]) {
        const env = await expectError(await admin("GET", path), 400, "invalid_input");
        expect(env.error.message, path).toContain("0000-9999");
      }
      await expectError(await admin("POST", `${t}/policy/impact`, { policy: lsPolicy("allow"), since: decodeURIComponent(bound) }), 400, "invalid_input");
    }
    // The last instants that fit are read as the times they are.
    const latest = await expectAnswer(await admin("GET", `${t}/decisions?since=${encodeURIComponent("9999-12-31T23:59:59Z")}`));
    expect(latest.decisions).toEqual([]);
    const earliest = await expectAnswer(await admin("GET", `${t}/decisions?until=${encodeURIComponent("0000-01-01T00:00:00Z")}`));
    expect(earliest.decisions).toEqual([]);
    const all = await expectAnswer(await admin("GET", `${t}/decisions?since=${encodeURIComponent("0000-01-01T00:00:00Z")}`));
    expect(all.decisions).toHaveLength(1);
  });
});

describe("hostile bodies and queries on every admin route", () => {
  const DEEP = `{"hooks":{},"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
  const BODIES: [string, BodyInit][] = [
    ["malformed JSON", "{"],
    ["an array", "[]"],
    ["not UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
    ["100,000 levels deep", DEEP],
    ["a deep object under every field", `{"input":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)},"policy":{},"revision":1,"percent":1,"name":"x","scopes":["admin"],"teams":["x"]}`],
    ["numbers past 2^53", '{"revision":1e300,"percent":1e-300,"limit":9007199254740993}'],
  ];
  const QUERIES = ["since=9999-12-31T23:59:59-14:00", "since=2026-02-30T00:00:00Z", "until=yesterday", "limit=-1", "limit=1e309", "dryRun=maybe", "stage=live", `message=${"m".repeat(2000)}`, "url=javascript:alert(1)", "since=2026-01-01T00:00:00Z&since=x"];

  it("are one error envelope (or an answer), never a 5xx", { timeout: 60_000 }, async () => {
    const team = uniqueTeam("hostile");
    await publish(team, lsPolicy("deny"));
    const routes = Object.values(api).map((r) => ({ method: r.method.toUpperCase(), path: `/v1/admin${r.path.replace("{team}", team).replace("{rev}", "1").replace("{id}", "tok_x")}` }));
    const seen: string[] = [];
    for (const { method, path } of routes) {
      const sends: [string, string, BodyInit | undefined][] = [
        ...(method === "GET" || method === "DELETE" ? [] : BODIES.map(([what, body]) => [what, path, body] as [string, string, BodyInit])),
        ...QUERIES.map((q) => [q, `${path}?${q}`, method === "GET" || method === "DELETE" ? undefined : "{}"] as [string, string, BodyInit | undefined]),
      ];
      for (const [what, url, body] of sends) {
        const res = await callDirect(url, { method, headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" }, ...(body !== undefined ? { body } : {}) });
        const label = `${method} ${url.slice(0, 120)} (${what})`;
        expect(res.status, label).toBeLessThan(500);
        if (res.status >= 400) await expectError(res, res.status);
        else await res.arrayBuffer();
        seen.push(label);
      }
    }
    expect(seen.length).toBeGreaterThan(routes.length * QUERIES.length);
  });
});
