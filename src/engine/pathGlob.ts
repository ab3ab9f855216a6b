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
import { ok, err, type Result } from "./result";

export interface PathContext {
  cwd?: string | undefined;
  home?: string | undefined;
}

export type PathAnchor = "root" | "home" | "cwd" | "anywhere" | "cwd-or-root";

export interface PathGlob {
  readonly raw: string;
  readonly anchor: PathAnchor;
  /** Test a path prepared once per call by {@link preparePath}. */
  matchPrepared(path: PreparedPath): boolean;
  /** Normalise `path` against ctx, then test it. */
  match(path: string, ctx: PathContext): boolean;
  /** Could SOME filling of the template's holes be a path this glob matches? (see {@link preparePathTemplate}) */
  matchTemplate(path: PreparedTemplate): boolean;
  /** matchTemplate without the literal prefilter (runAutomaton's `literals`): the reference the prefilter is tested against. */
  matchTemplateSimulated(path: PreparedTemplate): boolean;
}

/** Paths longer than this (or with a segment longer than MAX_SEGMENT) cannot exist on disk; they are not matched. */
export const MAX_PATH_LENGTH = 4096;
export const MAX_SEGMENT = 255;

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
    if (!toks.ok) return err(`path pattern "${pattern}": ${toks.error}`);
    const literal = toks.value.every((t) => t.t === "lit")
      ? toks.value.map((t) => (t as { c: string }).c).join("")
      : undefined;
    segs.push({ t: "seg", toks: toks.value, literal });
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
  return ok({
    raw: pattern,
    anchor: finalAnchor,
    matchPrepared,
    match(path: string, ctx: PathContext): boolean {
      const p = preparePath(path, ctx);
      return p !== undefined && matchPrepared(p);
    },
    matchTemplate: (t) => matchTemplateWith(t, true),
    matchTemplateSimulated: (t) => matchTemplateWith(t, false),
  });
}

// ---------------------------------------------------------------------------------------------------------
// Templates: paths with holes (see shell/template.ts)

/** A hole other than HOLE_BELOW: it may spell characters, so the text alone says nothing about what it holds. */
const SPELLING_HOLE = /[\uE000-\uE005]/;
const BELOW = /\uE006/g;

/**
 * Whether the automaton could accept a template candidate at all, by its literal runs: a necessary condition, checked
 * before simulating. `spelled` is the candidate's own characters (PreparedTemplate.spelled): known only for a text
 * whose holes are all HOLE_BELOW (a tree under a directory: `mv a dir`'s effects) or that has none. Such a hole
 * spells no character (it stands for the glob's own wildcards, `**` and a trailing `/`, or for nothing), so each
 * literal run must be in the text once the holes are taken out. A `**\/.env` cannot match `…/date.ts/<tree>`, which
 * holds no `/.env`. Any other hole may spell anything (`spelled` undefined): then the simulation decides.
 */
function literalsPossible(a: GlobAutomaton, spelled: string | undefined): boolean {
  if (spelled === undefined) return true;
  for (const literal of a.literals) if (!spelled.includes(literal)) return false;
  return true;
}

/** A path template normalised against cwd and home, as absolute candidates (lower-cased). */
export interface PreparedTemplate {
  readonly candidates: readonly string[];
  /**
   * Each candidate's own characters with its HOLE_BELOW holes taken out, or undefined when it has a hole that may
   * spell characters: what the literal prefilter reads (literalsPossible), worked out once for every glob tested.
   */
  readonly spelled: readonly (string | undefined)[];
  readonly cwd: readonly string[] | undefined;
  readonly home: readonly string[] | undefined;
  /** `cwd` and `home` joined, computed once: the key of the automaton anchored there. */
  readonly cwdKey: string;
  readonly homeKey: string;
}

const H_ANY = "\uE000";
const isHole = (c: number) => c >= 0xe000 && c <= 0xe006;

