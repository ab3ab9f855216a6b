import { describe, expect, it } from "vitest";
import { MAX_SUBJECTS, splitShellCommand } from "../../src/engine/shellCommand";

const displays = (cmd: string, dialect: "bash" | "powershell" = "bash") =>
  splitShellCommand(cmd, { dialect }).subjects.map((s) => s.display);
const formsOf = (cmd: string, dialect: "bash" | "powershell" = "bash") =>
  splitShellCommand(cmd, { dialect }).subjects.map((s) => s.forms);

/**
 * Each row: command → the displays (final stripped, dequoted form) of its subjects, in order.
 * STRICTER marks splitting the client doesn't do.
 */
const splits: Array<[cmd: string, expected: string[], note?: string]> = [
  // compound commands (contract §3.3)
  ["a && b || c; d | e |& f & g\nh", ["a", "b", "c", "d", "e", "f", "g", "h"]],
  ["npm test && git push", ["npm test", "git push"]],
  ["cd x; git push", ["cd x", "git push"]],
  // substitutions (contract §3.2)
  ["echo $(rm -rf /)", ["echo $(rm -rf /)", "rm -rf /"]],
  ["echo `git push`", ["echo `git push`", "git push"]],
  ['echo "a $(b c)"', ["echo a $(b c)", "b c"]],
  ["cat <(ls) >(wc -l)", ["cat <(ls) >(wc -l)", "ls", "wc -l"]],
  ["echo ${x:-$(rm a)}", ["echo ${x:-$(rm a)}", "rm a"]],
  ["x=$(rm y) true", ["true", "rm y"]],
  ["echo $((1 + $(rm y)))", ["echo $((1 + $(rm y)))", "rm y"]],
  ["cat <<EOF\n$(rm x)\nEOF", ["cat", "rm x"]],
  // grouping and control flow
  ["(cd x && rm y)", ["cd x", "rm y"]],
  ["{ rm y; }", ["rm y"]],
  ["if test -f x; then rm x; else echo no; fi", ["test -f x", "rm x", "echo no"]],
  ["for f in $(ls); do rm $f; done", ["ls", "rm $f"]],
  ["while read l; do echo $l; done < f", ["read l", "echo $l"]],
  ["case $x in a) rm a;; *) rm b;; esac", ["rm a", "rm b"]],
  ["f() { rm -rf /; }", ["rm -rf /"], "function bodies"],
  ["[[ $(rm x) ]]", ["rm x"]],
  ["! git push", ["git push"]],
  ["time git push", ["git push"]],
  ["coproc rm x", ["rm x"]],
  // assignments and wrappers
  ["FOO=bar git push", ["git push"]],
  ['A=1 B="x y" git push', ["git push"]],
  ["timeout 5 git push", ["git push"]],
  ["timeout -s KILL --kill-after=2 5s git push", ["git push"]],
  ["timeout --signal KILL 1.5m git push", ["git push"]],
  ["nohup git push &", ["git push"]],
  ["nice -n 5 git push", ["git push"]],
  ["nice -10 git push", ["git push"]],
  ["stdbuf -oL -e0 git push", ["git push"]],
  ["command git push", ["git push"]],
  ["builtin echo hi", ["echo hi"]],
  ["noglob git push", ["git push"]],
  ["time -p git push", ["git push"]],
  ["env FOO=1 BAR=2 git push", ["git push"], "STRICTER: env"],
  ["env -i -u HOME PATH=/bin git push", ["git push"], "STRICTER: env flags"],
  ["/usr/bin/env git push", ["git push"], "STRICTER"],
  ["sudo git push", ["git push"], "STRICTER: sudo"],
  ["sudo -E -u root git push", ["git push"], "STRICTER"],
  ["sudo -uroot HOME=/root git push", ["git push"], "STRICTER"],
  ["sudo --user=root -- git push", ["git push"], "STRICTER"],
  ["doas -u root git push", ["git push"], "STRICTER"],
  ["exec git push", ["git push"], "STRICTER"],
  ["xargs rm", ["rm"]],
  ["find . | xargs -0 -n 1 -I{} rm {}", ["find .", "rm {}"], "STRICTER: xargs with flags"],
  ["sudo nohup nice -n 5 timeout 10 env A=1 git push", ["git push"], "nested wrappers"],
  ["npx rimraf x", ["npx rimraf x"], "runners are not stripped"],
  ["docker exec c rm y", ["docker exec c rm y"], "runners are not stripped"],
  // dequoting
  ['rm -rf "/"', ["rm -rf /"]],
  ["g''it push", ["git push"]],
  ["\\git push", ["git push"]],
  ["$'\\x67it' push", ["git push"]],
  ["git \\\n  push", ["git push"]],
  // command strings (STRICTER)
  ['bash -c "git push -f"', ["bash -c git push -f", "git push -f"]],
  ["sh -c 'rm -rf / && echo done'", ["sh -c rm -rf / && echo done", "rm -rf /", "echo done"]],
  ["bash -lc 'rm x'", ["bash -lc rm x", "rm x"]],
  ["bash -e -o pipefail -c 'rm x'", ["bash -e -o pipefail -c rm x", "rm x"]],
  ["/bin/zsh -c 'rm x'", ["/bin/zsh -c rm x", "rm x"]],
  ["bash script.sh", ["bash script.sh"]],
  ["eval 'rm x; ls'", ["eval rm x; ls", "rm x", "ls"]],
  ["su -c 'rm x' root", ["su -c rm x root", "rm x"]],
  ["env -S 'rm x'", ["env -S rm x", "rm x"]],
  ["bash <<'EOF'\nrm -rf /\nEOF", ["bash", "rm -rf /"]],
  ["sh <<< 'rm x'", ["sh", "rm x"]],
  ["find . -name '*.tmp' -exec rm -f {} \\;", ["find . -name *.tmp -exec rm -f {} ;", "rm -f {}"]],
  ["find . -execdir sh -c 'rm $1' _ {} +", ["find . -execdir sh -c rm $1 _ {} +", "sh -c rm $1 _ {}", "rm $1"]],
  ["fd -e log -x rm", ["fd -e log -x rm", "rm"]],
  ["xargs sh -c 'rm x'", ["sh -c rm x", "rm x"]],
  // not commands
  ["echo rm -rf /", ["echo rm -rf /"]],
  ['git commit -m "rm -rf /"', ["git commit -m rm -rf /"]],
  ["echo hi # rm x", ["echo hi"]],
  ["", [""]],
];

