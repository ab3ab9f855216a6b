/**
 * fish code (`fish -c '…'`) as the Bash reader reads it. fish's syntax is close enough to Bash's for commands,
 * pipes, `&&`/`||`, quotes and redirections; where it differs in a way that hides code, the text is rewritten to the
 * Bash that runs at least the same commands:
 * - a command substitution is `(…)` in fish: written `$(…)`, so that `eval (curl …)` and `source (curl … | psub)`
 *   are a download run as code, as their Bash spellings are;
 * - `and CMD`, `or CMD`, `not CMD` run CMD (after the previous command's status): written as CMD alone;
 * - `set [-lgx…] NAME VALUE…` assigns a list: written `NAME=( VALUE… )` (`-a`: `+=`), so that what a later `$NAME`
 *   holds is known as a Bash variable's is (`set -l s (curl …); eval $s`). Its queries and erasures are left alone.
 * (fish's `… | source` reads its code on stdin: commands/programs.ts.)
 */

/** The fish keywords that run the command after them, at a command's start. */
const RUNS_NEXT = /^(?:and|or|not)(?=[ \t])/;
/** `set` assigning a variable, at a command's start: its options and the name. */
const SET = /^set((?:[ \t]+--?[A-Za-z][A-Za-z-]*)*)[ \t]+([A-Za-z_][A-Za-z0-9_]*)(?=[ \t;\n|&)]|$)/;

/** The rewrite, in one pass over the text (linear: each pattern is tried at a command's start, on a bounded slice). */
export function fishAsBash(text: string): string {
  let out = "";
  let quote: "'" | '"' | undefined;
  let atStart = true;
  let depth = 0;
  /** The substitution depth of the `set` whose list is open (closed where its command ends). */
  let listAt: number | undefined;
  const endCommand = () => {
    if (listAt === depth) {
      out += " )";
      listAt = undefined;
    }
    atStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === undefined && atStart) {
      if (c === " " || c === "\t") {
        out += c;
        continue;
      }
      const head = text.slice(i, i + 256);
      const keyword = RUNS_NEXT.exec(head);
      if (keyword) {
        i += keyword[0].length - 1;
        continue;
      }
      const set = listAt === undefined ? SET.exec(head) : null;
      if (set && !/(?:^|\s)-(?:[A-Za-z]*[eqnS]|-erase|-query|-names|-show)\b/.test(set[1]!)) {
        out += `${set[2]}${/(?:^|\s)-(?:[A-Za-z]*[ap]|-append|-prepend)\b/.test(set[1]!) ? "+=" : "="}(`;
        listAt = depth;
        i += set[0].length - 1;
        atStart = false;
        continue;
      }
      atStart = false;
    }
    if (c === "\\" && i + 1 < text.length && (quote !== "'" || text[i + 1] === "'" || text[i + 1] === "\\")) {
      out += c + text[i + 1]!;
      i++;
      continue;
    }
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      out += c;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === "(") {
      out += text[i - 1] === "$" ? c : "$(";
      depth++;
      atStart = true;
      continue;
    } else if (c === ")") {
      if (listAt === depth) endCommand();
      depth = Math.max(0, depth - 1);
    } else if (c === ";" || c === "\n" || c === "|" || c === "&") endCommand();
    out += c;
  }
  if (listAt !== undefined) out += " )";
  return out;
}
