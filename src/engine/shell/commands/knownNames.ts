/**
 * Case-blind command names. On a case-insensitive filesystem (macOS by default, Windows, Git Bash, WSL on a
 * Windows drive) `CURL … | SH` and `Rm -rf /` run curl, sh and rm: the shell finds the program whatever the case.
 * So a command word that matches a program hookgate knows only when case is ignored is read as that program too
 * (the command is examined as written and, as well, with that name in lower case: one more part, never fewer, so
 * a restricting rule can only fire more and an allow rule, which must hold for every part, only less). A policy
 * whose developers' machines are all case-sensitive says `"caseSensitiveCommands": true` and names are read as
 * written only.
 */
import type { ShellWord } from "../model";
import { commandName, strip, type Stripped } from "../words/strip";
import { isKnown } from "./isKnown";

/** The word with its command name (its basename) in lower case, when that is a known program and the word is not. */
function folded(w: ShellWord): ShellWord | undefined {
  const name = commandName(w.value);
  if (name === "" || !/[A-Z]/.test(name)) return undefined;
  const lower = name.toLowerCase();
  if (isKnown(name) || !isKnown(lower)) return undefined;
  const low = (t: string) => (t.endsWith(name) ? t.slice(0, t.length - name.length) + lower : t.toLowerCase());
  return { ...w, text: low(w.text), value: low(w.value), raw: low(w.raw) };
}

/**
 * The words of a simple command with every command name (the command's, and each wrapper's: `SUDO RM -rf /`)
 * that is a known program only case-blind put in lower case; undefined when there is none. `stripped`: strip(words),
 * when the caller has it (a recorded command's strippedCommand).
 */
export function caseFolded(words: readonly ShellWord[], stripped: Stripped = strip(words)): ShellWord[] | undefined {
  let out: ShellWord[] | undefined;
  let current = words;
  for (let pass = 0; pass < 8; pass++) {
    let changed = false;
    const next = [...current];
    for (const at of (pass === 0 ? stripped : strip(current)).stages) {
      const w = current[at];
      const f = w ? folded(w) : undefined;
      if (f) {
        next[at] = f;
        changed = true;
      }
    }
    if (!changed) break;
    out = next;
    current = next;
  }
  return out;
}
