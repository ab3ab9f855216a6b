/**
 * Gitignore-style path globs for file-tool permission rules (`Read(...)`, `Edit(...)`, …), contract §3.3.
 *
 * Pattern anchors:
 * - `//abs/path`  the filesystem root.
 * - `~/path`      the home directory (PathContext.home; else derived from cwd; else any depth — stricter).
 * - `/path`, `./path`, `a/b` (any pattern with a slash that is not trailing)  the call's cwd (hookgate's
 *   choice; the client anchors `/path` at the settings source). Without a cwd: any depth (stricter).
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
import { ok, err, type Result } from "./result";

export interface PathContext {
  cwd?: string | undefined;
  home?: string | undefined;
}

export type PathAnchor = "root" | "home" | "cwd" | "anywhere";

export interface PathGlob {
  readonly raw: string;
  readonly anchor: PathAnchor;
  /** Test a path prepared once per call by {@link preparePath}. */
  matchPrepared(path: PreparedPath): boolean;
  /** Normalise `path` against ctx, then test it. */
  match(path: string, ctx: PathContext): boolean;
}

type Tok =
  | { t: "lit"; c: string }
  | { t: "any" } // ?
  | { t: "star" }
  | { t: "cls"; neg: boolean; items: Array<[string, string]> };

type Seg = { t: "globstar" } | { t: "seg"; toks: Tok[]; literal: string | undefined };

const GLOB_CHARS = new Set(["*", "?", "[", "]", "\\", "{", "}", "!"]);
export const MAX_GLOB_LENGTH = 4096;

/** Compiles a file-rule pattern. Errors are plain messages. */
export function compilePathGlob(pattern: string): Result<PathGlob, string> {
  if (typeof pattern !== "string" || pattern.trim() === "") return err("empty path pattern");
  if (pattern.length > MAX_GLOB_LENGTH) return err(`path pattern is longer than ${MAX_GLOB_LENGTH} characters`);
  if (pattern.includes("\0")) return err("path pattern contains a NUL character");
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
    anchor = "cwd";
    rest = p;
  } else if (p === "." || p.startsWith("./")) {
    anchor = "cwd";
    rest = p.slice(1);
  } else {
    let body = p;
    let dirOnly = false;
    while (body.length > 1 && body.endsWith("/")) {
      body = body.slice(0, -1);
      dirOnly = true;
    }
    if (!body.includes("/")) {
      // `name` / `*.pem` / `dir/`: any depth, anywhere.
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
    if (!toks.ok) return err(`path pattern "${pattern}": ${toks.error}`);
    const literal = toks.value.every((t) => t.t === "lit")
      ? toks.value.map((t) => (t as { c: string }).c).join("")
      : undefined;
    segs.push({ t: "seg", toks: toks.value, literal });
  }
  if (anchor === "anywhere" && (segs.length === 0 || segs[0]!.t !== "globstar")) segs.unshift({ t: "globstar" });
  const finalAnchor: PathAnchor = anchor;
  const anywhere: Seg[] = segs[0]?.t === "globstar" ? segs : [{ t: "globstar" }, ...segs];
  const matchPrepared = (p: PreparedPath): boolean => {
    const target = p.segs;
    const base = finalAnchor === "root" ? ROOT : finalAnchor === "cwd" ? p.cwd : finalAnchor === "home" ? p.home : undefined;
    if (finalAnchor === "anywhere" || base === undefined) {
      // `anywhere`, or the anchor is unknown: any depth (stricter).
      return matchSegments(anywhere, target, 0);
    }
    const keep = up > 0 ? Math.max(0, base.length - up) : base.length;
    if (target.length < keep) return false;
    for (let i = 0; i < keep; i++) if (target[i] !== base[i]) return false;
    return matchSegments(segs, target, keep);
  };
  return ok({
    raw: pattern,
    anchor: finalAnchor,
    matchPrepared,
    match(path: string, ctx: PathContext): boolean {
      const p = preparePath(path, ctx);
      return p !== undefined && matchPrepared(p);
    },
  });
}

const ROOT: readonly string[] = [];

/** A target path normalised and split once per call, with its cwd and home, for matching many globs. */
export interface PreparedPath {
  /** The normalised path (case kept), e.g. for traces. */
  readonly path: string;
  /** Lower-cased segments of the path. */
  readonly segs: readonly string[];
  readonly cwd: readonly string[] | undefined;
  readonly home: readonly string[] | undefined;
}

/** Normalises `path` against ctx (cwd for relative paths, home for `~`); undefined if there is no path. */
export function preparePath(path: unknown, ctx: PathContext): PreparedPath | undefined {
  if (typeof path !== "string" || path === "") return undefined;
  const cwdN = ctx.cwd ? normalizePath(ctx.cwd) : undefined;
  const cwd = cwdN !== undefined && cwdN.startsWith("/") ? cwdN : undefined;
  const homeN = ctx.home ? normalizePath(ctx.home) : deriveHome(cwd);
  const home = homeN !== undefined && homeN.startsWith("/") ? homeN : undefined;
  const n = normalizePath(path, cwd, home);
  if (n === undefined) return undefined;
  return {
    path: n,
    segs: splitPath(n),
    cwd: cwd !== undefined ? splitPath(cwd) : undefined,
    home: home !== undefined ? splitPath(home) : undefined,
  };
}

