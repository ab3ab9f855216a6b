import type { z } from "zod";
import type { ClientModel } from "../event/client";
import type { EventSpec, Verdict } from "../event/eventSpec";
import { compileEffectCondition, type CompiledEffectCondition } from "../match/effectCondition";
import type { CompiledHandlerBase, CompiledWhen, CompileOptions } from "./compiledHandler";
import { KIND_FIELDS, kindOf, type CompiledHandler, type HandlerDocument } from "../handlers/kinds";
import type { KindContext } from "../handlers/handlerKind";
import { compileRegex, type LinearRegex } from "../match/linearPattern";
import { compileMatcher, type CompiledMatcher } from "../match/matcher";
import { compileRule, type CompiledRule } from "../match/permissionRule";
import { asList, deferredGroup, deferredHint, eagerGroup, handlerHint, HandlerCompileError, type CompiledGroup, type DeferredHandler } from "./compiledGroup";
import { handlerSchema, matcherGroupSchema, policySchema, type PolicyDocument } from "./policySchema";
import { DEFAULT_DEADLINE_MS } from "../limits/limits";
import { err, ok, type Result } from "../result";
import { POLICY_SCHEMA_DIGEST, type PreparedPolicy } from "./preparedForm";
import { clientHints, hintsFor, storedHintsOf, usableHints, type StoredHints } from "./storedHints";

/** One thing wrong with a policy: where (a path into the document) and what, in plain words. */
export interface Problem {
  path: string;
  message: string;
}

export interface CompiledEvent {
  spec: EventSpec;
  groups: CompiledGroup[];
  /** Whether any handler is slow (prompt/http); an event without one is answered synchronously. */
  hasSlowHandlers: boolean;
  /**
   * Whether evaluating twice could differ or cost something (a judge, a forward, a `once` claim): only then is a
   * redelivered request answered from the dedup record instead of evaluated again.
   */
  stateful: boolean;
}

declare const validated: unique symbol;

/**
 * A policy document as it may be published: only the compiler makes one (the type cannot be built elsewhere), so
 * nothing that was not validated can reach the store. `document` is exactly as the author wrote it.
 */
export interface ValidatedPolicy {
  readonly [validated]: true;
  readonly document: unknown;
  /** The engine version that validated it (ENGINE_VERSION). */
  readonly engine: number;
  /** The client it was validated for. */
  readonly client: string;
  /** The document as parsed, stored beside it so a cold isolate loads it without the schema (preparedForm.ts). */
  readonly prepared: PreparedPolicy;
}

export interface CompiledPolicy {
  document: PolicyDocument;
  /** The document as published (defaults not filled in), validated: what a publish stores. */
  publishable: ValidatedPolicy;
  /** The client whose events and tools the policy was compiled against. */
  client: ClientModel;
  failMode: "open" | "closed";
  deadlineMs: number;
  /** Command names are read as written only (policy `caseSensitiveCommands`); else also case-blind (docs/policy.md). */
  caseSensitiveCommands: boolean;
  events: Partial<Record<string, CompiledEvent>>;
  handlerCount: number;
  /** What the publisher should know (none when compiled with `warnings: false`: a stored revision being loaded). */
  warnings: Problem[];
  /**
   * This compiled policy's own part of the isolate's shell-analysis cache (match/callSubjects.ts): one team's commands
   * are never looked up by, nor timed against, another team's. Unique per compilation.
   */
  analysisScope: string;
}

/** Compilations so far in this isolate: each gets its own analysis scope (module scope: it must outlive them). */
let compilations = 0;

const formatPath = (segments: readonly PropertyKey[]): string =>
  segments.reduce<string>((acc, seg) => {
    if (typeof seg === "number") return `${acc}[${seg}]`;
    const key = String(seg);
    return acc === "" ? key : `${acc}.${key}`;
  }, "");

