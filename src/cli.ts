import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { claudeCode } from "./clients/claude-code";
import type { CompiledPolicy } from "./engine/compilePolicy";
import { TEAM_NAME } from "./engine/limits";
import { Gate } from "./gate/gate";
import { runTestCommand, TEST_USAGE } from "./policyTest/command";

/** The CLI's Gate: the same decision as the Worker's, with no stores (it only ever evaluates, writing nothing). */
const gate = new Gate(claudeCode);

const HELP = `hookgate — a policy gate for Claude Code hooks

Usage:
  hookgate check <policy.json>                     validate and compile; every problem with its path
  hookgate eval <policy.json> <input.json|->       the answer and the trace, offline (no state, no LLM)
  hookgate push <policy.json> --url <base> --team <team> [--dry-run]
                                                   publish (admin token from HOOKGATE_ADMIN_TOKEN)
  hookgate settings --url <base> --team <team> [--policy <policy.json>] [--token-env NAME]
                                                   the Claude Code settings block for the team
  ${TEST_USAGE}
                                                   run the policy's unit tests offline (docs/testing-policies.md)

Exit codes: 0 ok, 1 the policy or input has problems / the server refused, 2 usage error.`;

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  readFile: (path: string) => string;
  fetch: typeof fetch;
  env: Record<string, string | undefined>;
}

const defaultIo: Io = {
  out: (s) => process.stdout.write(`${s}\n`),
  err: (s) => process.stderr.write(`${s}\n`),
  readFile: (p) => (p === "-" ? readFileSync(0, "utf8") : readFileSync(p, "utf8")),
  fetch: (...a) => fetch(...a),
  env: process.env,
};

class UsageError extends Error {}

function readJson(io: Io, path: string, what: string): unknown {
  let text: string;
  try {
    text = io.readFile(path);
  } catch (e) {
    throw new UsageError(`cannot read ${what} ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} ${path} is not valid JSON: ${(e as Error).message}`);
  }
}

function compileOrReport(io: Io, path: string, document: unknown = readJson(io, path, "policy")): CompiledPolicy | undefined {
  const result = gate.compile(document);
  if (!result.ok) {
    io.err(`${path}: ${result.error.length} problem(s)`);
    for (const p of result.error) io.err(`  ${p.path}: ${p.message}`);
    return undefined;
  }
  for (const w of result.value.warnings) io.err(`  warning ${w.path}: ${w.message}`);
  return result.value;
}

