import { JSON_OPTION, SERVICE_OPTIONS, type Command } from "../command";
import { ServerRefused } from "../errors";
import { printable } from "../printable";
import { AdminApi } from "../service";
import { columns } from "../table";

interface TeamSummary {
  team: string;
  revision: number | null;
  publishedAt: string | null;
  tokens: number;
}

export const teams: Command = {
  name: "teams",
  summary: "every team on the service: its current revision, when it was published, how many tokens",
  usage: ["teams"],
  options: { url: SERVICE_OPTIONS.url!, ...JSON_OPTION },
  async run(ctx) {
    const api = new AdminApi(ctx);
    let body: unknown;
    try {
      ({ body } = await api.call("GET", "teams"));
    } catch (e) {
      // A service older than this CLI has no team listing: say that, not "no route for GET …".
      if (e instanceof ServerRefused && e.status === 404 && e.code === "not_found")
        throw new ServerRefused(404, e.code, `the service at ${api.url} does not list teams (GET /v1/admin/teams): it is older than this CLI`, e.requestId, []);
      throw e;
    }
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify(body, null, 2));
      return 0;
    }
    const list = ((body as { teams?: TeamSummary[] })?.teams ?? []) as TeamSummary[];
    if (list.length === 0) {
      ctx.io.out("no teams yet");
      return 0;
    }
    const rows = list.map((t) => [t.team, t.revision === null ? "none" : String(t.revision), t.publishedAt ?? "-", String(t.tokens)]);
    ctx.io.out(printable(columns(["team", "revision", "published", "tokens"], rows), true));
    return 0;
  },
};
