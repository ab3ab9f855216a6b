import { z } from "zod";
import { HANDLER_SCHEMAS } from "../handlers/kinds";
import { DEFAULT_DEADLINE_MS } from "../limits/limits";

/**
 * The policy document a team publishes: the shape of Claude Code's `hooks` settings (event → matcher groups →
 * handlers) plus a few policy-level fields (hookgate spec §3). Objects are strict so a typo ("decison") is a
 * publish error, not a silently ignored field.
 */

const EDGE_IMPOSSIBLE: Record<string, string> = {
  command: "`command` handlers run a program on the developer's machine; they cannot run at the edge. Use `rule`, `prompt` or `http`, or keep this hook in the developer's own settings.",
  agent: "`agent` handlers need Claude Code's own subagent runtime; they cannot run at the edge. Use `prompt` for an LLM judgement.",
  mcp_tool: "`mcp_tool` handlers call an MCP server connected to the developer's Claude Code; they cannot run at the edge. Use `http` to forward to a server.",
};

/** The handler types, in the order the kinds are listed (handlers/kinds.ts: what an unknown type's error suggests). */
const HANDLER_TYPES = HANDLER_SCHEMAS.map((s) => s.shape.type.value);

export const handlerSchema = z
  .object({ type: z.string() })
  .loose()
  .superRefine((h, ctx) => {
    const why = EDGE_IMPOSSIBLE[h.type];
    if (why) ctx.addIssue({ code: "custom", path: ["type"], message: why });
    else if (!(HANDLER_TYPES as readonly string[]).includes(h.type))
      ctx.addIssue({ code: "custom", path: ["type"], message: `unknown handler type "${h.type}"; use ${HANDLER_TYPES.slice(0, -1).join(", ")} or ${HANDLER_TYPES.at(-1)}` });
  })
  .pipe(z.discriminatedUnion("type", HANDLER_SCHEMAS));

export const matcherGroupSchema = z.strictObject({
  matcher: z.string().max(1024).optional(),
  /** The clients the group applies to (`claude-code`, `codex`, …); left out, every client. Names are checked by the compiler. */
  clients: z.array(z.string().min(1).max(64)).min(1).max(16).optional(),
  hooks: z.array(handlerSchema).min(1).max(1000),
});

// Which event names exist is the client's (the compiler checks them against its event table).
const hooksSchema = z.record(z.string(), z.array(matcherGroupSchema).max(1000));

export const policySchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().max(2000).optional(),
  failMode: z.enum(["open", "closed"]).default("closed"),
  deadlineMs: z.number().int().min(50).max(600_000).default(DEFAULT_DEADLINE_MS),
  // The developers' machines name programs case-sensitively (Linux only): `RM` is then not `rm` (docs/policy.md).
  caseSensitiveCommands: z.boolean().default(false),
  llm: z
    .strictObject({
      model: z.string().min(1).max(128).optional(),
      cacheTtlSeconds: z.number().int().min(60).max(86_400).optional(),
    })
    .optional(),
  /** Named path sets for `effect` conditions (`"@secrets"`): Read/Edit-rule globs, `!glob` exclusions, `@other`. */
  paths: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "path set names use letters, digits, `_` and `-`"), z.array(z.string().min(1).max(4096)).max(1024))
    .optional(),
  /** Dotted input paths whose values are masked before anything is logged or sent to an LLM. */
  maskFields: z.array(z.string().min(1).max(256)).max(100).optional(),
  hooks: hooksSchema,
});

export type PolicyDocument = z.output<typeof policySchema>;
