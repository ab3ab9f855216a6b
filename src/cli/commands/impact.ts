import { IMPACT_MAX_LIMIT, type ImpactReport } from "../../replay/impact";
import { JSON_OPTION, SERVICE_OPTIONS, type Command } from "../command";
import { UsageError } from "../errors";
import { compileOrReport } from "../policyFile";
import { printable } from "../printable";
import { TeamApi } from "../service";
import { sinceInstant } from "./decisions";
import { columns } from "../table";

/** The most the service decides again in one request. */
const MAX_LIMIT = IMPACT_MAX_LIMIT;

export const impact: Command = {
  name: "impact",
  summary: "re-decide the decision log's recorded inputs under a candidate policy; report what would have changed",
  usage: ["impact <candidate.json> [--since <time>] [--limit <n>] [--fail-on-change]"],
  args: { min: 1, max: 1 },
  options: {
    ...SERVICE_OPTIONS,
    ...JSON_OPTION,
    since: { type: "string", value: "<time>", description: "only decisions at or after this time: ISO 8601, or a span back from now (10m, 2h, 7d)" },
    limit: { type: "string", value: "<n>", description: `the newest n decisions (1–${MAX_LIMIT}; default ${MAX_LIMIT})` },
    "fail-on-change": { type: "boolean", description: "exit 1 when any decision would change" },
  },
  details: [
    "The service (POST /v1/admin/teams/<team>/policy/impact, scope decisions:read) decides each recorded decision answered by the team's current revision again from its stored input, under that revision and under the candidate, with the org baseline under both, as `hookgate replay` does (no state, no judges).",
    "The log stores inputs masked and capped, so a rule that matched a secret or text past the cap may not match the stored input (and a judge is not called here): a record the current revision no longer decides as it was answered is counted under `maskingChanged` and left out of the changes. Decisions of other revisions, and records without an input, are counted and skipped.",
  ],
  async run(ctx) {
    const { io, values, positionals } = ctx;
    const candidate = compileOrReport(io, positionals[0]!);
    if (!candidate) return 1; // the service is never asked about what does not compile here
    const limit = values.limit === undefined ? MAX_LIMIT : Number(values.limit);
    if (typeof values.limit === "string" && (!/^\d+$/.test(values.limit) || limit < 1 || limit > MAX_LIMIT))
      throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}, not ${JSON.stringify(values.limit)}`, ctx.path);
    const api = new TeamApi(ctx);
    // The service decides (POST …/policy/impact): the same report builder, next to the log and the org baseline.
    const body = { policy: candidate.document, limit, ...(typeof values.since === "string" ? { since: sinceInstant(values.since, Date.now(), ctx.path) } : {}) };
    const out = (await api.teamCall("POST", "/policy/impact", body)).body as ImpactReport;
    const { otherRevision, noInput } = out;
    if (values.json) io.out(JSON.stringify(out, null, 2));
    else {
      io.out(
        `${out.total} of ${out.records} recorded decision(s) re-decided (team ${api.team}, revision ${out.revision}); ` +
          `${otherRevision} of other revisions and ${noInput} without an input skipped`,
      );
      const verdicts = [...new Set([...Object.keys(out.baseline.verdicts), ...Object.keys(out.candidate.verdicts)])].sort();
      if (verdicts.length)
        io.out(columns(["verdict", "answered", "candidate"], verdicts.map((v) => [v, String(out.baseline.verdicts[v] ?? 0), String(out.candidate.verdicts[v] ?? 0)])));
      io.out(out.changed.count === 0 ? "no decision would change" : `${out.changed.count} decision(s) would change:`);
      for (const g of out.changed.byHandler) {
        io.out(`  ${g.handler}  (${g.count})`);
        for (const e of g.examples) io.out(`    ${e.event}${e.tool ? ` ${e.tool}` : ""}: ${printable(e.subject)}  ${e.baseline} → ${e.candidate}  (${e.source})`);
      }
      if (out.maskingChanged.count)
        io.out(`${out.maskingChanged.count} record(s) decided differently from their masked input by the revision that answered them (left out above): ${out.maskingChanged.byHandler.map((g) => `${g.handler} ×${g.count}`).join(", ")}`);
    }
    return values["fail-on-change"] && out.changed.count > 0 ? 1 : 0;
  },
};
