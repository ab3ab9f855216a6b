import { JSON_OPTION, SERVICE_OPTIONS, type Command, type CommandContext } from "../command";
import { ServerRefused, ServiceUnreachable, UsageError } from "../errors";
import { printable } from "../printable";
import { TeamApi } from "../service";

interface DecisionRecord {
  decisionId: string;
  time: string;
  event: string;
  tool?: string;
  verdict?: string;
  fired: string[];
  revision: number | null;
  latencyMs: number;
  errors: string[];
}

/** The service answers at most this many per request; a follow poll asks for all of them. */
const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 20;
const DEFAULT_INTERVAL_MS = 2000;
/**
 * How far before the newest record seen each --follow poll looks again: the longest a record normally takes to reach
 * the index after newer ones (the isolate's batch window, the queue's batch timeout, a retry or two of a batch).
 */
const FOLLOW_LAG_MS = 30_000;

/** --since as an instant: ISO 8601, or a span back from now (`90s`, `10m`, `2h`, `7d`). */
export function sinceInstant(given: string, now: number, path: string): string {
  const span = /^(\d+)([smhd])$/.exec(given);
  if (span) return new Date(now - Number(span[1]) * { s: 1e3, m: 6e4, h: 36e5, d: 864e5 }[span[2] as "s"]).toISOString();
  const t = Date.parse(given);
  if (!/^\d{4}-\d\d-\d\dT/.test(given) || Number.isNaN(t))
    throw new UsageError(`--since must be an ISO time (2026-12-01T10:00:00Z) or a span such as 10m, 2h, 7d; not ${JSON.stringify(given)}`, path);
  return new Date(t).toISOString();
}

