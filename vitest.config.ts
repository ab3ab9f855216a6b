import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// The decision log's tables, as `wrangler d1 migrations apply` creates them: read here (Node), applied in workerd
// by test/support/applyMigrations.ts before each test file.
const d1Migrations = await readD1Migrations("./migrations");

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      // Every variable set here, so a developer's .dev.vars (which the pool also reads) cannot change a test.
      miniflare: {
        bindings: {
          ADMIN_TOKEN: "test-admin-token",
          HOOKGATE_ENV: "test",
          HOOKGATE_DEV_TOKEN: "",
          LLM_BASE_URL: "",
          LLM_API_KEY: "",
          LLM_PROVIDER: "",
          LLM_MODEL: "",
          BODY_LIMIT_BYTES: "",
          CACHE_TTL_MS: "",
          FORWARD_SECRETS: "",
          DECISION_RETENTION_DAYS: "",
          OTEL_EXPORTER_OTLP_ENDPOINT: "",
          OTEL_EXPORTER_OTLP_HEADERS: "",
        },
        // The decision queue's consumers as in wrangler.toml, with short waits: a test polls for its records instead
        // of sleeping out a 2 s batch window, and a dead letter arrives after one quick retry, not five 5 s ones.
        queueConsumers: {
          "hookgate-decisions": { maxBatchSize: 100, maxBatchTimeout: 0.05, maxRetries: 1, retryDelay: 0, deadLetterQueue: "hookgate-decisions-dlq" },
          "hookgate-decisions-dlq": { maxBatchSize: 100, maxBatchTimeout: 0.05 },
        },
      },
    }),
  ],
  test: {
    name: "workerd",
    // Quiet by default: the service's own logs of expected errors and the tests' timing notes are shown only when
    // asked for (HOOKGATE_TEST_VERBOSE=1 npm test). Failures are reported either way.
    onConsoleLog: () => (process.env.HOOKGATE_TEST_VERBOSE === "1" ? undefined : false),
    // Two files at a time (Vitest's default on two cores is one): each file gets its own workerd with its own
    // storage, and most of a file's time is that start-up, not CPU in the tests.
    maxWorkers: 2,
    globalSetup: ["test/support/judgeServer.global.ts"],
    setupFiles: ["test/support/applyMigrations.ts"],
    provide: { d1Migrations },
    include: ["test/**/*.test.ts"], exclude: ["**/node_modules/**", "test/**/*.node.test.ts"] },
});
