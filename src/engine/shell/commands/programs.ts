/**
 * Which commands read the program they run from their stdin (`sh`, `bash -s`, `python3 -`, `node`, `source
 * /dev/stdin`, `python3 -c 'exec(sys.stdin.read())'`): a download or an `echo` piped into one of them is code.
 */
import { hasWordHole } from "../words/template";
import type { ShellWord } from "../model";
import { SHELLS, SOURCERS } from "./wrappers";

export const STDIN_INTERPRETERS = /^(?:python[0-9.]*|pypy[0-9.]*|perl[0-9.]*|ruby|jruby|node|nodejs|bun|php[0-9.]*|lua[0-9.]*|luajit|Rscript|osascript|pwsh|powershell|tclsh|wish|expect|guile|racket|sbcl|julia|groovy|scala|elixir|erl|deno)$/;
/** Interpreter code that runs whatever arrives on stdin. */
const EXECS_STDIN =
  /\b(?:exec|eval)\s*\(\s*(?:sys\.stdin(?:\.buffer)?\.read\(\)|input\(\)|open\(\s*(?:0|['"]\/dev\/stdin['"])|require\(\s*['"](?:node:)?fs['"]\s*\)\.readFileSync\(\s*(?:0|['"]\/dev\/stdin['"]))|\beval\s*\(?\s*(?:\$stdin|STDIN)\.read|\beval\s*(?:join\s*\(?\s*['"]{2}\s*,\s*)?<(?:STDIN)?>|\beval\s*\(\s*stream_get_contents\(\s*STDIN/;

export const STDIN_FILES: ReadonlySet<string> = new Set(["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);

/** Does this (stripped) command read the program it runs from stdin? */
export function readsProgramFromStdin(name: string, args: readonly ShellWord[]): boolean {
  if (SHELLS.has(name)) {
    for (let k = 0; k < args.length; k++) {
      const t = args[k]!.text;
      if (t === "-" || t === "--") return true;
      if (/^[-+][A-Za-z]+$/.test(t)) {
        if (t.startsWith("-") && t.includes("c")) return false;
        if (t.startsWith("-") && t.includes("s")) return true;
        if (t === "-o" || t === "+o" || t === "-O" || t === "+O") k++;
        continue;
      }
      if (t.startsWith("--")) continue;
      return STDIN_FILES.has(t);
    }
    return true;
  }
  // `source /dev/stdin`, and fish's `… | source` (`source -`, `.`): given no file, fish's source reads stdin. (Bash's
  // refuses to run without one: reading it as fish's costs nothing, and a `fish -c` script is read by the Bash reader.)
  if (SOURCERS.has(name)) return args.length === 0 || STDIN_FILES.has(args[0]!.text);
  // `at now <<< '…'`, `echo … | batch`: the job's commands come on stdin unless a file is named (-f); -l, -r, -d
  // and -c list, remove and show jobs. `crontab -` and a bare `crontab` read the table from stdin.
  if (name === "at" || name === "batch") return !args.some((w) => /^-[A-Za-z]*[flrdc]/.test(w.text));
  if (name === "crontab") {
    if (args.some((w) => /^-[lrei]$/.test(w.text))) return false;
    return args.some((w) => w.text === "-") || args.every((w, k) => w.text.startsWith("-") || args[k - 1]?.text === "-u");
  }
  return stdinInterpreter(name, args);
}

/** Commands that read shell code on stdin to run it (later: at, batch, crontab), as opposed to other interpreters. */
export const SHELL_CODE_READERS: ReadonlySet<string> = new Set(["at", "batch", "crontab"]);

/** Shell code that a job scheduler runs from what it reads: a crontab's lines are a schedule and then a command. */
export function scheduledCode(name: string, text: string): string {
  if (name !== "crontab") return text;
  return text
    .split("\n")
    .map((line) => {
      const t = line.trim();
      if (t === "" || t.startsWith("#") || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(t)) return "";
      const special = /^@\w+\s+(.*)$/.exec(t);
      if (special) return special[1]!;
      const fields = t.split(/\s+/);
      if (fields.length > 5) return fields.slice(5).join(" ");
      // A line not known (`… | crontab -` of what a program printed): any schedule and any command.
      return hasWordHole(t) ? t : "";
    })
    .join("\n");
}

/** Programs whose program file an option names, stdin when it is `-` or /dev/stdin: `awk -f -`, `make -f -`. */
const PROGRAM_FILE_OPTIONS: Readonly<Record<string, RegExp>> = {
  awk: /^(?:-f|--file=?)(.*)$/,
  gawk: /^(?:-f|--file=?)(.*)$/,
  mawk: /^-f(.*)$/,
  nawk: /^-f(.*)$/,
  make: /^(?:-f|--file=?|--makefile=?)(.*)$/,
  gmake: /^(?:-f|--file=?|--makefile=?)(.*)$/,
  bmake: /^-f(.*)$/,
};

function stdinInterpreter(name: string, args: readonly ShellWord[]): boolean {
  if (name === "eval") return false;
  const fileOption = PROGRAM_FILE_OPTIONS[name];
  if (fileOption)
    return args.some((w, k) => {
      const m = fileOption.exec(w.text);
      return m !== null && STDIN_FILES.has(m[1] !== "" ? m[1]! : (args[k + 1]?.text ?? ""));
    });
  if (STDIN_INTERPRETERS.test(name)) {
    if (name === "deno") return args[0]?.text === "run" && STDIN_FILES.has(args[1]?.text ?? "");
    // `bun run -`: the script is stdin (`bun run build` runs a package script).
    if (name === "bun" && args[0]?.text === "run") return STDIN_FILES.has(args[1]?.text ?? "");
    const codeFlag = /^(?:-c|-e|-E|-r|--eval|-p|--print|-Command|-command|-c)$/;
    for (let k = 0; k < args.length; k++) {
      const t = args[k]!.text;
      if (codeFlag.test(t)) {
        const code = args[k + 1]?.value ?? "";
        return STDIN_FILES.has(code) || EXECS_STDIN.test(code);
      }
      if (t === "-m") return false; // `python -m json.tool`: a module, which reads data
      if (t.startsWith("-") && t !== "-") {
        if (/^-(?:W|X|I|M|r|x)$/.test(t)) k++;
        continue;
      }
      return STDIN_FILES.has(t);
    }
    return true;
  }
  return false;
}

