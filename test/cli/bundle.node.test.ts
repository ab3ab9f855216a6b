// The CLI's bundle (scripts/build-cli.mjs, run by npm install's postinstall and npm run build): the binary runs it
// only while it was built from exactly the sources on disk, and it answers as the sources do.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the binary's, no types
import { currentBundle } from "../../bin/bundle.mjs";
import { ROOT, runBin } from "../support/localService";

const dirs: string[] = [];
const tempRoot = () => {
  const d = mkdtempSync(join(tmpdir(), "hookgate-cli-bundle-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("which code the binary runs", () => {
  /** A root with one source file and a bundle recorded as built from it. */
  function builtRoot() {
    const root = tempRoot();
    mkdirSync(join(root, "src"), { recursive: true });
    mkdirSync(join(root, "dist", "cli"), { recursive: true });
    const source = join(root, "src", "a.ts");
    writeFileSync(source, "export const a = 1;\n");
    utimesSync(source, 1_700_000_000, 1_700_000_000);
    writeFileSync(join(root, "dist", "cli", "hookgate.mjs"), "export const main = async () => 0;\n");
    writeFileSync(join(root, "dist", "cli", "inputs.json"), JSON.stringify({ inputs: [{ path: "src/a.ts", size: 20, mtimeMs: 1_700_000_000_000 }] }));
    return { root, source };
  }

  it("the bundle while every source is as recorded", () => {
    const { root } = builtRoot();
    expect(currentBundle(root)).toBe(join(root, "dist", "cli", "hookgate.mjs"));
  });

  it("the sources after an edit, a file touched, restored with an older time, or gone; and without a bundle", () => {
    const edited = builtRoot();
    writeFileSync(edited.source, "export const a = 22;\n");
    expect(currentBundle(edited.root)).toBeUndefined();
    const touched = builtRoot();
    utimesSync(touched.source, 1_700_000_001, 1_700_000_001);
    expect(currentBundle(touched.root)).toBeUndefined();
    const older = builtRoot();
    utimesSync(older.source, 1_600_000_000, 1_600_000_000);
    expect(currentBundle(older.root)).toBeUndefined();
    const gone = builtRoot();
    rmSync(gone.source);
    expect(currentBundle(gone.root)).toBeUndefined();
    const unbundled = builtRoot();
    rmSync(join(unbundled.root, "dist", "cli", "hookgate.mjs"));
    expect(currentBundle(unbundled.root)).toBeUndefined();
    const unrecorded = builtRoot();
    writeFileSync(join(unrecorded.root, "dist", "cli", "inputs.json"), JSON.stringify({ inputs: [] }));
    expect(currentBundle(unrecorded.root)).toBeUndefined();
  });
});

describe("the bundle answers as the sources", () => {
  it("built afresh, it prints what the sources print for --version, --help, check and eval", async () => {
    // Built into a copy's dist/cli, never the checkout's: other files run the binary meanwhile.
    const copy = tempRoot();
    copyFileSync(join(ROOT, "package.json"), join(copy, "package.json"));
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
    const built = await runBin(["--out", copy], { entry: join(ROOT, "scripts", "build-cli.mjs"), timeoutMs: 60_000 });
    expect(built.code, built.stderr).toBe(0);
    const entry = join(copy, "entry.mjs");
    writeFileSync(entry, `const { main } = await import(${JSON.stringify(join(copy, "dist", "cli", "hookgate.mjs"))});\nprocess.exitCode = await main(process.argv.slice(2));\n`);
    const input = join(copy, "input.json");
    writeFileSync(input, JSON.stringify({ session_id: "s", transcript_path: "/t", cwd: "/home/dev", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" }, tool_use_id: "toolu_1" }));
    const cases = [["--version"], ["--help"], ["check", "policies/default.json"], ["eval", "policies/default.json", input, "--json"], ["check", "no-such-file.json"]];
    for (const args of cases) {
      const fromBundle = await runBin(args, { entry });
      const fromSource = await runBin(args, { env: { HOOKGATE_CLI_FROM_SOURCE: "1" } });
      expect(fromBundle, args.join(" ")).toEqual(fromSource);
    }
    expect((await runBin(["eval", "policies/default.json", input, "--json"], { entry })).stdout).toContain("deny");
  }, 120_000);
});