/** Every key any object of a policy may have: what "did you mean" suggests from for an unknown key. */
const KNOWN_KEYS: readonly string[] = [...new Set(collectKeys(policySchema))];

function collectKeys(schema: unknown, seen = new Set<unknown>()): string[] {
  if (seen.has(schema) || typeof schema !== "object" || schema === null) return [];
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  const out: string[] = [];
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape) for (const [k, v] of Object.entries(shape)) out.push(k, ...collectKeys(v, seen));
  for (const key of ["innerType", "in", "out", "element", "valueType", "schema"]) if (def[key]) out.push(...collectKeys(def[key], seen));
  for (const option of (def.options as unknown[] | undefined) ?? []) out.push(...collectKeys(option, seen));
  return out;
}

/** The nearest of `names` to `name`, if it is close enough to be a typo. */
export function nearest(name: string, names: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  return names.find((n) => n.toLowerCase() === lower) ?? names.find((n) => editDistance(n, name) <= Math.min(2, Math.max(1, Math.floor(name.length / 3))));
}

function zodProblems(error: z.ZodError): Problem[] {
  const problems: Problem[] = [];
  const visit = (issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]) => {
    for (const issue of issues) {
      const path = [...prefix, ...issue.path];
      if (issue.code === "invalid_union" && issue.errors.length > 0) {
        // Report the branch that got furthest instead of "invalid input" for the whole union.
        const best = [...issue.errors].sort((a, b) => depth(b) - depth(a))[0]!;
        visit(best, path);
        continue;
      }
      if (issue.code === "unrecognized_keys") {
        // One problem per key, at the key, with the field it probably meant.
        for (const key of issue.keys) {
          const near = nearest(key, KNOWN_KEYS);
          problems.push({ path: formatPath([...path, key]), message: `unknown field "${key}"${near ? ` (did you mean "${near}"?)` : ""}` });
        }
        continue;
      }
      problems.push({ path: formatPath(path) || "(policy)", message: issue.message });
    }
  };
  visit(error.issues, []);
  return problems;
}
const depth = (issues: readonly z.core.$ZodIssue[]) => Math.max(0, ...issues.map((i) => i.path.length));


/**
 * Bumped whenever the compiler starts refusing something it used to accept. A stored revision compiled by the same
 * engine version was fully validated at publish, so loading it may defer pattern compilation to first use.
 */
export const ENGINE_VERSION = 1;

/** The name of this engine's prepared form (preparedForm.ts): a stored form by any other name is not used. */
export const PREPARED_FORM = `e${ENGINE_VERSION}.${POLICY_SCHEMA_DIGEST}`;


/**
 * A regex compiled on its first test; the source was validated when the policy was published. Should it fail to
 * compile all the same (a stored document edited by hand, an RE2 change), it matches nothing and says why through
 * `compileError`: matching everything would make an `allow` rule with a `when` allow everything.
 */
function lazyRegex(source: string): Pick<CompiledWhen, "regex" | "compileError"> {
  let compiled: LinearRegex | undefined;
  let error: string | undefined;
  const compile = () => {
    if (compiled) return;
    const r = compileRegex(source);
    if (r.ok) compiled = r.value;
    else {
      error = r.error;
      compiled = { test: () => false };
    }
  };
  return {
    regex: { test: (s: string) => (compile(), compiled!.test(s)) },
    compileError: () => (compile(), error),
  };
}

/**
 * Validate and compile a policy. Every problem is reported (path + plain message), not just the first, so one
 * publish attempt shows the author everything to fix.
 */
export function compilePolicy(input: unknown, options: CompileOptions): Result<CompiledPolicy, Problem[]> {
  const r = compileUnsorted(input, options);
  // Problems and warnings in the order the author reads the document.
  if (!r.ok) return err(inDocumentOrder(input, r.error));
  r.value.warnings = inDocumentOrder(input, r.value.warnings);
  return r;
}

