import type { EventSpec } from "../engine/event/eventSpec";
import { APPLY_PATCH, callPart, isPart, patchParts } from "./applyPatch";
import { CLAUDE_CODE_ALSO } from "./claude-code/tools";
import { copilotMcpNames } from "./copilot-cli/tools";

/*
 * Tool calls that are several canonical calls. Claude Code's Monitor is also the Bash command it runs (or the
 * WebFetch of the socket it opens: CLAUDE_CODE_ALSO). Another client's calls read in canonical terms bring more:
 * GitHub Copilot CLI's `apply_patch` (a GPT-5 Codex model's file tool) is the Edit or Write of
 * each file its patch touches, and its `grep`, `rg` and `glob` search a list of `paths` where the canonical Grep and
 * Glob take one `path`: one call per path; an MCP tool it names `<server>-<tool>` with hyphens in the names is each
 * `mcp__<server>__<tool>` it may be (copilotMcpNames; one reading is renamed as the call is read). Each part is evaluated as its own call and the strictest verdict answered
 * (engine/answer/parts.ts); a patch that cannot be read, or a list that is not one of paths, fails as unexamined.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value at a path of fields in an object, if each step is an object. */
function valueAt(obj: Record<string, unknown>, path: readonly string[]): unknown {
  let at: unknown = obj;
  for (const key of path) at = isObject(at) && Object.hasOwn(at, key) ? at[key] : undefined;
  return at;
}

/** The canonical search tools and the field their one path goes in, where a call may give a list (`paths`). */
const SEARCH_PATHS: Readonly<Record<string, string>> = { Grep: "path", Glob: "path" };

/** The fields an apply_patch call's patch may be in (Codex's `command`, Copilot's bare string read as `patch`). */
const PATCH_FIELDS = ["patch", "command", "input"] as const;

/** An apply_patch call's parts: the Edit/Write of each file, relative paths under the cwd; `[]` when unreadable. */
export function applyPatchParts(input: Record<string, unknown>, args: Record<string, unknown>, cwd: string | undefined): Record<string, unknown>[] {
  const patch = PATCH_FIELDS.map((f) => args[f]).find((v): v is string => typeof v === "string");
  return (patch === undefined ? undefined : patchParts(input, patch, cwd)) ?? [];
}

/** The parts of a canonical tool call (ClientProtocol.partsOf), or undefined for one call. */
export function canonicalParts(_spec: EventSpec, input: Record<string, unknown>): readonly Record<string, unknown>[] | undefined {
  if (isPart(input)) return undefined;
  const args = isObject(input.tool_input) ? input.tool_input : {};
  const cwd = typeof input.cwd === "string" ? input.cwd : undefined;
  if (input.tool_name === APPLY_PATCH) return applyPatchParts(input, args, cwd);
  const also = typeof input.tool_name === "string" && Object.hasOwn(CLAUDE_CODE_ALSO, input.tool_name) ? CLAUDE_CODE_ALSO[input.tool_name]! : [];
  const calls = also.flatMap(({ tool, field, from }) => {
    const value = valueAt(args, from);
    const values = Array.isArray(value) ? value : [value];
    return values.filter((v) => typeof v === "string").map((v) => callPart(input, { tool_name: tool, tool_input: { [field]: v } }));
  });
  if (calls.length > 0) return [callPart(input, {}), ...calls];
  const mcp = typeof input.tool_name === "string" ? copilotMcpNames(input.tool_name) : undefined;
  // The name as sent is a part too: a rule naming it (a tool of another client whose name has a hyphen) still fires.
  if (mcp !== undefined && mcp.length > 1) return [callPart(input, {}), ...mcp.map((name) => callPart(input, { tool_name: name }))];
  const field = typeof input.tool_name === "string" && Object.hasOwn(SEARCH_PATHS, input.tool_name) ? SEARCH_PATHS[input.tool_name] : undefined;
  if (field === undefined || !("paths" in args) || field in args) return undefined;
  const paths = args.paths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === "string")) return [];
  if (paths.length === 0) return undefined;
  const rest = { ...args };
  delete rest.paths;
  return paths.map((p) => callPart(input, { tool_input: { ...rest, [field]: p } }));
}
