// The shapes the differential suite passes around: generated rules, tool calls and matchers, and what the real
// client recorded for them.

/**
 * Placeholders in generated rules and inputs, filled in once the run's directories exist:
 * `{CWD}` the project directory the CLI runs in, `{OUT}` a directory outside it, `{HOME}` the CLI's HOME.
 * All three are absolute paths (they start with `/`), so `/{CWD}/x` is the `//abs` form.
 */
export type Placeholder = "{CWD}" | "{OUT}" | "{HOME}";

export interface RuleCase {
  /** Stable, readable, unique: `<family>-<n>` (also the hook's record file name). */
  id: string;
  family: string;
  /** The `if` rule as generated, with placeholders. */
  template: string;
  /** The rule as configured (placeholders filled in). Set by {@link materialise}. */
  rule: string;
}

export interface CallCase {
  id: string;
  family: string;
  /** The tool name the scripted model asks for (e.g. `Task`, which the client calls `Agent`). */
  tool: string;
  /** As generated, with placeholders. */
  template: Record<string, unknown>;
  /** As sent by the scripted model (placeholders filled in). */
  input: Record<string, unknown>;
}

export interface MatcherCase {
  id: string;
  family: string;
  matcher: string;
}

/** One hook input as a command hook received it on stdin (the client's own JSON). */
export type HookInput = Record<string, unknown> & { tool_use_id?: string; tool_name?: string; tool_input?: Record<string, unknown> };

export interface Dirs {
  root: string;
  cwd: string;
  out: string;
  home: string;
}

const fill = (s: string, d: Dirs) => s.replaceAll("{CWD}", d.cwd).replaceAll("{OUT}", d.out).replaceAll("{HOME}", d.home);

function fillDeep(v: unknown, d: Dirs): unknown {
  if (typeof v === "string") return fill(v, d);
  if (Array.isArray(v)) return v.map((x) => fillDeep(x, d));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillDeep(x, d)]));
  return v;
}

export function materialiseRule(r: Omit<RuleCase, "rule">, d: Dirs): RuleCase {
  return { ...r, rule: fill(r.template, d) };
}
export function materialiseCall(c: Omit<CallCase, "input">, d: Dirs): CallCase {
  return { ...c, input: fillDeep(c.template, d) as Record<string, unknown> };
}
