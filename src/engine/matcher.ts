import { compileRegex } from "./linearPattern";
import { err, ok, type Result } from "./result";

/**
 * A matcher group's `matcher`, exactly as Claude Code reads it (contract §3.1), except that the regex path runs
 * on a linear-time engine and an invalid regex is refused at publish (the client silently matches nothing).
 */
export type CompiledMatcher = (query: string | undefined) => boolean;

/** Legacy tool names the client still recognises (contract §3.1 rule 3). */
const LEGACY_TO_CANONICAL: Readonly<Record<string, string>> = {
  Task: "Agent",
  KillShell: "TaskStop",
  AgentOutputTool: "TaskOutput",
  BashOutputTool: "TaskOutput",
};
const CANONICAL_TO_LEGACY: Readonly<Record<string, readonly string[]>> = {
  Agent: ["Task"],
  TaskStop: ["KillShell"],
  TaskOutput: ["AgentOutputTool", "BashOutputTool"],
};

const STANDARD_EXACT = /^[A-Za-z0-9_\-, |]+$/;
const NARROW_EXACT = /^[A-Za-z0-9_|]+$/;

const matchAll: CompiledMatcher = () => true;

export function compileMatcher(source: string | undefined, syntax: "standard" | "narrow"): Result<CompiledMatcher> {
  if (source === undefined || source === "" || source === "*") return ok(matchAll);
  const exact = syntax === "narrow" ? NARROW_EXACT : STANDARD_EXACT;
  if (exact.test(source)) {
    const pieces = source
      .split(syntax === "narrow" ? /\|/ : /[|,]/)
      .map((p) => p.trim())
      .filter((p) => p !== "")
      .map((p) => LEGACY_TO_CANONICAL[p] ?? p);
    if (pieces.length === 0) return err(`matcher "${source}" names nothing`);
    const set = new Set(pieces);
    return ok((query) => query !== undefined && set.has(query));
  }
  const regex = compileRegex(source);
  if (!regex.ok) return err(`matcher "${source}" is not a valid regular expression: ${regex.error}`);
  const re = regex.value;
  return ok((query) => {
    if (query === undefined) return false;
    if (re.test(query)) return true;
    const legacy = CANONICAL_TO_LEGACY[query];
    return legacy?.some((name) => re.test(name)) ?? false;
  });
}
