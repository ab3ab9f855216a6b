import { JSON_OPTION, SERVICE_OPTIONS, type Command, type CommandContext } from "../command";
import { UsageError } from "../errors";
import { readJsonFile } from "../jsonFile";
import { CLIENT_PROFILES, clientProfile } from "../../clients";
import { CLIENT_NAMES } from "../../clients/names";
import { compilePolicy, type CompiledPolicy } from "../../engine/policy/compilePolicy";
import { DEFAULT_TOKEN_ENV, type ClientProfile } from "../../gate/profile";
import { compileOrReport } from "../policyFile";
import { mergeSettings, type MergeSummary } from "../settingsMerge";
import { TeamApi, serviceUrl, teamName } from "../service";

type Block = { hooks: Record<string, unknown[]>; requirementsToml?: string };

/** The client --client names (default: Claude Code, the first). */
function clientOf(ctx: CommandContext): ClientProfile {
  const name = ctx.values.client;
  if (name === undefined) return CLIENT_PROFILES[0]!;
  const profile = typeof name === "string" ? clientProfile(name) : undefined;
  if (!profile) throw new UsageError(`--client must be one of ${CLIENT_PROFILES.map((p) => p.name).join(", ")}`, ctx.path);
  return profile;
}

/**
 * The block, from the one source the command line picks: --policy (offline, from that file), else the service's
 * own (GET …/settings, for the team's published policy) when the admin token is set, else offline for the usual
 * gating events.
 */
async function settingsBlock(ctx: CommandContext): Promise<Block | undefined> {
  const { io, values } = ctx;
  const envVar = values["token-env"];
  if (envVar !== undefined && (typeof envVar !== "string" || !/^[A-Z_][A-Z0-9_]*$/.test(envVar)))
    throw new UsageError("--token-env must be an upper-case variable name, e.g. ACME_HOOKGATE_TOKEN", ctx.path);
  const client = clientOf(ctx);
  const first = client === CLIENT_PROFILES[0];
  // The service's block is the first client's; another client's is built here, from --policy or the usual events.
  const fromService = first && typeof values.policy !== "string" && Boolean(io.env.HOOKGATE_ADMIN_TOKEN);
  if (fromService) {
    if (envVar !== undefined) throw new UsageError(`--token-env needs --policy: the service's block always reads ${DEFAULT_TOKEN_ENV}`, ctx.path);
    if (values.baseline !== undefined) throw new UsageError("--baseline needs --policy: the service's block already includes the published baseline", ctx.path);
    const api = new TeamApi(ctx);
    const { body } = await api.teamCall("GET", `/settings?url=${encodeURIComponent(api.url)}`);
    return body as Block;
  }
  const url = serviceUrl(ctx);
  const team = teamName(ctx);
  let policy: ReturnType<typeof compileOrReport>;
  if (typeof values.policy === "string") {
    policy = compileOrReport(io, values.policy);
    if (!policy) return undefined;
  } else io.err("note: no --policy and no HOOKGATE_ADMIN_TOKEN: the block hooks the usual gating events (PreToolUse, PermissionRequest, UserPromptSubmit, Stop)");
  let baseline: ReturnType<typeof compileOrReport>;
  if (typeof values.baseline === "string") {
    baseline = compileOrReport(io, values.baseline);
    if (!baseline) return undefined;
  }
  // Validated for the first client (compileOrReport); compiled again for another, whose events may differ.
  const forClient = (p: NonNullable<typeof policy>): CompiledPolicy => {
    if (first) return p.compiled;
    const again = compilePolicy(p.compiled.document, { client, clientNames: CLIENT_NAMES });
    return again.ok ? again.value : p.compiled;
  };
  return client.settings({
    url,
    team,
    ...(policy ? { policy: forClient(policy) } : {}),
    ...(baseline ? { baseline: forClient(baseline) } : {}),
    ...(envVar ? { tokenEnvVar: envVar as string } : {}),
  }) as Block;
}

