/**
 * The strings a permission rule (`Bash(git push *)`) is matched against, for each simple command of a shell
 * command line. A rule matches a command if it matches ANY of its forms:
 *
 * - `raw`: the command's source text from each stripping stage on, whitespace runs collapsed (as the client reads
 *   commands), read as literal text (a `$X` in it is just those characters).
 * - `words`: the words from each stage on, quotes removed and joined by single spaces, as a template: `$X`, `$(…)`
 *   and unquoted globs are holes (template.ts), and an unquoted expansion that may split into words absorbs the
 *   space before it, so it may also stand for nothing.
 * - `canonical`: the command finally run (every wrapper stripped), its name without directory (`/bin/rm` → `rm`),
 *   options normalised with the command's own table (commands.ts: `-rf` → `--force --recursive`, `--recur` →
 *   `--recursive`, options after operands moved before them, git's global options dropped), path operands
 *   normalised (`//*` → `/*`, `/./x` → `/x`, `"$HOME"` / `${HOME:?}` / the absolute home directory → `~`).
 *
 * Restricting rules (deny, ask, defer, block, judges) use every form and ask whether SOME filling of the holes
 * matches. Allow rules use only `raw` and `words` from the stages the client itself reaches (its own wrappers
 * stripped, assignments kept), and ask whether EVERY filling matches: an allow can never be wider than the client's.
 */
import { parseArgs, type OptionTable } from "./words/args";
import { commandSpec } from "./commands/commands";
import { GIT_PUSH, gitSubcommand } from "./commands/git";
import type { ShellAnalysis, ShellWord, SimpleCommand } from "./model";
import { isPsExpression, PS_ALIASES } from "./powershell/cmdlets";
import { collapse } from "./builder";
import { commandName, strippedCommand } from "./words/strip";
import { displayTemplate, HOLE_ANY, hasHoles, literal, onlyWordHoles } from "./words/template";

export interface CommandForms {
  /** For traces: the command finally run, words joined, holes shown as `…`. */
  readonly display: string;
  /** Forms restricting rules are matched against (templates; PowerShell lower-cased). */
  readonly restrict: readonly string[];
  /** Forms allow rules are matched against (templates: EVERY filling must match). */
  readonly allow: readonly string[];
  /** The canonical form alone (for canonicalised rule patterns). */
  readonly canonical: string | undefined;
}

const DISPLAY_MAX = 300;
const clip = (s: string) => (s.length > DISPLAY_MAX ? `${s.slice(0, DISPLAY_MAX - 1)}…` : s);

/** Words joined as the shell would pass them: a word that may split into nothing absorbs the space before it. */
function joinTemplate(words: readonly ShellWord[], pick: (w: ShellWord) => string = (w) => w.text): string {
  let out = "";
  words.forEach((w, k) => {
    const t = pick(w);
    if (k === 0) out = t;
    else if (w.splits && onlyWordHoles(t)) out += t;
    else out += ` ${t}`;
  });
  return out;
}

/** A path operand as the canonical form writes it. */
function canonicalPath(value: string, home: string | undefined): string {
  let p = value;
  if (home && home !== "/" && (p === home || p.startsWith(`${home}/`))) p = `~${p.slice(home.length)}`;
  if (p.startsWith("/") || p.startsWith("~/")) {
    p = p.replace(/\/{2,}/g, "/").replace(/\/(?:\.\/)+/g, "/").replace(/\/\.$/, "");
    if (p.length > 1 && p.endsWith("/")) p = p.replace(/\/+$/, "") || "/";
  }
  return p;
}

