import { TEAM_NAME, TEAM_NAME_RULE } from "../../engine/limits/limits";
import { JSON_OPTION, type Command } from "../command";
import { UsageError } from "../errors";
import { printable } from "../printable";
import { AdminApi } from "../service";
import { columns } from "../table";

export interface AuditEntry {
  id: string;
  time: string;
  actor: { id: string; name: string };
  team: string | null;
  action: string;
  revision?: number;
  digest?: string;
  target?: string;
  message?: string;
}

export const audit: Command = {
  name: "audit",
  summary: "the audit trail: every change, who made it and why, newest first",
  usage: ["audit [--team <team>] [--since <time>] [--limit <n>]"],
  options: {
    url: { type: "string", value: "<base>", env: "HOOKGATE_URL", description: "the service's base URL, e.g. http://127.0.0.1:8787" },
    team: { type: "string", value: "<team>", description: "only this team's changes (HOOKGATE_TEAM is not read: without --team, every team the token may see)" },
    since: { type: "string", value: "<time>", description: "at or after this time (ISO 8601, e.g. 2026-12-01T00:00:00Z)" },
    limit: { type: "string", value: "<n>", description: "at most this many (1–1000; default 100)" },
    ...JSON_OPTION,
  },
  details: ["Needs `policy:read`; a token limited to some teams sees only their entries. Entries cannot be changed or deleted, by any route."],
  async run(ctx) {
    const { team, since, limit } = ctx.values;
    if (team !== undefined && (typeof team !== "string" || !TEAM_NAME.test(team))) throw new UsageError(`--team must be a team name: ${TEAM_NAME_RULE}`, ctx.path);
    if (since !== undefined && (typeof since !== "string" || Number.isNaN(Date.parse(since)))) throw new UsageError("--since must be a time, e.g. 2026-12-01T00:00:00Z", ctx.path);
    if (limit !== undefined && (typeof limit !== "string" || !/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000))
      throw new UsageError("--limit must be a whole number from 1 to 1000", ctx.path);
    const query = new URLSearchParams();
    if (typeof team === "string") query.set("team", team);
    if (typeof since === "string") query.set("since", new Date(since).toISOString());
    if (typeof limit === "string") query.set("limit", limit);
    const q = query.toString();
    const { body } = await new AdminApi(ctx).call("GET", `audit${q ? `?${q}` : ""}`);
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify(body, null, 2));
      return 0;
    }
    const entries = ((body as { entries?: AuditEntry[] })?.entries ?? []) as AuditEntry[];
    if (entries.length === 0) {
      ctx.io.out("no audit entries");
      return 0;
    }
    const rows = entries.map((e) => [
      e.time,
      e.team ?? "(org)",
      e.action,
      e.revision !== undefined ? String(e.revision) : (e.target ?? "-"),
      `${e.actor.name} (${e.actor.id})`,
      e.message ?? "",
    ]);
    ctx.io.out(printable(columns(["time", "team", "action", "what", "by", "message"], rows), true));
    return 0;
  },
};
