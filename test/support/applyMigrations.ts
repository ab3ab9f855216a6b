// Setup file of the workerd suite: the D1 migrations (migrations/, read by vitest.config.ts) applied to the test
// database before each test file, as `wrangler d1 migrations apply` does. Already applied ones are skipped.
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    d1Migrations: D1Migration[];
  }
}

await applyD1Migrations(env.DB, inject("d1Migrations"));
