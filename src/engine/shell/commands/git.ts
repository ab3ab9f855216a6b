/**
 * What git does to files, and the two parses the rest of the engine shares: the subcommand after git's global
 * options (gitSubcommand: also read by forms.ts and bash/followCode.ts) and `git push`'s options (GIT_PUSH, for
 * the canonical form of a push). Effects: force pushes and remote deletes, files read through the object store
 * (`git show HEAD:.env`) or printed by history (`git log -p -- .env`), settings that plant code (`core.hooksPath`),
 * and the files checkout, restore, mv, clean and rm write or delete.
 */
import { parseArgs, type OptionTable, type ParsedArgs } from "../words/args";
import type { ShellWord } from "../model";
import { startsWithWordHole } from "../words/template";
import { type DeclaredEffect, effect } from "./declared";

/** git's own options, before the subcommand (`git -C dir -c k=v --no-pager …`). */
const GIT_GLOBAL: OptionTable = {
  short: "pPhv",
  shortArg: "Cc",
  long: ["paginate", "no-pager", "bare", "no-replace-objects", "literal-pathspecs", "glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "no-optional-locks", "html-path", "man-path", "info-path", "version", "help", "no-advice", "no-lazy-fetch"],
  longArg: ["git-dir", "work-tree", "namespace", "config-env", "super-prefix", "list-cmds", "attr-source"],
  longOptArg: ["exec-path"],
  permute: false,
};

/** `git push`'s options: what tells a forced or deleting push from a plain one. */
export const GIT_PUSH: OptionTable = {
  short: "fuvqnd46",
  shortArg: "o",
  long: ["force", "force-if-includes", "no-force-if-includes", "mirror", "all", "branches", "tags", "follow-tags", "no-follow-tags", "delete", "prune", "set-upstream", "dry-run", "porcelain", "verbose", "quiet", "progress", "no-progress", "no-verify", "verify", "atomic", "no-atomic", "thin", "no-thin", "ipv4", "ipv6", "no-force-with-lease"],
  longArg: ["push-option", "repo", "receive-pack", "exec"],
  longOptArg: ["force-with-lease", "signed", "recurse-submodules"],
  names: { f: "force", u: "set-upstream", n: "dry-run", d: "delete", o: "push-option", v: "verbose", q: "quiet" },
};

/** The subcommand of a git command line and the words after it (global options skipped). */
export function gitSubcommand(words: readonly ShellWord[]): { sub: string; rest: readonly ShellWord[]; dirs: readonly string[] } | undefined {
  const g = parseArgs(words, GIT_GLOBAL);
  const first = g.operands[0];
  if (!first) return undefined;
  const at = words.indexOf(first);
  // `-C dir` (each relative to the one before): where git runs.
  return { sub: first.text, rest: words.slice(at + 1), dirs: g.options.get("C") ?? [] };
}

/**
 * git settings whose value is code git runs later, or where it looks for it: setting one plants code as surely as
 * writing a hook, so it is a write of the repository's hooks directory.
 */
const GIT_CODE_SETTINGS: ReadonlySet<string> = new Set(["core.hookspath", "core.fsmonitor"]);

/** git: force pushes, and files read through the object store (`git show HEAD:.env`); under `-C dir` when given. */
export function gitEffects(_a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
  const g = gitSubcommand(words);
  if (!g) return [];
  const out = gitSubcommandEffects(g);
  // `git -C dir …` runs as if started in dir (each -C relative to the one before): its relative paths are under it.
  const dirs = g.dirs;
  if (dirs.length === 0) return out;
  const under = (dir: string, p: string) => (p.startsWith("/") || p.startsWith("~") ? p : `${dir.replace(/\/+$/, "")}/${p}`);
  const dir = dirs.reduce((at, d) => (at === "" ? d : under(at, d)), "");
  return out.map((e) => (e.path !== undefined && dir !== "" ? { ...e, path: under(dir, e.path) } : e));
}

function gitSubcommandEffects(g: { sub: string; rest: readonly ShellWord[] }): DeclaredEffect[] {
  const sub = g.sub;
  const out: DeclaredEffect[] = [];
  if (sub === "config") {
    // `git config core.hooksPath x`, `git config --global --add core.hooksPath x`: not `--get`, `--unset`, `-l`.
    const key = g.rest.find((w) => !w.text.startsWith("-"));
    const reads = g.rest.some((w) => /^--(get|get-all|get-regexp|list|unset|unset-all|show-origin)$|^-l$/.test(w.text));
    if (key && GIT_CODE_SETTINGS.has(key.value.toLowerCase()) && !reads && g.rest.indexOf(key) < g.rest.length - 1) out.push(effect("write", `git config ${key.value}`, ".git/hooks"));
  }
  // A dynamic subcommand (`git $CMD -f`) may be a push.
  if (sub === "push" || (sub.charCodeAt(0) >= 0xe000 && sub.charCodeAt(0) <= 0xe004)) {
    const p = parseArgs(g.rest, GIT_PUSH);
    const forced =
      p.unknown ||
      ["force", "force-with-lease", "force-if-includes", "mirror"].some((o) => p.options.has(o)) ||
      p.operands.some((w) => w.text.startsWith("+") || (startsWithWordHole(w.text) && w.splits));
    if (forced) out.push(effect("force-push", "git push --force"));
    // Deleting a remote branch rewrites it too: `--delete`/`-d`, `--prune`, an empty source (`:main`, the refspec
    // after the remote).
    else if (p.options.has("delete") || p.options.has("prune") || p.operands.slice(1).some((w) => w.text.startsWith(":")))
      out.push(effect("force-push", "git push --delete"));
  }
  if (sub === "show" || sub === "cat-file" || sub === "grep" || sub === "archive") {
    for (const w of g.rest) {
      const m = /^[^:\s]*:(.+)$/.exec(w.value);
      if (m && !w.text.startsWith("-")) out.push(effect("read", `git ${sub} REV:path`, m[1]!));
    }
  }
  if (sub === "diff" && g.rest.some((w) => w.text === "--no-index"))
    for (const w of g.rest) if (!w.text.startsWith("-")) out.push(effect("read", "git diff --no-index", w.value));
  // History and annotations print the file's content: `git log -p -- .env`, `git blame .env`, `git diff HEAD -- .env`.
  if (["log", "diff", "show", "blame", "annotate", "whatchanged"].includes(sub)) {
    const dd = g.rest.findIndex((w) => w.text === "--");
    const specs = dd >= 0 ? g.rest.slice(dd + 1) : sub === "blame" || sub === "annotate" ? g.rest.filter((w) => !w.text.startsWith("-")).slice(-1) : [];
    for (const w of specs) out.push(effect("read", `git ${sub} -- path`, w.value));
  }
  if (sub === "checkout" || sub === "restore") {
    const dd = g.rest.findIndex((w) => w.text === "--");
    if (dd >= 0) for (const w of g.rest.slice(dd + 1)) out.push(effect("write", `git ${sub} -- path`, w.value));
    // Without `--`: restore's operands are paths; checkout's may be (`git checkout .github/workflows/ci.yml`,
    // `git checkout main -- x` aside, a word that is not a branch is a path), so each counts as one.
    else for (const w of gitOperands(g.rest, ["-s", "--source", "-b", "-B", "--orphan", "--conflict", "--pathspec-from-file"])) out.push(effect("write", `git ${sub} path`, w.value));
  }
  if (sub === "mv") {
    const ops = gitOperands(g.rest, []);
    for (const w of ops.slice(0, -1)) out.push(effect("read", "git mv", w.value), effect("delete", "git mv", w.value, { recursive: true }));
    if (ops.length > 1) out.push(effect("write", "git mv", ops[ops.length - 1]!.value));
  }
  // `git clean -f` deletes the untracked files under its pathspecs, or under the directory it runs in (recursively,
  // and directories too with -d): a recursive delete of each, unless it only says what it would do (-n).
  if (sub === "clean") {
    const forced = g.rest.some((w) => /^-[A-Za-z]*f/.test(w.text) || w.text === "--force");
    const dryRun = g.rest.some((w) => /^-[A-Za-z]*n/.test(w.text) || w.text === "--dry-run");
    if (forced && !dryRun) {
      const operands = gitOperands(g.rest, ["-e", "--exclude"]);
      for (const p of operands.length > 0 ? operands.map((w) => w.value) : ["."]) out.push(effect("delete", "git clean", p, { recursive: true }));
    }
  }
  if (sub === "rm") {
    const recursive = g.rest.some((w) => /^-[A-Za-z]*r/.test(w.text));
    for (const w of gitOperands(g.rest, ["--pathspec-from-file"])) out.push(effect("delete", "git rm", w.value, { recursive }));
  }
  return out;
}

/** A git subcommand's operands: its words that are not options nor the values of `withValue` options. */
function gitOperands(rest: readonly ShellWord[], withValue: readonly string[]): ShellWord[] {
  const out: ShellWord[] = [];
  for (let k = 0; k < rest.length; k++) {
    const t = rest[k]!.text;
    if (t === "--") continue;
    if (withValue.includes(t)) k++;
    else if (!t.startsWith("-")) out.push(rest[k]!);
  }
  return out;
}
