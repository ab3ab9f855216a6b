import { JSON_OPTION, SERVICE_OPTIONS, type Command } from "../command";
import { ServerRefused, UsageError } from "../errors";
import { readJsonFile } from "../jsonFile";
import { diffPolicies, formatChanges, sameJson } from "../policyDiff";
import { printable } from "../printable";
import { AdminApi, TeamApi } from "../service";

export const diff: Command = {
  name: "diff",
  summary: "a policy file against the team's published policy (or --revision N); exit 1 when they differ",
  usage: ["diff <policy.json|-> [--revision <n>]", "diff --baseline <baseline.json|-> [--revision <n>]"],
  args: { min: 1, max: 1 },
  options: {
    ...SERVICE_OPTIONS,
    revision: { type: "string", value: "<n>", description: "compare with this revision instead of the current one" },
    baseline: { type: "boolean", description: "compare the file with the published org baseline (no --team)" },
    ...JSON_OPTION,
  },
  details: [
    "Handlers are matched by `id`, else by position; `+` only in the file, `-` only on the service, `~` changed, `>` moved.",
    "Exit 0 when the same, 1 when different (like diff(1)). A team with no published policy differs from any file.",
  ],
  async run(ctx) {
    const { io, values, positionals } = ctx;
    const given = values.revision;
    if (given !== undefined && (typeof given !== "string" || !/^[1-9]\d*$/.test(given)))
      throw new UsageError(`--revision must be a positive whole number, not ${JSON.stringify(given)}`, ctx.path);
    const baseline = values.baseline === true;
    const api = baseline ? new AdminApi(ctx) : new TeamApi(ctx);
    const name = api instanceof TeamApi ? `team ${api.team}` : "the org baseline";
    const path = positionals[0]!;
    const local = readJsonFile(io, path, "policy");
    let remote: { revision?: number; publishedAt?: string; document?: unknown } | undefined;
    try {
      const where = given ? `/policy/revisions/${given}` : "/policy";
      remote = (await (api instanceof TeamApi ? api.teamCall("GET", where) : api.call("GET", `baseline${where}`))).body as typeof remote;
    } catch (e) {
      // No published policy yet is an answer, not a failure: everything in the file is new.
      if (!(e instanceof ServerRefused && e.status === 404 && !given)) throw e;
    }
    const changes = diffPolicies(remote?.document, local);
    const same = sameJson(remote?.document, local);
    const against = remote ? `${name} revision ${remote.revision}${given ? "" : " (current)"}` : `${name} (no published policy)`;
    if (values.json) {
      io.out(JSON.stringify({ same, ...(api instanceof TeamApi ? { team: api.team } : { baseline: true }), revision: remote?.revision ?? null, file: path, changes }, null, 2));
      return same ? 0 : 1;
    }
    if (same) {
      io.out(`${path} is the same as ${against}`);
      return 0;
    }
    io.out(`--- ${against}${remote?.publishedAt ? `, published ${remote.publishedAt}` : ""}`);
    io.out(`+++ ${path}`);
    const lines = formatChanges(changes);
    // Every difference sameJson sees is in a handler or a field, except shapes that hold neither (an empty group).
    io.out(lines.length ? printable(lines.join("\n"), true) : "~ the documents differ outside any handler or policy field (e.g. an empty matcher group)");
    return 1;
  },
};
