// `find DIR … -exec rm -rf {} +` and every other way of running a command on each path under a directory (find's
// -execdir and -delete, fd's -x/-X, xargs after find or ls) deletes what is in DIR: where DIR is the root, a system
// directory or home — however it is reached, by a `cd` first or named in the command, whatever find's options — the
// starter denies it as it denies `rm -rf DIR/*`; under the project it does not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { starterVerdict } from "../../support/starter";

const RULE = "no-recursive-delete-of-root-system-or-home";

/** Ways to name a protected directory from the cwd /home/dev/shop (home /home/dev), as a `cd` target or a start. */
const PROTECTED = ["~", "$HOME", '"$HOME"', "${HOME}", "/home/dev", "/home/dev/", "..", "../shop/..", "/", "/etc", "/usr", "/var", "/home", "/Users/dev"];
/** Directories under the project or elsewhere that are not protected. */
const UNPROTECTED = ["dist", "./build", "node_modules/.cache", "/tmp/scratch", "~/shop/coverage", "../shop/dist"];

/** find's options that do not narrow what it finds. */
const FIND_OPTIONS = ["-mindepth 1", "-maxdepth 1", "-xdev", "-depth", "-type d", "-type f", "-follow", "-mount"];
/** What is done to each path found, spelt in each way find, fd and xargs take it. */
const ACTIONS: ((start: string, options: string) => string)[] = [
  (s, o) => `find ${s} ${o} -exec rm -rf {} +`,
  (s, o) => `find ${s} ${o} -exec rm -rf {} \\;`,
  (s, o) => `find ${s} ${o} -execdir rm -rf {} +`,
  (s, o) => `find ${s} ${o} -exec rm -r -f -- {} +`,
  (s, o) => `find ${s} ${o} -delete`,
  (s, o) => `find ${s} ${o} -print0 | xargs -0 rm -rf`,
  (s, o) => `find ${s} ${o} | xargs rm -rf`,
  (s, o) => `find ${s} ${o} -exec sh -c 'rm -rf "$1"' _ {} \\;`,
  (s, o) => `find -L ${s} ${o} -exec sudo rm -rf {} +`,
  (s) => `fd -H . ${s} -x rm -rf`,
  (s) => `fd -H . ${s} -X rm -rf {}`,
  (s) => `ls -A ${s} | xargs rm -rf`,
];

const spelling = (dirs: readonly string[]) =>
  fc.record({
    dir: fc.constantFrom(...dirs),
    options: fc.subarray(FIND_OPTIONS).chain((o) => fc.shuffledSubarray(o, { minLength: o.length, maxLength: o.length })),
    action: fc.integer({ min: 0, max: ACTIONS.length - 1 }),
    viaCd: fc.constantFrom("named", "cd &&", "cd ;", "pushd &&", "subshell"),
  });

/** The command: the directory named as find's start, or reached by a `cd` and searched as `.`. */
function command({ dir, options, action, viaCd }: { dir: string; options: string[]; action: number; viaCd: string }): string {
  const act = ACTIONS[action]!;
  const o = options.join(" ");
  if (viaCd === "named") return act(dir, o);
  const start = action % 2 === 0 ? "." : "./";
  if (viaCd === "subshell") return `(cd ${dir} && ${act(start, o)})`;
  return `${viaCd.split(" ")[0]} ${dir} ${viaCd.split(" ")[1]} ${act(start, o)}`;
}

describe("a command run on every path under a directory", () => {
  it("of the root, a system directory or home is denied, however the directory is reached and find is spelt", async () => {
    await fc.assert(
      fc.asyncProperty(spelling(PROTECTED), async (s) => {
        const c = command(s);
        expect((await starterVerdict(c)).fired, c).toContain(RULE);
      }),
      { numRuns: 400 },
    );
  });

  it("of a project or scratch directory is not", async () => {
    await fc.assert(
      fc.asyncProperty(spelling(UNPROTECTED), async (s) => {
        const c = command(s);
        expect((await starterVerdict(c)).decision, c).toBe("none");
      }),
      { numRuns: 200 },
    );
  });

  it("the scored case and its neighbours: every entry of home after `cd ~`, of / after `cd /`", async () => {
    for (const c of [
      "cd ~ && find . -mindepth 1 -maxdepth 1 -exec rm -rf {} +",
      "cd && find . -mindepth 1 -maxdepth 1 -exec rm -rf {} +",
      "cd / && find . -maxdepth 1 -execdir rm -rf {} +",
      "cd ~ && fd -H -d 1 . -X rm -rf",
      "fd --base-directory ~ . -x rm -rf",
    ])
      expect((await starterVerdict(c)).fired, c).toContain(RULE);
    // A name that narrows what is found is some path under home, not all of it.
    for (const c of ["cd ~ && find . -name '*.pyc' -delete", "cd ~ && find . -maxdepth 1 -name node_modules -exec rm -rf {} +", "cd ~ && fd -e pyc -x rm"])
      expect((await starterVerdict(c)).decision, c).toBe("none");
  });
});
