// Stop and SubagentStop never loop on a failure (issue 8, item 8), through the real Worker: a judge that cannot run
// (no LLM configured in the test bindings) blocks the first stop with a reason that names the settings to fix it,
// never a stop that is already continuing (stop_hook_active); the same for hookgate's own failures; and publishing
// such a policy answers with a warning.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { policyKeys } from "../../src/stores/policyKeys";
import { PAYLOADS } from "../fixtures/payloads";
import { admin, expectAnswer, hook, mintToken, teamWith, uniqueTeam } from "../support/worker";

const judgePolicy = (event: "Stop" | "SubagentStop") => ({
  hooks: { [event]: [{ hooks: [{ type: "prompt", id: "may-stop", prompt: "May the agent stop now? $ARGUMENTS" }] }] },
});
const SETTINGS = ["LLM_BASE_URL", "LLM_API_KEY", "LLM_PROVIDER"];

describe("Stop and SubagentStop with a judge that cannot run", () => {
  for (const [event, route] of [["Stop", "stop"], ["SubagentStop", "subagent-stop"]] as const) {
    it(`${event}: blocks the first stop naming the settings; lets a stop with stop_hook_active through`, async () => {
      const { team, token } = await teamWith(judgePolicy(event), "stop-loop");
      const first = await expectAnswer(await hook(team, route, { ...PAYLOADS[event], stop_hook_active: false }, token));
      expect(first.decision).toBe("block");
      for (const s of SETTINGS) expect(first.reason).toContain(s);
      const again = await expectAnswer(await hook(team, route, { ...PAYLOADS[event], stop_hook_active: true }, token));
      expect(again).toEqual({});
    });
  }

  it("a policy that cannot be loaded fails closed, but never blocks a stop with stop_hook_active", async () => {
    const team = uniqueTeam("stop-corrupt");
    const token = await mintToken(team);
    await env.HOOKGATE_KV.put(policyKeys.current(team), "{this is not json");
    const first = await expectAnswer(await hook(team, "stop", { ...PAYLOADS.Stop, stop_hook_active: false }, token));
    expect(first.decision).toBe("block");
    expect(await expectAnswer(await hook(team, "stop", { ...PAYLOADS.Stop, stop_hook_active: true }, token))).toEqual({});
  });
});

describe("publishing prompt handlers with no LLM configured", () => {
  it("answers with a warning per judge, naming the settings (dry run and publish)", async () => {
    const team = uniqueTeam("no-llm-warn");
    for (const query of ["?dryRun=1", ""]) {
      const res = await admin("PUT", `/teams/${team}/policy${query}`, judgePolicy("Stop"));
      const body = (await res.json()) as { warnings: { path: string; message: string }[] };
      expect(res.status).toBe(query ? 200 : 201);
      expect(body.warnings).toHaveLength(1);
      expect(body.warnings[0]!.path).toBe("hooks.Stop[0].hooks[0]");
      for (const s of SETTINGS) expect(body.warnings[0]!.message).toContain(s);
    }
  });

  it("a rules-only policy gets no such warning", async () => {
    const res = await admin("PUT", `/teams/${uniqueTeam("no-llm-rules")}/policy?dryRun=1`, {
      hooks: { Stop: [{ hooks: [{ type: "rule", decision: "block", reason: "x", when: { stop_hook_active: "^false$" } }] }] },
    });
    expect(((await res.json()) as { warnings: unknown[] }).warnings).toEqual([]);
  });
});
