// Generated file-tool rules (Read / Edit / Write, every anchor form) and file-tool calls against absolute,
// relative, home and nested paths, inside and outside the project.
import type { Rng } from "./rng";
import type { CallCase, RuleCase } from "./types";

type Rule = Omit<RuleCase, "rule" | "id">;
type Call = Omit<CallCase, "input" | "id">;

export const FILE_TOOLS = ["Read", "Edit", "Write"] as const;

/** Files the calls point at, relative to their base; all of them are created (content "hello") before the run. */
export const PROJECT_FILES: readonly string[] = [
  ".env", ".env.local", ".ENV", "config/.env", "Config/.env", "app/config/.env", "a/b/c/.env", "src/index.ts",
  "src/lib/util.ts", "lib/src/x.ts", "secrets/api.key", "secrets/db/prod.txt", "x/secrets/db.txt", "certs/server.pem",
  "deep/x/y/key.pem", "README.md", "etc/hostname", "tmp/scratch.txt", ".ssh/id_rsa", "id_rsa", "credentials",
];
export const OUTSIDE_FILES: readonly string[] = [".env", "config/.env", "k.pem", "src/x.ts", "secrets/api.key", "notes.txt"];
export const HOME_FILES: readonly string[] = [".ssh/id_rsa", ".ssh/config", ".aws/credentials", "notes.txt", ".env", "proj/config/.env"];
/**
 * Not created: outside the project the client refuses Edit/Write of an existing file it has not read ("File has
 * not been read yet") before any hook runs, so those calls go to new files (an Edit with an empty old_string).
 */
export const OUTSIDE_FRESH: readonly string[] = ["new/.env", "new/config/.env", "new/k.pem", "src/new.ts", "secrets/new.key"];
export const HOME_FRESH: readonly string[] = [".ssh/id_ed25519", ".aws/config", "proj/config/new/.env", "new.env"];

/**
 * Rule specifiers by anchor form. `{CWD}`/`{OUT}`/`{HOME}` are absolute (start with `/`), so `/{CWD}/x` is the
 * `//abs` form and `{CWD}/x` the single-slash absolute form.
 */
export const PATH_SPECS: Readonly<Record<string, readonly string[]>> = {
  "path-root": ["/{CWD}/config/.env", "/{OUT}/**", "//etc/hostname", "/{CWD}/src/**", "/{OUT}/*.pem", "/{CWD}/**/.env"],
  "path-single-slash-abs": ["/etc/hostname", "{CWD}/config/.env", "{CWD}/src/**", "{OUT}/k.pem", "{OUT}/*.pem", "{OUT}/**", "{CWD}/**/.env"],
  "path-single-slash-project": ["/config/.env", "/src/**", "/.env", "/secrets/*", "/**"],
  "path-home": ["~/.ssh/**", "~/.ssh/id_rsa", "~/.aws/*", "~/.env", "~/**", "~/proj/**"],
  "path-dot": ["./.env", "./config/.env", "./src/**", "./*.pem", "./secrets/*", "./etc/hostname"],
  "path-bare": [".env", "id_rsa", "credentials", "hostname", ".ENV", "notes.txt"],
  "path-glob-name": ["*.pem", "*.env", ".env.*", "*.key", "*.PEM", "*"],
  "path-dir-globstar": ["config/**", "src/**", "secrets/**", ".ssh/**", "etc/**"],
  "path-any-depth-dir": ["**/config/**", "**/src/**", "**/secrets/**", "**/.env", "**"],
  "path-dir-star": ["secrets/*", "config/*"],
  "path-relative": ["config/.env", "app/config/.env", "src/lib/*.ts", "a/**/.env"],
};

export function fileRules(r: Rng): Rule[] {
  const rules: Rule[] = [];
  for (const tool of FILE_TOOLS) rules.push({ family: "path-bare-tool", template: tool });
  for (const [family, specs] of Object.entries(PATH_SPECS))
    for (const spec of specs) {
      // Read gets every form; Edit and Write a seeded half each (different halves).
      rules.push({ family, template: `Read(${spec})` });
      for (const tool of ["Edit", "Write"] as const) if (r.chance(0.45)) rules.push({ family, template: `${tool}(${spec})` });
    }
  return rules;
}

/** The ways a call can spell one file's path. */
function spellings(base: "{CWD}" | "{OUT}" | "{HOME}", rel: string): string[] {
  const out = [`${base}/${rel}`];
  if (base === "{CWD}") out.push(rel, `./${rel}`, `{CWD}/sub/../${rel}`, `{CWD}//${rel}`);
  if (base === "{HOME}") out.push(`~/${rel}`);
  return out;
}

export function fileCalls(r: Rng): Call[] {
  const calls: Call[] = [];
  const input = (tool: string, path: string, fresh: boolean): Record<string, unknown> =>
    tool === "Read"
      ? { file_path: path }
      : tool === "Edit"
        ? { file_path: path, old_string: fresh ? "" : "hello", new_string: "bye" }
        : { file_path: path, content: "differential" };
  const add = (family: string, tool: string, path: string, fresh = false) => calls.push({ family, tool, template: input(tool, path, fresh) });

  // Read: every project file absolutely and in one more seeded spelling; Edit/Write a seeded subset.
  for (const f of PROJECT_FILES) {
    add("file-project", "Read", `{CWD}/${f}`);
    add("file-project", "Read", r.pick(spellings("{CWD}", f).slice(1)));
  }
  for (const f of OUTSIDE_FILES) add("file-outside", "Read", `{OUT}/${f}`);
  add("file-outside", "Read", "/etc/hostname");
  add("file-outside", "Read", "{CWD}/../outside/.env");
  for (const f of HOME_FILES) add("file-home", "Read", r.pick(spellings("{HOME}", f)));
  add("file-home", "Read", "~/.ssh/id_rsa");

  for (const tool of ["Edit", "Write"] as const) {
    for (const f of r.sample(PROJECT_FILES, 12)) add("file-project", tool, r.pick(spellings("{CWD}", f)));
    for (const f of r.sample(OUTSIDE_FRESH, 3)) add("file-outside", tool, `{OUT}/${f}`, true);
    for (const f of r.sample(HOME_FRESH, 3)) add("file-home", tool, r.pick(spellings("{HOME}", f)), true);
  }
  return calls;
}
