/**
 * A client's own tools as the canonical tools a policy names (Claude Code's), with the argument fields each renames:
 * `{ client's field: canonical field }`. A field not listed keeps its name; a tool not listed keeps its own name (no
 * canonical rule names it; `*` and regex matchers still see it). One shape for every client that has such a table
 * (Copilot CLI, Cursor, Codex), read by the two functions below.
 */
export type ToolRenames = Readonly<Record<string, { readonly canonical: string; readonly fields?: Readonly<Record<string, string>> }>>;

/**
 * A call in canonical terms: the tool's canonical name, the arguments under canonical names too. The client's own
 * fields stay beside their canonical copies (a `when` on either reads it); a canonical field the call already has wins.
 */
export function renamedCall(table: ToolRenames, toolName: string, args: Record<string, unknown>): { tool: string; input: Record<string, unknown> } {
  const t = Object.hasOwn(table, toolName) ? table[toolName] : undefined;
  if (!t) return { tool: toolName, input: args };
  const input: Record<string, unknown> = { ...args };
  for (const [from, to] of Object.entries(t.fields ?? {})) if (from in args && !(to in args)) input[to] = args[from];
  return { tool: t.canonical, input };
}

/**
 * A canonical tool input (an `updatedInput`, the whole object) back in the client's argument names: the canonical
 * copies renamedCall added are folded back into the client's own fields, and win (a policy's patch names the
 * canonical field). `sent`: the call's tool input as read (renamedCall's); only the client's fields it has are folded
 * back (a tool taking either of two fields gets back the one it used).
 */
export function clientArgs(table: ToolRenames, canonicalTool: string, input: Record<string, unknown>, sent: Record<string, unknown>): Record<string, unknown> {
  // Several of the client's tools may be one canonical tool (Copilot's bash and write_bash): `sent` says which fields
  // the call had, so only those are folded back.
  const fields = Object.values(table).filter((x) => x.canonical === canonicalTool).flatMap((x) => Object.entries(x.fields ?? {}));
  const args: Record<string, unknown> = { ...input };
  for (const [from, to] of fields) {
    if (to in args && from in sent) {
      args[from] = args[to];
      delete args[to];
    }
  }
  return args;
}
