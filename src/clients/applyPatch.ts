/*
 * OpenAI's apply_patch format (codex-rs/apply-patch; Codex's file tool, and GitHub Copilot CLI's with GPT models): a patch between `*** Begin Patch` and `*** End Patch`, one
 * section per file — `*** Add File: <path>` (its lines `+`-prefixed), `*** Update File: <path>` (optionally followed
 * by `*** Move to: <path>`, then hunks), `*** Delete File: <path>`. Paths are relative to the call's cwd (or
 * absolute). hookgate reads only which files a patch writes, as the canonical calls a policy's Edit/Write rules match:
 * an added file is a Write of its content, an updated one an Edit, a deleted one an Edit of it, a move an Edit of the
 * source and a Write of the destination.
 */

interface PatchFile {
  /** The canonical tool the change is, for rules. */
  tool: "Write" | "Edit";
  /** As written in the patch (relative to the cwd, or absolute). */
  path: string;
  /** An added file's content. */
  content?: string;
}

const HEADER = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/;

/** The files a patch writes, in order; undefined when it has no file section at all (not a patch this can read). */
function patchFiles(patch: string): PatchFile[] | undefined {
  const files: PatchFile[] = [];
  let adding: PatchFile | undefined;
  let added: string[] = [];
  const endAdd = () => {
    if (adding) adding.content = added.join("\n");
    adding = undefined;
    added = [];
  };
  for (const raw of patch.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const header = HEADER.exec(line.trimStart());
    if (header) {
      endAdd();
      const [, kind, path] = header;
      const file: PatchFile = { tool: kind === "Add File" || kind === "Move to" ? "Write" : "Edit", path: path!.trim() };
      files.push(file);
      if (kind === "Add File") adding = file;
      continue;
    }
    if (line.trimStart().startsWith("*** ")) endAdd();
    else if (adding && raw.startsWith("+")) added.push(raw.slice(1));
  }
  endAdd();
  return files.length > 0 ? files : undefined;
}

/** `path` against `cwd` (POSIX or Windows), unless it is absolute already. */
export function againstCwd(path: string, cwd: string | undefined): string {
  if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\") || !cwd) return path;
  const sep = cwd.includes("\\") && !cwd.includes("/") ? "\\" : "/";
  return `${cwd.replace(/[\\/]+$/, "")}${sep}${path}`;
}

/** The tool whose calls are patches (Codex's, Copilot CLI's: the same name and format). */
export const APPLY_PATCH = "apply_patch";

/** The inputs callParts made: each is evaluated as one call (no parts of its own). */
const PARTS = new WeakSet<Record<string, unknown>>();

/** Whether an input is one of callParts' (ClientProtocol.partsOf must not split it again). */
export const isPart = (input: Record<string, unknown>): boolean => PARTS.has(input);

/** A hook input with some fields replaced: one part of a call, evaluated as its own call. */
export function callPart(input: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const made = { ...input, ...extra };
  PARTS.add(made);
  return made;
}

/**
 * The canonical calls of the files a patch writes (an Edit or a Write each, relative paths under `dir`), each a part
 * of `input`; undefined when the text is not a patch this can read.
 */
export function patchParts(input: Record<string, unknown>, patch: string, dir: string | undefined): Record<string, unknown>[] | undefined {
  return patchFiles(patch)?.map((f) =>
    callPart(input, { tool_name: f.tool, tool_input: { file_path: againstCwd(f.path, dir), ...(f.tool === "Write" && f.content !== undefined ? { content: f.content } : {}) } }),
  );
}
