// One example per rule of the interpreter scan (interpreters.ts): code on an interpreter's command line is read as
// the shell commands it amounts to, so effect conditions see `shutil.rmtree("/x")` as `rm -rf /x`. A rule without an
// example fails the coverage test.
import { describe, expect, it } from "vitest";
import { analyseShell } from "../../../src/engine/shell/analyse";
import { effectsOf } from "../../../src/engine/shell/effects";
import { INTERPRETER_RULES, type Lang } from "../../../src/engine/shell/commands/interpreters";
import { displayTemplate } from "../../../src/engine/shell/words/template";
import { starterVerdict } from "../../support/starter";

const ctx = { cwd: "/w", home: "/home/u" };
const effects = (cmd: string) =>
  [...new Set(effectsOf(analyseShell(cmd, "bash", ctx)).map((e) => `${e.kind}${e.recursive ? "+r" : ""}${e.path !== undefined ? ` ${displayTemplate(e.path)}` : ""}`))];

const EXAMPLES: [Lang, string, string[]][] = [
  ["python", "python3 -c 'import shutil; shutil.rmtree(\"/x\")'", ["delete+r /x"]],
  ["python", "python3 -c 'import os; os.remove(\"/x\")'", ["delete /x"]],
  ["python", "python3 -c 'from pathlib import Path; Path(\"/x\").unlink()'", ["delete /x"]],
  ["python", "python3 -c 'import os; os.system(\"rm -rf /x\")'", ["delete+r /x"]],
  ["python", "python3 -c 'import subprocess; subprocess.run(\"rm -rf /x\", shell=True)'", ["delete+r /x"]],
  ["python", "python3 -c 'import os; os.execvp(\"rm\", [\"rm\", \"-rf\", \"/x\"])'", ["delete+r rm", "delete+r /x"]],
  ["python", "python3 -c 'open(\".env\").read()'", ["read .env"]],
  ["python", "python3 -c 'open(\"/x\", \"w\").write(\"\")'", ["write /x"]],
  ["python", "python3 -c 'from dotenv import load_dotenv; load_dotenv()'", ["read .env"]],
  ["python", "python3 -c 'import os; os.chmod(\"/x\", 0o777)'", ["chmod /x"]],
  ["python", "python3 -c 'import os; os.chown(\"/x\", 0, 0)'", ["chmod /x"]],
  ["python", "python3 -c 'import shutil; shutil.copy(\".env\", \"/tmp/y\")'", ["read .env"]],
  ["python", "python3 -c 'import pathlib; p = pathlib.Path(\".env\"); print(p.read_text())'", ["read .env"]],
  ["python", "python3 -c 'from pathlib import Path; Path(\"/x\").write_text(\"\")'", ["write /x"]],
  ["node", "node -e 'require(\"fs\").rmSync(\"/x\", { recursive: true })'", ["delete+r /x"]],
  ["node", "node -e 'require(\"fs\").unlinkSync(\"/x\")'", ["delete /x"]],
  ["node", "node -e 'require(\"rimraf\").sync(\"/x\")'", ["delete+r /x"]],
  ["node", "node -e 'require(\"child_process\").execSync(\"rm -rf /x\")'", ["delete+r /x"]],
  ["node", "node -e 'require(\"fs\").readFileSync(\".env\")'", ["read .env"]],
  ["node", "node -e 'require(\"fs\").writeFileSync(\"/x\", \"\")'", ["write /x"]],
  ["node", "node -e 'require(\"fs\").chmodSync(\"/x\", 0o777)'", ["chmod /x"]],
  ["node", "node -e 'require(\"fs\").chownSync(\"/x\", 0, 0)'", ["chmod /x"]],
  ["node", "deno eval 'await Deno.remove(\"/x\", { recursive: true })'", ["delete+r /x"]],
  ["node", "deno eval 'await Deno.readTextFile(\".env\")'", ["read .env"]],
  ["node", "deno eval 'await Deno.writeTextFile(\"/x\", \"\")'", ["write /x"]],
  ["node", "deno eval 'await Deno.chmod(\"/x\", 0o777)'", ["chmod /x"]],
  ["node", "bun -e 'Bun.spawnSync([\"rm\", \"-rf\", \"/x\"])'", ["delete+r /x"]],
  ["node", "node -e 'require(\"dotenv\").config()'", ["read .env"]],
  ["perl", "perl -e 'use File::Path; rmtree(\"/x\")'", ["delete+r /x"]],
  ["perl", "perl -e 'unlink \"/x\"'", ["delete /x"]],
  ["perl", "perl -e 'system(\"rm -rf /x\")'", ["delete+r /x"]],
  ["perl", "perl -e 'qx(rm -rf /x)'", ["delete+r /x"]],
  ["perl", "perl -e 'chmod 0777, \"/x\"'", ["chmod /x"]],
  ["perl", "perl -e 'chown 0, 0, \"/x\"'", ["chmod /x"]],
  ["perl", "perl -e 'open(my $f, \"<\", \".env\")'", ["read .env"]],
  ["ruby", "ruby -e 'require \"fileutils\"; FileUtils.rm_rf(\"/x\")'", ["delete+r /x"]],
  ["ruby", "ruby -e 'File.delete(\"/x\")'", ["delete /x"]],
  ["ruby", "ruby -e 'FileUtils.chmod_R(0777, \"/x\")'", ["chmod+r /x"]],
  ["ruby", "ruby -e 'File.chmod(0777, \"/x\")'", ["chmod /x"]],
  ["ruby", "ruby -e 'FileUtils.chown_R(\"root\", \"root\", \"/x\")'", ["chmod+r /x"]],
  ["ruby", "ruby -e 'system(\"rm -rf /x\")'", ["delete+r /x"]],
  ["ruby", "ruby -e '%x(rm -rf /x)'", ["delete+r /x"]],
  ["ruby", "ruby -e 'File.read(\".env\")'", ["read .env"]],
  ["ruby", "ruby -e 'File.write(\"/x\", \"\")'", ["write /x"]],
  ["php", "php -r 'system(\"rm -rf /x\");'", ["delete+r /x"]],
  ["php", "php -r 'unlink(\"/x\");'", ["delete /x"]],
  ["php", "php -r 'file_get_contents(\".env\");'", ["read .env"]],
  ["php", "php -r 'file_put_contents(\"/x\", \"\");'", ["write /x"]],
  ["php", "php -r 'chmod(\"/x\", 0777);'", ["chmod /x"]],
  ["awk", "awk 'BEGIN { system(\"rm -rf /x\") }'", ["delete+r /x"]],
  ["osascript", "osascript -e 'do shell script \"rm -rf /x\"'", ["delete+r /x"]],
  ["lua", "lua -e 'os.execute(\"rm -rf /x\")'", ["delete+r /x"]],
  ["lua", "lua -e 'io.popen(\"rm -rf /x\")'", ["delete+r /x"]],
  ["lua", "lua -e 'os.remove(\"/x\")'", ["delete /x"]],
  ["lua", "lua -e 'io.open(\".env\")'", ["read .env"]],
  ["r", "Rscript -e 'system(\"rm -rf /x\")'", ["delete+r /x"]],
  ["r", "Rscript -e 'unlink(\"/x\", recursive = TRUE)'", ["delete+r /x"]],
  ["r", "Rscript -e 'readLines(\".env\")'", ["read .env"]],
  ["tcl", "tclsh <<'EOF'\nfile delete -force /x\nEOF", ["delete+r /x"]],
  ["tcl", "tclsh <<'EOF'\nexec rm -rf /x\nEOF", ["delete+r /x"]],
  ["tcl", "tclsh <<'EOF'\nopen .env\nEOF", ["read .env"]],
  ["go", "go run - <<'EOF'\npackage main\nimport \"os\"\nfunc main() { os.RemoveAll(\"/x\") }\nEOF", ["delete+r /x"]],
  ["go", "go run - <<'EOF'\npackage main\nimport \"os\"\nfunc main() { os.Remove(\"/x\") }\nEOF", ["delete /x"]],
  ["go", "go run - <<'EOF'\npackage main\nimport \"os/exec\"\nfunc main() { exec.Command(\"rm\", \"-rf\", \"/x\").Run() }\nEOF", ["delete+r /x"]],
  ["go", "go run - <<'EOF'\npackage main\nimport \"os\"\nfunc main() { os.ReadFile(\".env\") }\nEOF", ["read .env"]],
  ["go", "go run - <<'EOF'\npackage main\nimport \"os\"\nfunc main() { os.WriteFile(\"/x\", nil, 0644) }\nEOF", ["write /x"]],
  ["go", "go run - <<'EOF'\npackage main\nimport \"os\"\nfunc main() { os.Chmod(\"/x\", 0777) }\nEOF", ["chmod /x"]],
];

