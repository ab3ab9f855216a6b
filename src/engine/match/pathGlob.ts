/**
 * Gitignore-style path globs for file-tool permission rules (`Read(...)`, `Edit(...)`, …), contract §3.3.
 *
 * Pattern anchors:
 * - `//abs/path`  the filesystem root.
 * - `~/path`      the home directory (PathContext.home; else derived from cwd; else any depth — stricter).
 * - `/path`  BOTH the call's cwd and the filesystem root: the client anchors it at the settings source and also
 *   matches it as an absolute path (`Read(/etc/hostname)` matches `/etc/hostname`), so hookgate does both.
 * - `./path`, `a/b` (any pattern with a slash that is not trailing)  the call's cwd. Without a cwd: any depth
 *   (stricter). `./name` with a single segment matches that name at any depth, as the client reads it.
 * - `name`, `*.pem` (no slash)  the basename at ANY depth ANYWHERE on disk (stricter than the client, which
 *   looks only under its anchor).
 * - `dir/**` (a single segment then `/**`)  a `dir` at any depth under cwd (the client's deny/ask semantics).
 * - `dir/` (trailing slash)  gitignore: everything under a `dir` at any depth, like `dir/**`.
 * - `C:\x\**`  Windows drive paths are absolute, normalised to `/c/x/**`.
 *
 * Within a segment: `*` any run of characters (dotfiles included: no dot special-casing), `?` one character,
 * `[abc]`, `[a-z]`, `[!x]`/`[^x]` classes, `\x` escapes x. A whole segment `**` spans zero or more segments
 * (so a trailing `/**` also matches the directory itself). In a Windows-looking pattern (`C:\…`, or any
 * backslash before an ordinary character, as in `src\lib\**`) every backslash is a separator instead.
 *
 * Matching is case-insensitive (stricter: macOS and Windows default filesystems are case-insensitive, so
 * `.ENV` opens `.env`). Target paths are normalised: backslashes to `/`, `C:\x` to `/c/x`, `~` expanded,
 * relative paths joined to cwd, `.`/`..` resolved, repeated slashes collapsed.
 *
 * Complexity: segment-level and character-level matching both use the classic greedy-star algorithm with a
 * single resume point (no recursion, no regex): O(S·P) segment comparisons, each O(n·m) at worst.
 */
import { preparePath, type PathContext, type PreparedPath } from "./paths";
import { automaton, literalsPossible, runAutomaton, type GlobAutomaton, type PreparedTemplate } from "./pathTemplate";
import { err, ok, type Result } from "../result";
import { matchSegments, parseSegment, type Seg } from "./globSegments";

type PathAnchor = "root" | "home" | "cwd" | "anywhere" | "cwd-or-root";

export interface PathGlob {
  readonly raw: string;
  readonly anchor: PathAnchor;
  /**
   * The glob names a place: it is anchored (root, home, cwd) and does not start with `**` there. `~/.ssh/**`,
   * `//etc/shadow`, `./config/secrets.yml` are located; `.env`, `*.pem`, `**\/.aws/credentials`, `secrets/**` (a
   * `secrets` at any depth) are not. A read of everything under a directory (Effect.recursive) matches a located
   * glob that names a path under it; a glob for a name at any depth would match under every directory, and is
   * matched against the directory itself (and the files a search's own glob names) only.
   */
  readonly located: boolean;
  /** Test a path prepared once per call by {@link preparePath}. */
  matchPrepared(path: PreparedPath): boolean;
  /** Normalise `path` against ctx, then test it. */
  match(path: string, ctx: PathContext): boolean;
  /** Could SOME filling of the template's holes be a path this glob matches? (see {@link preparePathTemplate}) */
  matchTemplate(path: PreparedTemplate): boolean;
  /** matchTemplate without the literal prefilter (runAutomaton's `literals`): the reference the prefilter is tested against. */
  matchTemplateSimulated(path: PreparedTemplate): boolean;
}


const GLOB_CHARS = new Set(["*", "?", "[", "]", "\\", "{", "}", "!"]);
const MAX_GLOB_LENGTH = 4096;