/**
 * Normalise a path template: `~` → home, relative → under cwd (a template starting with a hole may be either,
 * so both are candidates), `.`/`..` resolved (a `..` after a hole makes everything before it unknown), repeated
 * and trailing slashes removed, lower-cased. A last segment made only of glob holes (`*`, `.*`: everything in a
 * directory) adds the directory itself as a candidate.
 */
export function preparePathTemplate(t: string, ctx: PathContext, anchorCwd: string | undefined = ctx.cwd): PreparedTemplate {
  const context = contextOf(ctx);
  const { cwd, home } = context;
  let p = t.replace(/\\/g, "/");
  const drive = /^([A-Za-z]):(\/|$)/.exec(p);
  if (drive) p = `/${drive[1]!.toLowerCase()}/${p.slice(drive[0].length)}`;
  const starts: string[] = [];
  const user = /^~([A-Za-z_][A-Za-z0-9_.-]*)(?=\/|$)/.exec(p);
  if (user) p = `${user[1] === "root" ? "/root" : `/home/${user[1]}`}${p.slice(user[0].length)}`;
  if (p === "~" || p.startsWith("~/")) starts.push(home !== undefined ? `${home}${p.slice(1)}` : `${H_ANY}${p.slice(1)}`);
  else if (p.startsWith("/")) starts.push(p);
  else if (p.length > 0 && isHole(p.charCodeAt(0))) {
    starts.push(p);
    starts.push(cwd !== undefined ? `${cwd}/${p}` : `${H_ANY}/${p}`);
  } else starts.push(cwd !== undefined ? `${cwd}/${p}` : `${H_ANY}/${p}`);
  const candidates: string[] = [];
  for (const s of starts) {
    const n = normalizeTemplate(s);
    const slash = n.lastIndexOf("/");
    const last = n.slice(slash + 1);
    if (slash >= 0 && last !== "" && /^\.?[\uE001-\uE003.]*$/.test(last) && /[\uE001\uE003]/.test(last)) {
      // `dir/*`, `dir/.*`: everything in dir — the directory itself, not some file of it that the glob never names.
      const parent = n.slice(0, slash) || "/";
      if (!candidates.includes(parent)) candidates.push(parent);
      continue;
    }
    if (!candidates.includes(n)) candidates.push(n);
  }
  const spelled = candidates.map((c) => (SPELLING_HOLE.test(c) ? undefined : c.replace(BELOW, "")));
  if (anchorCwd === ctx.cwd) return { candidates, spelled, cwd: context.cwdSegs, home: context.homeSegs, cwdKey: context.cwd ?? "", homeKey: context.home ?? "" };
  const anchor = anchorCwd ? normalizePath(anchorCwd) : undefined;
  const cwdSegs = anchor?.startsWith("/") ? splitPath(anchor) : undefined;
  return { candidates, spelled, cwd: cwdSegs, home: context.homeSegs, cwdKey: anchor ?? "", homeKey: context.home ?? "" };
}

function normalizeTemplate(p: string): string {
  const out: string[] = [];
  const absolute = p.startsWith("/");
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.some((x) => /[\uE000-\uE004]/.test(x))) {
        // What a `..` after a hole climbs out of is unknown.
        out.length = 0;
        out.push(H_ANY);
      } else if (out.length > 0) out.pop();
      continue;
    }
    out.push(seg.toLowerCase());
  }
  const joined = out.join("/");
  return absolute || (joined.length > 0 && isHole(joined.charCodeAt(0))) ? (absolute ? `/${joined}` : joined) : joined;
}

type Node =
  | { k: "lit"; c: string }
  | { k: "one" }
  | { k: "cls"; tok: Tok }
  | { k: "star" }
  /** `(/[^/]+)*`: three states g0 (ε → next), g1 (after `/`), g2 (inside a segment). */
  | { k: "g0" }
  | { k: "g1" }
  | { k: "g2" }
  | { k: "end" };