describe("interpreter code is read as the commands it amounts to", () => {
  it.each(EXAMPLES)("%s: %s", (_lang, cmd, expected) => expect(effects(cmd)).toEqual(expected));

  it("every rule of every language has an example", () => {
    const uncovered: string[] = [];
    for (const [lang, rules] of Object.entries(INTERPRETER_RULES))
      for (const rule of rules) {
        const re = new RegExp(rule.re.source, rule.re.flags.replace("g", ""));
        if (!EXAMPLES.some(([l, cmd]) => l === lang && re.test(cmd))) uncovered.push(`${lang}: /${rule.re.source}/`);
      }
    expect(uncovered).toEqual([]);
  });

  it("code that only mentions a dangerous call in a string or comment is still read (stricter), but harmless code has no effect", () => {
    expect(effects(`python3 -c 'print("hello")'`)).toEqual([]);
    expect(effects(`node -e 'console.log(1 + 1)'`)).toEqual([]);
    expect(effects(`python3 -c 'import webbrowser; webbrowser.open("http://localhost:3000")'`)).toEqual([]);
  });

  it.each([
    ["python3 -c 'import os as o; o.system(\"rm -rf /x\")'", ["delete+r /x"]],
    ["python3 -c 'from os import system as s; s(\"rm -rf /x\")'", ["delete+r /x"]],
    ["python3 -c 'from os import system; system(\"rm -rf /x\")'", ["delete+r /x"]],
    ["python3 -c 'from shutil import rmtree; rmtree(\"/x\")'", ["delete+r /x"]],
    ["python3 -c 'from subprocess import *; call(\"rm -rf /x\", shell=True)'", ["delete+r /x"]],
    ["python3 -c 'from subprocess import (run as r, PIPE); r(\"rm -rf /x\", shell=True)'", ["delete+r /x"]],
    ["python3 -c '__import__(\"os\").system(\"rm -rf /x\")'", ["delete+r /x"]],
    ["python3 -c 'import importlib; importlib.import_module(\"shutil\").rmtree(\"/x\")'", ["delete+r /x"]],
    ["python3 -c 'import os; getattr(os, \"system\")(\"rm -rf /x\")'", ["delete+r /x"]],
    ["python3 -c 'import subprocess as sp; sp.call(\"rm -rf /x\", shell=True)'", ["delete+r /x"]],
    ["node -e 'const { execSync: x } = require(\"child_process\"); x(\"rm -rf /x\")'", ["delete+r /x"]],
    ["node -e 'const { rmSync: rm } = require(\"node:fs\"); rm(\"/x\", { recursive: true })'", ["delete+r /x"]],
    ["node --input-type=module -e 'import { readFileSync as r } from \"fs\"; r(\".env\")'", ["read .env"]],
  ])("a call under another name is read under its own: %s", (cmd, expected) => expect(effects(cmd)).toEqual(expected));

  it("a rename never rewrites a string's text, and a program binding more names than are rewritten is marked truncated", () => {
    expect(effects(`python3 -c 'import os as o; open("o.txt").read()'`)).toEqual(["read o.txt"]);
    const names = Array.from({ length: 70 }, (_, i) => `import m${i} as a${i}`).join("; ");
    expect(analyseShell(`python3 -c '${names}; print(1)'`, "bash", ctx).truncated).toBe(true);
  });

  it("more operations than the scan follows: the analysis is marked truncated, never cut short silently", () => {
    const a = analyseShell(`python3 -c '${'open("a.txt");'.repeat(80)} import shutil; shutil.rmtree("/")'`, "bash", ctx);
    expect(a.truncated).toBe(true);
  });
});

