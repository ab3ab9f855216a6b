// The hook routes through the real Worker (hookgate spec §2): answers, headers, auth before the body, body
// limits, malformed input, event dispatch, fail-closed policy loading, SessionEnd, and the decision log.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import starter from "../../policies/default.json";
import { eventByName } from "../../src/clients/claude-code/events";
import { policyKeys } from "../../src/stores/policyKeys";
import { PAYLOADS } from "../fixtures/payloads";
import { RM_REASON } from "../support/starter";
import {
  admin,
  byteStream,
  call,
  decisions,
  expectAnswer,
  expectError,
  hook,
  lsPolicy,
  mintToken,
  mintTokenInfo,
  ONE_MIB,
  paddedJson,
  pollDecisions,
  publish,
  teamWith,
  uniqueTeam,
  UUID,
} from "../support/worker";

const pre = (command: string, extra: Record<string, unknown> = {}) => ({
  ...PAYLOADS.PreToolUse,
  tool_input: { command, description: "test" },
  ...extra,
});

const PROMPT_RULE = starter.hooks.UserPromptSubmit[0]!.hooks[0]!;

describe("PreToolUse over HTTP with the starter policy", () => {
  let team: string;
  let token: string;
  let revision: number;
  beforeAll(async () => {
    ({ team, token, revision } = await teamWith(starter, "starter"));
  });

  it("denies `rm -rf /` with the rule's reason", async () => {
    const res = await hook(team, "pre-tool-use", pre("rm -rf /"), token);
    const body = await expectAnswer(res);
    expect(body).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: RM_REASON },
    });
    expect(eventByName("PreToolUse").output.safeParse(body).success).toBe(true);
  });

  it("denies the same delete hidden in a compound command", async () => {
    const body = await expectAnswer(await hook(team, "pre-tool-use", pre("cd /tmp && echo hi; rm -rf / "), token));
    expect(body).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });

  it("answers exactly `{}` for `ls`", async () => {
    const res = await hook(team, "pre-tool-use", pre("ls -la"), token);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("{}");
  });

  it("sets the decision id, policy revision and Server-Timing headers", async () => {
    const a = await hook(team, "pre-tool-use", pre("ls"), token);
    const b = await hook(team, "pre-tool-use", pre("rm -rf /"), token);
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("x-hookgate-decision-id")).toMatch(UUID);
      expect(res.headers.get("x-hookgate-policy-revision")).toBe(String(revision));
      const timing = res.headers.get("server-timing") ?? "";
      expect(timing).toMatch(/^eval;dur=\d+(\.\d+)?$/);
      expect(Number(timing.split("=")[1])).toBeGreaterThanOrEqual(0);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    }
    expect(a.headers.get("x-hookgate-decision-id")).not.toBe(b.headers.get("x-hookgate-decision-id"));
  });

  it("the generic route dispatches on hook_event_name and answers like the event route", async () => {
    for (const command of ["rm -rf /", "ls", "git push --force origin main"]) {
      const viaEvent = await hook(team, "pre-tool-use", pre(command), token);
      const viaGeneric = await hook(team, undefined, pre(command), token);
      expect(viaGeneric.status).toBe(200);
      expect(await viaGeneric.text()).toBe(await viaEvent.text());
      expect(viaGeneric.headers.get("x-hookgate-policy-revision")).toBe(String(revision));
      expect(viaGeneric.headers.get("x-hookgate-decision-id")).toMatch(UUID);
    }
    // A different event on the same URL gets that event's answer.
    const prompt = { ...PAYLOADS.UserPromptSubmit, prompt: "deploy with AKIAIOSFODNN7EXAMPLE please" };
    const blocked = await expectAnswer(await hook(team, undefined, prompt, token));
    expect(blocked).toEqual({
      decision: "block",
      reason: PROMPT_RULE.reason,
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", suppressOriginalPrompt: true },
    });
    // An event the policy has no handlers for: no opinion.
    expect(await expectAnswer(await hook(team, undefined, PAYLOADS.Notification, token))).toEqual({});
  });

  // Claude Code 2.1.332's Monitor runs `command`, a shell command or script (its own tables list it with Bash and
  // PowerShell as the command tools), or opens a WebSocket (`ws.url`). A Bash rule fires on the command, a WebFetch
  // domain rule on the socket's URL; the call is Monitor's still for a rule naming Monitor.
  it("Monitor's command is decided as the Bash command it is, its WebSocket as a WebFetch of its URL", async () => {
    const monitor = (tool_input: Record<string, unknown>) => ({ ...PAYLOADS.PreToolUse, tool_name: "Monitor", tool_input: { description: "watch", timeout_ms: 1000, ...tool_input } });
    expect(await expectAnswer(await hook(team, "pre-tool-use", monitor({ command: "rm -rf /" }), token))).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
    expect(await expectAnswer(await hook(team, "pre-tool-use", monitor({ command: "tail -f build.log" }), token))).toEqual({});
    const fetchRule = { hooks: { PreToolUse: [{ matcher: "WebFetch|Monitor", hooks: [{ type: "rule", id: "no-evil", if: "WebFetch(domain:evil.example)", decision: "deny", reason: "not that host" }, { type: "rule", id: "no-tail", if: "Monitor(tail *)", decision: "deny", reason: "not tail" }] }] } };
    const other = await teamWith(fetchRule, "monitor");
    const ws = await expectAnswer(await hook(other.team, "pre-tool-use", monitor({ ws: { url: "wss://evil.example/feed" } }), other.token));
    expect(ws).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "not that host" } });
    expect(await expectAnswer(await hook(other.team, "pre-tool-use", monitor({ ws: { url: "wss://fine.example/feed" } }), other.token))).toEqual({});
    expect(await expectAnswer(await hook(other.team, "pre-tool-use", monitor({ command: "tail -f x" }), other.token))).toMatchObject({ hookSpecificOutput: { permissionDecisionReason: "not tail" } });
  });

  // Artifact (2.1.332) publishes `file_path`, or uploads `file_paths`, to claude.ai: a Read of each file.
  it("Artifact's files are Reads: publishing .env is denied, publishing a page is not", async () => {
    const artifact = (tool_input: Record<string, unknown>) => ({ ...PAYLOADS.PreToolUse, tool_name: "Artifact", tool_input });
    expect(await expectAnswer(await hook(team, "pre-tool-use", artifact({ file_path: "/home/dev/shop/.env" }), token))).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
    expect(await expectAnswer(await hook(team, "pre-tool-use", artifact({ action: "upload_asset", url: "https://claude.ai/a/x", file_paths: ["/home/dev/shop/logo.png", "/home/dev/shop/.env"] }), token))).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
    expect(await expectAnswer(await hook(team, "pre-tool-use", artifact({ file_path: "/home/dev/shop/report.html" }), token))).toEqual({});
  });

  it("a force push is an ask", async () => {
    const body = await expectAnswer(await hook(team, "pre-tool-use", pre("git push --force origin main"), token));
    expect(body).toMatchObject({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } });
  });
});

