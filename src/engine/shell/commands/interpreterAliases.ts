/**
 * Interpreter code that reaches a module's calls under another name: `import os as o; o.system(…)`, `from os import
 * system as s; s(…)`, `__import__('os').system(…)`, `importlib.import_module('shutil').rmtree(…)`, `getattr(os,
 * 'system')(…)`, `from subprocess import *`, and in JavaScript `const { execSync: x } = require('child_process')`,
 * `import { rmSync as rm } from 'fs'`. The scan (interpreters.ts) matches calls by their qualified names; this
 * writes each such call back under that name first, so one rule holds however the module or the function was named.
 *
 * A textual rewrite over the code the scan reads (capped there): names bound this way are rewritten wherever they
 * are called. A name rebound to something else later is still read as the module's (an over-approximation: the scan
 * then examines one more call, never one fewer).
 */

/** Names a `from M import *` brings in that the scan's python rules know, per module. */
const PYTHON_STAR: Readonly<Record<string, readonly string[]>> = {
  os: ["system", "popen", "remove", "unlink", "rmdir", "removedirs", "chmod", "chown", "lchown", "execl", "execle", "execlp", "execlpe", "execv", "execve", "execvp", "execvpe"],
  subprocess: ["run", "call", "check_call", "check_output", "Popen", "getoutput", "getstatusoutput"],
  shutil: ["rmtree", "copy", "copy2", "copyfile", "copytree", "move", "chown"],
};

const regexEscaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** String literals (single, double, backtick, python's triple quotes): a rename never rewrites their text. */
const STRING = /"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g;

/** `re` replaced by `by` in the code outside string literals. */
function outsideStrings(code: string, re: RegExp, by: string): string {
  let out = "";
  let from = 0;
  for (const m of code.matchAll(STRING)) {
    out += code.slice(from, m.index).replace(re, by) + m[0];
    from = m.index! + m[0].length;
  }
  return out + code.slice(from).replace(re, by);
}

/**
 * At most this many names are rewritten in one program (each rewrite is a pass over its text, itself capped by the
 * scan): a program that binds more is reported `truncated`, so its examination is known to be incomplete and the
 * policy's failure verdict answers, rather than a call under the 65th name going unseen.
 */
const MAX_RENAMES = 64;

/** The code with aliased modules and functions written under their own names (see the module comment). */
export function dealiased(lang: string, code: string): { text: string; truncated: boolean } {
  if (lang === "python") return dealiasPython(code);
  if (lang === "node") return dealiasNode(code);
  return { text: code, truncated: false };
}

function dealiasPython(code: string): { text: string; truncated: boolean } {
  // Dynamic imports and attribute lookups first: they are expressions that stand for the module or the function.
  let text = code
    .replace(/\b__import__\s*\(\s*["']([\w.]+)["']\s*\)/g, "$1")
    .replace(/\bimportlib\.import_module\s*\(\s*["']([\w.]+)["']\s*\)/g, "$1")
    .replace(/\bgetattr\s*\(\s*([A-Za-z_][\w.]*)\s*,\s*["'](\w+)["']\s*\)/g, "$1.$2");
  const modules = new Map<string, string>(); // alias -> module
  const names = new Map<string, string>(); // bare name -> module.name
  for (const m of text.matchAll(/\bimport\s+([\w.]+)\s+as\s+(\w+)/g)) modules.set(m[2]!, m[1]!);
  for (const m of text.matchAll(/\bfrom\s+([\w.]+)\s+import\s+(\([^)]*\)|[^\n;]+)/g)) {
    const module = m[1]!;
    const list = m[2]!.replace(/[()]/g, "");
    for (const part of list.split(",")) {
      const p = /^\s*(\*|\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      if (!p) continue;
      if (p[1] === "*") for (const n of PYTHON_STAR[module] ?? []) names.set(n, `${module}.${n}`);
      else names.set(p[2] ?? p[1]!, `${module}.${p[1]}`);
    }
  }
  if (modules.size + names.size > MAX_RENAMES) return { text, truncated: true };
  for (const [alias, module] of modules) if (alias !== module) text = outsideStrings(text, new RegExp(`(?<![\\w.])${regexEscaped(alias)}\\s*\\.`, "g"), `${module}.`);
  for (const [name, qualified] of names) text = outsideStrings(text, new RegExp(`(?<![\\w.])${regexEscaped(name)}\\s*\\(`, "g"), `${qualified}(`);
  return { text, truncated: false };
}

function dealiasNode(code: string): { text: string; truncated: boolean } {
  const text = code;
  const renames = new Map<string, string>(); // local name -> the module's export name
  // `const { execSync: x, spawn } = require('child_process')`, `… = await import('fs')`, `import { rmSync as rm } from 'fs'`.
  for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:require\s*\(|(?:await\s+)?import\s*\()/g))
    for (const part of m[1]!.split(",")) {
      const p = /^\s*(\w+)\s*:\s*(\w+)\s*$/.exec(part);
      if (p) renames.set(p[2]!, p[1]!);
    }
  for (const m of text.matchAll(/\bimport\s*\{([^{}]*)\}\s*from\b/g))
    for (const part of m[1]!.split(",")) {
      const p = /^\s*(\w+)\s+as\s+(\w+)\s*$/.exec(part);
      if (p) renames.set(p[2]!, p[1]!);
    }
  if (renames.size > MAX_RENAMES) return { text, truncated: true };
  let out = text;
  for (const [local, exported] of renames) if (local !== exported) out = outsideStrings(out, new RegExp(`(?<![\\w.])${regexEscaped(local)}\\s*\\(`, "g"), `${exported}(`);
  return { text: out, truncated: false };
}
