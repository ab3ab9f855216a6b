/**
 * Text for a shell start-up file (`.bashrc`, `.zshrc`, `/etc/environment`) that only sets variables: blank lines,
 * comments and `[export] NAME=VALUE` lines whose value is plain text and variable references (`$HOME/bin:$PATH`),
 * no command substitution, no command, nothing after the value. Such a line runs nothing when the shell starts, so
 * writing it plants no code; anything else may (an alias, a function, `curl … | sh`, a `$(…)` in a value).
 *
 * Some variables are code themselves, run by the shell or the dynamic loader with nobody asking: those are never
 * "only settings" (`PROMPT_COMMAND`, `BASH_ENV`, `LD_PRELOAD`, an interpreter's start-up options, an exported
 * function). The reading is line by line and strict: a line it cannot read for sure is taken as code.
 */

/** Variables whose value the shell, the dynamic loader or an interpreter runs (or loads) as code on start. */
const CODE_VARIABLES: ReadonlySet<string> = new Set([
  "PROMPT_COMMAND", "BASH_ENV", "ENV", "ZDOTDIR", "PS0",
  "LD_PRELOAD", "LD_AUDIT", "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH",
  "PYTHONSTARTUP", "PYTHONPATH", "PERL5OPT", "PERL5LIB", "PERLLIB", "RUBYOPT", "RUBYLIB", "NODE_OPTIONS",
  "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_EXEC_PATH",
  "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "SHELLOPTS", "BASHOPTS", "IFS", "PROMPT_SUBST",
]);

/** `NAME=` or `export NAME=` at the start of a line, and the value after it. */
const SETTING = /^(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;
/** A value made of plain characters and `$NAME` / `${NAME}` / `${NAME:-text}` references only. */
const PLAIN = /^(?:[A-Za-z0-9_./:~@%+,=-]|\$[A-Za-z_][A-Za-z0-9_]*|\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-=+?](?:[A-Za-z0-9_./:~@%+,=-]|\$[A-Za-z_][A-Za-z0-9_]*)*)?\})*$/;

function plainValue(value: string): boolean {
  // Quoted, a space is text too. Only plain characters either way, even in single quotes (which expand nothing):
  // an edit's text may land inside a quoted string of the line it replaces into, and there `'a' | sh '` would be a
  // pipe; plain words and spaces stay words whatever quotes they land in.
  const quoted = value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]);
  const inner = quoted ? value.slice(1, -1) : value;
  return PLAIN.test(quoted ? inner.replace(/ /g, "") : inner);
}

function settingLine(line: string): boolean {
  const m = SETTING.exec(line.trim());
  if (!m) return false;
  const name = m[1]!;
  if (CODE_VARIABLES.has(name) || name.startsWith("BASH_FUNC_")) return false;
  return plainValue(m[2]!);
}

/**
 * Does `text` only set variables? `comments`: whether comment lines may be in it — not in text an edit replaces,
 * since removing a `#` can turn a commented-out line into a command that runs.
 */
export function onlySetsVariables(text: string, comments: boolean): boolean {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "") continue;
    if (line.startsWith("#")) {
      if (comments) continue;
      return false;
    }
    if (!settingLine(line)) return false;
  }
  return true;
}