describe("a team with tokens but no policy", () => {
  it("answers 200 {} with revision none on every kind of route", async () => {
    const team = uniqueTeam("nopolicy");
    const token = await mintToken(team);
    for (const route of ["pre-tool-use", undefined]) {
      const res = await hook(team, route, pre("rm -rf /"), token);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("{}");
      expect(res.headers.get("x-hookgate-policy-revision")).toBe("none");
      expect(res.headers.get("x-hookgate-decision-id")).toMatch(UUID);
      expect(res.headers.get("server-timing")).toMatch(/^eval;dur=/);
    }
  });
});

describe("authentication", () => {
  let team: string;
  let token: string;
  let otherTeam: string;
  let otherToken: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(lsPolicy("deny"), "auth"));
    ({ team: otherTeam, token: otherToken } = await teamWith(lsPolicy("deny"), "auth-other"));
  });

  const bad = (authorization: string): { headers: Record<string, string> } => ({ headers: { authorization } });

  it("401s a request with no Authorization header", async () => {
    await expectError(await hook(team, "pre-tool-use", pre("ls"), undefined), 401, "unauthorized");
    await expectError(await hook(team, undefined, pre("ls"), undefined), 401, "unauthorized");
  });

  it("401s malformed Authorization headers", async () => {
    for (const h of ["", "Bearer", "Bearer ", `Basic ${btoa(`x:${token}`)}`, `Token ${token}`, `Bearer ${token} extra`, token, `Bearer\t`]) {
      const res = await hook(team, "pre-tool-use", pre("ls"), undefined, bad(h));
      await expectError(res, 401, "unauthorized");
    }
  });

  it("401s a wrong token, even one that looks like a real one", async () => {
    const fake = `hg_${"A".repeat(43)}`;
    await expectError(await hook(team, "pre-tool-use", pre("ls"), fake), 401, "unauthorized");
    await expectError(await hook(team, "pre-tool-use", pre("ls"), `${token}x`), 401, "unauthorized");
    await expectError(await hook(team, "pre-tool-use", pre("ls"), token.slice(0, -1)), 401, "unauthorized");
  });

  it("401s another team's token, in both directions and on the generic route", async () => {
    await expectError(await hook(team, "pre-tool-use", pre("ls"), otherToken), 401, "unauthorized");
    await expectError(await hook(otherTeam, "pre-tool-use", pre("ls"), token), 401, "unauthorized");
    await expectError(await hook(otherTeam, undefined, pre("ls"), token), 401, "unauthorized");
    // and each token still works for its own team
    expect((await hook(team, "pre-tool-use", pre("ls"), token)).status).toBe(200);
    expect((await hook(otherTeam, "pre-tool-use", pre("ls"), otherToken)).status).toBe(200);
  });

  it("401s a revoked token right after revocation", async () => {
    const t = uniqueTeam("revoke");
    await publish(t, lsPolicy("deny"));
    const minted = await mintTokenInfo(t);
    // warm the token into the isolate cache first, so revocation has to clear it
    expect((await hook(t, "pre-tool-use", pre("ls"), minted.token)).status).toBe(200);
    const del = await admin("DELETE", `/teams/${t}/tokens/${minted.id}`);
    expect(del.status, await del.clone().text()).toBe(200);
    await expectError(await hook(t, "pre-tool-use", pre("ls"), minted.token), 401, "unauthorized");
  });

  it("401s a token on an unknown team, and looks exactly like a bad token", async () => {
    const unknown = uniqueTeam("ghost");
    const a = await expectError(await hook(unknown, "pre-tool-use", pre("ls"), token), 401, "unauthorized");
    const b = await expectError(await hook(team, "pre-tool-use", pre("ls"), "hg_nope"), 401, "unauthorized");
    expect(a.error.message).toBe(b.error.message);
    // a team name that is not even valid
    await expectError(await hook("Not_A_Team", "pre-tool-use", pre("ls"), token), 401, "unauthorized");
    await expectError(await hook("-x", undefined, pre("ls"), token), 401, "unauthorized");
  });

  it("checks the token before reading the body: invalid JSON, an oversized body, a stream that never ends", async () => {
    await expectError(await hook(team, "pre-tool-use", "{not json", "hg_wrong"), 401, "unauthorized");
    await expectError(await hook(team, "pre-tool-use", "x".repeat(2 * ONE_MIB), "hg_wrong"), 401, "unauthorized");
    await expectError(await hook(team, "pre-tool-use", "x".repeat(2 * ONE_MIB), undefined), 401, "unauthorized");
    await expectError(await hook(team, undefined, pre("ls", { tool_input: "x" }), otherToken), 401, "unauthorized");
    // A body that never ends: reading it would hang the request.
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"session_id":"'));
      },
    });
    const res = await Promise.race([
      hook(team, "pre-tool-use", endless, "hg_wrong"),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the body was read before the token was checked")), 3000)),
    ]);
    await expectError(res, 401, "unauthorized");
  });
});

