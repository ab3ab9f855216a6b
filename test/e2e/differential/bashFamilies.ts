// Generated Bash `if` rules and Bash commands. Both are drawn from one vocabulary of commands, so that rules and
// commands overlap in the interesting ways (same program, one word more, a prefix that stops mid-word, …); every
// rule is then run against every command.
import type { Rng } from "./rng";
import type { CallCase, RuleCase } from "./types";

type Rule = Omit<RuleCase, "rule" | "id">;
type Call = Omit<CallCase, "input" | "id">;

/** Commands as words. Only ever sent to a CLI whose hooks deny every call: none of these runs. */
export const VOCABULARY: readonly (readonly string[])[] = [
  ["git", "push", "origin", "main"],
  ["git", "push"],
  ["git", "push", "--force", "origin", "main"],
  ["git", "push", "-f"],
  ["git", "status"],
  ["git", "commit", "-m", "wip"],
  ["git", "log", "--oneline"],
  ["npm", "run", "test"],
  ["npm", "run", "test:unit"],
  ["npm", "run", "build"],
  ["npm", "test"],
  ["npm", "install"],
  ["ls"],
  ["ls", "-la"],
  ["ls", "/tmp"],
  ["lsof", "-i"],
  ["rm", "-rf", "build"],
  ["rm", "-f", "app.log"],
  ["rm", "notes.txt"],
  ["echo", "hi"],
  ["echo", "hello", "world"],
  ["cat", ".env"],
  ["curl", "-s", "https://example.com"],
  ["node", "--version"],
  ["python3", "--version"],
  ["docker", "exec", "app", "ls"],
  ["make", "-j4"],
  ["chmod", "-R", "777", "storage"],
];

/** Files in the project that the vocabulary's commands would change (rm, chmod) if any of them ever ran. */
export const BASH_VICTIMS: readonly string[] = ["build/keep.txt", "app.log", "notes.txt", "storage/data.txt"];

const join = (w: readonly string[]) => w.join(" ");
/** A prefix of the words, 1..len-1 words (or the single word). */
const prefixWords = (r: Rng, w: readonly string[]) => w.slice(0, w.length === 1 ? 1 : 1 + r.int(w.length - 1));
const bash = (family: string, spec: string | undefined): Rule => ({ family, template: spec === undefined ? "Bash" : `Bash(${spec})` });

/** Runs of spaces (sometimes a tab) between the words. */
function spaced(r: Rng, words: readonly string[]): string {
  let out = words[0]!;
  for (const w of words.slice(1)) out += (r.chance(0.15) ? "\t" : " ".repeat(1 + r.int(3))) + w;
  return out;
}

