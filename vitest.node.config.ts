// Plain Node tests (real sockets, child processes, the real Claude Code CLI): `npx vitest run -c vitest.node.config.ts`.
// The workerd pool (vitest.config.ts) skips these files.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.node.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