/** Why a file-rule pattern does not compile (undefined: it does). These are the only ways a pattern can fail. */
function patternProblem(pattern: string): string | undefined {
  if (typeof pattern !== "string" || pattern.trim() === "") return "empty path pattern";
  if (pattern.length > MAX_GLOB_LENGTH) return `path pattern is longer than ${MAX_GLOB_LENGTH} characters`;
  if (pattern.includes("\0")) return "path pattern contains a NUL character";
  return undefined;
}

/** Compiles a file-rule pattern. Errors are plain messages. */
export function compilePathGlob(pattern: string): Result<PathGlob, string> {
  const problem = patternProblem(pattern);
  return problem === undefined ? ok(buildPathGlob(pattern)) : err(problem);
}

/**
 * compilePathGlob's checks now and the glob itself on its first use: the same answer (the checks are a pattern's
 * only ways to fail) without the build's cost for a glob no path ever reaches. For stored revisions loaded with
 * CompileOptions' lazyPatterns: a cold isolate's first `git status` with the starter built every glob of its
 * effect rules' path sets (336 of them), though the command has no path effect (bench/README.md).
 */
export function deferredPathGlob(pattern: string): Result<PathGlob, string> {
  const problem = patternProblem(pattern);
  if (problem !== undefined) return err(problem);
  let built: PathGlob | undefined;
  const glob = () => (built ??= buildPathGlob(pattern));
  return ok({
    raw: pattern,
    get anchor() {
      return glob().anchor;
    },
    get located() {
      return glob().located;
    },
    matchPrepared: (p) => glob().matchPrepared(p),
    match: (path, ctx) => glob().match(path, ctx),
    matchTemplate: (t) => glob().matchTemplate(t),
    matchTemplateSimulated: (t) => glob().matchTemplateSimulated(t),
  });
}

