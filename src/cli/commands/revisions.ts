import { JSON_OPTION, SERVICE_OPTIONS, type Command } from "../command";
import { UsageError } from "../errors";
import { TeamApi } from "../service";
import { columns } from "../table";

interface RevisionSummary {
  revision: number;
  publishedAt: string;
  digest: string;
  current: boolean;
}

export const revisions: Command = {
  name: "revisions",
  summary: "the team's published revisions, newest first; * marks the current one",
  usage: ["revisions"],
  options: { ...SERVICE_OPTIONS, ...JSON_OPTION },
  async run(ctx) {
    const api = new TeamApi(ctx);
    const { body } = await api.teamCall("GET", "/policy/revisions");
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify(body, null, 2));
      return 0;
    }
    const list = ((body as { revisions?: RevisionSummary[] })?.revisions ?? []) as RevisionSummary[];
    if (list.length === 0) {
      ctx.io.out(`team ${api.team} has no published revisions`);
      return 0;
    }
    const rows = list.map((r) => [`${r.current ? "*" : " "} ${r.revision}`, r.publishedAt, r.digest.slice(0, 16)]);
    ctx.io.out(columns(["  revision", "published", "digest"], rows));
    return 0;
  },
};

export const rollback: Command = {
  name: "rollback",
  summary: "make an earlier revision current again (it must still compile)",
  usage: ["rollback <revision>"],
  args: { min: 1, max: 1 },
  options: { ...SERVICE_OPTIONS, ...JSON_OPTION },
  async run(ctx) {
    const given = ctx.positionals[0]!;
    const revision = Number(given);
    if (!/^\d+$/.test(given) || !Number.isSafeInteger(revision) || revision < 1)
      throw new UsageError(`the revision must be a positive whole number (see hookgate revisions), not ${JSON.stringify(given)}`, ctx.path);
    const api = new TeamApi(ctx);
    const { body } = await api.teamCall("POST", "/policy/rollback", { revision });
    if (ctx.values.json) ctx.io.out(JSON.stringify(body, null, 2));
    else ctx.io.out(`team ${api.team} is on revision ${String((body as { revision?: unknown })?.revision ?? revision)} again`);
    return 0;
  },
};
