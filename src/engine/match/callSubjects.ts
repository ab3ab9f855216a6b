/**
 * A tool call as the permission rules see it: a list of subjects (for Bash/PowerShell each simple command, else
 * the call itself), each with the strings rules match (a command's shell forms, a path, a host), and the call's
 * effects (what it would do to files, whichever way it is spelled). Worked out once per call and shared by every
 * rule; a command line's analysis is cached by its text, dialect, cwd and home.
 */
import { setNewest } from "../limits/lru";
import { deriveHome, normalizePath, preparePath, type PreparedPath } from "./paths";
import type { ShellAnalysis } from "../shell/model";
import { WorkBudget } from "../limits/budget";
import { effectsOf, type Effect } from "../shell/effects";
import { canonicalTool, type ToolTable } from "../event/toolTable";
import { globTemplate, hasHoles, literal, opaque, HOLE_ANY, HOLE_INPUT, HOLE_NOEXT, HOLE_SEG, HOLE_UNKNOWN, holeRange } from "../shell/words/template";
import { preparePathTemplate, type PreparedTemplate } from "./pathTemplate";
import type { PathGlob } from "./pathGlob";
import { analyseShell } from "../shell/analyse";
import { formsOf, type CommandForms } from "../shell/forms";

export interface ToolCall {
  toolName: string;
  toolInput: Record<string, unknown>;
  cwd?: string | undefined;
  home?: string | undefined;
}

interface Subject {
  display: string;
  /** Shell forms for restricting rules and for allow rules (forms.ts); empty for other tools. */
  restrict: readonly string[];
  allow: readonly string[];
  canonical: string | undefined;
}

export interface CallSubjects {
  /** Canonical tool name of the call. */
  readonly toolName: string;
  readonly kind: "shell" | "path" | "url" | "other";
  /** @internal */
  readonly input: Record<string, unknown>;
  /** @internal shell subjects (kind "shell"): one per simple command; one entry otherwise. */
  readonly items: readonly Subject[];
  /** @internal normalised path (kind "path"), undefined if the input has none. */
  readonly path: PreparedPath | undefined;
  /** @internal lower-cased hostname without trailing dot (kind "url"), undefined if unparseable. */
  readonly host: string | undefined;
  /** @internal */
  readonly cwd: string | undefined;
  /** @internal */
  readonly home: string | undefined;
  /** @internal the shell analysis (kind "shell"). */
  readonly analysis: ShellAnalysis | undefined;
  /** @internal this call's share of matching work. */
  readonly budget: WorkBudget;
  /** @internal effect paths prepared once (key: cwd NUL path), however many patterns test them. */
  readonly prepared: Map<string, PreparedEffectPath>;
  /** @internal for shell calls: the analysis and what is derived from it, shared by every call of the command. */
  readonly shell: AnalysedCommand | undefined;
  /** @internal for other calls: their effects, once worked out. */
  fileEffects: readonly Effect[] | undefined;
  /** @internal the client's tools. */
  readonly tools: ToolTable;
  /** Part of the call could not be examined (a cap of the shell analysis, a path longer than any real one). */
  readonly truncated: boolean;
  /** Part of the shell command didn't parse (the tolerant readings were added). */
  readonly parseErrors: boolean;
}

/** The tools whose calls can have effects: file tools by their table entries, shell tools by their commands. */
const effectToolsByTable = new WeakMap<ToolTable, ReadonlySet<string>>();
export function effectTools(tools: ToolTable): ReadonlySet<string> {
  let set = effectToolsByTable.get(tools);
  if (!set) effectToolsByTable.set(tools, (set = new Set([...Object.keys(tools.effects), ...Object.keys(tools.shells)])));
  return set;
}

