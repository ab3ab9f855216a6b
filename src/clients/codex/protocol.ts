import type { ClientProtocol } from "../../engine/event/client";
import { codexRespond } from "./answer";
import { againstCwd, patchFiles } from "./patch";
import { APPLY_PATCH } from "./tools";

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

/**
 * Codex's wire format (0.169.0): `session_id`; a tool call in `tool_name`, `tool_input` (any JSON), `cwd`; a stop
 * already continuing because of a block says `stop_hook_active: true`; answers in Codex's layout (answer.ts).
 * An `apply_patch` call is read as the canonical calls of the files its patch writes (patch.ts): each is evaluated
 * as an Edit or Write of that file and the strictest verdict answered; a patch that cannot be read fails closed.
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
    if (input.tool_name !== APPLY_PATCH) return undefined;
    const args = toolInputOf(input.tool_input);
    const patch = typeof args.command === "string" ? args.command : typeof args.patch === "string" ? args.patch : typeof args.input === "string" ? args.input : undefined;
    const files = patch === undefined ? undefined : patchFiles(patch);
    if (!files) return [];
    const cwd = typeof input.cwd === "string" ? input.cwd : undefined;
    return files.map((f) => ({
      ...input,
      tool_name: f.tool,
      tool_input: { file_path: againstCwd(f.path, cwd), ...(f.tool === "Write" && f.content !== undefined ? { content: f.content } : {}) },
    }));
  },
};