function positiveInt(ctx: CommandContext, flag: string, fallback: number, min: number, max: number): number {
  const given = ctx.values[flag];
  if (given === undefined) return fallback;
  const n = Number(given);
  if (typeof given !== "string" || !/^\d+$/.test(given) || n < min || n > max)
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(given)}`, ctx.path);
  return n;
}

const line = (d: DecisionRecord) =>
  printable([
    d.time,
    d.event,
    d.tool ?? "-",
    d.verdict ?? "none",
    d.fired.length ? `fired ${d.fired.join(",")}` : "fired -",
    `rev ${d.revision ?? "-"}`,
    `${d.latencyMs}ms`,
    d.decisionId,
    ...(d.errors.length ? [`errors: ${d.errors.join("; ")}`] : []),
  ].join("  "));

export const decisions: Command = {
  name: "decisions",
  summary: "the team's decision log, newest last; --follow keeps printing new ones",
  usage: [
    "decisions [--follow] [--limit <n>] [--verdict <v>] [--event <name>] [--since <time>]",
    "decisions export --since <time> [--until <time>] > decisions.ndjson",
  ],
  args: { min: 0, max: 1 },
  options: {
    ...SERVICE_OPTIONS,
    limit: { type: "string", value: "<n>", description: `how many of the latest records (1-${MAX_LIMIT}, default ${DEFAULT_LIMIT})` },
    verdict: { type: "string", value: "<v>", description: "only this verdict: allow, deny, ask, block, defer, or none" },
    event: { type: "string", value: "<name>", description: "only this event, e.g. PreToolUse" },
    session: { type: "string", value: "<id>", description: "only this session" },
    since: { type: "string", value: "<time>", description: "only records at or after this ISO time, or this long ago (10m, 2h, 7d)" },
    until: { type: "string", value: "<time>", description: "export: only records at or before this ISO time, or this long ago (default now)" },
    follow: { type: "boolean", short: "f", description: "keep polling and print new records until interrupted (Ctrl-C)" },
    interval: { type: "string", value: "<ms>", description: `how often --follow polls (default ${DEFAULT_INTERVAL_MS} ms, at least 100)` },
    ...JSON_OPTION,
  },
  details: [
    "With --json: one JSON document ({team, decisions}); with --follow --json, one record per line (JSON Lines).",
    "Records reach the log in batches (a few seconds after the answer, through the decision queue).",
    "decisions export: every record from --since to --until, whatever its age (the recent index and the R2 archive), as NDJSON on stdout, streamed.",
  ],
  async run(ctx) {
    const { io, values } = ctx;
    if (ctx.positionals[0] !== undefined) {
      if (ctx.positionals[0] !== "export") throw new UsageError(`unknown argument ${JSON.stringify(ctx.positionals[0])}: did you mean \`decisions export\`?`, ctx.path);
      return exportDecisions(ctx);
    }
    const limit = positiveInt(ctx, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
    const interval = positiveInt(ctx, "interval", DEFAULT_INTERVAL_MS, 100, 3_600_000);
    let since = typeof values.since === "string" ? sinceInstant(values.since, Date.now(), ctx.path) : undefined;
    const filters = new URLSearchParams();
    for (const key of ["verdict", "event", "session"] as const) if (typeof values[key] === "string") filters.set(key, values[key] as string);
    const api = new TeamApi(ctx);

    const query = async (n: number) => {
      const q = new URLSearchParams(filters);
      q.set("limit", String(n));
      if (since) q.set("since", since);
      const { body } = await api.teamCall("GET", `/decisions?${q}`);
      return ((body as { decisions?: DecisionRecord[] })?.decisions ?? []) as DecisionRecord[];
    };

    const first = await query(limit);
    if (values.json && !values.follow) {
      io.out(JSON.stringify({ team: api.team, decisions: first }, null, 2));
      return 0;
    }
    const print = (d: DecisionRecord) => io.out(values.json ? JSON.stringify(d) : line(d));
    // The service answers newest first; a log reads oldest first.
    for (const d of [...first].reverse()) print(d);
    if (!values.follow) {
      if (first.length === 0 && !values.json) io.err(`no decisions for team ${api.team}${filters.size || since ? " matching the filters" : ""}`);
      return 0;
    }

    // Each poll looks back FOLLOW_LAG_MS before the newest time seen and prints what it has not printed yet: the index
    // is written by the decision queue's consumer in batches, so a record can reach it after newer ones (another
    // isolate's batch, a batch retried), and a cursor at the newest time alone would skip it for good.
    const stop = io.untilInterrupted();
    const start = since;
    let newest = [since ?? "", ...first.map((d) => d.time)].sort().at(-1)!;
    const printedAt = new Map<string, string>(first.map((d) => [d.decisionId, d.time]));
    let failing = false;
    while (!stop.aborted) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, interval);
        stop.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
      });
      if (stop.aborted) break;
      const back = newest ? new Date(Date.parse(newest) - FOLLOW_LAG_MS).toISOString() : "";
      since = start !== undefined && start > back ? start : back || start;
      let polled: DecisionRecord[];
      try {
        polled = await query(MAX_LIMIT);
      } catch (e) {
        // A poll the service did not answer (unreachable, a 5xx) is tried again next interval: following outlives a
        // restart or a busy moment of the service; what it refuses for good (the token, the team) ends the follow.
        if (!(e instanceof ServiceUnreachable || (e instanceof ServerRefused && e.status >= 500))) throw e;
        if (!failing) io.err(`warning: ${e.message}; still following (trying again every ${interval} ms)`);
        failing = true;
        continue;
      }
      failing = false;
      const fresh = polled.filter((d) => !printedAt.has(d.decisionId));
      if (polled.length >= MAX_LIMIT) io.err(`warning: ${MAX_LIMIT} or more records in one poll's window; older ones among them were skipped (lower --interval)`);
      for (const d of [...fresh].reverse()) print(d);
      for (const d of fresh) printedAt.set(d.decisionId, d.time);
      newest = [newest, ...fresh.map((d) => d.time)].sort().at(-1)!;
      for (const [id, time] of printedAt) if (since !== undefined && time < since) printedAt.delete(id); // out of the window: never asked for again
    }
    return 0;
  },
};

/** `decisions export`: the export route's NDJSON to stdout, line by line as it arrives (memory stays bounded). */
async function exportDecisions(ctx: CommandContext): Promise<number> {
  const { io, values } = ctx;
  if (typeof values.since !== "string") throw new UsageError("decisions export needs --since (an ISO time, or a span such as 7d)", ctx.path);
  const now = Date.now();
  const q = new URLSearchParams({ since: sinceInstant(values.since, now, ctx.path) });
  if (typeof values.until === "string") q.set("until", sinceInstant(values.until, now, ctx.path));
  const api = new TeamApi(ctx);
  const text = (await api.teamStream(`/decisions/export?${q}`)).pipeThrough(new TextDecoderStream());
  let rest = "";
  let records = 0;
  for await (const part of text) {
    const lines = (rest + part).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line) (io.out(line), records++);
  }
  if (rest) (io.out(rest), records++);
  io.err(`exported ${records} decision record(s) of team ${api.team}`);
  return 0;
}
