/**
 * The `effect` condition of a handler: it holds when the tool call would DO something — delete, read, write or
 * change the permissions of a path in a set, run a downloaded script, force-push, start a fork bomb — however the
 * call is spelled (shell/effects.ts works the effects out; the file tools' effects are their paths).
 *
 * ```json
 * "effect": { "kind": "delete", "recursive": true, "paths": ["@protected"] }
 * ```
 * `paths` are Read/Edit-rule globs (`//etc/**`, `~/.ssh/**`, `.env`, `*.pem`), `!glob` exclusions and `@name`
 * references to the policy's named `paths` sets. A path the shell fills in at run time (`"$DIR"`, `*`) matches when
 * SOME filling could be in the set (and is excluded only when EVERY filling is excluded).
 */
import { compilePathGlob, deferredPathGlob, type PathGlob } from "./pathGlob";
import { namesEveryEntry } from "./pathTemplate";
import { err, ok, type Result } from "../result";
import { PATH_EFFECT_KINDS, type EffectKind } from "../shell/effectKinds";
import type { Effect } from "../shell/effects";
import { HOLE_INPUT, HOLE_UNKNOWN, hasHoles } from "../shell/words/template";
import { onlySetsVariables } from "../shell/settingsText";
import { callEffects, effectPath, effectPathAlwaysMatches, effectPathMatches, prepareEffectPath, type CallSubjects } from "./callSubjects";

interface EffectConditionDocument {
  kind: EffectKind | EffectKind[];
  paths?: string | string[] | undefined;
  recursive?: boolean | undefined;
  mode?: "world-writable" | undefined;
  /** `code`: a write counts only when what it writes may be code (settingsText.ts): unknown text, or more than variable settings. */
  content?: "code" | undefined;
}

