import { z } from "zod";
import { EFFECT_KINDS } from "../shell/effectKinds";
import { DEFAULT_DEADLINE_MS } from "../limits/limits";

/**
 * The policy document a team publishes: the shape of Claude Code's `hooks` settings (event → matcher groups →
 * handlers) plus a few policy-level fields (hookgate spec §3). Objects are strict so a typo ("decison") is a
 * publish error, not a silently ignored field.
 */

const MAX_TEXT = 10_000;
const text = z.string().max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`);
const ruleList = z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(64)]);
const VERDICTS = ["allow", "deny", "ask", "defer", "block"] as const;
const verdict = z.enum(VERDICTS);
/** What a failing judge or forwarded call contributes: a verdict, or "none" for no opinion. */
const onError = z.enum([...VERDICTS, "none"]);

/** `effect`: what the call would do (see effectCondition.ts). */
const effectKind = z.enum(EFFECT_KINDS);
const effectConditionSchema = z.strictObject({
  kind: z.union([effectKind, z.array(effectKind).min(1).max(7)]),
  paths: z.union([z.string().min(1).max(4096), z.array(z.string().min(1).max(4096)).min(1).max(512)]).optional(),
  recursive: z.boolean().optional(),
  mode: z.literal("world-writable").optional(),
  content: z.literal("code").optional(),
});

const common = {
  id: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,128}$/, "ids use letters, digits, `_ . : -` (at most 128)")
    .optional(),
  if: ruleList.optional(),
  unless: ruleList.optional(),
  when: z.record(z.string().min(1).max(256), z.string().min(1).max(4096)).optional(),
  effect: z.union([effectConditionSchema, z.array(effectConditionSchema).min(1).max(32)]).optional(),
  /** Dotted input paths (`prompt`, `tool_input.content`): the handler fires when one holds a credential. */
  secrets: z.array(z.string().min(1).max(256)).min(1).max(16).optional(),
  once: z.boolean().optional(),
  mode: z.enum(["enforce", "dry-run"]).optional(),
  statusMessage: z.string().max(200).optional(),
};

export const ruleHandlerSchema = z.strictObject({
  type: z.literal("rule"),
  ...common,
  decision: verdict.optional(),
  reason: text.optional(),
  additionalContext: text.optional(),
  systemMessage: text.optional(),
  updatedInput: z.record(z.string(), z.unknown()).optional(),
  continue: z.boolean().optional(),
  stopReason: text.optional(),
  output: z.record(z.string(), z.unknown()).optional(),
});

export const promptHandlerSchema = z.strictObject({
  type: z.literal("prompt"),
  ...common,
  prompt: z.string().min(1).max(MAX_TEXT),
  model: z.string().min(1).max(128).optional(),
  /** seconds, as in Claude Code's own hook settings */
  timeout: z.number().positive().max(600).optional(),
  decision: verdict.optional(),
  onError: onError.optional(),
});

export const httpHandlerSchema = z.strictObject({
  type: z.literal("http"),
  ...common,
  url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  headers: z.record(z.string().min(1), z.string().max(4096)).optional(),
  allowedEnvVars: z.array(z.string().regex(/^[A-Z_][A-Z0-9_]*$/, "env var names are upper case")).optional(),
  timeout: z.number().positive().max(600).optional(),
  onError: onError.optional(),
});

const EDGE_IMPOSSIBLE: Record<string, string> = {
  command: "`command` handlers run a program on the developer's machine; they cannot run at the edge. Use `rule`, `prompt` or `http`, or keep this hook in the developer's own settings.",
  agent: "`agent` handlers need Claude Code's own subagent runtime; they cannot run at the edge. Use `prompt` for an LLM judgement.",
  mcp_tool: "`mcp_tool` handlers call an MCP server connected to the developer's Claude Code; they cannot run at the edge. Use `http` to forward to a server.",
};

/** The handler kinds' schemas: one entry per kind, the list every other handler-type list is derived from. */
const HANDLER_SCHEMAS = [ruleHandlerSchema, promptHandlerSchema, httpHandlerSchema] as const;
/** The handler types, in the order the schema lists them (what an unknown type's error suggests). */
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
export type HandlerDocument = z.output<typeof ruleHandlerSchema | typeof promptHandlerSchema | typeof httpHandlerSchema>;
export type RuleHandlerDocument = z.output<typeof ruleHandlerSchema>;
export type PromptHandlerDocument = z.output<typeof promptHandlerSchema>;
export type HttpHandlerDocument = z.output<typeof httpHandlerSchema>;