export function bashRules(r: Rng): Rule[] {
  const rules: Rule[] = [];
  const add = (family: string, spec: string | undefined) => rules.push(bash(family, spec));

  // The whole tool.
  add("bash-bare", undefined);
  add("bash-bare", "*");

  // Exact commands.
  for (const w of [["git", "push", "origin", "main"], ["ls"], ["echo", "hi"], ["npm", "run", "build"], ...r.sample(VOCABULARY, 10)])
    add("bash-exact", join(w));

  // Legacy prefix `:*` (the ones the brief names, then generated prefixes).
  for (const p of ["git push", "npm run test", "ls", "git", "rm -rf", "echo"]) add("bash-legacy", `${p}:*`);
  for (const w of r.sample(VOCABULARY, 12)) add("bash-legacy", `${join(prefixWords(r, w))}:*`);

  // Wildcards with a word boundary (`ls *`) and without (`ls*`, `git pu*`).
  for (const p of ["git push", "ls", "rm", "echo", "npm run test"]) add("bash-wild-word", `${p} *`);
  for (const w of r.sample(VOCABULARY, 12)) add("bash-wild-word", `${join(prefixWords(r, w))} *`);
  for (const p of ["ls", "git push", "npm run test", "rm -rf"]) add("bash-wild-glued", `${p}*`);
  for (const w of r.sample(VOCABULARY, 8)) {
    const text = join(prefixWords(r, w));
    // Stop mid-word now and then: `git pu*`.
    const cut = r.chance(0.5) && text.length > 2 ? text.slice(0, text.length - 1 - r.int(Math.min(2, text.length - 2))) : text;
    add("bash-wild-glued", `${cut}*`);
  }

  // Leading and inner wildcards.
  for (const s of ["* --version", "* main", "* origin main", "*push*", "* -rf *", "*.env", "* install"]) add("bash-wild-lead", s);
  for (const w of r.sample(VOCABULARY.filter((x) => x.length >= 3), 6)) add("bash-wild-mid", `${w[0]} * ${w[w.length - 1]}`);
  add("bash-wild-mid", "git * main");

  // Runs of spaces (and tabs) inside rules.
  add("bash-rule-spaces", "git  push *");
  add("bash-rule-spaces", "npm  run test:*");
  for (const w of r.sample(VOCABULARY.filter((x) => x.length >= 2), 10)) {
    const form = r.pick(["exact", "word", "legacy"] as const);
    const words = form === "exact" ? w : prefixWords(r, w);
    const text = spaced(r, words).replace(/^(\S+) (?=\S)/, "$1  "); // at least one run
    add("bash-rule-spaces", form === "exact" ? text : form === "word" ? `${text} *` : `${text}:*`);
  }

  // Leading/trailing blanks inside the parentheses; quoted runs of spaces.
  add("bash-rule-spaces", " ls -la");
  add("bash-rule-spaces", "git push origin main ");
  add("bash-rule-spaces", 'echo "hello  world"');
  add("bash-rule-spaces", "echo hello  world");
  add("bash-find", "find *");
  add("bash-find", "find * -exec *");

  // Escaped star, parameter rules.
  add("bash-escape", "echo \\*");
  add("bash-escape", "rm \\* *");
  add("bash-param", "run_in_background:true");

  return rules;
}

const WRAPPERS: readonly string[] = [
  "timeout 5", "timeout -s KILL 10", "nice", "nice -n 10", "nohup", "time", "stdbuf -o0", "command", "builtin",
  "noglob", "xargs", "xargs -n1", "sudo", "sudo -u root", "env", "env FOO=1", "exec", "ionice -c3", "setsid",
  "nice timeout 5",
];
const OPS: readonly string[] = [" && ", " || ", "; ", " | ", " & ", "\n", " ;", " |& "];
const VARS: readonly string[] = ["$GIT", "${GIT}", "$REMOTE", "$1", "${X:-main}", "$@"];