/** The canonical form of a command's final words (see the module comment); undefined when there is nothing to say. */
export function canonicalForm(words: readonly ShellWord[], dialect: SimpleCommand["dialect"], home: string | undefined): string | undefined {
  const head = words[0];
  if (!head) return undefined;
  if (dialect === "powershell") {
    const base = head.value.toLowerCase().replace(/\\/g, "/").replace(/^.*\//, "").replace(/\.exe$/, "");
    return [PS_ALIASES[base] ?? base, ...words.slice(1).map((w) => w.value.toLowerCase())].join(" ");
  }
  const name = commandName(head.value);
  let rest = words.slice(1);
  let prefix = name;
  if (name === "git") {
    const g = gitSubcommand(rest);
    if (!g) return name;
    prefix = `git ${g.sub}`;
    rest = g.rest.slice();
    return render(prefix, rest, g.sub === "push" ? GIT_PUSH : undefined, home);
  }
  return render(prefix, rest, commandSpec(name)?.options, home);
}

function render(prefix: string, rest: readonly ShellWord[], table: OptionTable | undefined, home: string | undefined): string {
  if (!table) return [prefix, ...rest.map((w) => canonicalPath(w.value, home))].join(" ");
  const a = parseArgs(rest, table);
  const opts: string[] = [];
  for (const [name, values] of [...a.options.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
    for (const value of [...new Set(values)]) {
      const flag = name.length === 1 ? `-${name}` : `--${name}`;
      opts.push(value === "" ? flag : `${flag}=${value}`);
    }
  return [prefix, ...opts, ...a.operands.map((w) => canonicalPath(w.value, home))].join(" ");
}

export function formsOf(analysis: ShellAnalysis, home: string | undefined): CommandForms[] {
  return analysis.commands.map((c) => commandForms(c, home));
}

function commandForms(c: SimpleCommand, home: string | undefined): CommandForms {
  const fold = c.dialect === "bash" ? (s: string) => s : (s: string) => s.toLowerCase();
  const restrict: string[] = [];
  const allow: string[] = [];
  const push = (list: string[], f: string) => {
    const x = fold(f);
    if (!list.includes(x)) list.push(x);
  };
  if (c.words.length === 0) {
    // Redirections alone (`> file`): the raw text is all there is.
    push(restrict, literal(c.raw));
    push(allow, literal(c.raw));
    return { display: clip(c.raw), restrict, allow, canonical: undefined };
  }
  const s = strippedCommand(c);
  const rawFrom = (k: number) => {
    // The source text from word k on: the raw of the remaining words (the command's own source slice when k = 0).
    if (k === 0) return c.raw;
    return collapse(c.words.slice(k).map((w) => w.raw).join(" "));
  };
  // The client collapses whitespace runs everywhere, inside quotes too: the joined words are collapsed as well.
  for (const k of s.stages) {
    push(restrict, literal(rawFrom(k)));
    const joined = joinTemplate(c.words.slice(k));
    push(restrict, joined);
    push(restrict, collapse(joined));
  }
  for (const k of s.clientStages) {
    push(allow, literal(rawFrom(k)));
    push(allow, joinTemplate(c.words.slice(k)));
  }
  const last = c.words.slice(s.start, s.end);
  // The command with its directory removed (`/bin/rm -rf /` → `rm -rf /`) at the last stage.
  const head = last[0]!;
  const base = commandName(head.value);
  if (c.dialect === "bash" && base !== head.value) push(restrict, joinTemplate([{ ...head, text: base, value: base }, ...last.slice(1)]));
  const canonical = canonicalForm(last, c.dialect, home);
  if (canonical !== undefined) push(restrict, canonical);
  // A dynamic command word (`$GIT push`, `"$CMD" -x`, `git$Y`, `$(which x)`) may be any command — with
  // GIT='sh -c ls', `$GIT push` runs `ls` — so for restricting rules the command is a hole that matches anything.
  // A PowerShell expression in the command's place (`$LASTEXITCODE -ne 0`) runs no command (isPsExpression).
  if (hasHoles(head.text) && !isPsExpression(c)) push(restrict, HOLE_ANY);
  return { display: clip(displayTemplate(last.map((w) => w.text).join(" "))), restrict, allow, canonical: canonical === undefined ? undefined : fold(canonical) };
}