function compileUnsorted(input: unknown, options: CompileOptions): Result<CompiledPolicy, Problem[]> {
  const parsed = policySchema.safeParse(input);
  if (parsed.success) return compileDocument(parsed.data, options, publishableOf(input, parsed.data, options));
  // The schema's problems, plus what the parts that do parse get wrong, so one attempt shows everything.
  const problems = zodProblems(parsed.error);
  const hooks = (input as { hooks?: unknown } | null)?.hooks;
  if (typeof hooks === "object" && hooks !== null && !Array.isArray(hooks))
    for (const name of Object.keys(hooks))
      if (!options.client.events.byName(name) && !problems.some((p) => p.path === `hooks.${name}`)) problems.push(unknownEvent(name, options.client));
  const salvaged = salvage(input, options.client);
  if (salvaged) {
    const more = compileDocument(salvaged, { client: options.client, forwardSecrets: options.forwardSecrets }, undefined);
    if (!more.ok)
      for (const p of more.error)
        if (!problems.some((q) => q.path === p.path && q.message === p.message)) problems.push(p);
  }
  return err(problems);
}

const publishableOf = (input: unknown, document: PolicyDocument, options: CompileOptions) =>
  ({ document: input, engine: ENGINE_VERSION, client: options.client.name, prepared: { form: PREPARED_FORM, document } }) as unknown as ValidatedPolicy;

/** `hints`: the client's own, or the name of a client already stored whose hints are the same. */
function withHints(publishable: ValidatedPolicy, client: string, hints: StoredHints | string): ValidatedPolicy {
  const prepared = { ...publishable.prepared, hints: { ...publishable.prepared.hints, [client]: hints } };
  return { ...publishable, prepared } as ValidatedPolicy;
}

/**
 * A publishable policy with the index hints of the same document compiled for other clients beside its own (a
 * publish stores them all); a compile of another document, or one made from a prepared form (no hints), adds none.
 * Hints equal to a set already stored are stored as that set's client's name (storedHints.ts's StoredHintsByClient).
 */
export function withHintsOf(publishable: ValidatedPolicy, others: readonly CompiledPolicy[]): ValidatedPolicy {
  let out = publishable;
  const own = clientHints(publishable.prepared.hints, publishable.client);
  const stored = new Map<string, string>(own ? [[JSON.stringify(own), publishable.client]] : []);
  for (const other of others) {
    const hints = clientHints(other.publishable.prepared.hints, other.client.name);
    if (!hints || hints.document !== own?.document) continue;
    const text = JSON.stringify(hints);
    const same = stored.get(text);
    if (same === undefined) stored.set(text, other.client.name);
    out = withHints(out, other.client.name, same ?? hints);
  }
  return out;
}

/**
 * Compile a stored revision from its prepared form (the document as this schema parsed it at publish), without
 * running the schema again; `input` is the document as written. The caller checks the form's name (PREPARED_FORM).
 */
export function compilePrepared(input: unknown, prepared: PreparedPolicy, options: CompileOptions): Result<CompiledPolicy, Problem[]> {
  const r = compileDocument(prepared.document, options, publishableOf(input, prepared.document, options), clientHints(prepared.hints, options.client.name));
  if (!r.ok) return err(inDocumentOrder(input, r.error));
  r.value.warnings = inDocumentOrder(input, r.value.warnings);
  return r;
}

/**
 * Problems sorted by where their path points in the document: object keys in the order the author wrote them,
 * array items by index; a path to something absent comes right after its parent. Stable for equal positions.
 */