/** Node kinds as numbers, for the simulation's inner loop. */
const K_LIT = 0;
const K_ONE = 1;
const K_CLS = 2;
const K_STAR = 3;
const K_G0 = 4;
const K_G1 = 5;
const K_G2 = 6;
const K_END = 7;
const KIND_CODE: Record<Node["k"], number> = { lit: K_LIT, one: K_ONE, cls: K_CLS, star: K_STAR, g0: K_G0, g1: K_G1, g2: K_G2, end: K_END };

interface GlobAutomaton {
  readonly nodes: readonly Node[];
  readonly kinds: Uint8Array;
  /** The character code of each `lit` node (0 for others). */
  readonly codes: Uint16Array;
  /** The literal characters the automaton starts with (its anchor, mostly): stepped through without simulation. */
  readonly prefix: string;
  /**
   * Its runs of consecutive literal nodes, longest first. The automaton is a chain (a node is only ever left for the
   * next, or looped, or skipped when it is a star or a globstar), so every path it accepts holds each run, in one
   * piece, spelled by the text's own characters or by holes that may be any text.
   */
  readonly literals: readonly string[];
}

/** The glob (anchored at `base`) as a character automaton; a trailing `/` on the path is always allowed. */
function automaton(base: readonly string[], segs: readonly Seg[]): GlobAutomaton {
  const nodes: Node[] = [];
  // One node per UTF-16 unit, as the text is stepped (a code point would never equal one unit of the text).
  const lit = (s: string) => {
    for (let i = 0; i < s.length; i++) nodes.push({ k: "lit", c: s[i]! });
  };
  for (const b of base) lit(`/${b}`);
  for (const seg of segs) {
    if (seg.t === "globstar") {
      nodes.push({ k: "g0" }, { k: "g1" }, { k: "g2" });
      continue;
    }
    lit("/");
    for (const tok of seg.toks) {
      if (tok.t === "lit") lit(tok.c);
      else if (tok.t === "any") nodes.push({ k: "one" });
      else if (tok.t === "star") nodes.push({ k: "star" });
      else nodes.push({ k: "cls", tok });
    }
  }
  if (segs.length === 0 && base.length === 0) lit("/");
  nodes.push({ k: "end" });
  const kinds = new Uint8Array(nodes.length);
  const codes = new Uint16Array(nodes.length);
  let prefix = "";
  let inPrefix = true;
  const literals: string[] = [];
  let run = "";
  nodes.forEach((node, i) => {
    kinds[i] = KIND_CODE[node.k];
    if (node.k === "lit") {
      codes[i] = node.c.charCodeAt(0);
      if (inPrefix) prefix += node.c;
      run += node.c;
    } else {
      inPrefix = false;
      if (run !== "") literals.push(run);
      run = "";
    }
  });
  if (run !== "") literals.push(run);
  literals.sort((x, y) => y.length - x.length);
  return { nodes, kinds, codes, prefix, literals };
}


/** What a run of hole characters may consist of. */
const RUN_NO_DOT_OR_SLASH = 0; // HOLE_NOEXT, and the first character of HOLE_NODOT
const RUN_NO_SLASH = 1; // HOLE_SEG
const RUN_ANYTHING = 2; // HOLE_ANY, HOLE_UNKNOWN
const RUN_TREE = 3; // HOLE_BELOW: only the glob's wildcards (`**`, a trailing `/`), never a literal name

const SLASH = 47;
const DOT = 46;

/**
 * A set of automaton states as a worklist: `list[0..size)` holds each member once (`mark[i] === gen`).
 * Adding while iterating visits the added states too, which is how closures are computed.
 */
