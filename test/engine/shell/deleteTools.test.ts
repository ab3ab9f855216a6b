// Delete tools beside rm — Node's rimraf and del-cli, the desktops' trash, shelljs's shx — are known commands: a
// recursive delete of /, a system directory or home is denied however it is spelt, the project's own output is not.
import { describe, expect, it } from "vitest";
import { starterVerdict } from "../../support/starter";

describe("delete tools other than rm", () => {
  it.each(["rimraf", "npx rimraf", "del-cli", "del", "npx del-cli", "trash", "trash-put", "gtrash put", "gio trash", "shx rm -rf", "npx shx rm -rf", "pnpm dlx rimraf"])(
    "%s of /, a system directory or home is denied; of the project's output it is not",
    async (tool) => {
      for (const target of ["/", "~", "/etc", "$HOME", "/usr/*"]) expect((await starterVerdict(`${tool} ${target}`)).fired, `${tool} ${target}`).toContain("no-recursive-delete-of-root-system-or-home");
      for (const target of ["dist", "node_modules build", "./coverage"]) expect((await starterVerdict(`${tool} ${target}`)).decision, `${tool} ${target}`).toBe("none");
    },
  );
  it("del-cli's dry run lists what it would delete, and its negated globs keep files", async () => {
    expect((await starterVerdict("del-cli --dry-run ~")).decision).toBe("none");
    expect((await starterVerdict("del-cli 'dist/*' '!dist/keep.js'")).decision).toBe("none");
  });
});