function inDocumentOrder(input: unknown, problems: Problem[]): Problem[] {
  const rank = (path: string): number[] => {
    const out: number[] = [];
    let node: unknown = input;
    for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
      if (m[2] !== undefined) {
        const i = Number(m[2]);
        out.push(i);
        node = Array.isArray(node) ? node[i] : undefined;
      } else {
        const key = m[1]!;
        const keys = typeof node === "object" && node !== null && !Array.isArray(node) ? Object.keys(node) : [];
        const i = keys.indexOf(key);
        out.push(i === -1 ? keys.length : i);
        node = i === -1 ? undefined : (node as Record<string, unknown>)[key];
      }
    }
    return out;
  };
  const ranked = problems.map((p, i) => ({ p, i, r: p.path === "(policy)" ? [] : rank(p.path) }));
  ranked.sort((a, b) => {
    for (let k = 0; k < Math.min(a.r.length, b.r.length); k++) if (a.r[k] !== b.r[k]) return a.r[k]! - b.r[k]!;
    return a.r.length - b.r.length || a.i - b.i;
  });
  return ranked.map((x) => x.p);
}

/**
 * The part of an invalid policy that does parse: known events, and each handler that is valid on its own. Arrays
 * stay sparse (an invalid handler leaves a hole) so paths and positional ids keep their indices; forEach skips holes.
 */
function unknownEvent(name: string, client: ClientModel): Problem {
  const names = client.events.list.map((e) => e.name);
  const near = nearest(name, names);
  return {
    path: `hooks.${name}`,
    message: `unknown event "${name}"${near ? ` (did you mean "${near}"?)` : ""}; ${client.title}'s events are ${names.join(", ")}`,
  };
}

/** Levenshtein distance, for "did you mean" (names are short; bounded by their length). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || a.length > 64 || b.length > 64) return 99;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

function salvage(input: unknown, client: ClientModel): PolicyDocument | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(input) || !isObject(input.hooks)) return undefined;
  const hooks: PolicyDocument["hooks"] = {};
  for (const [eventName, groups] of Object.entries(input.hooks)) {
    if (!client.events.byName(eventName) || !Array.isArray(groups)) continue;
    const out: PolicyDocument["hooks"][string] = [];
    groups.forEach((g: unknown, gi) => {
      if (!isObject(g) || !Array.isArray(g.hooks)) return;
      const handlers: HandlerDocument[] = [];
      g.hooks.forEach((h: unknown, hi) => {
        const r = handlerSchema.safeParse(h);
        if (r.success) handlers[hi] = r.data;
      });
      const clients = matcherGroupSchema.shape.clients.safeParse(g.clients);
      out[gi] = { matcher: typeof g.matcher === "string" ? g.matcher : undefined, ...(clients.success && clients.data ? { clients: clients.data } : {}), hooks: handlers };
    });
    hooks[eventName] = out;
  }
  const paths = policySchema.shape.paths.safeParse(input.paths);
  return { failMode: input.failMode === "open" ? "open" : "closed", deadlineMs: DEFAULT_DEADLINE_MS, caseSensitiveCommands: input.caseSensitiveCommands === true, hooks, ...(paths.success && paths.data ? { paths: paths.data } : {}) };
}

/**
 * `storedHints`: the client's index hints stored with a prepared form (storedHints.ts), used for the handlers compiled
 * on first use when they are this code's; a policy compiled in full gets its own hints stored with its prepared form.
 */