describe("body limit (1 MiB)", () => {
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(lsPolicy("deny"), "limit"));
  });
  const atLimit = () => paddedJson(pre("ls"), ONE_MIB);
  const overLimit = () => paddedJson(pre("ls"), ONE_MIB + 1);

  it("413s a declared Content-Length over the limit", async () => {
    await expectError(await hook(team, "pre-tool-use", overLimit(), token), 413, "payload_too_large");
    await expectError(await hook(team, undefined, "x".repeat(3 * ONE_MIB), token), 413, "payload_too_large");
  });

  it("413s a chunked body (no Content-Length) over the limit", async () => {
    const bytes = new TextEncoder().encode(overLimit());
    await expectError(await hook(team, "pre-tool-use", byteStream(bytes), token), 413, "payload_too_large");
    // a long stream of garbage is refused for its size, not parsed
    await expectError(await hook(team, "pre-tool-use", byteStream(new Uint8Array(4 * ONE_MIB).fill(0x7b)), token), 413, "payload_too_large");
  });

  it("accepts a body of exactly the limit, declared or chunked", async () => {
    const text = atLimit();
    const declared = await hook(team, "pre-tool-use", text, token);
    expect(await expectAnswer(declared)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
    const chunked = await hook(team, "pre-tool-use", byteStream(new TextEncoder().encode(text), 100_000), token);
    expect(await expectAnswer(chunked)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });
});