/** A call's effects (what it deletes, reads, writes, …), computed once per call on first use. */
export function callEffects(s: CallSubjects): readonly Effect[] {
  // A shell call's effects belong to its analysis (shared by every call of the same command, see analysisCache).
  if (s.shell) return (s.shell.effects ??= effectsOf(s.shell.analysis));
  if (s.fileEffects) return s.fileEffects;
  const out: Effect[] = [];
  const str = (f: string) => (typeof s.input[f] === "string" && s.input[f] !== "" ? (s.input[f] as string) : undefined);
  for (const spec of s.tools.effects[s.toolName] ?? []) {
    const given = spec.fields.map(str).find((x) => x !== undefined);
    if (spec.patternDir !== undefined) {
      // The literal directory the pattern starts in (`~/.ssh/*` → `~/.ssh`; `.env*`, `**/x` → none), under the path.
      const pattern = str(spec.patternDir) ?? "";
      const stem = pattern.slice(0, Math.max(0, pattern.search(/[*?[{]/)));
      const dir = stem.includes("/") ? stem.slice(0, stem.lastIndexOf("/")) : "";
      const target = given !== undefined ? (dir !== "" && !dir.startsWith("/") && !dir.startsWith("~") ? `${given}/${dir}` : given) : dir !== "" ? dir : undefined;
      if (target !== undefined) out.push({ kind: spec.kind, path: literal(target), via: s.toolName, command: 0, ...(spec.tree === true ? { recursive: true } : {}) });
      continue;
    }
    const path = given ?? spec.default;
    if (path === undefined) continue;
    const added = spec.text !== undefined ? s.input[spec.text.added] : undefined;
    const replaced = spec.text?.replaced !== undefined ? s.input[spec.text.replaced] : undefined;
    const text = typeof added === "string" && (spec.text?.replaced === undefined || typeof replaced === "string") ? { added, ...(typeof replaced === "string" ? { replaced } : {}) } : undefined;
    const globs = spec.globs !== undefined ? str(spec.globs) : undefined;
    const tree = spec.tree === true && globs === undefined ? { recursive: true } : {};
    out.push({ kind: spec.kind, path: literal(path), via: `${s.toolName} ${spec.fields[0]}`, command: 0, ...(text ? { text } : {}), ...tree });
    if (globs !== undefined)
      for (const g of globs.split(/[,\s]+/).filter((x) => x !== "" && !x.startsWith("!")))
        out.push({ kind: spec.kind, path: `${literal(path)}/${globTemplate(g)}`, via: `${s.toolName} ${spec.globs}`, command: 0 });
  }
  s.fileEffects = out;
  return out;
}

/**
 * An effect's path as the `effect` condition reads it: a variable or substitution hookgate could not resolve is
 * taken as empty — what an unset variable or a failed `$(…)` really gives, the `rm -rf "$DIR/"*` accident — while
 * globs keep every file they may match; a program's unknown input (HOLE_INPUT: `… | xargs rm -rf`) is any path.
 * `${X:?}` (never empty) and a `cd` to an unknown place make it unknown:
 * undefined, matched by no set.
 */
/** A HOLE_SEG (a glob `*`) right after a name's last character (not after `/`, `.` or another spelling hole). */
const GLOB_AFTER_NAME = new RegExp(`([^/.${holeRange(HOLE_ANY, HOLE_NOEXT)}])${HOLE_SEG}`, "g");

export function effectPath(path: string): string | undefined {
  if (!hasHoles(path)) return path;
  if (path.includes(HOLE_UNKNOWN)) return undefined;
  // A glob `*` after a name (`Dockerfile*`, `.env*`) stands for the name's variants, not a new extension: it is
  // read as text without `.` (HOLE_NOEXT), so `Dockerfile*` is not taken for `Dockerfile.key`.
  // A program's unknown input (HOLE_INPUT) is any path: it stays a hole.
  return path.replaceAll(HOLE_ANY, "").replaceAll(HOLE_INPUT, HOLE_ANY).replace(GLOB_AFTER_NAME, `$1${HOLE_NOEXT}`);
}

/** An effect's path made ready for matching: `some` for SOME filling of its holes, `every` for EVERY filling. */
interface PreparedEffectPath {
  readonly some: PreparedPath | PreparedTemplate | undefined;
  readonly every: PreparedPath | undefined;
}

const UNPREPARED: PreparedEffectPath = { some: undefined, every: undefined };

/**
 * Prepare an effect's path (see effectPath) once per call, however many globs then test it. `entries`: a last
 * segment naming every entry of a directory (`dir/*`) stays those entries (see preparePathTemplate).
 */
export function prepareEffectPath(path: string, s: CallSubjects, cwd: string | undefined = s.cwd, entries = false): PreparedEffectPath {
  const key = `${entries ? "\u0001" : ""}${cwd ?? ""}\0${path}`;
  const known = s.prepared.get(key);
  if (known) return known;
  // Normalising costs about as much as a few dozen glob tests on it; beyond the budget the path is not examined.
  if (!s.budget.spend(path.length * 16 + 2_000)) return UNPREPARED;
  const p0 = effectPath(path);
  let some: PreparedPath | PreparedTemplate | undefined;
  let every: PreparedPath | undefined;
  if (p0 !== undefined) {
    if (p0 === "") some = undefined;
    // Relative paths resolve against where the command runs; rules stay anchored at the call's own cwd.
    else if (hasHoles(p0) || p0.startsWith("~")) some = preparePathTemplate(p0, { cwd, home: s.home }, s.cwd, entries);
    else some = preparePath(cwd !== s.cwd && cwd !== undefined ? (normalizePath(p0, cwd, s.home) ?? p0) : p0, { cwd: s.cwd, home: s.home });
    const abs = cwd !== s.cwd && cwd !== undefined ? (normalizePath(opaque(p0), cwd, s.home) ?? p0) : opaque(p0);
    every = preparePath(abs, { cwd: s.cwd, home: s.home });
  }
  const prepared = { some, every };
  s.prepared.set(key, prepared);
  return prepared;
}

/** Whether a glob matches an effect's path for SOME filling of its holes. */
export function effectPathMatches(glob: PathGlob, p: PreparedEffectPath, s: CallSubjects): boolean {
  const t = p.some;
  if (t === undefined) return false;
  if (!("candidates" in t)) return s.budget.spend(t.path.length + glob.raw.length) && glob.matchPrepared(t);
  // A template is simulated character by character against the glob's automaton (anchor included): charge that.
  let chars = 0;
  for (const c of t.candidates) chars += c.length;
  return s.budget.spend(chars * (glob.raw.length + (s.cwd?.length ?? 0) + 4)) && glob.matchTemplate(t);
}

/** Whether a glob matches an effect's path for EVERY filling of its holes (for exclusions). */
export function effectPathAlwaysMatches(glob: PathGlob, p: PreparedEffectPath): boolean {
  return p.every !== undefined && glob.matchPrepared(p.every);
}

/** A shell command's analysis and what is derived from it on demand; shared by every call of the command. */
interface AnalysedCommand {
  readonly analysis: ShellAnalysis;
  /** The home the forms are written with (the analysis' own input). */
  readonly home: string | undefined;
  /**
   * The subjects with their shell forms, worked out on first use (shellItems): only permission rules (`if`,
   * `unless`), the rule index's literal hints and a trace's description read them, and a policy of `effect` rules
   * alone (the starter) never does, so a command it has not seen is not rendered into forms at all.
   */
  items: readonly Subject[] | undefined;
  effects: readonly Effect[] | undefined;
  /** Effect paths prepared for matching: they depend only on the analysis' input (cwd and home included). */
  readonly prepared: Map<string, PreparedEffectPath>;
  /** The rule index's view of the forms (ruleIndex.ts). */
  indexForms: { readonly forms: string[] } | undefined;
}

/**
 * Recent shell analyses, so that a command an agent runs again (`git status`, `npm test`) is not parsed again.
 * Module scope on purpose: it outlives the request. The key is the exact command text with its dialect, cwd and
 * home — everything the analysis reads — so an entry is only ever reused for the very same input; what is cached
 * is the analysis (pure data, never mutated), never an answer. The key also holds the compiled policy's scope
 * (CompiledPolicy.analysisScope): a team only ever hits its own entries, so a hit's speed says nothing about what
 * another team ran. Bounded: the most recent CACHE_ENTRIES commands of at most CACHE_MAX_COMMAND characters each.
 *
 * A command is cached on its second sighting, not its first (`seenOnce`). Most of what an agent sends is new (a
 * fresh `cd` and path in nearly every call) and never comes again: cached on first sight, each such analysis lived
 * on for CACHE_ENTRIES more requests, so it outlived the young generation and was copied and then collected by the
 * old one's marking — in Node about as much collector time as the analysis itself took. Left uncached, it dies young
 * with the request. A command that does come again is analysed once more on its second call and hit from the third.
 */
const analysisCache = new Map<string, AnalysedCommand>();
const CACHE_ENTRIES = 256;
const CACHE_MAX_COMMAND = 4096;
/**
 * The keys of the most recent SEEN_ONCE commands analysed and not (yet) cached: the exact keys, so that one team's
 * command never admits another's (the key holds the scope). A key is kilobytes at most, far less than its analysis.
 * A ring of slots, each key mapped to its slot: the oldest is dropped in place (a Map's oldest key is found by an
 * iterator that steps over every entry deleted before it).
 */
const SEEN_ONCE = 512;
const seenOnce = new Map<string, number>();
const seenOnceRing: (string | undefined)[] = new Array(SEEN_ONCE).fill(undefined);
let seenOnceNext = 0;
/** Whether `key` was seen once (and is taken out of seenOnce), else it is put in. */
function secondSighting(key: string): boolean {
  if (seenOnce.delete(key)) return true;
  const slot = seenOnceNext;
  seenOnceNext = (slot + 1) % SEEN_ONCE;
  const old = seenOnceRing[slot];
  // (a key taken out as seen twice, then put in again elsewhere in the ring, is not this slot's to drop)
  if (old !== undefined && seenOnce.get(old) === slot) seenOnce.delete(old);
  seenOnceRing[slot] = key;
  seenOnce.set(key, slot);
  return false;
}

const analysisKey = (command: string, dialect: "bash" | "powershell", cwd: string | undefined, home: string | undefined, scope: string) =>
  `${scope}\0${dialect}\0${cwd ?? ""}\0${home ?? ""}\0${command}`;

/** Whether the cache holds this command's analysis in `scope` (tests: which scope a decision used). */
export const isAnalysisCached = (...key: Parameters<typeof analysisKey>) => analysisCache.has(analysisKey(...key));

function analysedCommand(command: string, dialect: "bash" | "powershell", cwd: string | undefined, home: string | undefined, scope: string, caseSensitiveCommands = false): AnalysedCommand {
  const cacheable = command.length <= CACHE_MAX_COMMAND;
  const key = cacheable ? analysisKey(command, dialect, cwd, home, caseSensitiveCommands ? `${scope}\0cs` : scope) : "";
  if (cacheable) {
    const hit = analysisCache.get(key);
    if (hit) {
      // Most recently used last: the first entry is the one to evict.
      analysisCache.delete(key);
      analysisCache.set(key, hit);
      return hit;
    }
  }
  const analysis = analyseShell(command, dialect, { cwd, home, ...(caseSensitiveCommands ? { caseSensitiveCommands } : {}) });
  const entry: AnalysedCommand = { analysis, home, items: undefined, effects: undefined, prepared: new Map(), indexForms: undefined };
  if (cacheable) {
    if (secondSighting(key)) setNewest(analysisCache, key, entry, CACHE_ENTRIES);
  }
  return entry;
}

/** A shell command's subjects: one per simple command, with its forms (forms.ts), worked out once per analysis. */
function shellItems(shell: AnalysedCommand): readonly Subject[] {
  if (shell.items) return shell.items;
  const forms: CommandForms[] = formsOf(shell.analysis, shell.home);
  const items: Subject[] = forms.map((f) => ({ display: f.display, restrict: f.restrict, allow: f.allow, canonical: f.canonical }));
  // An empty or comment-only command: one empty subject, so a whole-tool rule still has something to match.
  if (items.length === 0) items.push({ display: "", restrict: [""], allow: [""], canonical: undefined });
  shell.items = items;
  return items;
}

/**
 * A call's subjects. A shell call's items are its analysis' (shellItems: worked out when first read, through the
 * prototype's getter, so that making the object per call costs no closure); any other call's are given.
 */
class Subjects implements CallSubjects {
  readonly analysis: ShellAnalysis | undefined;
  readonly prepared: Map<string, PreparedEffectPath>;
  fileEffects: readonly Effect[] | undefined = undefined;
  constructor(
    readonly toolName: string,
    readonly kind: CallSubjects["kind"],
    readonly input: Record<string, unknown>,
    private readonly given: readonly Subject[] | undefined,
    readonly path: PreparedPath | undefined,
    readonly host: string | undefined,
    readonly cwd: string | undefined,
    readonly home: string | undefined,
    readonly budget: WorkBudget,
    readonly shell: AnalysedCommand | undefined,
    readonly tools: ToolTable,
    readonly truncated: boolean,
    readonly parseErrors: boolean,
  ) {
    this.analysis = shell?.analysis;
    this.prepared = shell ? shell.prepared : new Map();
  }
  get items(): readonly Subject[] {
    return this.given ?? shellItems(this.shell!);
  }
}

/** `scope`: whose part of the analysis cache to use (a compiled policy's analysisScope; "" outside a policy). */
export function subjectsOf(call: ToolCall, tools: ToolTable, budget: WorkBudget = new WorkBudget(), scope = "", caseSensitiveCommands = false): CallSubjects {
  const toolName = canonicalTool(tools, typeof call.toolName === "string" ? call.toolName : "");
  const input = call.toolInput && typeof call.toolInput === "object" ? call.toolInput : {};
  const cwd = typeof call.cwd === "string" && call.cwd !== "" ? call.cwd : undefined;
  const home = typeof call.home === "string" && call.home !== "" ? call.home : deriveHome(cwd);
  // Every field set in one constructor (no spread): the object is read for every rule of every handler of the call.
  const make = (
    kind: CallSubjects["kind"],
    items: readonly Subject[] | undefined,
    extra: { path?: CallSubjects["path"]; host?: string; truncated?: boolean; parseErrors?: boolean; shell?: AnalysedCommand } = {},
  ): CallSubjects => new Subjects(toolName, kind, input, items, extra.path, extra.host, cwd, home, budget, extra.shell, tools, extra.truncated ?? false, extra.parseErrors ?? false);

  const shellTool = tools.shells[toolName];
  if (shellTool) {
    const command = typeof input[shellTool.field] === "string" ? (input[shellTool.field] as string) : "";
    const shell = analysedCommand(command, shellTool.dialect, cwd, home, scope, caseSensitiveCommands);
    return make("shell", undefined, { truncated: shell.analysis.truncated, parseErrors: shell.analysis.parseErrors, shell });
  }
  const pathTool = tools.paths[toolName];
  if (pathTool) {
    let raw: string | undefined;
    for (const f of pathTool.fields) {
      const v = input[f];
      if (typeof v === "string" && v !== "") {
        raw = v;
        break;
      }
    }
    if (raw === undefined && pathTool.orCwd) raw = cwd;
    const path = raw !== undefined ? preparePath(raw, { cwd, home }) : undefined;
    return make("path", [{ display: path?.path ?? "(no path)", restrict: [], allow: [], canonical: undefined }], { path, truncated: path?.tooLong ?? false });
  }
  const urlField = tools.urls[toolName];
  if (urlField !== undefined) {
    const url = typeof input[urlField] === "string" ? (input[urlField] as string) : "";
    const host = hostOf(url);
    const display = host ?? `(unparseable url: ${url.length > 200 ? `${url.slice(0, 199)}…` : url})`;
    return make("url", [{ display, restrict: [], allow: [], canonical: undefined }], { host });
  }
  return make("other", [{ display: toolName, restrict: [], allow: [], canonical: undefined }]);
}

/** Hostname of a URL, lower-cased, trailing dot stripped; scheme-less `host/path` is read as https. */
function hostOf(url: string): string | undefined {
  const tryParse = (u: string): string | undefined => {
    try {
      const h = new URL(u).hostname;
      return h === "" ? undefined : h;
    } catch {
      return undefined;
    }
  };
  let h = tryParse(url.trim());
  if (h === undefined && url.trim() !== "" && !/^[a-z][a-z0-9+.-]*:\/\//i.test(url.trim())) h = tryParse(`https://${url.trim()}`);
  if (h === undefined) return undefined;
  h = h.toLowerCase();
  while (h.endsWith(".") && h.length > 1) h = h.slice(0, -1);
  return h;
}

/** How many subjects a call has (a shell call: its simple commands, at least one), without working out their forms. */
export function subjectCount(subjects: CallSubjects): number {
  return subjects.shell ? Math.max(1, subjects.shell.analysis.commands.length) : subjects.items.length;
}

export function describeSubject(subjects: CallSubjects, i: number): string {
  return subjects.items[i]?.display ?? "";
}

export const NONE: number[] = [];

/** Every subject index of a call, built once per call (rules that cover the whole call all return it). */
const allIndexes = new WeakMap<CallSubjects, number[]>();
export function all(subjects: CallSubjects): number[] {
  const cached = allIndexes.get(subjects);
  if (cached) return cached;
  const out = allUncached(subjects);
  allIndexes.set(subjects, out);
  return out;
}

function allUncached(subjects: CallSubjects): number[] {
  const out: number[] = [];
  for (let i = 0, n = subjectCount(subjects); i < n; i++) out.push(i);
  return out;
}

export function scalar(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  return undefined;
}