function compileDocument(document: PolicyDocument, options: CompileOptions, publishable: ValidatedPolicy | undefined, storedHints?: StoredHints): Result<CompiledPolicy, Problem[]> {
  const client = options.client;
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const warn = options.warnings !== false;
  const events: Partial<Record<string, CompiledEvent>> = {};
  const ids = new Map<string, string>();
  let handlerCount = 0;
  const hints = options.lazyHandlers ? hintsFor(storedHints, document) : undefined;

  for (const [eventName, groups] of Object.entries(document.hooks)) {
    const spec = client.events.byName(eventName);
    if (!spec) {
      // Another client's event in a policy shared by every client: this one never sends it (a warning, not an error).
      if (client.foreignEvents?.includes(eventName)) {
        if (warn) warnings.push({ path: `hooks.${eventName}`, message: `${client.title} has no ${eventName} event: these groups never run for it` });
      } else problems.push(unknownEvent(eventName, client));
      continue;
    }
    const compiledGroups: CompiledGroup[] = [];
    const stored = options.lazyHandlers ? usableHints(hints, eventName, groups.map((g) => g.hooks.length)) : undefined;
    let order = 0;
    let hasSlowHandlers = false;
    let stateful = false;
    groups.forEach((group, gi) => {
      const groupPath = `hooks.${eventName}[${gi}]`;
      let matcher: CompiledMatcher = () => true;
      if (spec.matcher === null) {
        if (warn && group.matcher !== undefined && group.matcher !== "" && group.matcher !== "*")
          warnings.push({ path: `${groupPath}.matcher`, message: `${eventName} has no matcher; ${client.title} ignores it and so does hookgate` });
      } else {
        const m = compileMatcher(group.matcher, spec.matcher.syntax, client.tools.matcherLegacy);
        if (m.ok) matcher = m.value;
        else problems.push({ path: `${groupPath}.matcher`, message: m.error });
        if (warn && m.ok && spec.toolEvent) warnings.push(...unknownToolNames(group.matcher, `${groupPath}.matcher`, client));
      }
      const clients = group.clients !== undefined ? clientsOf(group.clients, `${groupPath}.clients`, options, problems) : undefined;
      const handlers: CompiledHandler[] = [];
      const deferred: DeferredHandler[] = [];
      group.hooks.forEach((handler, hi) => {
        const path = `${groupPath}.hooks[${hi}]`;
        const id = handler.id ?? `${eventName}[${gi}].hooks[${hi}]`;
        const seen = ids.get(id);
        if (seen !== undefined) problems.push({ path: `${path}.id`, message: `id "${id}" is already used by ${seen}` });
        ids.set(id, path);
        const at = { id, path, order: order++ };
        handlerCount++;
        if (options.lazyHandlers && handler.type === "rule") {
          // A rule is compiled on first use, indexed by a hint read from its document. Its kind is neither slow nor
          // stateful and always compiles when its conditions do (only a judge or a forward can be left out with a
          // warning), so what the event needs to know of it is in the document.
          deferred.push({ doc: handler, at, hint: stored ? stored(gi, hi) : deferredHint(handler, spec, client.tools), compiled: undefined });
          if (handler.once) stateful = true;
          return;
        }
        const compiled = compileHandler(handler, spec, document, at, problems, options, warnings);
        if (compiled) {
          handlers.push(compiled);
          deferred.push({ doc: handler, at, hint: compiled.hint, compiled });
          const kind = kindOf(compiled);
          if (kind.slow) hasSlowHandlers = true;
          if (compiled.once || kind.stateful) stateful = true;
        }
      });
      if (warn && spec.toolEvent) for (const h of handlers) warnings.push(...rulesTheMatcherExcludes(h, matcher, group.matcher, client));
      const head = { index: gi, matcherSource: group.matcher, matcher, ...(clients ? { clients } : {}) };
      compiledGroups.push(
        options.lazyHandlers
          ? deferredGroup(head, deferred, (d) => {
              const found: Problem[] = [];
              const compiled = compileHandler(d.doc, spec, document, d.at, found, options);
              return compiled ?? new HandlerCompileError(found.length > 0 ? found : [{ path: d.at.path, message: "does not compile" }]);
            })
          : eagerGroup(head, handlers),
      );
    });
    events[spec.name] = { spec, groups: compiledGroups, hasSlowHandlers, stateful };
  }

  if (problems.length > 0 || publishable === undefined) return err(problems);
  // Compiled in full (a publish): its hints go with the prepared form it stores, for this client (storedHints.ts). A
  // stored revision loaded lazily keeps none in its publishable: it is never stored again (a rollback copies the value).
  const withOwnHints = options.lazyHandlers ? publishable : withHints(publishable, options.client.name, storedHintsOf(events, document));
  return ok({
    document,
    publishable: withOwnHints,
    client,
    failMode: document.failMode,
    deadlineMs: document.deadlineMs,
    caseSensitiveCommands: document.caseSensitiveCommands,
    events,
    handlerCount,
    warnings,
    analysisScope: `p${++compilations}`,
  });
}

