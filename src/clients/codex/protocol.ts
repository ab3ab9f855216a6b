import type { ClientProtocol } from "../../engine/event/client";
import { codexRespond } from "./answer";
import { againstCwd, APPLY_PATCH, callPart, isPart, patchParts } from "../applyPatch";
import { applyPatchParts } from "../canonicalParts";
import { renamedCall } from "../toolRenames";
import { CODEX_RENAMES } from "./tools";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Codex's home directory from its transcript path (`~/.codex/sessions/…`), when it sends one: what `~/` means. */
function homeFrom(transcriptPath: unknown): string | undefined {
  if (typeof transcriptPath !== "string") return undefined;
  const p = transcriptPath.replace(/\\/g, "/");
  const at = p.indexOf("/.codex/");
  return at > 0 ? p.slice(0, at) : undefined;
}

/** A tool input as an object: a string (a shell command or a patch given bare) is the `command` itself. */
function toolInputOf(value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  return typeof value === "string" ? { command: value } : {};
}

/** A shell command Codex applies as a patch itself: `apply_patch` (or `applypatch`) anywhere in it. */
const SHELL_PATCH = /\b(?:apply_patch|applypatch)\b/;
/** `cd <dir> && apply_patch …`: the patch's relative paths are under that directory. */
const SHELL_PATCH_CD = /^\s*cd\s+("[^"]*"|'[^']*'|\S+)\s*&&\s*(?:apply_patch|applypatch)\b/;

/**
 * Codex's wire format (0.169.0): `session_id`; a tool call in `tool_name`, `tool_input` (any JSON), `cwd`; a stop
 * already continuing because of a block says `stop_hook_active: true`; answers in Codex's layout (answer.ts).
 * An `apply_patch` call is read as the canonical calls of the files its patch writes (applyPatch.ts): each is
 * evaluated as an Edit or Write of that file and the strictest verdict answered; a patch that cannot be read fails
 * closed. So is a shell call that is a patch (`apply_patch <<'EOF'`, which Codex 0.169.0 applies itself, seen by
 * hooks as Bash), beside the shell command itself. A tool of Codex's that is a canonical one under another name
 * (CODEX_RENAMES: view_image is a Read) is evaluated as that call.
 */
export const CODEX_PROTOCOL: ClientProtocol = {
  sessionOf: (input) => (typeof input.session_id === "string" ? input.session_id : undefined),
  toolCallOf: (input) => ({
    toolName: typeof input.tool_name === "string" ? input.tool_name : "",
    toolInput: toolInputOf(input.tool_input),
    cwd: typeof input.cwd === "string" ? input.cwd : undefined,
    home: homeFrom(input.transcript_path),
  }),
  looping: (spec, input) => spec.stopLike === true && input.stop_hook_active === true,
  answer: codexRespond,
  partsOf: (_spec, input) => {
    if (isPart(input)) return undefined;
    const args = toolInputOf(input.tool_input);
    const cwd = typeof input.cwd === "string" ? input.cwd : undefined;
    const tool = typeof input.tool_name === "string" ? input.tool_name : "";
    // A tool of Codex's that is a canonical one under another name (view_image: a Read of its path): that call.
    if (Object.hasOwn(CODEX_RENAMES, tool)) {
      const call = renamedCall(CODEX_RENAMES, tool, args);
      return [callPart(input, { tool_name: call.tool, tool_input: call.input })];
    }
    if (tool === APPLY_PATCH) return applyPatchParts(input, args, cwd);
    // Codex runs `apply_patch <<'EOF' … EOF` given to its shell tool itself (the hook sees a Bash call): the command
    // is judged as the shell command it is, and the patch's files as the Edit/Write calls they are.
    const command = typeof args.command === "string" ? args.command : undefined;
    if (tool !== "Bash" || command === undefined || !SHELL_PATCH.test(command) || !command.includes("*** Begin Patch")) return undefined;
    const dir = SHELL_PATCH_CD.exec(command)?.[1];
    const files = patchParts(input, command, dir === undefined ? cwd : againstCwd(dir.replace(/^(["'])(.*)\1$/, "$2"), cwd));
    return files ? [callPart(input, {}), ...files] : [];
  },
};
