// wrangler.toml and what is generated from it. worker-configuration.d.ts is generated (`npm run types`, i.e.
// `wrangler types` with the flags in package.json): it must be exactly what wrangler generates from wrangler.toml
// now, so a binding or var added there without regenerating fails here instead of going untyped. The [vars]
// declared there (so that wrangler types them) must not change what the Worker does: each default acts as unset.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { seedDevelopment } from "../src/devSeed";
import { bodyLimitOf, cacheTtlOf, forwardableSecrets, llmConfigFrom } from "../src/config";
import { interpolateHeaders } from "../src/httpForward";
import { otlpConfigFrom } from "../src/decisionLog/otlp";
import { retentionDays } from "../src/decisionLog/retention";
import type { Services } from "../src/services";
import { ROOT } from "./support/localService";
import { claudeCode } from "../src/clients/claude-code";

describe("worker-configuration.d.ts", () => {
  it("is what `npm run types` generates from wrangler.toml now", () => {
    const script: string = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.types;
    expect(script).toMatch(/^wrangler types /);
    // Beside the committed file, so the relative imports it writes (`./src/index`) come out the same.
    const scratch = `.types-check-${process.pid}.d.ts`;
    try {
      execFileSync(join(ROOT, "node_modules/.bin/wrangler"), ["types", scratch, ...script.split(/\s+/).slice(2)], {
        cwd: ROOT,
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
        stdio: "pipe",
        timeout: 60_000,
      });
      // The header names the command that wrote the file, output path included.
      const fresh = readFileSync(join(ROOT, scratch), "utf8").replace(` ${scratch}`, "");
      expect(readFileSync(join(ROOT, "worker-configuration.d.ts"), "utf8"), "stale: run `npm run types`").toBe(fresh);
    } finally {
      if (existsSync(join(ROOT, scratch))) rmSync(join(ROOT, scratch));
    }
  });
});

describe("wrangler.toml [vars]", () => {
  const vars = unstable_readConfig({ config: join(ROOT, "wrangler.toml") }).vars as Record<string, unknown>;
  const declared = vars as unknown as Env;
  const unset = {} as Env;

  it("declares the plain-text settings, every one empty, and no secret", () => {
    expect(vars).toEqual({
      HOOKGATE_ENV: "",
      LLM_BASE_URL: "",
      LLM_PROVIDER: "",
      LLM_MODEL: "",
      BODY_LIMIT_BYTES: "",
      CACHE_TTL_MS: "",
      FORWARD_SECRETS: "",
      DECISION_RETENTION_DAYS: "",
      OTEL_EXPORTER_OTLP_ENDPOINT: "",
    });
  });

  it("each empty default reads exactly as a missing variable", async () => {
    expect(bodyLimitOf(declared)).toBe(bodyLimitOf(unset));
    expect(cacheTtlOf(declared)).toBe(cacheTtlOf(unset));
    expect(forwardableSecrets(declared.FORWARD_SECRETS)).toEqual(forwardableSecrets(unset.FORWARD_SECRETS));
    expect(retentionDays(declared)).toBe(retentionDays(unset));
    expect(otlpConfigFrom(declared)).toEqual(otlpConfigFrom(unset));
    for (const key of [undefined, "sk-test"]) {
      expect(llmConfigFrom({ ...declared, LLM_API_KEY: key })).toEqual(llmConfigFrom({ ...unset, LLM_API_KEY: key }));
    }
    // A var named for forwarding is sent as "" whether it is empty or missing.
    const handler = { doc: { headers: { "x-model": "$LLM_MODEL" }, allowedEnvVars: ["LLM_MODEL"] } } as unknown as Parameters<typeof interpolateHeaders>[0];
    const both = new Set(["LLM_MODEL"]);
    expect(interpolateHeaders(handler, { ...declared }, both)).toEqual(interpolateHeaders(handler, {}, both));
    // Not "development": no local team is seeded, with or without the dev token.
    const untouchable = new Proxy({} as Services, {
      get: () => {
        throw new Error("seedDevelopment touched storage");
      },
    });
    await seedDevelopment({ ...declared, HOOKGATE_DEV_TOKEN: "hg_x" }, untouchable, claudeCode);
  });
});
