// `npm test`'s one Vitest run: the workerd suite (vitest.config.ts) and the Node suite (vitest.node.config.ts) as two
// projects of one run, their files side by side on the same workers (Vitest queues the Node project's files first,
// the longest first once it has timings; the workerd suite's many short files fill in behind them).
import { defineConfig } from "vitest/config";

// Three files at a time on CI's two cores: a Node file spends much of its time waiting on its child processes (the
// service, a client, the binary), a workerd file on its runtime starting. The two projects must agree on it.
const maxWorkers = 3;

export default defineConfig({
  test: {
    // As in each suite's own config (a run-wide option, so it is repeated here).
    onConsoleLog: () => (process.env.HOOKGATE_TEST_VERBOSE === "1" ? undefined : false),
    projects: [
      { extends: "./vitest.config.ts", test: { maxWorkers } },
      { extends: "./vitest.node.config.ts", test: { maxWorkers } },
    ],
  },
});
