#!/usr/bin/env node
// `npm start`: the service on http://127.0.0.1:8787 (PORT overrides) through `wrangler dev`, with local KV, D1 and
// Durable Objects, team `default` seeded with policies/default.json and the token from .dev.vars. The local D1
// database gets the migrations (migrations/) first: the decision log's tables.
// Arguments after `--` go to wrangler, e.g. `npm start -- --var LLM_BASE_URL:http://127.0.0.1:9000`.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const varsPath = join(root, ".dev.vars");
if (!existsSync(varsPath)) {
  const fresh = readFileSync(join(root, ".dev.vars.example"), "utf8")
    .replace("ADMIN_TOKEN=change-me-admin", `ADMIN_TOKEN=hga_${randomBytes(24).toString("base64url")}`)
    .replace("HOOKGATE_DEV_TOKEN=change-me-dev-token", `HOOKGATE_DEV_TOKEN=hg_${randomBytes(32).toString("base64url")}`);
  // Written aside and linked into place: a second `npm start` starting at the same moment (the test suites start
  // several) either links first or finds the whole file, never a half-written one or tokens that are then replaced.
  const aside = `${varsPath}.${process.pid}.tmp`;
  writeFileSync(aside, fresh, { mode: 0o600 });
  try {
    linkSync(aside, varsPath);
    console.log("created .dev.vars with a fresh ADMIN_TOKEN and HOOKGATE_DEV_TOKEN");
  } catch (e) {
    if (e.code !== "EEXIST") throw e;
  } finally {
    rmSync(aside, { force: true });
  }
}
const vars = Object.fromEntries(
  readFileSync(varsPath, "utf8")
    .split("\n")
    .filter((l) => /^[A-Z_][A-Z0-9_]*=/.test(l))
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).trim()]),
);
const port = process.env.PORT ?? "8787";
const base = `http://127.0.0.1:${port}`;
const state = process.env.HOOKGATE_STATE_DIR ?? join(root, ".wrangler", "state");
// Quietly: its output is shown only if it fails. Applied migrations are skipped, so this is cheap on every start.
const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
  cwd: root,
  stdio: ["ignore", "pipe", "pipe"],
  encoding: "utf8",
  env: process.env,
});
if (migrate.status !== 0) {
  process.stderr.write(`${migrate.stdout ?? ""}${migrate.stderr ?? ""}${migrate.error ? `${migrate.error}\n` : ""}`);
  console.error("could not apply the D1 migrations to the local database (npx wrangler d1 migrations apply DB --local)");
  process.exit(1);
}
const args = [
  "wrangler", "dev", "--ip", "127.0.0.1", "--port", port,
  "--var", "HOOKGATE_ENV:development",
  "--persist-to", state,
  "--show-interactive-dev-session=false",
  ...process.argv.slice(2),
];
// Miniflare fetches the `request.cf` object from workers.cloudflare.com on start and, offline, prints a stack trace
// for it (twice). hookgate reads nothing from request.cf, so its placeholder is used without asking; set
// CLOUDFLARE_CF_FETCH_ENABLED=true to fetch the real one.
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? "false" };
if (env.CLOUDFLARE_CF_FETCH_ENABLED === "false") console.log("request.cf is miniflare's placeholder (hookgate does not read it)");
// Its own process group, so a stop reaches wrangler and the workerd processes it starts, not just npx.
const child = spawn("npx", args, { cwd: root, stdio: ["inherit", "pipe", "inherit"], env, detached: true });
child.stdout.pipe(process.stdout);
const stopAll = (sig) => {
  try {
    process.kill(-child.pid, sig);
  } catch {}
};
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => stopAll(sig));
process.on("exit", () => stopAll("SIGTERM"));
child.on("exit", (code) => process.exit(code ?? 0));

// Once the Worker answers, the first request seeds team `default`; then print how to use it.
let announced = false;
child.stdout.on("data", async (chunk) => {
  if (announced || !/Ready on/i.test(String(chunk))) return;
  announced = true;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  let settings = "";
  try {
    const res = await fetch(`${base}/v1/admin/teams/default/settings?url=${encodeURIComponent(base)}`, {
      headers: { authorization: `Bearer ${vars.ADMIN_TOKEN}` },
    });
    settings = JSON.stringify(await res.json(), null, 2);
  } catch (e) {
    settings = `(could not fetch settings: ${e})`;
  }
  console.log(`
hookgate is running at ${base}  (team "default", starter policy from policies/default.json)

  export HOOKGATE_TOKEN=${vars.HOOKGATE_DEV_TOKEN}          # the team token
  export HOOKGATE_ADMIN_TOKEN=${vars.ADMIN_TOKEN}     # the admin token (both are in .dev.vars)

Try it:
  curl -s ${base}/v1/hooks/default/pre-tool-use -H "Authorization: Bearer $HOOKGATE_TOKEN" \\
    -H 'content-type: application/json' \\
    -d '{"session_id":"s1","transcript_path":"/tmp/t.jsonl","cwd":"/tmp","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"},"tool_use_id":"t1"}'

Hook Claude Code up in a project (the rest of its settings is kept; export HOOKGATE_TOKEN before running claude):
  npx hookgate settings --url ${base} --team default --merge .claude/settings.json

The block it merges (team "default"):
${settings}
`);
});