describe("malformed and invalid input", () => {
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(lsPolicy("deny"), "bad"));
  });

  it("400s anything that is not a JSON object as invalid_json", async () => {
    const bodies: (string | Uint8Array)[] = [
      "{",
      "[]",
      '"x"',
      "null",
      "",
      "   ",
      "123",
      "true",
      "[{}]",
      '{"a":1}garbage',
      "{'single':'quotes'}",
      new Uint8Array([0xff, 0xfe, 0xfd]),
      new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), // {"a":"\xc3("} — invalid UTF-8
    ];
    for (const body of bodies)
      for (const route of ["pre-tool-use", undefined]) {
        const res = await hook(team, route, body, token);
        await expectError(res, 400, "invalid_json");
      }
  });

  it("400s a complete, valid-looking payload that carries invalid UTF-8", async () => {
    // The bytes of `ls` followed by a lone continuation byte: not UTF-8, so not JSON (RFC 8259 §8.1). Decoding it
    // leniently would evaluate a different command than the one sent.
    const text = JSON.stringify(pre("ls XX"));
    const bytes = new TextEncoder().encode(text);
    const at = text.indexOf("XX");
    bytes[at] = 0x80;
    bytes[at + 1] = 0xbf;
    await expectError(await hook(team, "pre-tool-use", bytes, token), 400, "invalid_json");
  });

  it("400s wrong field types as invalid_input, listing each problem", async () => {
    const one = await expectError(await hook(team, "pre-tool-use", pre("ls", { tool_input: "x" }), token), 400, "invalid_input");
    expect(one.error.problems?.map((p) => p.path)).toContain("tool_input");
    const two = await expectError(
      await hook(team, "pre-tool-use", pre("ls", { session_id: 5, tool_input: "x" }), token),
      400,
      "invalid_input",
    );
    expect(two.error.problems?.map((p) => p.path).sort()).toEqual(["session_id", "tool_input"]);
    const missing = { ...pre("ls") } as Record<string, unknown>;
    delete missing.tool_name;
    const three = await expectError(await hook(team, undefined, missing, token), 400, "invalid_input");
    expect(three.error.problems?.map((p) => p.path)).toContain("tool_name");
    expect(three.error.message).toContain("PreToolUse");
  });

  it("accepts unknown extra fields and answers as if they were absent", async () => {
    const extra = { future_field: { nested: [1, 2, 3] }, another: "x", effort: { level: "ultra", budget: 3 } };
    expect(await expectAnswer(await hook(team, "pre-tool-use", pre("ls", extra), token))).toEqual(
      await expectAnswer(await hook(team, "pre-tool-use", pre("ls"), token)),
    );
    expect(await expectAnswer(await hook(team, "pre-tool-use", pre("pwd", extra), token))).toEqual({});
    const extraInToolInput = { ...pre("ls"), tool_input: { command: "ls", sandbox: true, unknown: { a: 1 } } };
    expect(await expectAnswer(await hook(team, "pre-tool-use", extraInToolInput, token))).toMatchObject({
      hookSpecificOutput: { permissionDecision: "deny" },
    });
  });

  it("400s a hook_event_name that does not match the route, naming both events", async () => {
    const res = await hook(team, "pre-tool-use", PAYLOADS.Stop, token);
    const e = await expectError(res, 400, "event_mismatch");
    expect(e.error.message).toContain("PreToolUse");
    expect(e.error.message).toContain("Stop");
    const e2 = await expectError(await hook(team, "stop", pre("ls"), token), 400, "event_mismatch");
    expect(e2.error.message).toContain("PreToolUse");
    expect(e2.error.message).toContain("Stop");
    // case matters, and a missing name is a mismatch too
    await expectError(await hook(team, "pre-tool-use", pre("ls", { hook_event_name: "pretooluse" }), token), 400, "event_mismatch");
    const noName = { ...pre("ls") } as Record<string, unknown>;
    delete noName.hook_event_name;
    await expectError(await hook(team, "pre-tool-use", noName, token), 400, "event_mismatch");
    await expectError(await hook(team, "pre-tool-use", pre("ls", { hook_event_name: 7 }), token), 400, "event_mismatch");
  });

  it("never echoes a long hook_event_name back in full", async () => {
    const long = `Pre${"x".repeat(200_000)}`;
    for (const route of ["pre-tool-use", undefined]) {
      const e = await expectError(await hook(team, route, pre("ls", { hook_event_name: long }), token), 400);
      expect(e.error.message.length).toBeLessThan(500);
      expect(e.error.message).toContain("Prexxx");
    }
    // and control characters come back escaped, not raw
    const e = await expectError(await hook(team, undefined, pre("ls", { hook_event_name: "a\u0000b\nc" }), token), 400, "unknown_event");
    expect(e.error.message).not.toMatch(/[\u0000\n]/);
  });

  it("400s an unknown or missing hook_event_name on the generic route", async () => {
    for (const name of ["NoSuchEvent", "pretooluse", "__proto__", "constructor", "", 5, null]) {
      const res = await hook(team, undefined, pre("ls", { hook_event_name: name }), token);
      await expectError(res, 400, "unknown_event");
    }
    const noName = { ...pre("ls") } as Record<string, unknown>;
    delete noName.hook_event_name;
    await expectError(await hook(team, undefined, noName, token), 400, "unknown_event");
  });
});

