import { JSON_OPTION, SERVICE_OPTIONS, type Command, type CommandContext } from "../command";
import { UsageError } from "../errors";
import { compileOrReport } from "../policyFile";
import { printable } from "../printable";
import { TeamApi } from "../service";

/*
 * The rollout's commands (docs/rolling-out.md): a shadow, a canary of a revision, promote, abort. Each is one admin
 * route (src/http/rolloutRoutes.ts); `hookgate revisions` shows the state they leave.
 */

const MESSAGE_OPTION = { message: { type: "string", value: "<why>", description: "why: kept in the audit entry (hookgate audit)" } } as const;
const messageOf = (ctx: CommandContext) => (typeof ctx.values.message === "string" && ctx.values.message !== "" ? { message: ctx.values.message } : {});

interface ShadowReport {
  revision: number;
  since: string;
  decisions: number;
  agreed: number;
  disagreed: number;
  agreement: number | null;
  byVerdict: { answered: string; shadow: string; count: number }[];
  byHandler: { handler: string; count: number; examples: { event: string; tool?: string; subject: string; answered: string; shadow: string }[] }[];
  truncated?: boolean;
}

const percentText = (rate: number | null) => (rate === null ? "-" : `${(rate * 100).toFixed(1)} %`);

export const shadow: Command = {
  name: "shadow",
  summary: "store a candidate as the team's shadow: every live request is also decided by it, after the answer; without a file, how it agrees",
  usage: ["shadow <candidate.json|-> [--message <why>]", "shadow"],
  args: { min: 0, max: 1 },
  options: { ...SERVICE_OPTIONS, ...MESSAGE_OPTION, ...JSON_OPTION },
  details: [
    "With a file: the candidate is checked here, then stored as a new revision that is not current (PUT …/policy?stage=shadow). Every live hook request of the team is then also decided by it once its answer has left: the answer never changes, no `once` is claimed, no judge or forward is called (such a handler answers its onError). The decision record holds the shadow's verdict beside the real one.",
    "Without a file: the shadow's agreement with the live answers since it began, and its disagreements by handler with examples (GET …/policy/shadow).",
    "Publishing, rolling back or `hookgate abort` (with no canary running) ends the shadow; `hookgate canary <revision> <percent>` answers a share of sessions from it.",
  ],
  async run(ctx) {
    const { io, values, positionals } = ctx;
    const api = new TeamApi(ctx);
    if (positionals.length === 0) {
      const report = (await api.teamCall("GET", "/policy/shadow")).body as ShadowReport;
      if (values.json) {
        io.out(JSON.stringify(report, null, 2));
        return 0;
      }
      io.out(`shadow revision ${report.revision} of team ${api.team}, since ${report.since}: ${report.decisions} live decision(s), ${report.agreed} agreed (${percentText(report.agreement)}), ${report.disagreed} disagreed${report.truncated ? " (counts of the newest records only)" : ""}`);
      for (const p of report.byVerdict.filter((p) => p.answered !== p.shadow)) io.out(`  answered ${p.answered}, shadow ${p.shadow}: ${p.count}`);
      for (const g of report.byHandler) {
        io.out(`  ${g.handler}  (${g.count})`);
        for (const e of g.examples) io.out(`    ${e.event}${e.tool ? ` ${e.tool}` : ""}: ${printable(e.subject)}  ${e.answered} → ${e.shadow}`);
      }
      return 0;
    }
    const local = compileOrReport(io, positionals[0]!);
    if (!local) return 1;
    const query = new URLSearchParams({ stage: "shadow" });
    if (typeof values.message === "string" && values.message !== "") query.set("message", values.message);
    const { body } = await api.teamCall("PUT", `/policy?${query}`, local.document);
    const answer = body as { revision: number; current: number };
    if (values.json) io.out(JSON.stringify(body, null, 2));
    else io.out(`stored revision ${answer.revision} as the shadow of team ${api.team} (revision ${answer.current} still answers); see it with hookgate shadow`);
    return 0;
  },
};