function describe(file: string, created: boolean, changed: boolean, s: MergeSummary): string[] {
  const lines = [`${file}: ${created ? "created" : changed ? "updated" : "already up to date"}`];
  for (const [mark, list, what] of [
    ["+", s.added, "added"],
    ["~", s.replaced, "replaced"],
    ["-", s.removed, "removed (the policy no longer uses it)"],
    ["=", s.unchanged, "unchanged"],
  ] as const)
    if (list.length) lines.push(`  ${mark} hookgate hooks ${what}: ${list.join(", ")}`);
  const kept = [...(s.otherHooksKept ? [`${s.otherHooksKept} other hook(s)`] : []), ...s.otherKeysKept];
  if (kept.length) lines.push(`  kept: ${kept.join(", ")}`);
  return lines;
}

export const settings: Command = {
  name: "settings",
  summary: "the Claude Code (or --client codex) settings block for the team, or --merge it into a settings file",
  usage: [
    "settings [--policy <policy.json>] [--merge <settings.json>] [--token-env <NAME>]",
    "settings --client codex [--policy <policy.json>] [--merge <.codex/hooks.json> | --form requirements]",
  ],
  options: {
    ...SERVICE_OPTIONS,
    policy: { type: "string", value: "<policy.json>", description: "build the block offline from this policy (hook only the events it uses)" },
    baseline: { type: "string", value: "<baseline.json>", description: "with --policy: the org baseline too (its events are hooked as well); the service's block includes it by itself" },
    merge: { type: "string", value: "<settings.json>", description: "merge into this Claude Code settings file (created with its directory if missing)" },
    "token-env": { type: "string", value: "<NAME>", description: `the variable holding the team token (default ${DEFAULT_TOKEN_ENV}; needs --policy)` },
    client: { type: "string", value: "<client>", description: "the client to hook up: claude-code (default) or codex (.codex/hooks.json)" },
    form: { type: "string", value: "hooks|requirements", description: "with --client codex: hooks.json (default) or the managed requirements.toml tables" },
    ...JSON_OPTION,
  },
  details: [
    "Without --policy, the block comes from the service (for the team's published policy) when HOOKGATE_ADMIN_TOKEN is set.",
    "--merge keeps everything in the file that is not hookgate's (other hooks, permissions, env, …) and replaces hookgate's",
    "earlier hooks (recognised by their /v1/hooks/<team>/… URL) instead of adding them twice; the file is replaced atomically.",
    "With --merge --json, the summary of what changed is the JSON document; without --merge the block always is.",
  ],
  async run(ctx) {
    const { io, values } = ctx;
    const form = values.form ?? "hooks";
    if (form !== "hooks" && form !== "requirements") throw new UsageError("--form must be hooks or requirements", ctx.path);
    const found = await settingsBlock(ctx);
    if (!found) return 1;
    const { requirementsToml, ...block } = found;
    if (form === "requirements") {
      if (requirementsToml === undefined) throw new UsageError("--form requirements is Codex's managed form: use it with --client codex", ctx.path);
      if (values.merge !== undefined) throw new UsageError("--form requirements prints the tables; add them to the managed requirements.toml (e.g. /etc/codex/requirements.toml) yourself", ctx.path);
      io.out(requirementsToml);
      return 0;
    }
    const file = values.merge;
    if (typeof file !== "string") {
      io.out(JSON.stringify(block, null, 2));
      return 0;
    }
    const created = !io.exists(file);
    const before = created ? undefined : readJsonFile(io, file, "settings");
    const merged = mergeSettings(before, block);
    if (!merged.ok) {
      io.err(`${file}: ${merged.problem}; nothing was written`);
      return 1;
    }
    // Compared as values: a file that already says this is left alone, its own formatting included.
    const changed = created || JSON.stringify(before) !== JSON.stringify(merged.settings);
    if (changed) io.writeFileAtomic(file, `${JSON.stringify(merged.settings, null, 2)}\n`);
    if (values.json) io.out(JSON.stringify({ file, created, changed, ...merged.summary }, null, 2));
    else io.out(describe(file, created, changed, merged.summary).join("\n"));
    return 0;
  },
};
