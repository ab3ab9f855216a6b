import { JSON_OPTION, SERVICE_OPTIONS, type Command } from "../command";
import { UsageError } from "../errors";
import { printable } from "../printable";
import { TeamApi } from "../service";
import { columns } from "../table";
import { DEFAULT_TOKEN_ENV } from "../../gate/profile";

interface TokenInfo {
  id: string;
  name?: string;
  createdAt: string;
  prefix: string;
}

const create: Command = {
  name: "create",
  summary: "a new team token; only the token goes to stdout (it is shown once)",
  usage: ["create [--name <name>]"],
  options: { ...SERVICE_OPTIONS, name: { type: "string", value: "<name>", description: "what it is for, e.g. laptop-alice" }, ...JSON_OPTION },
  details: [`\`export ${DEFAULT_TOKEN_ENV}=$(hookgate tokens create --name laptop)\` keeps it out of the terminal's scrollback.`],
  async run(ctx) {
    const api = new TeamApi(ctx);
    const name = ctx.values.name;
    if (name === "") throw new UsageError("--name must not be empty", ctx.path);
    const { body } = await api.teamCall("POST", "/tokens", typeof name === "string" ? { name } : undefined);
    const created = (body ?? {}) as { token?: unknown; id?: unknown; warnings?: unknown };
    for (const w of Array.isArray(created.warnings) ? created.warnings : []) if (typeof w === "string") ctx.io.err(`warning: ${printable(w)}`);
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify(body, null, 2));
      return 0;
    }
    ctx.io.err(`created token ${String(created.id)} for team ${api.team}: this is the only time it is shown (hookgate keeps only its hash)`);
    ctx.io.out(String(created.token));
    return 0;
  },
};

const list: Command = {
  name: "list",
  summary: "the team's tokens (id, name, the first characters, created)",
  usage: ["list"],
  options: { ...SERVICE_OPTIONS, ...JSON_OPTION },
  async run(ctx) {
    const api = new TeamApi(ctx);
    const { body } = await api.teamCall("GET", "/tokens");
    if (ctx.values.json) {
      ctx.io.out(JSON.stringify(body, null, 2));
      return 0;
    }
    const tokens = ((body as { tokens?: TokenInfo[] })?.tokens ?? []) as TokenInfo[];
    if (tokens.length === 0) ctx.io.out(`team ${api.team} has no tokens`);
    else ctx.io.out(printable(columns(["id", "name", "prefix", "created"], tokens.map((t) => [t.id, t.name ?? "-", `${t.prefix}…`, t.createdAt])), true));
    return 0;
  },
};

const revoke: Command = {
  name: "revoke",
  summary: "revoke a token by its id (hookgate tokens list shows them)",
  usage: ["revoke <id>"],
  args: { min: 1, max: 1 },
  options: { ...SERVICE_OPTIONS, ...JSON_OPTION },
  details: ["It stops working at once where it was revoked, within the cache TTL (5 s) everywhere else."],
  async run(ctx) {
    const api = new TeamApi(ctx);
    const id = ctx.positionals[0]!;
    const { body } = await api.teamCall("DELETE", `/tokens/${encodeURIComponent(id)}`);
    if (ctx.values.json) ctx.io.out(JSON.stringify(body, null, 2));
    else ctx.io.out(`revoked token ${id} of team ${api.team}`);
    return 0;
  },
};

export const tokens: Command = {
  name: "tokens",
  summary: "create, list and revoke the team's tokens",
  usage: ["tokens create|list|revoke"],
  options: {},
  subcommands: [create, list, revoke],
};