/** A group's `clients` as a set: each name must be a client the service serves (a typo would be a rule that never fires). */
function clientsOf(names: readonly string[], path: string, options: CompileOptions, problems: Problem[]): ReadonlySet<string> {
  const known = options.clientNames ?? [options.client.name];
  names.forEach((name, i) => {
    if (known.includes(name)) return;
    const near = nearest(name, known);
    problems.push({ path: `${path}[${i}]`, message: `unknown client "${name}"${near ? ` (did you mean "${near}"?)` : ""}; the clients are ${known.join(", ")}` });
  });
  return new Set(names);
}

/** A tool event's exact-name matcher that names a tool the client does not have is a typo or a dead group. */
function unknownToolNames(source: string | undefined, path: string, client: ClientModel): Problem[] {
  if (source === undefined || !/^[A-Za-z0-9_\-, |]+$/.test(source)) return [];
  const tools = client.tools;
  const known = [...tools.known, ...Object.keys(tools.matcherLegacy)];
  const out: Problem[] = [];
  for (const name of source.split(/[|,]/).map((p) => p.trim()).filter((p) => p !== "")) {
    if (known.includes(name) || name.startsWith(tools.mcpPrefix)) continue;
    const near = nearest(name, known);
    out.push({ path, message: `"${name}" is not a ${client.title} tool${near ? ` (did you mean "${near}"?)` : ""}; this group never matches it` });
  }
  return out;
}

/** An `if` rule for a tool its group's matcher never lets through can never fire. */
function rulesTheMatcherExcludes(h: CompiledHandler, matcher: CompiledMatcher, source: string | undefined, client: ClientModel): Problem[] {
  const out: Problem[] = [];
  h.ifRules.forEach((rule, i) => {
    if (rule.tool.includes("*") || rule.tool.startsWith(client.tools.mcpPrefix)) return;
    const covered = [...new Set([rule.tool, ...client.tools.known])].filter((t) => rule.toolTest(t));
    if (covered.length > 0 && !covered.some((t) => matcher(t)))
      out.push({
        path: `${h.path}.if${h.ifRules.length > 1 ? `[${i}]` : ""}`,
        message: `${rule.raw} can never fire: the group's matcher ${JSON.stringify(source ?? "")} does not match ${covered.join(", ")}`,
      });
  });
  return out;
}

