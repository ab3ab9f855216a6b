import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: { bindings: { ADMIN_TOKEN: "test-admin-token", HOOKGATE_ENV: "test" } },
    }),
  ],
  test: {
    globalSetup: ["test/support/judgeServer.global.ts"],
    include: ["test/**/*.test.ts"], exclude: ["**/node_modules/**", "test/**/*.node.test.ts"] },
});