describe("splitShellCommand (bash)", () => {
  it.each(splits)("%j → %j %s", (cmd, expected) => {
    expect(displays(cmd)).toEqual(expected);
  });

  it("keeps every stripping stage and the raw text as forms", () => {
    expect(formsOf("sudo FOO=1 timeout 5 git push")).toEqual([
      ["sudo FOO=1 timeout 5 git push", "timeout 5 git push", "git push"],
    ]);
    expect(formsOf('git commit -m "x y"')).toEqual([["git commit -m x y", 'git commit -m "x y"']]);
    expect(formsOf("/bin/rm -rf /")).toEqual([["/bin/rm -rf /", "rm -rf /"]]);
    expect(formsOf("rm x > out 2>&1")).toEqual([["rm x", "rm x > out 2>&1"]]);
  });

  it("STRICTER: a command that doesn't parse is also split naively (quotes ignored)", () => {
    const r = splitShellCommand("echo 'unterminated; rm x");
    expect(r.parseErrors).toBe(true);
    expect(r.subjects.map((s) => s.display)).toContain("rm x");
    expect(r.subjects.some((s) => s.origin === "fallback")).toBe(true);
  });

  it("STRICTER: an unterminated substitution is still looked into", () => {
    const r = splitShellCommand("echo $(rm -rf / ");
    expect(r.parseErrors).toBe(true);
    expect(r.subjects.map((s) => s.display)).toContain("rm -rf /");
  });

  it("caps the number of subjects and adds the whole command", () => {
    const cmd = Array.from({ length: 400 }, (_, i) => `c${i}`).join("; ");
    const r = splitShellCommand(cmd);
    expect(r.truncated).toBe(true);
    expect(r.subjects.length).toBe(MAX_SUBJECTS + 1);
    expect(r.subjects.at(-1)).toMatchObject({ origin: "whole", forms: [cmd] });
  });

  it("caps nesting depth; the naive split still finds what's below the cap", () => {
    const cmd = `echo ${"$(echo x; ".repeat(24)}rm x${")".repeat(24)}`;
    const r = splitShellCommand(cmd);
    expect(r.truncated).toBe(true);
    expect(r.subjects.map((s) => s.display)).toContain("rm x");
    expect(r.subjects.at(-1)!.origin).toBe("whole");
  });

  it("dedupes identical subjects", () => {
    expect(displays("ls; ls; ls")).toEqual(["ls"]);
  });

  it("never throws and stays bounded on pathological input", () => {
    const inputs = [
      "a".repeat(65536),
      `echo ${"$(".repeat(2000)}`,
      `echo ${"$(".repeat(30000)}`,
      "(".repeat(30000),
      "`".repeat(60000),
      "a;".repeat(30000),
      '"$('.repeat(20000),
      "{ ".repeat(30000),
      "if a; then ".repeat(6000),
      `echo ${"\\`".repeat(30000)}`,
      "$((".repeat(20000),
      "a|".repeat(30000),
      'bash -c "'.repeat(6000),
      "eval eval ".repeat(6000),
      "sudo ".repeat(13000),
      "a*".repeat(32000),
      `cat > f <<EOF\n${"line $x\n".repeat(8000)}EOF`,
    ];
    for (const cmd of inputs) {
      const r = splitShellCommand(cmd);
      expect(Array.isArray(r.subjects)).toBe(true);
      expect(r.subjects.length).toBeGreaterThan(0);
      expect(r.subjects.length).toBeLessThanOrEqual(MAX_SUBJECTS + 1);
      const p = splitShellCommand(cmd, { dialect: "powershell" });
      expect(p.subjects.length).toBeLessThanOrEqual(MAX_SUBJECTS + 1);
    }
  });
});

