// The differential suite's own "could some expansion match?" oracle (it decides which LAX pairs are excused, so it
// must err towards "could").
import { describe, expect, it } from "vitest";
import { STAR, type Pat } from "./commandScan";
import { couldMatch, excuse, intersects } from "./expansion";

const p = (s: string): Pat => [...s].map((c) => (c === "*" ? STAR : c));

describe("intersects (patterns with STARs on both sides)", () => {
  it.each([
    ["abc", "abc", true],
    ["abc", "abd", false],
    ["a*", "*c", true],
    ["ls *", "git *", false],
    ["* main", "git push *", true],
    ["echo hi", "echo *", true],
    ["echo hi", "cat *", false],
    ["*", "", true],
    ["a*b*c", "*x*", true],
    ["a*b", "ab", true],
    ["a*b", "ba", false],
  ])("%j ∩ %j → %s", (a, b, want) => {
    expect(intersects(p(a), p(b))).toBe(want);
    expect(intersects(p(b), p(a))).toBe(want);
  });
});

describe("couldMatch", () => {
  it.each([
    // A dynamic argument can be any text, including several words.
    ["Bash(echo hi)", "echo $(git push)", true],
    ["Bash(git push origin main)", 'git push "$(echo origin)" main', true],
    ["Bash(git push *)", "git push $REMOTE main", true],
    ["Bash(git push --force *)", "git push $FLAGS origin main", true],
    ["Bash(ls)", "git push $REMOTE main", false],
    ["Bash(rm -rf *)", "echo $HOME", false],
    // A dynamic command word may be any command.
    ["Bash(rm -rf *)", "$GIT push origin main", true],
    ["Bash(ls)", '"$CMD" --version', true],
    ["Bash(ls)", 'bash -c "$X"', true],
    // Inner commands of substitutions are commands.
    ["Bash(git push *)", "echo $(git push origin main)", true],
    ["Bash(rm *)", "echo `rm -rf build`", true],
    // Wrappers, assignments, legacy prefixes, whitespace.
    ["Bash(rm *)", "timeout 5 rm $X", true],
    ["Bash(git push:*)", "FOO=$BAR git push", true],
    ["Bash(npm run test:*)", "npm run $T", true],
    ["Bash(npm run test:*)", "git push $R", false],
    ["Bash(git  push *)", "git push $R", true],
    // Commands that don't parse: their naive parts.
    ["Bash(ls)", "git push (", false],
    ["Bash(rm *)", "rm -rf / 'x", true],
    // A process substitution is a path.
    ["Bash(echo hi)", "echo <(rm -f app.log)", false],
    ["Bash(rm *)", "echo <(rm -f app.log)", true],
    ["Bash(* --version)", "echo <(rm -f app.log)", false],
    ["Bash(echo /dev/fd/*)", "echo <(true)", true],
    ["Bash(*.env)", "<(git push)", false],
    // Here-documents are commands only when a shell reads them.
    ["Bash(rm *)", "bash <<'EOF'\nrm -rf build\nEOF", true],
    ["Bash(rm *)", "timeout 5 sh -s <<EOF\nrm -rf build\nEOF", true],
    ["Bash(rm *)", "cat <<EOF\nrm -rf build\nEOF", false],
    ["Bash(echo *)", "cat <<EOF\nrm -rf build\nEOF\necho done", true],
    // Not about the command text.
    ["Bash", "echo $X", true],
  ])("%s on %j → %s", (rule, command, want) => {
    expect(couldMatch(rule, command)).toBe(want);
  });

  it("parameter rules look at the call's parameters, which no expansion changes", () => {
    expect(couldMatch("Bash(run_in_background:true)", "echo $X", { run_in_background: true })).toBe(true);
    expect(couldMatch("Bash(run_in_background:true)", "echo $X", { run_in_background: false })).toBe(false);
    expect(couldMatch("Bash(run_in_background:true)", "echo $X", {})).toBe(false);
  });
});

describe("excuse", () => {
  it("only where the client did not examine the call and no expansion could match", () => {
    expect(excuse("Bash(ls)", "git push $REMOTE main", "more")).toMatch(/no expansion/);
    expect(excuse("Bash(ls)", "git push $REMOTE main", "examined")).toBeUndefined();
    expect(excuse("Bash(echo hi)", "echo $(git push)", "more")).toBeUndefined();
    // A rule naming only the command word is excused only when the client examined nothing at all.
    expect(excuse("Bash(ls *)", "rm -rf build )", "more")).toBeUndefined();
    expect(excuse("Bash(ls *)", "rm -rf build )", "all")).toMatch(/does not parse/);
    expect(excuse("Bash(git:*)", "git push (", "all")).toBeUndefined();
  });
});