describe("routing errors", () => {
  let team: string;
  let token: string;
  beforeAll(async () => {
    ({ team, token } = await teamWith(lsPolicy("deny"), "route"));
  });

  it("404s an unknown path with the envelope", async () => {
    for (const path of ["/", "/v1", "/v1/nope", "/v1/hooks", `/v1/hooks/${team}/not-an-event`, `/v1/hooks/${team}/pre-tool-use/extra`]) {
      const res = await call(path, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: "{}" });
      const e = await expectError(res, 404, "not_found");
      expect(e.error.message).not.toContain(token);
    }
  });

  it("answers other methods on a hook route with a 405 envelope (Allow: POST), never a 5xx", async () => {
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const init: RequestInit = { method, headers: { authorization: `Bearer ${token}` } };
      if (method !== "GET") init.body = JSON.stringify(pre("ls"));
      for (const path of [`/v1/hooks/${team}/pre-tool-use`, `/v1/hooks/${team}`]) {
        const res = await call(path, init);
        expect(res.headers.get("allow")).toBe("POST");
        await expectError(res, 405, "method_not_allowed");
      }
    }
  });

  it("GET /healthz reports the version, and that the isolate's warm-up ran at load and decided (src/warmup.ts)", async () => {
    const body = await expectAnswer(await call("/healthz"));
    expect(body).toMatchObject({ ok: true, service: "hookgate", warmUp: "done" });
    expect(typeof body.version).toBe("string");
  });

  it("echoes the request id in the envelope and the header", async () => {
    const res = await hook(team, "pre-tool-use", "{", token, { headers: { "x-request-id": "trace-abc-123" } });
    expect(res.headers.get("x-request-id")).toBe("trace-abc-123");
    const e = await expectError(res, 400, "invalid_json");
    expect(e.error.requestId).toBe("trace-abc-123");
  });

  it("gives every answer a request id: hook answers and refusals, the admin API, health, not-found", async () => {
    const admin = { authorization: `Bearer ${env.ADMIN_TOKEN}` };
    const answers: [string, Response][] = [
      ["hook answer", await hook(team, "pre-tool-use", pre("ls"), token)],
      ["generic hook route", await hook(team, "", pre("ls"), token)],
      ["hook 401", await hook(team, "pre-tool-use", pre("ls"), "hgt_not_a_token")],
      ["admin answer", await call("/v1/admin/teams", { headers: admin })],
      ["admin 401", await call("/v1/admin/teams")],
      ["health", await call("/healthz")],
      ["not found", await call("/nowhere")],
    ];
    const ids = new Set<string>();
    for (const [what, res] of answers) {
      const id = res.headers.get("x-request-id");
      expect(id, what).toMatch(/^[\w\-=]+$/);
      ids.add(id!);
      if (res.status >= 400) expect((await expectError(res, res.status)).error.requestId, what).toBe(id);
    }
    expect(ids.size).toBe(answers.length); // a fresh one each time
    // An id the caller sent is kept only when it is short and plain; anything else is replaced, never echoed.
    for (const [sent, kept] of [["ok-id_1=", true], ["has space", false], ["x".repeat(129), false], ["<script>", false]] as const) {
      const res = await hook(team, "pre-tool-use", pre("ls"), token, { headers: { "x-request-id": sent } });
      expect(res.headers.get("x-request-id") === sent, sent).toBe(kept);
    }
  });
});

