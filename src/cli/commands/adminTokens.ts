import { EXPIRES_IN, EXPIRES_IN_RULE, SCOPE_NAMES, TEAM_PATTERN, TEAM_PATTERN_RULE } from "../../access/scopes";
import { JSON_OPTION, type Command, type CommandContext } from "../command";
import { UsageError } from "../errors";
import { printable } from "../printable";
import { AdminApi } from "../service";
import { columns } from "../table";

interface AdminTokenInfo {
  id: string;
  name: string;
  scopes: string[];
  teams: string[];
  createdAt: string;
  expiresAt?: string;
  prefix: string;
  createdBy: { id: string; name: string };
}

const URL_OPTION = { url: { type: "string", value: "<base>", env: "HOOKGATE_URL", description: "the service's base URL, e.g. http://127.0.0.1:8787" } } as const;

/** A comma-separated list option, each item checked. */
function listOf(ctx: CommandContext, flag: string, rule: string, valid: (s: string) => boolean): string[] {
  const given = ctx.values[flag];
  if (typeof given !== "string" || given.trim() === "") throw new UsageError(`--${flag} is required: ${rule}`, ctx.path);
  const items = given.split(",").map((s) => s.trim()).filter((s) => s !== "");
  const bad = items.filter((s) => !valid(s));
  if (bad.length > 0) throw new UsageError(`--${flag}: ${bad.map((b) => JSON.stringify(b)).join(", ")} ${bad.length === 1 ? "is" : "are"} not ${rule}`, ctx.path);
  return items;
}

const create: Command = {
  name: "create",
  summary: "a new admin token with scopes and teams; only the token goes to stdout (it is shown once)",
  usage: ["create --name <name> --scopes <s,…> --teams <t,…> [--expires-in 90d]"],
  options: {
    ...URL_OPTION,
    name: { type: "string", value: "<name>", description: "who or what holds it, e.g. web-team-owner" },
    scopes: { type: "string", value: "<s,…>", description: `comma-separated: ${SCOPE_NAMES.join(", ")}` },
    teams: { type: "string", value: "<t,…>", description: `comma-separated team patterns: ${TEAM_PATTERN_RULE}` },
    "expires-in": { type: "string", value: "<30m|12h|90d>", description: `when it stops working: ${EXPIRES_IN_RULE}; left out, when revoked` },
    message: { type: "string", value: "<why>", description: "kept in the audit entry" },
    ...JSON_OPTION,
  },
  details: [
    "Needs a token with the `admin` scope (or ADMIN_TOKEN itself). No token mints one with more scopes or teams than its own.",
    "`export HOOKGATE_ADMIN_TOKEN=$(hookgate admin-tokens create --name web-owner --scopes policy:read,policy:write,tokens:write,decisions:read --teams 'web-*')`",
  ],
  async run(ctx) {
    const name = ctx.values.name;
    if (typeof name !== "string" || name === "") throw new UsageError("--name is required: who or what holds the token", ctx.path);
    const scopes = listOf(ctx, "scopes", `one of ${SCOPE_NAMES.join(", ")}`, (s) => (SCOPE_NAMES as string[]).includes(s));
    const teams = listOf(ctx, "teams", TEAM_PATTERN_RULE, (t) => TEAM_PATTERN.test(t));
    const expiresIn = ctx.values["expires-in"];
    if (expiresIn !== undefined && (typeof expiresIn !== "string" || !EXPIRES_IN.test(expiresIn)))
      throw new UsageError(`--expires-in must be ${EXPIRES_IN_RULE}`, ctx.path);
    const api = new AdminApi(ctx);
    const message = typeof ctx.values.message === "string" ? `?message=${encodeURIComponent(ctx.values.message)}` : "";
    const { body } = await api.call("POST", `tokens${message}`, { name, scopes, teams, ...(expiresIn ? { expiresIn } : {}) });
    const created = (body ?? {}) as { token?: unknown; id?: unknown; expiresAt?: unknown };
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify(body, null, 2));
      return 0;
    }
    const until = typeof created.expiresAt === "string" ? `, expires ${created.expiresAt}` : "";
    ctx.io.err(`created admin token ${String(created.id)} (${scopes.join(", ")} for ${teams.join(", ")}${until}): this is the only time it is shown`);
    ctx.io.out(String(created.token));
    return 0;
  },
};

const list: Command = {
  name: "list",
  summary: "the admin tokens within yours (id, name, scopes, teams, expiry; never the secrets)",
  usage: ["list"],
  options: { ...URL_OPTION, ...JSON_OPTION },
  async run(ctx) {
    const { body } = await new AdminApi(ctx).call("GET", "tokens");
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify(body, null, 2));
      return 0;
    }
    const tokens = ((body as { tokens?: AdminTokenInfo[] })?.tokens ?? []) as AdminTokenInfo[];
    if (tokens.length === 0) ctx.io.out("no admin tokens (ADMIN_TOKEN, the root, is not listed)");
    else
      ctx.io.out(
        printable(
          columns(
            ["id", "name", "scopes", "teams", "expires", "created by"],
            tokens.map((t) => [t.id, t.name, t.scopes.join(","), t.teams.join(","), t.expiresAt ?? "never", t.createdBy.name]),
          ),
          true,
        ),
      );
    return 0;
  },
};

const revoke: Command = {
  name: "revoke",
  summary: "revoke an admin token by its id (hookgate admin-tokens list shows them)",
  usage: ["revoke <id>"],
  args: { min: 1, max: 1 },
  options: { ...URL_OPTION, message: { type: "string", value: "<why>", description: "kept in the audit entry" }, ...JSON_OPTION },
  details: ["It stops working at once where it was revoked, within the cache TTL (5 s) everywhere else."],
  async run(ctx) {
    const id = ctx.positionals[0]!;
    const message = typeof ctx.values.message === "string" ? `?message=${encodeURIComponent(ctx.values.message)}` : "";
    const { body } = await new AdminApi(ctx).call("DELETE", `tokens/${encodeURIComponent(id)}${message}`);
    if (ctx.values.json) ctx.io.out(JSON.stringify(body, null, 2));
    else ctx.io.out(`revoked admin token ${id}`);
    return 0;
  },
};

export const adminTokens: Command = {
  name: "admin-tokens",
  summary: "create, list and revoke admin tokens (scopes and teams: docs/roles.md)",
  usage: ["admin-tokens create|list|revoke"],
  options: {},
  subcommands: [create, list, revoke],
};

