import { compileRegex } from "./linearPattern";
import { err, ok, type Result } from "../result";

/**
 * A matcher group's `matcher`, exactly as Claude Code reads it (contract §3.1), except that the regex path runs
 * on a linear-time engine and an invalid regex is refused at publish (the client silently matches nothing).
 */
export type CompiledMatcher = (query: string | undefined) => boolean;

const STANDARD_EXACT = /^[A-Za-z0-9_\-, |]+$/;
const NARROW_EXACT = /^[A-Za-z0-9_|]+$/;

const matchAll: CompiledMatcher = () => true;

/**
 * `legacy`: older names the client still recognises, to today's (a matcher naming one matches today's name; a
 * regex that matches an older name matches calls under today's).
 */
export function compileMatcher(source: string | undefined, syntax: "standard" | "narrow", legacy: Readonly<Record<string, string>> = {}): Result<CompiledMatcher> {
  if (source === undefined || source === "" || source === "*") return ok(matchAll);
  const exact = syntax === "narrow" ? NARROW_EXACT : STANDARD_EXACT;
  if (exact.test(source)) {
    const pieces = source
      .split(syntax === "narrow" ? /\|/ : /[|,]/)
      .map((p) => p.trim())
      .filter((p) => p !== "")
      .map((p) => legacy[p] ?? p);
    if (pieces.length === 0) return err(`matcher "${source}" names nothing`);
    const set = new Set(pieces);
    return ok((query) => query !== undefined && set.has(query));
  }
  const regex = compileRegex(source);
  if (!regex.ok) return err(`matcher "${source}" is not a valid regular expression: ${regex.error}`);
  const re = regex.value;
  const olderNames = new Map<string, string[]>();
  for (const [old, now] of Object.entries(legacy)) olderNames.set(now, [...(olderNames.get(now) ?? []), old]);
  return ok((query) => {
    if (query === undefined) return false;
    if (re.test(query)) return true;
    const older = olderNames.get(query);
    return older?.some((name) => re.test(name)) ?? false;
  });
}
