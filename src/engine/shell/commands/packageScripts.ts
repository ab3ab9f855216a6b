/**
 * Package scripts the command line writes, which run later: `npm pkg set scripts.postinstall='curl … | sh'` runs
 * at the next `npm install`, `npm set-script test 'rm -rf ~'` at the next `npm test`, and `npm pkg set scripts.x=…
 * && npm run x` at once. A script is shell code (npm, yarn, pnpm and bun run it with `sh -c`), so the text written
 * is examined as code that runs, the way a makefile's recipes are (makefile.ts): a rule holds against `rm -rf /` in
 * a written script as against the command itself, whenever the script is then run, in this call or a later one.
 *
 * The ways a script is written, one declaration each (SCRIPT_WRITERS), and a package.json the command line writes
 * with known text (`cat > package.json <<'EOF' … EOF`): its `scripts` (packageJsonScripts). Settings whose value is
 * the program scripts run with (`npm config set script-shell …`) are code too: a command of one word.
 */

/** How a program writes scripts: the words (after its name) that must come first, then how the rest is read. */
interface ScriptWriter {
  /** The subcommand words, in order (`pkg set`), options between them allowed. */
  readonly path: readonly string[];
  /** `key=value` pairs (npm pkg set); `name value` (npm set-script); `-k key -v value` (npm-add-script); `key value` config. */
  readonly form: "pairs" | "nameValue" | "keyValueOptions" | "config";
}

/** `npm pkg set`, its forwarders (`pnpm pkg set` runs npm's), bun's own `bun pm pkg set`, and the older commands. */
const SCRIPT_WRITERS: Readonly<Record<string, readonly ScriptWriter[]>> = {
  npm: [
    { path: ["pkg", "set"], form: "pairs" },
    { path: ["set-script"], form: "nameValue" },
    { path: ["config", "set"], form: "config" },
    { path: ["set"], form: "config" },
  ],
  pnpm: [
    { path: ["pkg", "set"], form: "pairs" },
    { path: ["config", "set"], form: "config" },
    { path: ["set-script"], form: "nameValue" },
  ],
  yarn: [
    { path: ["config", "set"], form: "config" },
    { path: ["pkg", "set"], form: "pairs" },
  ],
  bun: [{ path: ["pm", "pkg", "set"], form: "pairs" }],
  "npm-add-script": [{ path: [], form: "keyValueOptions" }],
};

/**
 * Configuration keys (lower case, `-` and `_` alike) whose value is the program package scripts, hooks or
 * the package manager itself run: `script-shell` runs every script, `shell` is what `npm exec` and `npm explore`
 * start, `editor`/`browser`/`viewer`/`git` programs npm starts. (`yarnPath` is the yarn release every later `yarn`
 * runs.)
 */
const CODE_SETTINGS = /^(?:script[-_]?shell|shell|editor|browser|viewer|git|yarn[-_]?path|node[-_]?gyp)$/i;