class StateSet {
  readonly list: Int32Array;
  readonly mark: Int32Array;
  size = 0;
  gen = 1;
  constructor(n: number) {
    this.list = new Int32Array(n + 1);
    this.mark = new Int32Array(n + 1);
  }
  clear(): void {
    this.size = 0;
    if (++this.gen > 0x7fffffff - 1) {
      this.mark.fill(0);
      this.gen = 1;
    }
  }
  add(i: number): void {
    if (this.mark[i] === this.gen) return;
    this.mark[i] = this.gen;
    this.list[this.size++] = i;
  }
  has(i: number): boolean {
    return this.mark[i] === this.gen;
  }
}

/**
 * Close `set` under ε-moves (a star may match nothing: → next; g0 may stop: → after the globstar, g0+3; g2 may end
 * a segment: → its g0) and, for a run of hole characters, under every step a character of that run allows.
 */
function closeStates(a: GlobAutomaton, set: StateSet, run: number): void {
  const kinds = a.kinds;
  const n = kinds.length;
  for (let k = 0; k < set.size; k++) {
    const i = set.list[k]!;
    if (i === n) continue; // after a trailing `/`: nothing more
    const kind = kinds[i]!;
    if (kind === K_STAR) set.add(i + 1);
    else if (kind === K_G0) {
      if (i + 3 < n) set.add(i + 3);
    } else if (kind === K_G2) set.add(i - 2);
    if (run < 0) continue;
    if (run === RUN_TREE) {
      if (kind === K_G0 || kind === K_G1) set.add(i + 1);
      else if (kind === K_END) set.add(n);
      continue;
    }
    switch (kind) {
      case K_LIT: {
        const c = a.codes[i]!;
        if (c === SLASH ? run === RUN_ANYTHING : run !== RUN_NO_DOT_OR_SLASH || c !== DOT) set.add(i + 1);
        break;
      }
      case K_ONE:
      case K_CLS:
      case K_G1:
        set.add(i + 1);
        break;
      case K_G0:
        if (run === RUN_ANYTHING) set.add(i + 1);
        break;
      case K_END:
        if (run === RUN_ANYTHING) set.add(n);
        break;
      // star and g2 loop on themselves.
    }
  }
}

/** One step on the text character `c` (code `code`): from `from` into `to` (not yet closed). */
function stepOn(a: GlobAutomaton, from: StateSet, to: StateSet, c: string, code: number): void {
  const kinds = a.kinds;
  const n = kinds.length;
  const slash = code === SLASH;
  for (let k = 0; k < from.size; k++) {
    const i = from.list[k]!;
    if (i === n) continue;
    switch (kinds[i]!) {
      case K_LIT:
        if (a.codes[i] === code) to.add(i + 1);
        break;
      case K_ONE:
      case K_G1:
        if (!slash) to.add(i + 1);
        break;
      case K_CLS:
        if (!slash && tokMatches((a.nodes[i] as { tok: Tok }).tok, c)) to.add(i + 1);
        break;
      case K_STAR:
      case K_G2:
        if (!slash) to.add(i);
        break;
      case K_G0:
        if (slash) to.add(i + 1);
        break;
      case K_END:
        if (slash) to.add(n);
        break;
    }
  }
}

/** One step on some character that is neither `/` nor `.` (the first character of HOLE_NODOT, HOLE_CHAR's `.`-less case). */
function stepNoDot(a: GlobAutomaton, from: StateSet, to: StateSet, allowDot: boolean): void {
  const kinds = a.kinds;
  const n = kinds.length;
  for (let k = 0; k < from.size; k++) {
    const i = from.list[k]!;
    if (i === n) continue;
    switch (kinds[i]!) {
      case K_LIT: {
        const c = a.codes[i];
        if (c !== SLASH && (allowDot || c !== DOT)) to.add(i + 1);
        break;
      }
      case K_ONE:
      case K_CLS:
      case K_G1:
        to.add(i + 1);
        break;
      case K_STAR:
      case K_G2:
        to.add(i);
        break;
    }
  }
}

