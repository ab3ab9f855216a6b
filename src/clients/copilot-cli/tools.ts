import { APPLY_PATCH } from "../applyPatch";
import { CLAUDE_CODE_TOOLS } from "../claude-code/tools";
import { clientArgs, renamedCall, type ToolRenames } from "../toolRenames";

/**
 * GitHub Copilot CLI's tools (1.0.102: the tool lists it offers the model, seen with gpt-4.1, claude-sonnet-4.5 and
 * gpt-5.2-codex; "Tool names for hook matching" in GitHub's CLI hooks reference, github/docs
 * content/copilot/reference/copilot-cli-reference/cli-hooks-reference.md) as the canonical tools a policy names, with
 * the argument fields each renames. Which tools a session has depends on its model: a GPT-5 Codex model edits with
 * `apply_patch` (read into the Edit/Write of each file, canonicalParts.ts) and searches with `rg`; the others with
 * `create`/`edit` and `grep`. `write_bash`/`write_powershell` type into a running shell (its schema: `shellId`,
 * `input`): what is typed is read as a command of that shell, the sound reading.
 */
export const COPILOT_TOOLS: ToolRenames = {
  bash: { canonical: "Bash" },
  powershell: { canonical: "PowerShell" },
  write_bash: { canonical: "Bash", fields: { input: "command" } },
  write_powershell: { canonical: "PowerShell", fields: { input: "command" } },
  view: { canonical: "Read", fields: { path: "file_path" } },
  edit: { canonical: "Edit", fields: { path: "file_path", old_str: "old_string", new_str: "new_string" } },
  create: { canonical: "Write", fields: { path: "file_path", file_text: "content" } },
  glob: { canonical: "Glob" },
  grep: { canonical: "Grep" },
  rg: { canonical: "Grep" },
  web_fetch: { canonical: "WebFetch" },
  task: { canonical: "Agent", fields: { agent_type: "subagent_type" } },
  skill: { canonical: "Skill" },
};

/**
 * Tools whose arguments may come as a bare string (not a JSON object), and the field that string is: a shell tool's
 * is the command (inspected, never skipped); apply_patch's the patch (its freeform input, as 1.0.102 sends it).
 */
export const COPILOT_BARE_ARGS: Readonly<Record<string, string>> = { bash: "command", powershell: "command", [APPLY_PATCH]: "patch" };

/** A Copilot tool call in canonical terms: the tool's canonical name, the arguments under canonical names too. */
export const canonicalCall = (toolName: string, args: Record<string, unknown>) => renamedCall(COPILOT_TOOLS, toolName, args);

/** A canonical tool input (an `updatedInput`, the whole object) back in Copilot's argument names; `sent`: the call's, as read. */
export const copilotArgs = (canonicalTool: string, input: Record<string, unknown>, sent: Record<string, unknown>) => clientArgs(COPILOT_TOOLS, canonicalTool, input, sent);

/**
 * An MCP tool as Copilot names it (1.0.102, seen with a configured server): `<server>-<tool>` on preToolUse and
 * postToolUse, `<server>/<tool>` on permissionRequest. The canonical name is `mcp__<server>__<tool>`; a hyphen in
 * the server's or the tool's own name makes `<server>-<tool>` ambiguous, so every reading is returned (each decided,
 * the strictest answered: canonicalParts.ts). undefined: not an MCP tool's name (one of Copilot's own tools, or one
 * already canonical).
 */
export function copilotMcpNames(toolName: string): string[] | undefined {
  const prefix = CLAUDE_CODE_TOOLS.mcpPrefix;
  if (toolName.startsWith(prefix) || Object.hasOwn(COPILOT_TOOLS, toolName)) return undefined;
  const slash = toolName.indexOf("/");
  if (slash > 0 && slash < toolName.length - 1) return [`${prefix}${toolName.slice(0, slash)}__${toolName.slice(slash + 1)}`];
  const out: string[] = [];
  for (let i = toolName.indexOf("-"); i > 0 && i < toolName.length - 1; i = toolName.indexOf("-", i + 1)) out.push(`${prefix}${toolName.slice(0, i)}__${toolName.slice(i + 1)}`);
  return out.length > 0 ? out : undefined;
}