describe("fail-closed when the stored policy cannot be used", () => {
  const brokenRecord = (team: string, document: unknown) =>
    JSON.stringify({ team, revision: 7, publishedAt: new Date().toISOString(), document, digest: "0123456789abcdef" });

  it("denies PreToolUse (and blocks UserPromptSubmit) when the current revision no longer compiles", async () => {
    const team = uniqueTeam("broken");
    const token = await mintToken(team);
    // What an older hookgate may have accepted: a command handler, which cannot run at the edge.
    await env.HOOKGATE_KV.put(
      policyKeys.current(team),
      brokenRecord(team, { hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    );
    const res = await hook(team, "pre-tool-use", pre("ls"), token);
    const body = await expectAnswer(res);
    expect(res.headers.get("x-hookgate-policy-revision")).toBe("7");
    expect(body).toMatchObject({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } });
    const reason = (body.hookSpecificOutput as Record<string, unknown>).permissionDecisionReason;
    expect(reason).toEqual(expect.stringMatching(/could not evaluate/));
    expect(eventByName("PreToolUse").output.safeParse(body).success).toBe(true);

    const prompt = await expectAnswer(await hook(team, undefined, PAYLOADS.UserPromptSubmit, token));
    expect(prompt).toMatchObject({ decision: "block" });
    expect(prompt.reason).toEqual(expect.stringMatching(/could not evaluate/));
    // An event that cannot express a verdict stays valid: no opinion.
    expect(await expectAnswer(await hook(team, undefined, PAYLOADS.Notification, token))).toEqual({});

    // The log says what the client was told, and why.
    const id = res.headers.get("x-hookgate-decision-id")!;
    const logged = (await pollDecisions(team, (l) => l.some((d) => d.decisionId === id))).find((d) => d.decisionId === id);
    expect(logged).toMatchObject({ event: "PreToolUse", verdict: "deny", revision: 7, errors: ["policy does not compile"] });
    expect((await decisions(team, { verdict: "deny" })).map((d) => d.decisionId)).toEqual([id]);
    const blocked = await pollDecisions(team, (l) => l.length > 0, { verdict: "block" });
    expect(blocked.map((d) => d.event)).toEqual(["UserPromptSubmit"]);
  });

  it("denies when the stored document is not a policy at all", async () => {
    for (const document of [null, "x", [], { hooks: "nope" }]) {
      const team = uniqueTeam("junk");
      const token = await mintToken(team);
      await env.HOOKGATE_KV.put(policyKeys.current(team), brokenRecord(team, document));
      const body = await expectAnswer(await hook(team, "pre-tool-use", pre("ls"), token));
      expect(body).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
    }
  });

  it("denies, not 5xx, when the stored policy pointer is not even JSON", async () => {
    const team = uniqueTeam("corrupt");
    const token = await mintToken(team);
    await env.HOOKGATE_KV.put(policyKeys.current(team), "{this is not json");
    const res = await hook(team, "pre-tool-use", pre("ls"), token);
    const body = await expectAnswer(res);
    expect(body).toMatchObject({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } });
    expect(res.headers.get("x-hookgate-decision-id")).toMatch(UUID);
    expect(res.headers.get("x-hookgate-policy-revision")).not.toBe("none");
    const id = res.headers.get("x-hookgate-decision-id")!;
    const logged = (await pollDecisions(team, (l) => l.some((d) => d.decisionId === id))).find((d) => d.decisionId === id);
    expect(logged).toMatchObject({ verdict: "deny", errors: ["policy could not be loaded"] });
  });
});