// Two state sets reused by every simulation, grown to the largest automaton seen. Module scope, outliving a
// request, because a simulation is synchronous and never re-entered; cleared (by generation) before each use.
let scratch: [StateSet, StateSet] = [new StateSet(64), new StateSet(64)];

function scratchSets(n: number): [StateSet, StateSet] {
  if (scratch[0].list.length < n + 1) scratch = [new StateSet(n), new StateSet(n)];
  scratch[0].clear();
  scratch[1].clear();
  return scratch;
}

/** Simulate the automaton over a template: literal characters step it, holes take every string they may be. */
function runAutomaton(a: GlobAutomaton, text: string): boolean {
  const n = a.kinds.length;
  // The literal start: literal text must equal it; the first hole (or its end) hands over to the simulation.
  let start = 0;
  const prefix = a.prefix;
  while (start < prefix.length && start < text.length) {
    const code = text.charCodeAt(start);
    if (code >= 0xe000 && code <= 0xe006) break;
    if (code !== prefix.charCodeAt(start)) return false;
    start++;
  }
  let [cur, next] = scratchSets(n);
  cur.add(start);
  closeStates(a, cur, -1);
  for (let p = start; p < text.length; p++) {
    const code = text.charCodeAt(p);
    next.clear();
    if (code === 0xe000 || code === 0xe004 || code === 0xe001 || code === 0xe005 || code === 0xe006) {
      // A run: the empty string (the states themselves) or any sequence of characters it allows.
      for (let k = 0; k < cur.size; k++) next.add(cur.list[k]!);
      closeStates(a, next, code === 0xe001 ? RUN_NO_SLASH : code === 0xe005 ? RUN_NO_DOT_OR_SLASH : code === 0xe006 ? RUN_TREE : RUN_ANYTHING);
    } else if (code === 0xe003) {
      // Not starting with `.`: empty, or a first character that is neither `/` nor `.` and then any but `/`.
      stepNoDot(a, cur, next, false);
      closeStates(a, next, RUN_NO_SLASH);
      for (let k = 0; k < cur.size; k++) next.add(cur.list[k]!);
      closeStates(a, next, -1);
    } else if (code === 0xe002) {
      // One character, not `/`.
      stepNoDot(a, cur, next, true);
      closeStates(a, next, -1);
    } else {
      stepOn(a, cur, next, text[p]!, code);
      closeStates(a, next, -1);
    }
    [cur, next] = [next, cur];
    if (cur.size === 0) return false;
  }
  return cur.has(n - 1) || cur.has(n);
}

const ROOT: readonly string[] = [];

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

function contextOf(ctx: PathContext): NormalContext {
  if (lastContext && lastContext.cwd === ctx.cwd && lastContext.home === ctx.home) return lastContext.normal;
  const cwdN = ctx.cwd ? normalizePath(ctx.cwd) : undefined;
  const cwd = cwdN?.startsWith("/") ? cwdN : undefined;
  const homeN = ctx.home ? normalizePath(ctx.home) : deriveHome(cwd);
  const home = homeN?.startsWith("/") ? homeN : undefined;
  const normal = { cwd, home, cwdSegs: cwd !== undefined ? splitPath(cwd) : undefined, homeSegs: home !== undefined ? splitPath(home) : undefined };
  lastContext = { cwd: ctx.cwd, home: ctx.home, normal };
  return normal;
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

/** A best-effort home directory from a cwd: `/home/u`, `/Users/u`, `/root`, `/c/Users/u`. */
export function deriveHome(cwd: string | undefined): string | undefined {
  if (!cwd) return undefined;
  const n = normalizePath(cwd);
  if (n === undefined) return undefined;
  const m = /^(\/home\/[^/]+|\/Users\/[^/]+|\/root|\/[a-z]\/Users\/[^/]+|\/var\/home\/[^/]+)(?:\/|$)/i.exec(n);
  return m ? m[1] : undefined;
}
