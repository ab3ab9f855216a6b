import type { ClientProtocol } from "../../engine/event/client";
import { canonicalParts } from "../canonicalParts";
import { respond } from "./answer";

/** Claude Code's home directory from its transcript path (`~/.claude/projects/…`): what `~/` in a rule means. */
function homeFrom(transcriptPath: unknown): string | undefined {
  if (typeof transcriptPath !== "string") return undefined;
  const p = transcriptPath.replace(/\\/g, "/");
  const at = p.indexOf("/.claude/");
  return at > 0 ? p.slice(0, at) : undefined;
}

/**
 * Claude Code's wire format (contract §1.1, §1.4): `session_id`; a tool call in `tool_name`, `tool_input`, `cwd`;
 * a Stop/SubagentStop already continuing because of a block says `stop_hook_active: true`; answers are the
 * per-event layout respond() builds (`hookSpecificOutput`, `decision`, …). Its partsOf splits what other clients'
 * calls read in canonical terms bring on these routes and theirs (Copilot CLI's apply_patch, a search of several
 * paths: canonicalParts.ts); Claude Code's own calls are each one call.
 */
export const CLAUDE_CODE_PROTOCOL: ClientProtocol = {
  sessionOf: (input) => (typeof input.session_id === "string" ? input.session_id : undefined),
  toolCallOf: (input) => ({
    toolName: typeof input.tool_name === "string" ? input.tool_name : "",
    toolInput: typeof input.tool_input === "object" && input.tool_input !== null ? (input.tool_input as Record<string, unknown>) : {},
    cwd: typeof input.cwd === "string" ? input.cwd : undefined,
    home: homeFrom(input.transcript_path),
  }),
  looping: (spec, input) => spec.stopLike === true && input.stop_hook_active === true,
  answer: respond,
  partsOf: canonicalParts,
};