export function bashCalls(r: Rng): Call[] {
  const calls: Call[] = [];
  const add = (family: string, command: string, extra: Record<string, unknown> = {}) =>
    calls.push({ family, tool: "Bash", template: { command, description: "differential", ...extra } });
  const pickCmd = () => r.pick(VOCABULARY);

  for (const w of VOCABULARY) add("bash-plain", join(w));

  // Whitespace: runs of spaces, tabs, leading and trailing blanks.
  for (const w of r.sample(VOCABULARY.filter((x) => x.length >= 2), 12)) add("bash-spaces", spaced(r, w).replace(/ /, "  "));
  add("bash-spaces", "  git push origin main  ");
  add("bash-spaces", "ls  ");

  // Compound commands.
  for (let i = 0; i < 18; i++) {
    const parts = [pickCmd(), pickCmd(), ...(r.chance(0.25) ? [pickCmd()] : [])].map(join);
    add("bash-compound", parts.reduce((acc, p) => acc + r.pick(OPS) + p));
  }

  // Leading environment assignments.
  for (let i = 0; i < 10; i++) {
    const env = r.pick(["FOO=bar", "GIT_TRACE=1", "A=1 B=2", 'MSG="x y"', "PATH=/usr/bin:$PATH", "X="]);
    add("bash-env", `${env} ${join(pickCmd())}`);
  }

  // Wrappers.
  for (const wrap of WRAPPERS) add("bash-wrapper", `${wrap} ${join(pickCmd())}`);

  // Command substitution and backticks (the inner command is a command too).
  for (let i = 0; i < 14; i++) {
    const inner = join(pickCmd());
    const outer = r.pick(["echo", "cat", "X=", "", "ls"]);
    const form = r.pick(["$()", "``", '"$()"', "<()"] as const);
    const sub = form === "$()" ? `$(${inner})` : form === "``" ? `\`${inner}\`` : form === '"$()"' ? `"$(${inner})"` : `<(${inner})`;
    add("bash-subst", outer === "X=" ? `X=${sub}` : outer === "" ? sub : `${outer} ${sub}`);
  }
  add("bash-subst", "echo $(git push)");
  add("bash-subst", "echo `rm -rf build`");

  // Dynamic words: `$VAR`, `${…}`, `"$(…)"` in the command word or an argument.
  for (const c of ["$GIT push origin main", "git push $REMOTE main", 'git push "$(echo origin)" main', "echo $HOME", "rm -rf $DIR", '"$CMD" --version', "git $SUB origin main", "ls $@"])
    add("bash-dynamic", c);
  for (let i = 0; i < 14; i++) {
    const w = [...r.pick(VOCABULARY.filter((x) => x.length >= 2))];
    const at = r.int(w.length);
    const word = w[at]!;
    w[at] = r.pick([...VARS, `"$(echo ${word})"`, `\`echo ${word}\``, `$(echo ${word})`, `"$X"`, `${word}$Y`]);
    add("bash-dynamic", join(w));
  }

  // Quotes (quoted words, quoted operators, split quoting of the command word).
  for (let i = 0; i < 12; i++) {
    const w = [...pickCmd()];
    const at = r.int(w.length);
    const q = r.pick(["'", '"']);
    w[at] = r.chance(0.3) && w[at]!.length > 1 ? `${w[at]!.slice(0, 1)}${q}${q}${w[at]!.slice(1)}` : `${q}${w[at]}${q}`;
    add("bash-quotes", join(w));
  }
  add("bash-quotes", "echo 'a && rm -rf build'");
  add("bash-quotes", 'echo "git push origin main"');

  // Commands that don't parse.
  for (let i = 0; i < 10; i++) {
    const c = join(pickCmd());
    add("bash-unparseable", r.pick([`${c} (`, `${c} )`, `echo "unterminated ${c}`, `if ${c}`, `${c} &&`, `${c} | |`, `${c} {`, `(${c}`, `${c} 'x`]));
  }
  add("bash-unparseable", "git push (");

  // Nested shells, subshells and groups, eval.
  for (let i = 0; i < 10; i++) {
    const c = join(pickCmd());
    add("bash-nested", r.pick([`bash -c '${c}'`, `sh -c "${c}"`, `eval '${c}'`, `(${c})`, `{ ${c}; }`, `bash -lc '${c}'`]));
  }

  // Paths to the program, comments, redirections, line continuations.
  for (let i = 0; i < 6; i++) {
    const w = [...pickCmd()];
    w[0] = r.pick([`/usr/bin/${w[0]}`, `./bin/${w[0]}`, `\\${w[0]}`]);
    add("bash-path", join(w));
  }
  for (let i = 0; i < 10; i++) {
    const w = pickCmd();
    add("bash-redirect", r.pick([`${join(w)} > out.txt`, `${join(w)} 2>&1`, `${join(w)} # note`, `${join(w)} < in.txt`, `${join(w)} &>/dev/null`, `${w[0]} \\\n${w.slice(1).join(" ")}`]));
  }

  // Here-documents (fed to a shell, or just text), globs, find -exec, quoted runs of spaces.
  for (let i = 0; i < 6; i++) {
    const c = join(pickCmd());
    add("bash-heredoc", r.pick([`bash <<'EOF'\n${c}\nEOF`, `cat <<EOF\n${c}\nEOF`, `sh -s <<EOF\n${c}\nEOF`]));
  }
  for (let i = 0; i < 6; i++) {
    const w = pickCmd();
    add("bash-glob", r.pick([`${join(w)} *.log`, `${w[0]} ./*`, `${join(w)} ~/*`, `${w[0]} -- *`]));
  }
  for (let i = 0; i < 4; i++) add("bash-find-exec", `find . -name '*.tmp' -exec ${join(pickCmd())} {} \\;`);
  add("bash-quoted-spaces", 'echo "hello  world"');
  add("bash-quoted-spaces", "git commit -m 'two  spaces'");
  add("bash-quoted-spaces", "echo 'hi'  'there'");

  // Parameter rules look at other fields.
  add("bash-params", "echo background", { run_in_background: true });
  add("bash-params", "echo foreground", { run_in_background: false, timeout: 1000 });

  return calls;
}
