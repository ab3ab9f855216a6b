// The app's Gate is per set of services AND per client profile (src/http/app.ts): two apps for two clients built on
// the same services (as a Worker serving several clients keeps them) each decide as their own client. Before, the
// first app's Gate was handed to every later one, so the second client was decided — and recorded — as the first.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { claudeCode } from "../../src/clients/claude-code";
import type { ClientProfile } from "../../src/gate/profile";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import { PAYLOADS } from "../fixtures/payloads";
import { lsPolicy, uniqueTeam } from "../support/worker";

const ADMIN = { authorization: `Bearer ${env.ADMIN_TOKEN}`, "content-type": "application/json" };

describe("one Gate per services and client", () => {
  it("a second client's app on the same services decides and records as that client", async () => {
    const services = servicesFor(env);
    const other: ClientProfile = { ...claudeCode, name: "other-client", title: "Other client" };
    const first = createApp(claudeCode, () => services);
    const second = createApp(other, () => services);
    const call = async (app: typeof first, path: string, init: RequestInit) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(new Request(`http://hookgate.test${path}`, init), env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const team = uniqueTeam("perclient");
    expect((await call(first, `/v1/admin/teams/${team}/policy`, { method: "PUT", headers: ADMIN, body: JSON.stringify(lsPolicy("deny")) })).status).toBe(201);
    const { token } = (await (await call(first, `/v1/admin/teams/${team}/tokens`, { method: "POST", headers: ADMIN })).json()) as { token: string };
    const body = JSON.stringify({ ...PAYLOADS.PreToolUse, tool_input: { command: "ls" } });
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const ids: string[] = [];
    for (const app of [first, second]) {
      const res = await call(app, `/v1/hooks/${team}/pre-tool-use`, { method: "POST", headers, body });
      expect(res.status).toBe(200);
      ids.push(res.headers.get("x-hookgate-decision-id") ?? "");
    }
    let clients: (string | undefined)[] = [];
    for (let tries = 0; tries < 100 && clients.filter(Boolean).length < 2; tries++) {
      const list = (await (await call(first, `/v1/admin/teams/${team}/decisions`, { headers: ADMIN })).json()) as { decisions: { decisionId: string; client?: string }[] };
      clients = ids.map((id) => list.decisions.find((d) => d.decisionId === id)?.client);
      if (clients.filter(Boolean).length < 2) await new Promise((r) => setTimeout(r, 25));
    }
    expect(clients).toEqual(["claude-code", "other-client"]);
  });
});
