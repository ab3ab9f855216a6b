import { describe, expect, it } from "vitest";
import { CLIENT_PROFILES } from "../../src/clients";
import { createApp } from "../../src/http/app";
import { servicesFor } from "../../src/index";
import { hookUrl } from "../../src/routes";
import { warmUp } from "../../src/warmup";

describe("the isolate's warm-up (run from the Worker's global scope)", () => {
  it("really decides: the starter, compiled as a stored revision loads, denies what it must and lets the ordinary through", async () => {
    const report = await warmUp(CLIENT_PROFILES);
    expect(report.error).toBeUndefined();
    expect(report.clients).toEqual(CLIENT_PROFILES.map((c) => c.name));
    expect(report.verdicts).toEqual({
      "bash-read": "none",
      "bash-delete-root": "deny",
      "bash-download-run": "deny",
      "bash-script": "none",
      "bash-later": "deny",
      write: "none",
      "read-env": "deny",
      edit: "none",
      prompt: "block",
      "post-tool-use": "none",
    });
  });

  it("runs a hook request without a token through the app: refused (401) before any binding, store or cache is reached", async () => {
    // Every binding records any use of it: the sample must be refused before the token is looked up.
    const used: string[] = [];
    const binding = (name: string) => new Proxy({}, { get: (_, key) => (used.push(`${name}.${String(key)}`), () => Promise.reject(new Error("not in a warm-up"))) });
    const trapEnv = new Proxy({} as Env, { get: (_, key) => (typeof key === "string" && /^[A-Z_]+$/.test(key) && !key.startsWith("LLM") && key !== "FORWARD_SECRETS" ? binding(key) : undefined) });
    const envs: Env[] = [];
    const app = createApp(CLIENT_PROFILES, (env) => (envs.push(env), servicesFor(trapEnv)));
    const report = await warmUp(CLIENT_PROFILES, { fetch: (r, e, c) => app.fetch(r, e, c), hookPath: hookUrl("", "hookgate-warm-up", "pre-tool-use") });
    expect(report.error).toBeUndefined();
    expect(report.http).toBe(401);
    expect(used).toEqual([]);
    // The services were asked for the warm-up's own env, which has no bindings: never a request's.
    expect(envs.length).toBeGreaterThan(0);
    for (const env of envs) expect(Object.keys(env)).toEqual([]);
  });
});