/** A key that names a script (`scripts.test`, `scripts[test]`, `scripts["x"]`), or every script (`scripts`). */
const SCRIPT_KEY = /^scripts(?:$|[.[])/;

const MAX_SCRIPTS = 64;

/** Does `name` write scripts with some of its subcommands? (So a caller need not build word lists otherwise.) */
export function writesPackageScripts(name: string): boolean {
  return Object.hasOwn(SCRIPT_WRITERS, name);
}

/**
 * The shell code `name ARGS…` writes as package scripts or script-running settings, to run later. `args` are the
 * words after the program's name, as values. Empty when it writes none.
 */
export function packageScriptCode(name: string, args: readonly string[]): string[] {
  const writers = Object.hasOwn(SCRIPT_WRITERS, name) ? SCRIPT_WRITERS[name]! : [];
  for (const w of writers) {
    const rest = afterPath(args, w.path);
    if (rest === undefined) continue;
    const operands = rest.filter((a) => !a.startsWith("-"));
    const json = rest.includes("--json");
    switch (w.form) {
      case "pairs":
        return operands.flatMap((pair) => {
          const eq = pair.indexOf("=");
          if (eq <= 0) return [];
          const key = pair.slice(0, eq);
          if (!SCRIPT_KEY.test(key)) return [];
          const value = pair.slice(eq + 1);
          // `scripts='{"test":"…"}' --json`: every script of the object; `scripts.x='"…"' --json`: a JSON string.
          return json ? jsonStrings(value) : [value];
        });
      case "nameValue": {
        // `set-script NAME CMD`: every word after the name, options too (unquoted, they are the script's).
        const at = rest.findIndex((a) => !a.startsWith("-"));
        return at >= 0 && at + 1 < rest.length ? [rest.slice(at + 1).join(" ")] : [];
      }
      case "keyValueOptions": {
        const value = optionValue(args, ["-v", "--value"]);
        return value !== undefined ? [value] : [];
      }
      case "config": {
        // `config set key value`, `config set key=value`.
        const [first, second] = operands;
        if (first === undefined) return [];
        const eq = first.indexOf("=");
        const key = eq > 0 ? first.slice(0, eq) : first;
        const value = eq > 0 ? first.slice(eq + 1) : second;
        return value !== undefined && CODE_SETTINGS.test(key.replace(/^--/, "")) ? [value] : [];
      }
    }
  }
  return [];
}

/** The words after `path` (each subcommand word in turn, options in between skipped), or undefined when not there. */
function afterPath(args: readonly string[], path: readonly string[]): readonly string[] | undefined {
  let k = 0;
  for (const word of path) {
    while (k < args.length && args[k]!.startsWith("-")) k += WITH_VALUE.has(args[k]!) ? 2 : 1;
    if (args[k] !== word) return undefined;
    k++;
  }
  return args.slice(k);
}

/** The package managers' global options that take a value as the next word (`-w pkg`, `--prefix dir`). */
const WITH_VALUE: ReadonlySet<string> = new Set(["-w", "--workspace", "--prefix", "-C", "--dir", "--cwd", "--filter", "-F", "--location", "-L", "--userconfig", "--globalconfig"]);

function optionValue(args: readonly string[], names: readonly string[]): string | undefined {
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (names.includes(a)) return args[k + 1];
    for (const n of names) if (n.startsWith("--") && a.startsWith(`${n}=`)) return a.slice(n.length + 1);
  }
  return undefined;
}

/** Every string in a JSON value (a script object's scripts); the text itself when it is not JSON (any code). */
function jsonStrings(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [text];
  }
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (out.length >= MAX_SCRIPTS || depth > 8) return;
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v !== null && typeof v === "object") for (const x of Object.values(v)) walk(x, depth + 1);
  };
  walk(value, 0);
  return out;
}

/** Is this path (a written file's key) a package manifest whose scripts run later? */
export function isPackageManifest(path: string): boolean {
  return /(?:^|\/)package\.json$/.test(path);
}

/**
 * The scripts of a package.json's text: the string values of its `scripts` object. Text that is not JSON (a
 * template with unknown parts, a manifest being written piecewise) is searched for `"scripts": {…}` and its quoted
 * values taken, so a script written in a manifest hookgate cannot parse still counts.
 */
export function packageJsonScripts(text: string): string[] {
  try {
    const parsed = JSON.parse(text) as { scripts?: unknown };
    const scripts = parsed?.scripts;
    if (scripts === null || typeof scripts !== "object") return [];
    return Object.values(scripts as Record<string, unknown>)
      .filter((s): s is string => typeof s === "string")
      .slice(0, MAX_SCRIPTS);
  } catch {
    const at = text.search(/"scripts"\s*:\s*\{/);
    if (at < 0) return [];
    const body = text.slice(text.indexOf("{", at) + 1);
    const end = body.indexOf("}");
    const out: string[] = [];
    for (const m of (end >= 0 ? body.slice(0, end) : body).matchAll(/"(?:[^"\\]|\\.)*"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
      if (out.length >= MAX_SCRIPTS) break;
      out.push(m[1]!.replace(/\\(["\\/])/g, "$1").replace(/\\n/g, "\n").replace(/\\t/g, "\t"));
    }
    return out;
  }
}
