/**
 * GitHub Copilot CLI's tools (1.0.102; "Tool names for hook matching" in GitHub's CLI hooks reference,
 * github/docs content/copilot/reference/copilot-cli-reference/cli-hooks-reference.md) as the canonical tools a
 * policy names, with the argument fields each renames: `{ copilot field: canonical field }`. A field not listed
 * keeps its name; a tool not listed keeps its own name (no canonical rule names it; `*` and regex matchers still
 * see it).
 */
export const COPILOT_TOOLS: Readonly<Record<string, { canonical: string; fields?: Readonly<Record<string, string>> }>> = {
  bash: { canonical: "Bash" },
  powershell: { canonical: "PowerShell" },
  view: { canonical: "Read", fields: { path: "file_path" } },
  edit: { canonical: "Edit", fields: { path: "file_path", old_str: "old_string", new_str: "new_string" } },
  create: { canonical: "Write", fields: { path: "file_path", file_text: "content" } },
  glob: { canonical: "Glob" },
  grep: { canonical: "Grep" },
  web_fetch: { canonical: "WebFetch" },
  task: { canonical: "Agent", fields: { agent_type: "subagent_type" } },
};

/** The shell tools: arguments that are not a JSON object are read as the command itself (the sound reading). */
export const COPILOT_SHELLS: ReadonlySet<string> = new Set(["bash", "powershell"]);

const CANONICAL = new Map(Object.entries(COPILOT_TOOLS).map(([name, t]) => [t.canonical, { name, fields: t.fields ?? {} }]));

/** A Copilot tool call in canonical terms: the tool's canonical name, the arguments under canonical names too. */
export function canonicalCall(toolName: string, args: Record<string, unknown>): { tool: string; input: Record<string, unknown> } {
  const t = COPILOT_TOOLS[toolName];
  if (!t) return { tool: toolName, input: args };
  const input: Record<string, unknown> = { ...args };
  for (const [from, to] of Object.entries(t.fields ?? {})) if (from in args && !(to in args)) input[to] = args[from];
  return { tool: t.canonical, input };
}

/**
 * A canonical tool input (an `updatedInput`, the whole object) back in Copilot's argument names: the canonical
 * copies the forward mapping added are folded back into Copilot's own fields, and win (a policy's patch names the
 * canonical field).
 */
export function copilotArgs(canonicalTool: string, input: Record<string, unknown>): Record<string, unknown> {
  const t = CANONICAL.get(canonicalTool);
  if (!t) return input;
  const args: Record<string, unknown> = { ...input };
  for (const [from, to] of Object.entries(t.fields)) {
    if (to in args) {
      args[from] = args[to];
      delete args[to];
    }
  }
  return args;
}