function parseSegment(s: string): Result<Tok[], string> {
  const toks: Tok[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\" && i + 1 < s.length) {
      toks.push({ t: "lit", c: s[i + 1]!.toLowerCase() });
      i++;
    } else if (c === "*") {
      if (toks.length === 0 || toks[toks.length - 1]!.t !== "star") toks.push({ t: "star" });
    } else if (c === "?") {
      toks.push({ t: "any" });
    } else if (c === "[") {
      const cls = parseClass(s, i);
      if (cls === undefined) toks.push({ t: "lit", c: "[" });
      else {
        toks.push(cls.tok);
        i = cls.end;
      }
    } else toks.push({ t: "lit", c: c.toLowerCase() });
  }
  return ok(toks);
}

/** Parses `[...]` starting at `start`; undefined if unclosed (then `[` is literal, as in gitignore). */
function parseClass(s: string, start: number): { tok: Tok; end: number } | undefined {
  let i = start + 1;
  let neg = false;
  if (s[i] === "!" || s[i] === "^") {
    neg = true;
    i++;
  }
  const items: Array<[string, string]> = [];
  let first = true;
  for (; i < s.length; i++) {
    let c = s[i]!;
    if (c === "]" && !first) return { tok: { t: "cls", neg, items }, end: i };
    first = false;
    if (c === "\\" && i + 1 < s.length) c = s[++i]!;
    if (s[i + 1] === "-" && i + 2 < s.length && s[i + 2] !== "]") {
      let hi = s[i + 2]!;
      let skip = 2;
      if (hi === "\\" && i + 3 < s.length) {
        hi = s[i + 3]!;
        skip = 3;
      }
      items.push([c.toLowerCase(), hi.toLowerCase()]);
      i += skip;
    } else items.push([c.toLowerCase(), c.toLowerCase()]);
  }
  return undefined;
}

function tokMatches(t: Tok, ch: string): boolean {
  switch (t.t) {
    case "lit":
      return t.c === ch;
    case "any":
      return true;
    case "cls": {
      let hit = false;
      for (const [lo, hi] of t.items) {
        if (ch >= lo && ch <= hi) {
          hit = true;
          break;
        }
      }
      return hit !== t.neg;
    }
    default:
      return false;
  }
}

/** Greedy-star matching of one (lower-cased) path segment. */
function matchSegment(toks: readonly Tok[], s: string): boolean {
  let ti = 0;
  let si = 0;
  let starT = -1;
  let starS = 0;
  while (si < s.length) {
    const t = toks[ti];
    if (t !== undefined && t.t === "star") {
      starT = ti++;
      starS = si;
    } else if (t !== undefined && tokMatches(t, s[si]!)) {
      ti++;
      si++;
    } else if (starT >= 0) {
      ti = starT + 1;
      si = ++starS;
    } else return false;
  }
  while (ti < toks.length && toks[ti]!.t === "star") ti++;
  return ti === toks.length;
}

function segMatches(seg: Seg, s: string): boolean {
  if (seg.t === "globstar") return false;
  if (seg.literal !== undefined) return seg.literal === s;
  return matchSegment(seg.toks, s);
}

/** Greedy-globstar matching of pattern segments against target[from..]. */
function matchSegments(pat: readonly Seg[], target: readonly string[], from: number): boolean {
  let pi = 0;
  let ti = from;
  let starP = -1;
  let starT = 0;
  while (ti < target.length) {
    const p = pat[pi];
    if (p !== undefined && p.t === "globstar") {
      starP = pi++;
      starT = ti;
    } else if (p !== undefined && segMatches(p, target[ti]!)) {
      pi++;
      ti++;
    } else if (starP >= 0) {
      pi = starP + 1;
      ti = ++starT;
    } else return false;
  }
  while (pi < pat.length && pat[pi]!.t === "globstar") pi++;
  return pi === pat.length;
}

function splitPath(p: string): string[] {
  return p
    .toLowerCase()
    .split("/")
    .filter((s) => s !== "");
}

/**
 * Normalises a path to POSIX form: backslashes → `/`, `C:\x` → `/c/x`, `~` → home (when known), relative →
 * joined to `base` (when given), `.`/`..` resolved, repeated and trailing slashes removed. Case is kept.
 * Returns undefined for a non-string or empty path.
 */
export function normalizePath(path: string, base?: string, home?: string): string | undefined {
  if (typeof path !== "string" || path === "") return undefined;
  let p = path.replace(/\\/g, "/");
  const drive = /^([A-Za-z]):(\/|$)/.exec(p);
  if (drive) p = `/${drive[1]!.toLowerCase()}/${p.slice(2)}`;
  else if ((p === "~" || p.startsWith("~/")) && home) p = `${home.replace(/\\/g, "/")}/${p.slice(1)}`;
  else if (/^[A-Za-z]:[^/]/.test(p)) p = `/${p[0]!.toLowerCase()}/${p.slice(2)}`; // `C:foo` (drive-relative)
  let absolute = p.startsWith("/");
  if (!absolute && base) {
    const b = normalizePath(base);
    if (b !== undefined && b.startsWith("/")) {
      p = `${b}/${p}`;
      absolute = true;
    }
  }
  const out: string[] = [];
  for (const s of p.split("/")) {
    if (s === "" || s === ".") continue;
    if (s === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!absolute) out.push("..");
      continue;
    }
    out.push(s);
  }
  return absolute ? `/${out.join("/")}` : out.length > 0 ? out.join("/") : ".";
}

/** A best-effort home directory from a cwd: `/home/u`, `/Users/u`, `/root`, `/c/Users/u`. */
export function deriveHome(cwd: string | undefined): string | undefined {
  if (!cwd) return undefined;
  const n = normalizePath(cwd);
  if (n === undefined) return undefined;
  const m = /^(\/home\/[^/]+|\/Users\/[^/]+|\/root|\/[a-z]\/Users\/[^/]+|\/var\/home\/[^/]+)(?:\/|$)/i.exec(n);
  return m ? m[1] : undefined;
}
