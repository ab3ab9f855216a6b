/**
 * `make` runs the recipes of its makefile in a shell, one line at a time. hookgate knows a makefile's text only when
 * the same command line wrote it (`cat > Makefile <<'EOF' … EOF && make`, as for `sh x.sh`): then its recipes are
 * code, examined as the script a shell would run. Every recipe counts, not only the goal's (the default goal is the
 * first target, and a recipe may be reached through any prerequisite): a restricting rule only fires more.
 */
import { HOLE_VARIABLE } from "../words/template";

/** The makefiles `make ARGS` reads, in its order: `-f FILE` (any number), else GNUmakefile, makefile, Makefile; under `-C DIR`. */
export function makefilePaths(args: readonly string[]): string[] {
  const files: string[] = [];
  let dir = "";
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const value = (short: string, long: readonly string[]): string | undefined => {
      if (a === short || long.includes(a)) return args[++k];
      if (a.startsWith(short) && short.length === 2 && !a.startsWith("--")) return a.slice(2);
      for (const l of long) if (a.startsWith(`${l}=`)) return a.slice(l.length + 1);
      return undefined;
    };
    const file = value("-f", ["--file", "--makefile"]);
    if (file !== undefined) {
      files.push(file);
      continue;
    }
    const d = value("-C", ["--directory"]);
    if (d !== undefined) dir = `${dir}${d.replace(/\/+$/, "")}/`;
  }
  return (files.length > 0 ? files : ["GNUmakefile", "makefile", "Makefile"]).map((f) => (f.startsWith("/") ? f : `${dir}${f}`));
}

const ASSIGNMENT = /^(?:export\s+|override\s+)*([A-Za-z_][A-Za-z0-9_.]*)\s*(?:::=|:=|\?=|\+=|!=|=)\s*(.*)$/;
const RULE = /^[^\t#=][^=]*?:(?!=)[^;]*(?:;(.*))?$/;
const HOLE = `\${${HOLE_VARIABLE}}`;
const MAX_SHELL_DEPTH = 4;

/**
 * A make expression as shell text: `$$` is a `$`, `$(shell X)` runs X, a variable `$(NAME)` or `${NAME}` is the
 * shell variable of that name (set from the makefile's assignments), any other function or automatic variable
 * (`$(wildcard …)`, `$@`) unknown text.
 */
function asShell(text: string, nesting: number): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "$") {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next === "$") {
      out += "$";
      i++;
    } else if (next === "(" || next === "{") {
      const close = next === "(" ? ")" : "}";
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === next) depth++;
        else if (text[j] === close) depth--;
      }
      const inner = text.slice(i + 2, j - 1);
      // Each level rescans its own text: nesting past MAX_SHELL_DEPTH is unknown text, so the work stays linear.
      if (/^shell\s/.test(inner)) {
        const code = nesting < MAX_SHELL_DEPTH ? asShell(inner.slice(6), nesting + 1) : undefined;
        out += code === undefined ? HOLE : `$(${code})`;
      } else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(inner)) out += `\${${inner}}`;
      else out += HOLE;
      i = j - 1;
    } else {
      out += HOLE;
      i++;
    }
  }
  return out;
}

const doubleQuoted = (s: string) => `"${s.replace(/["\\`]/g, "\\$&")}"`;

/** A makefile's text as the shell script its assignments and recipes amount to. */
export function makefileCode(text: string): string {
  const lines: string[] = [];
  // A backslash-newline continues a line (in a recipe, the shell sees both lines; outside, make joins them).
  for (const line of text.replace(/\\\r?\n/g, " ").split(/\r?\n/)) {
    if (line.startsWith("\t")) {
      lines.push(asShell(line.slice(1).replace(/^[@+-]+/, ""), 0));
      continue;
    }
    const assignment = ASSIGNMENT.exec(line);
    if (assignment) {
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(assignment[1]!)) lines.push(`${assignment[1]}=${doubleQuoted(asShell(assignment[2]!.trim(), 0))}`);
      continue;
    }
    const recipe = RULE.exec(line)?.[1];
    if (recipe !== undefined && recipe.trim() !== "") lines.push(asShell(recipe.trim().replace(/^[@+-]+/, ""), 0));
  }
  return lines.join("\n");
}