export const canary: Command = {
  name: "canary",
  summary: "answer a percent of the team's sessions from a stored revision (the shadow's, or one rolled back from)",
  usage: ["canary <revision> <percent> [--message <why>]"],
  args: { min: 2, max: 2 },
  options: { ...SERVICE_OPTIONS, ...MESSAGE_OPTION, ...JSON_OPTION },
  details: [
    "Which sessions: a stable hash of team and session id, so a session is answered by one revision from its first event to its last, and raising the percent only adds sessions. Takes effect within CACHE_TTL_MS (5 s by default). Run it again to change the percent.",
    "Then `hookgate promote` makes the revision current, or `hookgate abort` puts everyone back on the current one.",
  ],
  async run(ctx) {
    const [givenRevision, givenPercent] = ctx.positionals as [string, string];
    const revision = Number(givenRevision);
    if (!/^\d+$/.test(givenRevision) || !Number.isSafeInteger(revision) || revision < 1)
      throw new UsageError(`the revision must be a positive whole number (see hookgate revisions), not ${JSON.stringify(givenRevision)}`, ctx.path);
    const percent = Number(givenPercent.replace(/%$/, ""));
    if (!/^\d+(\.\d{1,2})?%?$/.test(givenPercent) || percent <= 0 || percent > 100)
      throw new UsageError(`the percent must be a number above 0 and at most 100 (two decimals at most), not ${JSON.stringify(givenPercent)}`, ctx.path);
    const api = new TeamApi(ctx);
    const { body } = await api.teamCall("POST", "/policy/canary", { revision, percent, ...messageOf(ctx) });
    if (ctx.values.json) ctx.io.out(JSON.stringify(body, null, 2));
    else ctx.io.out(`revision ${revision} answers ${percent} % of team ${api.team}'s sessions (within 5 s); hookgate promote or hookgate abort ends it`);
    return 0;
  },
};

interface Rate {
  revision: number;
  decisions: number;
  denied: number;
  denyRate: number | null;
}

export const promote: Command = {
  name: "promote",
  summary: "make the canary's revision current for everyone, showing its deny rate beside the current revision's",
  usage: ["promote [--message <why>]"],
  options: { ...SERVICE_OPTIONS, ...MESSAGE_OPTION, ...JSON_OPTION },
  details: ["The rates count the decision log's records since the canary began: deny and block answers over all decisions of each revision. `hookgate rollback <n>` undoes a promote."],
  async run(ctx) {
    const api = new TeamApi(ctx);
    const { body } = await api.teamCall("POST", "/policy/promote", messageOf(ctx));
    const answer = body as { revision: number; promotedFrom: number; canary: Rate; current: Rate };
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify(body, null, 2));
      return 0;
    }
    const line = (r: Rate) => `${r.denied} of ${r.decisions} decision(s) denied or blocked (${percentText(r.denyRate)})`;
    ctx.io.out(`team ${api.team} is on revision ${answer.revision} (was ${answer.promotedFrom})`);
    ctx.io.out(`  canary  revision ${answer.canary.revision}: ${line(answer.canary)}`);
    ctx.io.out(`  before  revision ${answer.current.revision}: ${line(answer.current)}`);
    return 0;
  },
};

export const abort: Command = {
  name: "abort",
  summary: "end the canary (everyone back on the current revision), or with no canary, the shadow",
  usage: ["abort [--message <why>]"],
  options: { ...SERVICE_OPTIONS, ...MESSAGE_OPTION, ...JSON_OPTION },
  details: ["Takes effect within CACHE_TTL_MS (5 s by default). The revision stays stored: `hookgate canary` can start it again."],
  async run(ctx) {
    const api = new TeamApi(ctx);
    const { body } = await api.teamCall("POST", "/policy/abort", messageOf(ctx));
    const answer = body as { ended: string; revision: number };
    if (ctx.values.json) ctx.io.out(JSON.stringify(body, null, 2));
    else ctx.io.out(`ended the ${answer.ended} of revision ${answer.revision} for team ${api.team}`);
    return 0;
  },
};