/** A pattern that passed patternProblem, compiled. */
function buildPathGlob(pattern: string): PathGlob {
  let p = pattern.trim();
  // Backslashes: a Windows-looking pattern (`C:\x`, or a backslash before an ordinary character as in
  // `src\lib\**`) uses them as separators throughout; otherwise `\` escapes the glob character after it.
  const windowsLike = /^[A-Za-z]:\\/.test(p) || /\\[^*?[\]\\{}!]/.test(p);
  let conv = "";
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "\\") {
      const n = p[i + 1];
      if (!windowsLike && n !== undefined && GLOB_CHARS.has(n)) {
        conv += c + n;
        i++;
      } else conv += "/";
    } else conv += c;
  }
  p = conv;

  let anchor: PathAnchor;
  let rest: string;
  const drive = /^([A-Za-z]):(?:\/|$)/.exec(p);
  if (drive) {
    anchor = "root";
    rest = `/${drive[1]!.toLowerCase()}/${p.slice(2)}`;
  } else if (p.startsWith("//")) {
    anchor = "root";
    rest = p.slice(1);
  } else if (p === "~" || p.startsWith("~/")) {
    anchor = "home";
    rest = p.slice(1);
  } else if (p.startsWith("/")) {
    anchor = "cwd-or-root";
    rest = p;
  } else if ((p === "." || p.startsWith("./")) && (p.slice(2).replace(/\/+$/, "").includes("/") || p === ".")) {
    anchor = "cwd";
    rest = p.slice(1);
  } else {
    if (p.startsWith("./")) p = p.slice(2);
    let body = p;
    let dirOnly = false;
    while (body.length > 1 && body.endsWith("/")) {
      body = body.slice(0, -1);
      dirOnly = true;
    }
    if (!body.includes("/") || body.startsWith("**/")) {
      // `name` / `*.pem` / `dir/` / `**/x`: any depth, anywhere (the client matches `**/x` outside the project too).
      anchor = "anywhere";
      rest = dirOnly ? `${body}/**` : body;
    } else if (/^[^/]+\/\*\*$/.test(body) && body !== "**/**") {
      // Single-segment `dir/**`: a `dir` at any depth under cwd.
      anchor = "cwd";
      rest = `**/${body}`;
    } else {
      anchor = "cwd";
      rest = dirOnly ? `${body}/**` : body;
    }
  }
  const segsRaw = rest.split("/").filter((s) => s !== "" && s !== ".");
  // Resolve `..` against preceding segments; leading `..` climb the anchor.
  const out: string[] = [];
  let up = 0;
  for (const s of segsRaw) {
    if (s === "..") {
      if (out.length > 0 && out[out.length - 1] !== "**") out.pop();
      else if (out.length === 0) up++;
      // `**/..` is left as `**` (it can only widen the match).
    } else out.push(s);
  }
  const segs: Seg[] = [];
  for (const s of out) {
    if (s === "**") {
      if (segs.length === 0 || segs[segs.length - 1]!.t !== "globstar") segs.push({ t: "globstar" });
      continue;
    }
    const toks = parseSegment(s);
    const literal = toks.every((t) => t.t === "lit") ? toks.map((t) => (t as { c: string }).c).join("") : undefined;
    segs.push({ t: "seg", toks, literal });
  }
  if (anchor === "anywhere" && (segs.length === 0 || segs[0]!.t !== "globstar")) segs.unshift({ t: "globstar" });
  const finalAnchor: PathAnchor = anchor;
  const anywhere: Seg[] = segs[0]?.t === "globstar" ? segs : [{ t: "globstar" }, ...segs];
  const baseOf = (a: "root" | "home" | "cwd" | "anywhere", p: { cwd: readonly string[] | undefined; home: readonly string[] | undefined }) =>
    a === "root" ? ROOT : a === "cwd" ? p.cwd : a === "home" ? p.home : undefined;
  const anchors: ("root" | "home" | "cwd" | "anywhere")[] = finalAnchor === "cwd-or-root" ? ["cwd", "root"] : [finalAnchor];
  const matchPrepared = (p: PreparedPath): boolean => {
    if (p.tooLong) return false;
    const target = p.segs;
    for (const a of anchors) {
      const base = baseOf(a, p);
      if (a === "anywhere" || base === undefined) {
        // `anywhere`, or the anchor is unknown: any depth (stricter).
        if (matchSegments(anywhere, target, 0)) return true;
        continue;
      }
      const keep = up > 0 ? Math.max(0, base.length - up) : base.length;
      if (target.length < keep) continue;
      let same = true;
      for (let i = 0; i < keep && same; i++) if (target[i] !== base[i]) same = false;
      if (same && matchSegments(segs, target, keep)) return true;
    }
    return false;
  };
  // Automata by anchor: one for "anywhere" (or an unknown anchor), one for the root, and per cwd / home seen
  // (a few per isolate; capped so a stream of distinct directories cannot grow them).
  let anywhereNfa: GlobAutomaton | undefined;
  let rootNfa: GlobAutomaton | undefined;
  const anchored = { cwd: new Map<string, GlobAutomaton>(), home: new Map<string, GlobAutomaton>() };
  const build = (base: readonly string[]): GlobAutomaton => automaton(base.slice(0, up > 0 ? Math.max(0, base.length - up) : base.length), segs);
  const automatonFor = (a: "root" | "home" | "cwd" | "anywhere", t: PreparedTemplate): GlobAutomaton => {
    const base = baseOf(a, t);
    if (a === "anywhere" || base === undefined) return (anywhereNfa ??= automaton([], anywhere));
    if (a === "root") return (rootNfa ??= build(base));
    const cache = anchored[a];
    const key = a === "cwd" ? t.cwdKey : t.homeKey;
    let nfa = cache.get(key);
    if (!nfa) {
      nfa = build(base);
      if (cache.size < 8) cache.set(key, nfa);
    }
    return nfa;
  };
  const matchTemplateWith = (t: PreparedTemplate, prefilter: boolean): boolean => {
    for (const a of anchors) {
      const nfa = automatonFor(a, t);
      for (let i = 0; i < t.candidates.length; i++)
        if ((!prefilter || literalsPossible(nfa, t.spelled[i])) && runAutomaton(nfa, t.candidates[i]!)) return true;
    }
    return false;
  };
  return {
    raw: pattern,
    anchor: finalAnchor,
    located: finalAnchor !== "anywhere" && segs.length > 0 && segs[0]!.t !== "globstar",
    matchPrepared,
    match(path: string, ctx: PathContext): boolean {
      const p = preparePath(path, ctx);
      return p !== undefined && matchPrepared(p);
    },
    matchTemplate: (t) => matchTemplateWith(t, true),
    matchTemplateSimulated: (t) => matchTemplateWith(t, false),
  };
}

const ROOT: readonly string[] = [];
