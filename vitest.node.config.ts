// Plain Node tests (real sockets, child processes, the real Claude Code CLI): `npx vitest run -c vitest.node.config.ts`.
// The workerd pool (vitest.config.ts) skips these files. `npm test` runs both suites as the two projects of one run
// (vitest.all.config.ts), so a workerd file can use a core while a Node file waits on its child processes.
//
// Files run side by side: each one is independent of the others. A file that needs the service starts its own
// (test/support/localService.ts: a port the kernel picks, its state in a fresh temp dir, its own wrangler and workerd);
// servers listen on port 0; scratch files go to mkdtemp dirs (a Claude Code or Codex run gets its own HOME and
// CODEX_HOME; the managed Codex form overlays /etc in a mount namespace of that one process, so nothing is written to
// the machine's /etc); nothing a file writes into the repo is read by another (.tmp/ holds the differential report
// and the dashboard's screenshots; wrangler's scratch under .wrangler/tmp is per process; workerConfig's scratch .d.ts
// is named by its pid). What is shared is made safe once: scripts/start.mjs creates .dev.vars atomically (services
// starting at once would otherwise write different tokens), and the browser tests' Chromium, which unpacks itself to a
// fixed path, is unpacked before any file runs (test/support/chromium.global.ts). Wrangler dev's inspector gets a free
// port too (it defaults to 9229). The one exclusion: the two browser files (test/http/apiDocs.browser, test/ui/
// dashboard.browser) never drive Chromium at the same time; each waits for browserTurn() (test/support/chromium.ts:
// two single-process Chromiums side by side on a loaded two-core machine hung or never rendered a response), while
// every other file runs beside them. A file that must ever run alone gets a project of its own with a later
// `sequence.groupOrder` in vitest.all.config.ts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "node",
    // Quiet by default: the service's own logs of expected errors and the tests' timing notes are shown only when
    // asked for (HOOKGATE_TEST_VERBOSE=1 npm test). Failures are reported either way.
    onConsoleLog: () => (process.env.HOOKGATE_TEST_VERBOSE === "1" ? undefined : false),
    include: ["test/**/*.node.test.ts"],
    environment: "node",
    globalSetup: ["test/support/chromium.global.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Vitest's default on two cores is one worker; most of these files wait on child processes and sockets.
    maxWorkers: 2,
  },
});