describe("SessionEnd", () => {
  it("answers {} at once, with the hook headers, and still logs the decision afterwards", async () => {
    const { team, token, revision } = await teamWith(lsPolicy("deny"), "end");
    const session = crypto.randomUUID();
    for (const route of ["session-end", undefined]) {
      const started = performance.now();
      const res = await hook(team, route, { ...PAYLOADS.SessionEnd, session_id: session }, token);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe("{}");
      expect(performance.now() - started).toBeLessThan(1500); // the client's shared budget
      expect(res.headers.get("x-hookgate-decision-id")).toMatch(UUID);
      expect(res.headers.get("x-hookgate-policy-revision")).toBe(String(revision));
      expect(res.headers.get("server-timing")).toMatch(/^eval;dur=\d+(\.\d+)?$/);
    }
    const logged = await pollDecisions(team, (l) => l.length >= 2, { event: "SessionEnd" });
    expect(logged).toHaveLength(2);
    expect(logged.every((d) => d.sessionId === session && d.event === "SessionEnd")).toBe(true);
  });
});

describe("the decision log", () => {
  let team: string;
  let token: string;
  let revision: number;
  beforeAll(async () => {
    ({ team, token, revision } = await teamWith(starter, "log"));
  });

  it("records each decision (off the hot path) with its id, verdict, handler and revision", async () => {
    const session = crypto.randomUUID();
    const res = await hook(team, "pre-tool-use", pre("rm -rf /", { session_id: session }), token);
    expect(res.status).toBe(200);
    const id = res.headers.get("x-hookgate-decision-id")!;
    const list = await pollDecisions(team, (l) => l.some((d) => d.decisionId === id));
    const d = list.find((x) => x.decisionId === id);
    expect(d, JSON.stringify(list)).toBeDefined();
    expect(d).toMatchObject({
      team,
      event: "PreToolUse",
      sessionId: session,
      tool: "Bash",
      verdict: "deny",
      fired: ["no-recursive-delete-of-root-system-or-home"],
      revision,
      dedup: false,
      errors: [],
    });
    expect(Number.isNaN(Date.parse(d!.time))).toBe(false);
    expect(d!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("masks secrets in the stored input", async () => {
    const session = crypto.randomUUID();
    const secret = "AKIAIOSFODNN7EXAMPLE";
    const stripe = "sk_live_51HxyzABCdefGHIjkl";
    const res = await hook(
      team,
      "pre-tool-use",
      pre(`AWS_ACCESS_KEY_ID=${secret} aws s3 ls && curl -H 'x: ${stripe}' https://x`, { session_id: session, api_key: "plain-text-value" }),
      token,
    );
    const id = res.headers.get("x-hookgate-decision-id")!;
    const list = await pollDecisions(team, (l) => l.some((d) => d.decisionId === id), { session });
    const d = list.find((x) => x.decisionId === id)!;
    expect(d).toBeDefined();
    const stored = JSON.stringify(d);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(stripe);
    expect(stored).not.toContain("plain-text-value");
    expect(stored).toContain("[masked]");
    expect(stored).toContain("aws s3 ls"); // the rest of the input is kept
    // and nowhere else in the team's log either
    expect(JSON.stringify(await decisions(team, { limit: "1000" }))).not.toContain(secret);
  });

  it("filters by event, verdict and session", async () => {
    const s1 = crypto.randomUUID();
    const s2 = crypto.randomUUID();
    const sent = [
      await hook(team, "pre-tool-use", pre("rm -rf /", { session_id: s1 }), token),
      await hook(team, "pre-tool-use", pre("ls", { session_id: s1 }), token),
      await hook(team, "pre-tool-use", pre("git push --force", { session_id: s2 }), token),
      await hook(team, undefined, { ...PAYLOADS.UserPromptSubmit, session_id: s2, prompt: "AKIAIOSFODNN7EXAMPLE" }, token),
      await hook(team, undefined, { ...PAYLOADS.Stop, session_id: s2 }, token),
    ];
    const ids = sent.map((r) => r.headers.get("x-hookgate-decision-id")!);
    const all = await pollDecisions(team, (l) => ids.every((id) => l.some((d) => d.decisionId === id)), { limit: "1000" });
    expect(ids.every((id) => all.some((d) => d.decisionId === id))).toBe(true);

    const bySession = async (session: string, extra: Record<string, string> = {}) =>
      (await decisions(team, { session, ...extra })).map((d) => d.decisionId).sort();
    expect(await bySession(s1)).toEqual([ids[0], ids[1]].sort());
    expect(await bySession(s2)).toEqual([ids[2], ids[3], ids[4]].sort());
    expect(await bySession(s1, { verdict: "deny" })).toEqual([ids[0]]);
    expect(await bySession(s1, { verdict: "none" })).toEqual([ids[1]]);
    expect(await bySession(s2, { verdict: "ask" })).toEqual([ids[2]]);
    expect(await bySession(s2, { verdict: "block" })).toEqual([ids[3]]);
    expect(await bySession(s2, { event: "UserPromptSubmit" })).toEqual([ids[3]]);
    expect(await bySession(s2, { event: "Stop" })).toEqual([ids[4]]);
    expect(await bySession(s2, { event: "PreToolUse" })).toEqual([ids[2]]);
    expect(await bySession(s2, { event: "PreToolUse", verdict: "deny" })).toEqual([]);

    const denies = await decisions(team, { verdict: "deny", limit: "1000" });
    expect(denies.length).toBeGreaterThan(0);
    expect(denies.every((d) => d.verdict === "deny")).toBe(true);
    const prompts = await decisions(team, { event: "UserPromptSubmit", limit: "1000" });
    expect(prompts.every((d) => d.event === "UserPromptSubmit")).toBe(true);
    // newest first
    const times = all.map((d) => d.time);
    expect([...times].sort().reverse()).toEqual(times);
    // since/until and limit
    expect(await decisions(team, { since: "2999-01-01T00:00:00Z" })).toEqual([]);
    expect((await decisions(team, { until: "2000-01-01T00:00:00Z" })).length).toBe(0);
    expect((await decisions(team, { limit: "1" })).length).toBe(1);
  });

  it("since/until compare instants, not strings: whole-second bounds include the records inside that second", async () => {
    const res = await hook(team, "pre-tool-use", pre("rm -rf /", { session_id: crypto.randomUUID() }), token);
    const id = res.headers.get("x-hookgate-decision-id")!;
    const d = (await pollDecisions(team, (l) => l.some((x) => x.decisionId === id))).find((x) => x.decisionId === id)!;
    const second = `${d.time.slice(0, 19)}Z`; // the record's own second, without milliseconds
    const next = new Date(Date.parse(second) + 1000).toISOString().replace(".000Z", "Z");
    const ids = async (q: Record<string, string>) => (await decisions(team, { ...q, limit: "1000" })).map((x) => x.decisionId);
    expect(await ids({ since: second })).toContain(id);
    expect(await ids({ until: next })).toContain(id);
    expect(await ids({ since: second, until: next })).toContain(id);
    expect(await ids({ since: next })).not.toContain(id);
    expect(await ids({ until: new Date(Date.parse(second) - 1000).toISOString().replace(".000Z", "Z") })).not.toContain(id);
    // fractional and offset forms name the same instant
    expect(await ids({ since: d.time, until: d.time })).toContain(id);
  });

  it("keeps teams apart", async () => {
    const other = await teamWith(starter, "log-other");
    const res = await hook(other.team, "pre-tool-use", pre("rm -rf /"), other.token);
    const id = res.headers.get("x-hookgate-decision-id")!;
    await pollDecisions(other.team, (l) => l.some((d) => d.decisionId === id));
    const mine = await decisions(team, { limit: "1000" });
    expect(mine.some((d) => d.decisionId === id)).toBe(false);
    expect(mine.every((d) => d.team === team)).toBe(true);
  });
});