const baseUrl = (url: string | undefined) => {
  const base = gate.profile.serviceUrl(url ?? "");
  if (!base.ok) throw new UsageError(`--url must be the service's base URL: it ${base.error}`);
  return base.value;
};
const teamName = (team: string | undefined) => {
  if (!team || !TEAM_NAME.test(team)) throw new UsageError("--team must be a team name (a-z, 0-9, - and _)");
  return team;
};

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  // `test` parses its own flags (--reporter, --run …), which the options below do not know.
  if (argv[0] === "test") return runTestCommand(argv.slice(1), { ...io, cwd: process.cwd() });
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: "string" },
        team: { type: "string" },
        policy: { type: "string" },
        "token-env": { type: "string" },
        "dry-run": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || command === undefined || command === "help") {
      io.out(HELP);
      return command === undefined && !values.help ? 2 : 0;
    }
    switch (command) {
      case "check": {
        if (rest.length !== 1) throw new UsageError("usage: hookgate check <policy.json>");
        const compiled = compileOrReport(io, rest[0]!);
        if (!compiled) return 1;
        io.out(`${rest[0]}: ok — ${compiled.handlerCount} handler(s) on ${Object.keys(compiled.events).join(", ") || "no events"}`);
        return 0;
      }
      case "eval": {
        if (rest.length !== 2) throw new UsageError("usage: hookgate eval <policy.json> <input.json|->");
        const compiled = compileOrReport(io, rest[0]!);
        if (!compiled) return 1;
        const input = readJson(io, rest[1]!, "input");
        if (typeof input !== "object" || input === null || Array.isArray(input)) throw new UsageError("the input must be a JSON object");
        const event = gate.eventOf((input as Record<string, unknown>).hook_event_name);
        if (!event.ok) {
          io.err(`the input's hook_event_name ${JSON.stringify((input as Record<string, unknown>).hook_event_name)} is not a hook event`);
          return 1;
        }
        const decided = await gate.decide({ team: "local", event: event.value, input: input as Record<string, unknown>, policy: compiled, dryRun: true, explain: true });
        if (!decided.ok) {
          io.err(`${decided.error.message}:`);
          for (const p of decided.error.problems ?? []) io.err(`  ${p.path}: ${p.message}`);
          return 1;
        }
        const evaluation = decided.value.evaluation;
        io.out(JSON.stringify({ answer: decided.value.answer, trace: evaluation?.trace, dryRun: evaluation?.dryRun ?? [], errors: evaluation?.errors ?? [] }, null, 2));
        return 0;
      }
      case "push": {
        if (rest.length !== 1) throw new UsageError("usage: hookgate push <policy.json> --url <base> --team <team>");
        const url = baseUrl(values.url);
        const team = teamName(values.team);
        const token = io.env.HOOKGATE_ADMIN_TOKEN;
        if (!token) throw new UsageError("set HOOKGATE_ADMIN_TOKEN to the service's admin token");
        const document = readJson(io, rest[0]!, "policy");
        const local = compileOrReport(io, rest[0]!, document); // the document read once is the one checked and sent
        if (!local) return 1;
        const res = await io.fetch(`${url}/v1/admin/teams/${team}/policy${values["dry-run"] ? "?dryRun=1" : ""}`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(document),
        });
        const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        if (!res.ok) {
          const e = (body.error ?? {}) as { message?: string; problems?: { path: string; message: string }[] };
          io.err(`push failed: HTTP ${res.status}: ${e.message ?? "no message"}`);
          for (const p of e.problems ?? []) io.err(`  ${p.path}: ${p.message}`);
          return 1;
        }
        // The server knows what the offline check cannot (e.g. that no LLM is configured for its judges): print its
        // warnings too, without repeating the ones already printed above.
        const seen = new Set(local.warnings.map((w) => `${w.path}\n${w.message}`));
        const warnings = Array.isArray(body.warnings) ? (body.warnings as { path?: unknown; message?: unknown }[]) : [];
        for (const w of warnings)
          if (typeof w?.message === "string" && !seen.has(`${String(w.path)}\n${w.message}`)) io.err(`  warning ${String(w.path)}: ${w.message}`);
        io.out(values["dry-run"] ? `valid (not published) for team ${team}` : `published revision ${String(body.revision)} for team ${team}`);
        return 0;
      }
      case "settings": {
        if (rest.length !== 0) throw new UsageError("usage: hookgate settings --url <base> --team <team> [--policy file]");
        const url = baseUrl(values.url);
        const team = teamName(values.team);
        let policy: CompiledPolicy | undefined;
        if (values.policy) {
          policy = compileOrReport(io, values.policy);
          if (!policy) return 1;
        }
        const envVar = values["token-env"];
        if (envVar !== undefined && !/^[A-Z_][A-Z0-9_]*$/.test(envVar)) throw new UsageError("--token-env must be an upper-case variable name");
        io.out(JSON.stringify(gate.profile.settings({ url, team, ...(policy ? { policy } : {}), ...(envVar ? { tokenEnvVar: envVar } : {}) }), null, 2));
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
    }
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err((e as Error).message);
      return 2;
    }
    if (e instanceof TypeError && /fetch failed/.test(e.message)) {
      io.err(`cannot reach the service: ${(e.cause as Error | undefined)?.message ?? e.message}`);
      return 1;
    }
    throw e;
  }
}
