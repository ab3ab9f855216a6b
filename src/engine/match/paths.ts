/**
 * Paths as the globs see them: normalised to POSIX form against the call's cwd and home (normalizePath), split
 * into lower-cased segments once per call (preparePath), with the lengths past which no real path goes.
 */
export interface PathContext {
  cwd?: string | undefined;
  home?: string | undefined;
}

/** Paths longer than this (or with a segment longer than MAX_SEGMENT) cannot exist on disk; they are not matched. */
const MAX_PATH_LENGTH = 4096;
const MAX_SEGMENT = 255;

/** A target path normalised and split once per call, with its cwd and home, for matching many globs. */
export interface PreparedPath {
  /** The normalised path (case kept), e.g. for traces. */
  readonly path: string;
  /** Longer than any real path (MAX_PATH_LENGTH, MAX_SEGMENT): it is never matched, and the call is unexaminable. */
  readonly tooLong: boolean;
  /** Lower-cased segments of the path. */
  readonly segs: readonly string[];
  readonly cwd: readonly string[] | undefined;
  readonly home: readonly string[] | undefined;
}

/** Normalises `path` against ctx (cwd for relative paths, home for `~`); undefined if there is no path. */
export function preparePath(path: unknown, ctx: PathContext): PreparedPath | undefined {
  if (typeof path !== "string" || path === "") return undefined;
  const { cwd, home, cwdSegs, homeSegs } = contextOf(ctx);
  if (path.length > MAX_PATH_LENGTH * 4) return { path: `${path.slice(0, 200)}…`, tooLong: true, segs: [], cwd: undefined, home: undefined };
  const n = normalizePath(path, cwd, home);
  if (n === undefined) return undefined;
  const segs = splitPath(n);
  return {
    path: n,
    tooLong: n.length > MAX_PATH_LENGTH || segs.some((x) => x.length > MAX_SEGMENT),
    segs,
    cwd: cwdSegs,
    home: homeSegs,
  };
}

interface NormalContext {
  cwd: string | undefined;
  home: string | undefined;
  cwdSegs: readonly string[] | undefined;
  homeSegs: readonly string[] | undefined;
}

// The last call context normalised, reused while the next paths come from the same call (a command's every
// effect path is prepared against one cwd and home). Module scope: a pure function of its two strings.
let lastContext: { cwd: string | undefined; home: string | undefined; normal: NormalContext } | undefined;

export function contextOf(ctx: PathContext): NormalContext {
  if (lastContext && lastContext.cwd === ctx.cwd && lastContext.home === ctx.home) return lastContext.normal;
  const cwdN = ctx.cwd ? normalizePath(ctx.cwd) : undefined;
  const cwd = cwdN?.startsWith("/") ? cwdN : undefined;
  const homeN = ctx.home ? normalizePath(ctx.home) : deriveHome(cwd);
  const home = homeN?.startsWith("/") ? homeN : undefined;
  const normal = { cwd, home, cwdSegs: cwd !== undefined ? splitPath(cwd) : undefined, homeSegs: home !== undefined ? splitPath(home) : undefined };
  lastContext = { cwd: ctx.cwd, home: ctx.home, normal };
  return normal;
}

export function splitPath(p: string): string[] {
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
    const b = normalizedBase(base);
    if (b?.startsWith("/")) {
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

// The last base normalised: a call's relative paths are all joined to the same cwd. Module scope: a pure function
// of its string.
let lastBase: { base: string; normal: string | undefined } | undefined;
function normalizedBase(base: string): string | undefined {
  if (lastBase?.base !== base) lastBase = { base, normal: normalizePath(base) };
  return lastBase.normal;
}

// The last cwd's home (every call derives it, and a session's calls share a cwd). A pure function of its string.
let lastHome: { cwd: string; home: string | undefined } | undefined;

/** A best-effort home directory from a cwd: `/home/u`, `/Users/u`, `/root`, `/c/Users/u`. */
export function deriveHome(cwd: string | undefined): string | undefined {
  if (!cwd) return undefined;
  if (lastHome?.cwd !== cwd) lastHome = { cwd, home: derivedHome(cwd) };
  return lastHome.home;
}

function derivedHome(cwd: string): string | undefined {
  const n = normalizePath(cwd);
  if (n === undefined) return undefined;
  const m = /^(\/home\/[^/]+|\/Users\/[^/]+|\/root|\/[a-z]\/Users\/[^/]+|\/var\/home\/[^/]+)(?:\/|$)/i.exec(n);
  return m ? m[1] : undefined;
}
