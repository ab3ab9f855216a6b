/**
 * cmd.exe front end, for `cmd /c …` from Bash (WSL, Git Bash) or PowerShell: `&`, `&&`, `||`, `|` separate
 * commands, `"…"` quotes, `^` escapes, `%VAR%` expands (`%USERPROFILE%` reads as `~`). Its commands' effects:
 * `rd /s`, `del /s`, `format`, `type`, `copy`/`xcopy`/`robocopy` (`/MIR`, `/PURGE` delete), `icacls /T`,
 * `takeown /R`, `diskpart`.
 */
import type { Builder } from "../builder";
import type { ShellRedirect, ShellWord } from "../model";
import { psPath } from "../powershell/cmdlets";
import { HOLE_ANY, HOLE_SEG } from "../words/template";
import { cmdSlashCText } from "./commandLine";

const VARS: Readonly<Record<string, string>> = {
  userprofile: "~",
  homepath: "~",
  systemdrive: "c:",
  windir: "c:/windows",
  systemroot: "c:/windows",
  programfiles: "c:/program files",
};

/**
 * `src` is a template (shell/words/template.ts): the words of the calling shell's command, their holes kept (a
 * `$X` or a glob of the caller's is still unknown here), never raw input, whose private-use characters the callers'
 * readers have already made literal.
 */
export function analyseCmd(b: Builder, src: string, scriptIndex: number, depth: number): void {
  if (depth > b.limits.maxDepth) {
    b.truncated = true;
    return;
  }
  let words: ShellWord[] = [];
  let redirects: ShellRedirect[] = [];
  let pendingRedirect: string | undefined;
  let text = "";
  let value = "";
  let raw = "";
  let inWord = false;
  let pipe: { id: number; index: number } | undefined;
  let start = 0;
  const endWord = () => {
    if (inWord) {
      const w: ShellWord = { text, value, raw, splits: false, procsub: undefined, substs: [] };
      if (pendingRedirect) {
        redirects.push({ op: pendingRedirect, fd: undefined, target: { ...w, value: psPath(w.value) } });
        pendingRedirect = undefined;
      } else words.push(w);
    }
    text = value = raw = "";
    inWord = false;
  };
  const endCommand = (at: number, next: "list" | "pipe") => {
    endWord();
    if ((words.length > 0 || redirects.length > 0) && !b.full) {
      if (next === "pipe" && !pipe) pipe = { id: b.newPipe(), index: 0 };
      const index = b.addCommand({ words, redirects, stdin: [], raw: src.slice(start, at).trim(), script: scriptIndex, pipe, origin: "parsed", dialect: "cmd" });
      const head = (words[0]?.value ?? "").toLowerCase().replace(/\.exe$/, "");
      const nested = (how: "cmd" | "powershell" | "bash", text: string) => {
        const si = b.newScript({ command: index, how: "code" }, depth + 1);
        if (how === "cmd") analyseCmd(b, text, si, depth + 1);
        else if (how === "powershell") b.read.powershell(b, text, si, depth + 1);
        else b.read.bash(b, text, si, depth + 1, new Map());
      };
      if (head === "cmd") {
        const k = words.findIndex((w) => /^\/[ck]$/i.test(w.value));
        if (k >= 0) nested("cmd", cmdSlashCText(words.slice(k + 1).map((w) => w.raw).join(" ")));
      } else if (head === "powershell" || head === "pwsh") {
        const k = words.findIndex((w) => /^[-/]c(o(m(m(a(n(d)?)?)?)?)?)?$/i.test(w.value));
        if (k >= 0) nested("powershell", words.slice(k + 1).map((w) => w.value).join(" "));
      } else if (head === "wsl" || head === "bash" || head === "sh") {
        const k = head === "wsl" ? (words[1]?.value === "-e" || words[1]?.value === "--" ? 2 : 1) : words.findIndex((w) => w.value === "-c") + 1;
        if (k > 0 && k < words.length) nested("bash", words.slice(k).map((w) => w.value).join(" "));
      }
    }
    pipe = next === "pipe" && pipe ? { id: pipe.id, index: pipe.index + 1 } : undefined;
    words = [];
    redirects = [];
  };
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '"') {
      quoted = !quoted;
      inWord = true;
      raw += c;
      continue;
    }
    if (!quoted && c === "^" && i + 1 < src.length) {
      text += src[i + 1]!;
      value += src[i + 1]!;
      raw += src.slice(i, i + 2);
      inWord = true;
      i++;
      continue;
    }
    if (c === "%") {
      const close = src.indexOf("%", i + 1);
      if (close > i + 1 && /^[A-Za-z_][\w()]*$/.test(src.slice(i + 1, close))) {
        const name = src.slice(i + 1, close).toLowerCase();
        text += HOLE_ANY;
        value += VARS[name] ?? HOLE_ANY;
        raw += src.slice(i, close + 1);
        inWord = true;
        i = close;
        continue;
      }
    }
    if (!quoted && c === ">") {
      endWord();
      pendingRedirect = src[i + 1] === ">" ? ">>" : ">";
      if (src[i + 1] === ">") i++;
      continue;
    }
    if (!quoted && (c === "&" || c === "|")) {
      const two = src[i + 1] === c;
      endCommand(i, c === "|" && !two ? "pipe" : "list");
      if (two) i++;
      start = i + 1;
      continue;
    }
    if (!quoted && (c === " " || c === "\t" || c === "\n" || c === "\r")) {
      endWord();
      if (c === "\n") {
        endCommand(i, "list");
        start = i + 1;
      }
      continue;
    }
    const t = c === "*" ? HOLE_SEG : c;
    text += t;
    value += t;
    raw += c;
    inWord = true;
  }
  endCommand(src.length, "list");
}
