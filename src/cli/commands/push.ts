import { JSON_OPTION, SERVICE_OPTIONS, type Command } from "../command";
import { compileOrReport } from "../policyFile";
import { AdminApi, TeamApi } from "../service";

export const push: Command = {
  name: "push",
  summary: "publish a policy as the team's new revision (checked here first, then by the service)",
  usage: ["push <policy.json|-> [--dry-run] [--message <why>]", "push --baseline <baseline.json|-> [--dry-run] [--message <why>]"],
  args: { min: 1, max: 1 },
  options: {
    ...SERVICE_OPTIONS,
    "dry-run": { type: "boolean", description: "validate on the service without publishing" },
    baseline: { type: "boolean", description: "publish the file as the org baseline, evaluated with every team's policy (scope admin for every team; no --team)" },
    message: { type: "string", value: "<why>", description: "why: kept in the audit entry, shown by hookgate revisions and hookgate audit" },
    ...JSON_OPTION,
  },
  async run(ctx) {
    const { io, values, positionals } = ctx;
    const baseline = values.baseline === true;
    const api = baseline ? new AdminApi(ctx) : new TeamApi(ctx);
    const target = api instanceof TeamApi ? `team ${api.team}` : "the org baseline";
    const local = compileOrReport(io, positionals[0]!);
    if (!local) return 1; // the service is never asked to publish what does not compile here
    const dryRun = values["dry-run"] === true;
    const query = new URLSearchParams();
    if (dryRun) query.set("dryRun", "1");
    if (typeof values.message === "string" && values.message !== "") query.set("message", values.message);
    const q = query.size > 0 ? `?${query}` : "";
    const { body } = api instanceof TeamApi ? await api.teamCall("PUT", `/policy${q}`, local.document) : await api.call("PUT", `baseline/policy${q}`, local.document);
    const answer = (body ?? {}) as { revision?: unknown; unchanged?: unknown; warnings?: { path?: unknown; message?: unknown }[] };
    // The service knows what the offline check cannot (e.g. that no LLM is configured for its judges): print its
    // warnings too, without repeating the ones already printed above.
    const seen = new Set(local.compiled.warnings.map((w) => `${w.path}\n${w.message}`));
    for (const w of Array.isArray(answer.warnings) ? answer.warnings : [])
      if (typeof w?.message === "string" && !seen.has(`${String(w.path)}\n${w.message}`)) io.err(`  warning ${String(w.path)}: ${w.message}`);
    if (values.json) io.out(JSON.stringify(body, null, 2));
    else if (dryRun) io.out(`valid (not published) for ${target}`);
    // The same document again: the service keeps the revision in force instead of making a new one.
    else if (answer.unchanged === true) io.out(`unchanged: revision ${String(answer.revision)} is already this policy for ${target}`);
    else io.out(`published revision ${String(answer.revision)} for ${target}`);
    return 0;
  },
};