function compileHandler(
  h: HandlerDocument,
  spec: EventSpec,
  policy: PolicyDocument,
  at: { id: string; path: string; order: number },
  problems: Problem[],
  options: CompileOptions,
  warnings: Problem[] = [],
): CompiledHandler | undefined {
  const before = problems.length;
  const problem = (field: string, message: string) =>
    problems.push({ path: field ? `${at.path}.${field}` : at.path, message });
  // A client that takes a policy written for another (ClientModel.lenient): what its event cannot carry is a warning
  // and is left out of its answers; the handler still decides (its verdict is never dropped).
  const kindProblem = options.client.lenient ? (field: string, message: string) => warnings.push({ path: field ? `${at.path}.${field}` : at.path, message }) : problem;
  const ev = spec.name;

  const compileRules = (field: "if" | "unless"): CompiledRule[] => {
    const raw = asList(h[field]);
    if (raw.length === 0) return [];
    if (!spec.toolEvent) {
      problem(field, `\`${field}\` takes permission rules, which only apply to tool events; ${ev} has no tool`);
      return [];
    }
    const rules: CompiledRule[] = [];
    raw.forEach((r, i) => {
      const c = compileRule(r, options.client.tools);
      if (c.ok) rules.push(c.value);
      else problem(Array.isArray(h[field]) ? `${field}[${i}]` : field, c.error);
    });
    return rules;
  };
  const ifRules = compileRules("if");
  const unlessRules = compileRules("unless");

  const effectConditions: CompiledEffectCondition[] = [];
  if (h.effect !== undefined) {
    if (!spec.toolEvent) problem("effect", `\`effect\` describes what a tool call does; ${ev} has no tool`);
    else if (h.type === "rule" && h.decision === "allow")
      problem("effect", "an `effect` condition can only restrict (deny, ask, block, a judge, context); an allow rule takes `if` rules, which must cover the whole command");
    else
      (Array.isArray(h.effect) ? h.effect : [h.effect]).forEach((doc, i) => {
        const c = compileEffectCondition(doc, policy.paths ?? {}, options.lazyPatterns);
        if (c.ok) effectConditions.push(c.value);
        else for (const m of c.error) problem(Array.isArray(h.effect) ? `effect[${i}]` : "effect", m);
      });
  }

  const when: CompiledWhen[] = [];
  for (const [p, source] of Object.entries(h.when ?? {})) {
    if (options.lazyPatterns) {
      when.push({ path: p, segments: p.split("."), fansOut: p.split(".").includes("*"), source, ...lazyRegex(source) });
      continue;
    }
    const regex = compileRegex(source);
    if (!regex.ok) problem(`when.${p}`, `not a valid regular expression: ${regex.error}`);
    else when.push({ path: p, segments: p.split("."), fansOut: p.split(".").includes("*"), source, regex: regex.value });
  }

  const checkVerdict = (field: string, v: Verdict | "none" | undefined) => {
    if (v === undefined || v === "none") return;
    if (!spec.verdicts.includes(v)) {
      const can = spec.verdicts.length > 0 ? `it can express: ${spec.verdicts.join(", ")}` : "it cannot express any decision";
      kindProblem(field, `${ev} cannot express "${v}"; ${can}`);
    }
  };

  const base = {
    id: at.id,
    path: at.path,
    order: at.order,
    ifRules,
    // Always present (undefined when there is none): one object shape keeps the evaluation loop monomorphic.
    hint: handlerHint(h, ifRules, when, effectConditions.length > 0, options.client.tools),
    unlessRules,
    allParts: h.type === "rule" && h.decision === "allow",
    when,
    effectConditions,
    secrets: (h.secrets ?? []).map((p) => p.split(".")),
    once: h.once ?? false,
    dryRun: h.mode === "dry-run",
  };

  const ctx: KindContext = { spec, failMode: policy.failMode, options, problem: kindProblem, checkVerdict };
  // The kind's own part (handlers/<kind>/kind.ts), by its type.
  const compileKind = kindOf(h).compile as (doc: HandlerDocument, ctx: KindContext) => Record<string, unknown> | undefined;
  const fields = compileKind(h, ctx);
  if (problems.length > before || fields === undefined) return undefined;
  return handlerObject(base, h.type, fields);
}

/**
 * Every handler gets the same fields in the same order, whatever its type: the base fields written out, then every
 * kind's fields (KIND_FIELDS, undefined where this kind has none), never spread: one object shape keeps the
 * evaluation loop monomorphic, and spread-built objects were several times slower to build and to read (bench/:
 * 1,000 handlers compiled in 15 ms with spreads, 8 ms without).
 */
function handlerObject(base: CompiledHandlerBase, type: CompiledHandler["type"], fields: Record<string, unknown>): CompiledHandler {
  const o: Record<string, unknown> = {
    id: base.id,
    path: base.path,
    order: base.order,
    ifRules: base.ifRules,
    hint: base.hint,
    unlessRules: base.unlessRules,
    allParts: base.allParts,
    when: base.when,
    effectConditions: base.effectConditions,
    secrets: base.secrets,
    once: base.once,
    dryRun: base.dryRun,
    type,
  };
  for (const key of KIND_FIELDS) o[key] = fields[key];
  return o as unknown as CompiledHandler;
}