const psSplits: Array<[cmd: string, expected: string[], note?: string]> = [
  ["Get-ChildItem; Remove-Item x", ["Get-ChildItem", "Remove-Item x"]],
  ["Get-ChildItem | Where-Object Length -gt 1 | Remove-Item", ["Get-ChildItem", "Where-Object Length -gt 1", "Remove-Item"]],
  ["git pull && git push || echo fail", ["git pull", "git push", "echo fail"]],
  ['Write-Output "x $(Remove-Item y) z"', ["Write-Output x $(Remove-Item y) z", "Remove-Item y"]],
  ["Write-Output 'Remove-Item y'", ["Write-Output Remove-Item y"]],
  ["& { Remove-Item x }", ["Remove-Item x"]],
  ["& 'C:\\tools\\git.exe' push", ["C:\\tools\\git.exe push"]],
  ["Remove-Item `\n  -Recurse x", ["Remove-Item -Recurse x"]],
  ["Write-Host hi # Remove-Item x", ["Write-Host hi"]],
  ['iex "Remove-Item x"', ["iex Remove-Item x", "Remove-Item x"], "STRICTER"],
  ['powershell -NoProfile -Command "Remove-Item x"', ["powershell -NoProfile -Command Remove-Item x", "Remove-Item x"], "STRICTER"],
  ["cmd /c del x", ["cmd /c del x", "del x"], "STRICTER"],
  // -EncodedCommand: UTF-16LE base64 of "Remove-Item x"
  ["pwsh -enc UgBlAG0AbwB2AGUALQBJAHQAZQBtACAAeAA=", ["pwsh -enc UgBlAG0AbwB2AGUALQBJAHQAZQBtACAAeAA=", "Remove-Item x"], "STRICTER"],
];

describe("splitShellCommand (powershell)", () => {
  it.each(psSplits)("%j → %j %s", (cmd, expected) => {
    expect(displays(cmd, "powershell")).toEqual(expected);
  });

  it("lower-cases forms and adds the canonical name of an alias", () => {
    expect(formsOf("rm -r C:\\x", "powershell")).toEqual([["rm -r c:\\x", "remove-item -r c:\\x"]]);
    expect(formsOf("GCI", "powershell")).toEqual([["gci", "get-childitem"]]);
  });
});
