// `npm test`'s one Vitest run: the workerd suite (vitest.config.ts) and the Node suite (vitest.node.config.ts) as
// projects of one run, their files side by side on the same workers (Vitest queues the Node project's files first,
// the longest first once it has timings; the workerd suite's many short files fill in behind them). The end-to-end
// files that drive the real agent CLIs (test/e2e) are a project of their own that starts once the others are done:
// on CI's first run after a fresh install, the first of them to start found the Claude Code CLI missing, and later
// ones found it in place.
import { defineConfig } from "vitest/config";

// Three files at a time on CI's two cores: a Node file spends much of its time waiting on its child processes (the
// service, a client, the binary), a workerd file on its runtime starting. The projects must agree on it.
const maxWorkers = 3;
const E2E = "test/e2e/**/*.node.test.ts";

export default defineConfig({
  test: {
    // As in each suite's own config (a run-wide option, so it is repeated here).
    onConsoleLog: () => (process.env.HOOKGATE_TEST_VERBOSE === "1" ? undefined : false),
    projects: [
      { extends: "./vitest.config.ts", test: { maxWorkers, sequence: { groupOrder: 0 } } },
      { extends: "./vitest.node.config.ts", test: { maxWorkers, exclude: [E2E, "**/node_modules/**"], sequence: { groupOrder: 0 } } },
      // Not `extends` of the Node config: its `include` (every Node file) would be added to this one's.
      {
        test: {
          name: "e2e",
          include: [E2E],
          environment: "node",
          globalSetup: ["test/support/chromium.global.ts"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