export interface CompiledEffectCondition {
  readonly kinds: ReadonlySet<EffectKind>;
  /** undefined: any path (or none). */
  readonly include: readonly PathGlob[] | undefined;
  readonly exclude: readonly PathGlob[];
  readonly recursive: boolean | undefined;
  readonly worldWritable: boolean;
  /** Writes count only when their text may be code (`content: "code"`). */
  readonly codeOnly: boolean;
  /** For traces. */
  readonly describe: string;
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Compile one condition; `sets` are the policy's named path sets. Problems come back as messages. `lazy`: each path
 * glob is built on its first use (deferredPathGlob: the same problems, found now), for a stored revision loaded with
 * CompileOptions' lazyPatterns.
 */
export function compileEffectCondition(doc: EffectConditionDocument, sets: Readonly<Record<string, readonly string[]>>, lazy = false): Result<CompiledEffectCondition, string[]> {
  const problems: string[] = [];
  const kinds = asArray(doc.kind);
  const paths = asArray(doc.paths);
  if (paths.length > 0 && kinds.some((k) => !PATH_EFFECT_KINDS.has(k)))
    problems.push(`"paths" applies to delete, read, write and chmod effects, not to ${kinds.filter((k) => !PATH_EFFECT_KINDS.has(k)).join(", ")}`);
  if (doc.recursive !== undefined && kinds.some((k) => k !== "delete" && k !== "chmod")) problems.push(`"recursive" applies to delete and chmod effects only`);
  if (doc.mode !== undefined && kinds.some((k) => k !== "chmod")) problems.push(`"mode" applies to chmod effects only`);
  if (doc.content !== undefined && kinds.some((k) => k !== "write")) problems.push(`"content" applies to write effects only`);
  const include: PathGlob[] = [];
  const exclude: PathGlob[] = [];
  const expand = (entry: string, seen: Set<string>): string[] => {
    if (!entry.startsWith("@")) return [entry];
    const name = entry.slice(1);
    const set = sets[name];
    if (!set) {
      problems.push(`no path set "${name}" (define it under the policy's "paths")`);
      return [];
    }
    if (seen.has(name)) {
      problems.push(`path set "${name}" refers to itself`);
      return [];
    }
    return set.flatMap((e) => expand(e, new Set([...seen, name])));
  };
  for (const entry of paths.flatMap((p) => expand(p, new Set()))) {
    const negated = entry.startsWith("!");
    const g = (lazy ? deferredPathGlob : compilePathGlob)(negated ? entry.slice(1) : entry);
    if (!g.ok) problems.push(`path "${entry}": ${g.error}`);
    else (negated ? exclude : include).push(g.value);
  }
  if (paths.length > 0 && include.length === 0 && problems.length === 0) problems.push("the paths name no path (only exclusions)");
  if (problems.length > 0) return err(problems);
  const describe = [
    kinds.join("|"),
    doc.recursive === true ? "recursive" : doc.recursive === false ? "non-recursive" : "",
    doc.mode ?? "",
    doc.content === "code" ? "of code" : "",
    paths.length > 0 ? `of ${paths.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return ok({ kinds: new Set(kinds), include: paths.length > 0 ? include : undefined, exclude, recursive: doc.recursive, worldWritable: doc.mode === "world-writable", codeOnly: doc.content === "code", describe });
}

/**
 * A chmod mode that lets everyone write: octal with the others digit 2, 3, 6 or 7 (`777`, `0666`), or a symbolic
 * clause granting `w` to `o` or `a` (`a+w`, `o+rwx`, `ugo=rwx`); or a mode the shell fills in (it may be one).
 * A clause without who (`+w`) is limited by the umask and does not count.
 */
function worldWritable(mode: string | undefined): boolean {
  if (mode === undefined) return false;
  if (hasHoles(mode)) return true;
  if (/^[0-7]{3,4}$/.test(mode)) return [2, 3, 6, 7].includes(Number(mode[mode.length - 1]));
  for (const clause of mode.split(",")) {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (m && m[2] !== "-" && m[3]!.includes("w") && /[ao]/.test(m[1]!)) return true;
  }
  return false;
}

/** The working directory an effect's relative path is resolved against (a `cd` earlier in the command moved it). */
function effectCwd(e: Effect, s: CallSubjects): string | undefined | null {
  if (e.cwd === undefined) return s.cwd;
  if (e.cwd.includes(HOLE_UNKNOWN)) return null;
  if (e.cwd === "~" || e.cwd.startsWith("~/")) return s.home !== undefined ? `${s.home}${e.cwd.slice(1)}` : null;
  if (e.cwd.startsWith("/")) return e.cwd;
  return s.cwd !== undefined ? `${s.cwd}/${e.cwd}` : null;
}

function matchesOne(c: CompiledEffectCondition, e: Effect, s: CallSubjects): boolean {
  if (!c.kinds.has(e.kind)) return false;
  if (c.recursive !== undefined && (e.recursive ?? false) !== c.recursive) return false;
  if (c.worldWritable && !worldWritable(e.mode)) return false;
  if (c.codeOnly && e.text !== undefined && onlySetsVariables(e.text.added, true) && (e.text.replaced === undefined || onlySetsVariables(e.text.replaced, false))) return false;
  if (c.include === undefined) return true;
  if (e.path === undefined) return false;
  const path = e.path;
  const cwd = effectCwd(e, s);
  // After a `cd` to an unknown place a relative path is unknown: it is in no set.
  if (cwd === null && !path.startsWith("/") && !path.startsWith("~")) return false;
  const prepared = prepareEffectPath(path, s, cwd ?? undefined);
  const excluded = c.exclude.some((g) => effectPathAlwaysMatches(g, prepared));
  if (c.include.some((g) => effectPathMatches(g, prepared, s))) return !excluded;
  // (a path certainly excluded is excluded with what is under it: Grep of `~/.ssh/id_ed25519.pub` is no read of a key)
  if (e.kind !== "read" || excluded) return false;
  // A read of what is in a directory: what a located glob names there (`~/.config/rclone/rclone.conf` for a search
  // of `~/.config/rclone`). A name at any depth (`.env`) is not looked for in it: every search would find one; it
  // was matched against the directory itself above, as the files a search's own glob names are.
  // - everything under it, whatever is between (`grep -r`, Grep or Glob on a directory, `find DIR -exec cat {} +`);
  //   a directory that is only an unknown value (`grep -r x "$DIR"`) is none known (`"$DIR/"` is the root);
  // - every entry of it (`cat ~/.config/rclone/*`), which the directory stood for above.
  const inside =
    e.recursive === true
      ? effectPath(path)
        ? prepareEffectPath(`${path.replace(/\/+$/, "")}/${HOLE_INPUT}`, s, cwd ?? undefined)
        : undefined
      : hasHoles(path) && namesEveryEntry(path)
        ? prepareEffectPath(path, s, cwd ?? undefined, true)
        : undefined;
  return inside !== undefined && c.include.some((g) => g.located && effectPathMatches(g, inside, s)) && !c.exclude.some((g) => effectPathAlwaysMatches(g, inside));
}

/** The parts of the call (for Bash: simple commands) with an effect any of the conditions matches, and that effect. */
export function effectParts(conditions: readonly CompiledEffectCondition[], s: CallSubjects): ReadonlyMap<number, EffectHit> {
  // Most calls match none of a handler's conditions: no map is made for them (this runs for every effect handler).
  let out: Map<number, EffectHit> | undefined;
  for (const e of callEffects(s)) {
    if (out?.has(e.command)) continue;
    for (const c of conditions)
      if (matchesOne(c, e, s)) {
        (out ??= new Map()).set(e.command, { effect: e, condition: c });
        break;
      }
  }
  return out ?? NO_HITS;
}

/** An effect of a part of the call, and the condition it matched. */
interface EffectHit {
  readonly effect: Effect;
  readonly condition: CompiledEffectCondition;
}
const NO_HITS: ReadonlyMap<number, EffectHit> = new Map();
