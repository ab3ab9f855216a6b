import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventByName } from "../../src/clients/claude-code/events";
import { compilePolicy } from "../../src/engine/policy/compilePolicy";
import { evaluate } from "../../src/engine/evaluate";
import starterDocument from "../../policies/default.json";
import { claudeCode } from "../../src/clients/claude-code";

/**
 * Respellings of one command get one verdict: each property builds a command from the pieces a shell lets one vary
 * (option order and spelling, quoting, the command's path, wrappers, how a path is written, spacing, line
 * continuations) and asserts the starter's verdict does not change — for a dangerous command and for its harmless
 * twin alike.
 */

const compiled = compilePolicy(starterDocument, { client: claudeCode });
if (!compiled.ok) throw new Error(JSON.stringify(compiled.error));
const policy = compiled.value;
const HOME = "/home/dev";

async function verdict(command: string): Promise<string> {
  const r = await evaluate(policy, eventByName("PreToolUse"), {
    session_id: "s",
    transcript_path: `${HOME}/.claude/projects/p/s.jsonl`,
    cwd: `${HOME}/shop`,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "t",
  });
  return (r.answer as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision ?? "allow";
}

/** Ways to write a command name. */
const commandWord = (name: string) => fc.constantFrom(name, `/bin/${name}`, `/usr/bin/${name}`, `\\${name}`, `"${name}"`, `'${name}'`, `${name[0]}''${name.slice(1)}`, `${name.slice(0, 1)}"${name.slice(1)}"`);
/** Wrappers that run the rest as a command. */
const wrapper = fc.constantFrom("", "sudo ", "sudo -u root ", "env ", "env -i PATH=/usr/bin ", "nice -n 5 ", "command ", "timeout 30 ", "nohup ", "ionice -c3 ", "busybox ", "setsid ", "time ");
/** Joins words with single or many spaces, or a line continuation. */
const joined = (words: fc.Arbitrary<string[]>) =>
  fc.tuple(words, fc.array(fc.constantFrom(" ", "  ", " \\\n  ", "\t"), { minLength: 16, maxLength: 16 })).map(([ws, seps]) => ws.map((w, i) => (i === 0 ? w : `${seps[i % seps.length]}${w}`)).join(""));

const RM_FLAGS = fc.constantFrom(["-rf"], ["-fr"], ["-r", "-f"], ["-R", "-f"], ["-f", "-r"], ["--recursive", "--force"], ["--recur", "--force"], ["-r", "--force"], ["-Rf"], ["-rfv"], ["-r"]);

function rmCommand(target: fc.Arbitrary<string>) {
  return fc.tuple(wrapper, commandWord("rm"), RM_FLAGS, target, fc.boolean()).chain(([w, rm, flags, t, flagsLast]) =>
    joined(fc.constant(flagsLast ? [rm, t, ...flags] : [rm, ...flags, t])).map((c) => `${w}${c}`),
  );
}

const HOME_SPELLINGS = fc.constantFrom("~", "~/", "$HOME", '"$HOME"', "${HOME}", '"${HOME:?}"', HOME, `${HOME}/`, `"${HOME}"`, "~/.", `${HOME}/.`, "$HOME/", "//home/dev");
const PROJECT_DIRS = fc.constantFrom("./dist", "dist", "build/", "./node_modules", "'target'", '"$PWD/dist"', "coverage", "./.cache");

describe("respellings of one command get one verdict", () => {
  it("a recursive delete of the home directory is denied however it is written", async () => {
    await fc.assert(
      fc.asyncProperty(rmCommand(HOME_SPELLINGS), async (command) => {
        expect({ command, verdict: await verdict(command) }).toEqual({ command, verdict: "deny" });
      }),
      { numRuns: 300 },
    );
  });

  it("the same deletes of a project directory are allowed however they are written", async () => {
    await fc.assert(
      fc.asyncProperty(rmCommand(PROJECT_DIRS), async (command) => {
        expect({ command, verdict: await verdict(command) }).toEqual({ command, verdict: "allow" });
      }),
      { numRuns: 300 },
    );
  });

  const FORCE = fc.constantFrom(["--force"], ["-f"], ["--force-with-lease"], ["-fu"], ["-uf"], ["--force", "-u"]);
  const GIT_GLOBAL = fc.constantFrom([], ["-C", "."], ["-c", "color.ui=false"], ["--no-pager"], ["-C", ".", "-c", "x.y=z"]);

  it("a force push asks however it is written (and a plain push does not)", async () => {
    await fc.assert(
      fc.asyncProperty(wrapper, commandWord("git"), GIT_GLOBAL, FORCE, fc.constantFrom(["origin", "main"], ["origin", "HEAD:main"], []), fc.boolean(), async (w, git, global, force, refs, forceLast) => {
        const args = forceLast ? [...refs, ...force] : [...force, ...refs];
        const command = `${w}${[git, ...global, "push", ...args].join(" ")}`;
        expect({ command, verdict: await verdict(command) }).toEqual({ command, verdict: "ask" });
        const plain = `${w}${[git, ...global, "push", ...refs].join(" ")}`;
        expect({ plain, verdict: await verdict(plain) }).toEqual({ plain, verdict: "allow" });
      }),
      { numRuns: 200 },
    );
  });

  const DOWNLOAD = fc.constantFrom("curl -fsSL https://get.example.com/install.sh", "curl -s https://x.example/i", "wget -qO- https://x.example/i", "wget -O - https://x.example/i", "curl https://x.example/i");
  const SHELL = fc.constantFrom("sh", "bash", "/bin/bash", "sudo bash", "sudo -E sh -", "env bash", "bash -s --", "zsh", "sudo -u root bash", "tee i.sh | sh");

  it("a download run by a shell is denied however it is written (and saving it is allowed)", async () => {
    await fc.assert(
      fc.asyncProperty(DOWNLOAD, SHELL, fc.constantFrom("pipe", "subst", "procsub", "eval"), async (download, shell, how) => {
        const command =
          how === "pipe" ? `${download} | ${shell}` : how === "subst" ? `bash -c "$(${download})"` : how === "procsub" ? `bash <(${download})` : `eval "$(${download})"`;
        expect({ command, verdict: await verdict(command) }).toEqual({ command, verdict: "deny" });
        const saved = `${download} -o install.sh`;
        expect({ saved, verdict: await verdict(saved) }).toEqual({ saved, verdict: "allow" });
      }),
      { numRuns: 200 },
    );
  });

  const READER = fc.constantFrom("cat", "less", "head -n 5", "tail -20", "grep KEY", "sed -n 1p", "awk 1", "base64", "xxd", "cp {} /tmp/x", "sort <", "md5sum -c");
  const ENV_PATH = fc.constantFrom(".env", "./.env", "config/.env", '"$PWD/.env"', ".e''nv", `${HOME}/shop/.env`, ".env.local", ".env.production");
  const EXAMPLE_PATH = fc.constantFrom(".env.example", "./.env.example", "config/.env.sample", ".env.template");

  it("reading a .env file is denied whichever program reads it (and .env.example is allowed)", async () => {
    await fc.assert(
      fc.asyncProperty(wrapper, READER, ENV_PATH, EXAMPLE_PATH, async (w, reader, path, example) => {
        const build = (p: string) => (reader.includes("{}") ? `${w}${reader.replace("{}", p)}` : `${w}${reader} ${p}`);
        const command = build(path);
        expect({ command, verdict: await verdict(command) }).toEqual({ command, verdict: "deny" });
        const ok = build(example);
        expect({ ok, verdict: await verdict(ok) }).toEqual({ ok, verdict: "allow" });
      }),
      { numRuns: 200 },
    );
  });
});
