/**
 * Path templates (paths with holes, see shell/words/template.ts) against compiled globs: a template is normalised
 * into candidates (preparePathTemplate), and a glob's segments become a small automaton that a candidate runs
 * through, each hole read as the characters it may stand for. "Could SOME filling of the holes be a path this glob
 * matches?" — the sound question for a command whose paths are not all known.
 */
import { HOLE_ANY, isHoleCode, holeRange, HOLE_NOEXT, hasWordHole, HOLE_SEG, HOLE_NODOT, HOLE_BELOW } from "../shell/words/template";
import { contextOf, normalizePath, splitPath, type PathContext } from "./paths";
import { tokMatches, type Seg, type Tok } from "./globSegments";

/** A hole other than HOLE_BELOW: it may spell characters, so the text alone says nothing about what it holds. */
const SPELLING_HOLE = new RegExp(`[${holeRange(HOLE_ANY, HOLE_NOEXT)}]`);
const BELOW = new RegExp(HOLE_BELOW, "g");
/** A last segment that is only glob holes and dots (`*`, `.*`): everything in the directory. */
const EVERYTHING_IN = new RegExp(`^\\.?[${holeRange(HOLE_SEG, HOLE_NODOT)}.]*$`);

/**
 * Whether the automaton could accept a template candidate at all, by its literal runs: a necessary condition, checked
 * before simulating. `spelled` is the candidate's own characters (PreparedTemplate.spelled): known only for a text
 * whose holes are all HOLE_BELOW (a tree under a directory: `mv a dir`'s effects) or that has none. Such a hole
 * spells no character (it stands for the glob's own wildcards, `**` and a trailing `/`, or for nothing), so each
 * literal run must be in the text once the holes are taken out. A `**\/.env` cannot match `…/date.ts/<tree>`, which
 * holds no `/.env`. Any other hole may spell anything (`spelled` undefined): then the simulation decides.
 */
export function literalsPossible(a: GlobAutomaton, spelled: string | undefined): boolean {
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

/**
 * Normalise a path template: `~` → home, relative → under cwd (a template starting with a hole may be either,
 * so both are candidates), `.`/`..` resolved (a `..` after a hole makes everything before it unknown), repeated
 * and trailing slashes removed, lower-cased. A last segment made only of glob holes (`*`, `.*`: everything in a
 * directory) adds the directory itself as a candidate.
 */
export function preparePathTemplate(t: string, ctx: PathContext, anchorCwd: string | undefined = ctx.cwd, entries = false): PreparedTemplate {
  const context = contextOf(ctx);
  const { cwd, home } = context;
  let p = t.replace(/\\/g, "/");
  const drive = /^([A-Za-z]):(\/|$)/.exec(p);
  if (drive) p = `/${drive[1]!.toLowerCase()}/${p.slice(drive[0].length)}`;
  const starts: string[] = [];
  const user = /^~([A-Za-z_][A-Za-z0-9_.-]*)(?=\/|$)/.exec(p);
  if (user) p = `${user[1] === "root" ? "/root" : `/home/${user[1]}`}${p.slice(user[0].length)}`;
  if (p === "~" || p.startsWith("~/")) starts.push(home !== undefined ? `${home}${p.slice(1)}` : `${HOLE_ANY}${p.slice(1)}`);
  else if (p.startsWith("/")) starts.push(p);
  else if (p.length > 0 && isHoleCode(p.charCodeAt(0))) {
    starts.push(p);
    starts.push(cwd !== undefined ? `${cwd}/${p}` : `${HOLE_ANY}/${p}`);
  } else starts.push(cwd !== undefined ? `${cwd}/${p}` : `${HOLE_ANY}/${p}`);
  const candidates: string[] = [];
  for (const s of starts) {
    const n = normalizeTemplate(s);
    if (!entries && namesEveryEntry(n)) {
      // `dir/*`, `dir/.*`: everything in dir — the directory itself, not some file of it that the glob never names.
      const parent = n.slice(0, n.lastIndexOf("/")) || "/";
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

/**
 * Whether a (normalised) template's last segment is only glob holes and dots (`dir/*`, `dir/.*`): every entry of a
 * directory. preparePathTemplate reads it as the directory itself unless asked for the `entries`, as a read of
 * them all is matched (effectCondition.ts: `cat ~/.config/rclone/*` reads `~/.config/rclone/rclone.conf`).
 */
export function namesEveryEntry(n: string): boolean {
  const slash = n.lastIndexOf("/");
  const last = n.slice(slash + 1);
  return slash >= 0 && last !== "" && EVERYTHING_IN.test(last) && (last.includes(HOLE_SEG) || last.includes(HOLE_NODOT));
}

function normalizeTemplate(p: string): string {
  const out: string[] = [];
  const absolute = p.startsWith("/");
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.some(hasWordHole)) {
        // What a `..` after a hole climbs out of is unknown.
        out.length = 0;
        out.push(HOLE_ANY);
      } else if (out.length > 0) out.pop();
      continue;
    }
    out.push(seg.toLowerCase());
  }
  const joined = out.join("/");
  return absolute || (joined.length > 0 && isHoleCode(joined.charCodeAt(0))) ? (absolute ? `/${joined}` : joined) : joined;
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

export interface GlobAutomaton {
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
export function automaton(base: readonly string[], segs: readonly Seg[]): GlobAutomaton {
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
export function runAutomaton(a: GlobAutomaton, text: string): boolean {
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
