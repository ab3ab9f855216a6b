// Plain Node tests (real sockets, child processes, the real Claude Code CLI): `npx vitest run -c vitest.node.config.ts`.
// The workerd pool (vitest.config.ts) skips these files.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Quiet by default: the service's own logs of expected errors and the tests' timing notes are shown only when
    // asked for (HOOKGATE_TEST_VERBOSE=1 npm test). Failures are reported either way.
    onConsoleLog: () => (process.env.HOOKGATE_TEST_VERBOSE === "1" ? undefined : false),
    include: ["test/**/*.node.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
