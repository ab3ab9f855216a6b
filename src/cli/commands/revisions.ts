import { JSON_OPTION, SERVICE_OPTIONS, type Command, type CommandContext } from "../command";
import { ServerRefused, UsageError } from "../errors";
import { printable } from "../printable";
import { AdminApi, TeamApi, type Answer } from "../service";
import { columns } from "../table";
import type { AuditEntry } from "./audit";

interface RevisionSummary {
  revision: number;
  publishedAt: string;
  digest: string;
  current: boolean;
  /** from the audit trail: the token that published it, and why */
  publishedBy?: { id: string; name: string };
  message?: string;
}

interface Rollout {
  shadow?: { revision: number; since: string };
  canary?: { revision: number; percent: number; since: string };
}

const BASELINE_OPTION = { baseline: { type: "boolean", description: "the org baseline's instead of a team's (no --team)" } } as const;

/** The team's policy routes, or the baseline's (`--baseline`): the same paths under another root. */
function policyApi(ctx: CommandContext): { call: (method: string, path: string, body?: unknown) => Promise<Answer>; name: string; auditTeam: string | null } {
  if (ctx.values.baseline === true) {
    const api = new AdminApi(ctx);
    return { call: (m, p, b) => api.call(m, `baseline${p}`, b), name: "the org baseline", auditTeam: null };
  }
  const api = new TeamApi(ctx);
  return { call: (m, p, b) => api.teamCall(m, p, b), name: `team ${api.team}`, auditTeam: api.team };
}

export const revisions: Command = {
  name: "revisions",
  summary: "the published revisions, newest first, with who published each and why; * marks the current one",
  usage: ["revisions [--baseline]"],
  options: { ...SERVICE_OPTIONS, ...BASELINE_OPTION, ...JSON_OPTION },
  details: ["Who and why come from the audit trail (hookgate audit); a revision published before it existed shows -."],
  async run(ctx) {
    const api = policyApi(ctx);
    const { body } = await api.call("GET", "/policy/revisions");
    const list = ((body as { revisions?: RevisionSummary[] })?.revisions ?? []) as RevisionSummary[];
    // Who published each: the audit trail's publish entries, joined by revision.
    const action = api.auditTeam === null ? "baseline.publish" : "policy.publish";
    const query = new URLSearchParams({ action, limit: "1000", ...(api.auditTeam !== null ? { team: api.auditTeam } : {}) });
    let entries: AuditEntry[] = [];
    try {
      entries = (((await new AdminApi(ctx).call("GET", `audit?${query}`)).body as { entries?: AuditEntry[] })?.entries ?? []) as AuditEntry[];
    } catch (e) {
      if (!(e instanceof ServerRefused)) throw e;
      ctx.io.err(`warning: who published each revision is not shown: ${printable(e.message)}`);
    }
    const byRevision = new Map(entries.filter((e) => e.team === api.auditTeam).map((e) => [e.revision, e]));
    for (const r of list) {
      const e = byRevision.get(r.revision);
      if (e) Object.assign(r, { publishedBy: e.actor, ...(e.message !== undefined ? { message: e.message } : {}) });
    }
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify({ ...(body as object), revisions: list }, null, 2));
      return 0;
    }
    if (list.length === 0) {
      ctx.io.out(`${api.name} has no published revisions`);
      return 0;
    }
    // The rollout (hookgate shadow, canary): which stored revisions answer besides the current one.
    const rollout = (body as { rollout?: Rollout }).rollout ?? {};
    const stage = (n: number) =>
      [rollout.shadow?.revision === n ? "shadow" : "", rollout.canary?.revision === n ? `canary ${rollout.canary.percent} %` : ""].filter(Boolean).join(", ");
    // The rollout column only while there is one: the table is as it always was otherwise.
    const staged = rollout.shadow !== undefined || rollout.canary !== undefined;
    const rows = list.map((r) => [
      `${r.current ? "*" : " "} ${r.revision}`,
      r.publishedAt,
      r.digest.slice(0, 16),
      ...(staged ? [stage(r.revision)] : []),
      r.publishedBy ? `${r.publishedBy.name} (${r.publishedBy.id})` : "-",
      r.message ?? "",
    ]);
    ctx.io.out(printable(columns(["  revision", "published", "digest", ...(staged ? ["rollout"] : []), "by", "message"], rows), true));
    if (rollout.shadow) ctx.io.out(`shadow: revision ${rollout.shadow.revision} since ${rollout.shadow.since} (hookgate shadow shows how it agrees)`);
    if (rollout.canary) ctx.io.out(`canary: revision ${rollout.canary.revision} answers ${rollout.canary.percent} % of sessions since ${rollout.canary.since}`);
    return 0;
  },
};

export const rollback: Command = {
  name: "rollback",
  summary: "make an earlier revision current again (it must still compile)",
  usage: ["rollback <revision> [--message <why>] [--baseline]"],
  args: { min: 1, max: 1 },
  options: { ...SERVICE_OPTIONS, ...BASELINE_OPTION, message: { type: "string", value: "<why>", description: "kept in the audit entry" }, ...JSON_OPTION },
  async run(ctx) {
    const given = ctx.positionals[0]!;
    const revision = Number(given);
    if (!/^\d+$/.test(given) || !Number.isSafeInteger(revision) || revision < 1)
      throw new UsageError(`the revision must be a positive whole number (see hookgate revisions), not ${JSON.stringify(given)}`, ctx.path);
    const api = policyApi(ctx);
    const message = typeof ctx.values.message === "string" && ctx.values.message !== "" ? { message: ctx.values.message } : {};
    const { body } = await api.call("POST", "/policy/rollback", { revision, ...message });
    if (ctx.values.json) ctx.io.out(JSON.stringify(body, null, 2));
    else ctx.io.out(`${api.name} is on revision ${String((body as { revision?: unknown })?.revision ?? revision)} again`);
    return 0;
  },
};