// An inline program's own arguments (`python3 -c CODE ARGS…`): the program may open any of them, and what it does
// with them is not a call the scan reads, so each one that may name a path is read — every interpreter, every way of
// giving the program, every way of passing the argument.
describe("the arguments of a program given on the command line", () => {
  const PROGRAMS = [
    "python3 -c 'import sys; print(open(sys.argv[1]).read())'",
    "python -Bc 'import sys; print(open(sys.argv[1]).read())'",
    "python3 -W ignore -c 'import sys; print(open(sys.argv[-1]).read())'",
    "node -e 'console.log(require(\"fs\").readFileSync(process.argv[1], \"utf8\"))'",
    "node --eval 'console.log(require(\"fs\").readFileSync(process.argv.at(-1), \"utf8\"))'",
    "node -p 'require(\"fs\").readFileSync(process.argv[1], \"utf8\")'",
    "bun -e 'console.log(await Bun.file(Bun.argv.at(-1)).text())'",
    "deno eval 'console.log(Deno.readTextFileSync(Deno.args[0]))'",
    "perl -e 'print <>'",
    "perl -le 'open F, $ARGV[0]; print <F>'",
    "ruby -e 'puts File.read(ARGV[0])'",
    "ruby -rjson -e 'puts File.read(ARGV[0])'",
    "php -r 'echo file_get_contents($argv[1]);'",
    "osascript -e 'on run argv' -e 'return read POSIX file (item 1 of argv)' -e 'end run'",
    "Rscript -e 'cat(readLines(commandArgs(TRUE)[1]), sep=\"\\n\")'",
    "lua -e 'print(io.open(arg[1]):read(\"a\"))'",
  ];
  const SECRETS = ["~/.pypirc", ".env", "~/.ssh/id_ed25519", "/home/dev/.aws/credentials", "--file=.env.production", "-- ~/.netrc"];

  it.each(PROGRAMS)("%s reads a secret file given to it", async (program) => {
    for (const secret of SECRETS) expect((await starterVerdict(`${program} ${secret}`)).fired, `${program} ${secret}`).toContain("no-secret-files");
  });

  it.each(PROGRAMS)("%s with ordinary arguments is ordinary", async (program) => {
    for (const args of ["package.json", "dist/index.js 42", ".env.example", "--verbose src"]) expect((await starterVerdict(`${program} ${args}`)).decision, `${program} ${args}`).toBe("none");
  });

  it("the arguments are the program's, after it, whatever precedes it", () => {
    expect(effects("python3 -c 'print(1)' a.txt")).toEqual(["read a.txt"]);
    expect(effects("node -r ts-node/register -e 'x()' in.json")).toEqual(["read in.json"]);
    expect(effects("perl -ne 'print' a b")).toEqual(["read a", "read b"]);
    // A program in a file is not on the command line.
    expect(effects("python3 tool.py a.txt")).toEqual([]);
    expect(effects("python3 -m json.tool a.json")).toEqual([]);
  });
});
