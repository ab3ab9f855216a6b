/**
 * Programs that run a shell command given as one of their options or in an environment variable: `git -c
 * core.sshCommand='…' fetch` (and `git config core.sshCommand '…'`, which runs it later), `tar --checkpoint-action=exec='…'`, `rsync -e '…'`, `ssh -o ProxyCommand='…'`,
 * `git rebase --exec '…'`, `sed '1e …'`, `PAGER='…' git log`. The value is code, examined as a script of its own,
 * so a rule holds however the command reaches the shell. One declaration per program; nothing else knows them.
 *
 * A value that names a program (`rsync -e ssh`, `GIT_SSH=plink`) is a command too: a command of one word.
 */
import { HOLE_ANY } from "../words/template";

interface OptionCodeSpec {
  /** Long options (without `--`) whose value is code: `--rsh=…`, `--rsh …`. */
  readonly long?: readonly string[];
  /** Short options whose value is code, as written (`-e`, `-TT`): `-e …`, `-e…`. */
  readonly short?: readonly string[];
  /** `-o Key=Value` options (ssh's): keys, lower case, whose value is code. */
  readonly config?: readonly string[];
  /** Subcommands with options of their own (`git rebase --exec`), or whose remaining words are code (`git bisect run`). */
  readonly subcommands?: Readonly<Record<string, OptionCodeSpec & { readonly restIsCode?: boolean }>>;
  /** A value that is only code after a prefix (`--checkpoint-action=exec=…`). */
  readonly prefix?: Readonly<Record<string, RegExp>>;
}

const SSH: OptionCodeSpec = { config: ["proxycommand", "localcommand", "knownhostscommand", "remotecommand"] };

const OPTION_CODE: Readonly<Record<string, OptionCodeSpec>> = {
  tar: {
    long: ["checkpoint-action", "use-compress-program", "to-command", "info-script", "new-volume-script", "rsh-command"],
    short: ["-I", "-F"],
    prefix: { "checkpoint-action": /^exec=/ },
  },
  rsync: { long: ["rsh", "rsync-path"], short: ["-e"] },
  zip: { long: ["unzip-command"], short: ["-TT"] },
  ssh: SSH,
  scp: { ...SSH, short: ["-S"] },
  sftp: { ...SSH, short: ["-S"] },
  man: { long: ["pager"], short: ["-P"] },
  git: {
    subcommands: {
      rebase: { long: ["exec"], short: ["-x"] },
      bisect: { subcommands: { run: { restIsCode: true } } },
      "filter-branch": { long: ["env-filter", "tree-filter", "index-filter", "parent-filter", "msg-filter", "commit-filter", "tag-name-filter"] },
      submodule: { subcommands: { foreach: { restIsCode: true } } },
      difftool: { long: ["extcmd"], short: ["-x"] },
      "send-email": { long: ["sendmail-cmd", "smtp-server"] },
    },
  },
};

/**
 * git configuration keys (lower case) whose value is a command git runs: now with `git -c key=value`, later with
 * `git config key value` (code planted for whatever git command runs next in that repository, or for every one
 * with `--global`). An alias is one only when its value starts with `!` (else it names git arguments: gitAliasCode).
 */
const GIT_CODE_KEYS =
  /^(?:core\.(?:sshcommand|pager|editor|fsmonitor|askpass|gitproxy)|sequence\.editor|diff\.external|gpg\.(?:\w+\.)?program|credential\.(?:[^=]*\.)?helper|pager\.[\w-]+|(?:diff|merge)tool\.[\w-]+\.cmd|difftool\.[\w-]+\.path|filter\.[^.]+\.(?:clean|smudge|process)|diff\.[^.]+\.(?:command|textconv)|merge\.[^.]+\.driver|uploadpack\.packobjectshook|remote\.[^.]+\.(?:receivepack|uploadpack))$/;

/** The code a git configuration value runs, if the key takes code: the value (an alias's after its `!`). */
function gitValueCode(key: string, value: string): string | undefined {
  const k = key.toLowerCase();
  if (/^alias\.[^.]+$/.test(k)) return value.startsWith("!") ? value.slice(1) : undefined;
  return GIT_CODE_KEYS.test(k) ? value.replace(/^!/, "") : undefined;
}

/** `git config` options that take a value (`--file f`, `--type bool`): their values are neither key nor value. */
const GIT_CONFIG_ARG_OPTIONS: ReadonlySet<string> = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "--value"]);

/**
 * `git config [options] key value` (and git 2.46's `git config set key value`): the value set for a key that takes
 * code. Not when reading, listing or removing (`--get`, `-l`, `--unset`, `get`, `unset`): nothing is set.
 */
function gitConfigCode(args: readonly string[]): string[] {
  const words: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (/^--(?:get|get-all|get-regexp|get-urlmatch|list|unset|unset-all|remove-section|rename-section|edit|show-origin|show-scope)$|^-[le]$/.test(a)) return [];
    if (GIT_CONFIG_ARG_OPTIONS.has(a)) {
      k++;
      continue;
    }
    if (a.startsWith("-")) continue;
    words.push(a);
  }
  if (words[0] === "set") words.shift();
  else if (words[0] !== undefined && ["get", "list", "unset", "rename-section", "remove-section", "edit"].includes(words[0])) return [];
  const [key, value] = words;
  const code = key !== undefined && value !== undefined ? gitValueCode(key, value) : undefined;
  return code !== undefined ? [code] : [];
}

/** Environment variables whose value is a command run by the program (or a shell) that reads them. */
const CODE_VARIABLES = new Set([
  "GIT_SSH_COMMAND", "GIT_SSH", "GIT_PAGER", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "SSH_ASKPASS",
  "PAGER", "MANPAGER", "EDITOR", "VISUAL", "BROWSER", "PROMPT_COMMAND", "RSYNC_RSH", "LESSOPEN", "LESSCLOSE",
]);

/** Environment variables naming a file a shell sources before it runs (`BASH_ENV=x bash -c …`). */
export const SOURCED_VARIABLES: ReadonlySet<string> = new Set(["BASH_ENV", "ENV"]);

function optionValues(spec: OptionCodeSpec, args: readonly string[]): string[] {
  const out: string[] = [];
  const push = (name: string, value: string | undefined) => {
    if (value === undefined) return;
    const prefix = spec.prefix?.[name];
    if (!prefix) out.push(value);
    else if (prefix.test(value)) out.push(value.replace(prefix, ""));
  };
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === "--") break;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (spec.long?.includes(name)) push(name, eq >= 0 ? a.slice(eq + 1) : args[++k]);
      continue;
    }
    if (spec.config && (a === "-o" || a.startsWith("-o"))) {
      const kv = a === "-o" ? args[++k] : a.slice(2);
      const eq = kv?.search(/[=\s]/) ?? -1;
      if (kv && eq > 0 && spec.config.includes(kv.slice(0, eq).toLowerCase())) out.push(kv.slice(eq + 1).replace(/^\s*=?\s*/, ""));
      continue;
    }
    const short = spec.short?.find((s) => a === s || (s.length === 2 && a.startsWith(s) && a.length > 2));
    if (short) push(short, a === short ? args[++k] : a.slice(short.length));
  }
  return out;
}

/**
 * Whether optionCode can find code for `name` with no leading assignments: the programs above (and git, sed, vim's
 * family below). For any other name, with no assignment, optionCode is certainly empty, so its caller need not
 * make the argument lists it takes.
 */
export function hasOptionCode(name: string): boolean {
  return name === "git" || OPTION_CODE[name] !== undefined || name === "sed" || name === "gsed" || VIM_NAMES.has(name);
}
const VIM_NAMES: ReadonlySet<string> = new Set(["vim", "vi", "nvim", "ex", "view"]);

/**
 * The code a command runs from its options: `name` is its base name, `args` its words after it, as values. Also
 * what it runs because of its leading assignments (`PAGER='…' git log`), given as `NAME=value` strings.
 */
export function optionCode(name: string, args: readonly string[], assignments: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const a of assignments) {
    const eq = a.indexOf("=");
    if (eq > 0 && CODE_VARIABLES.has(a.slice(0, eq))) out.push(a.slice(eq + 1).replace(/^\|/, ""));
  }
  const spec = OPTION_CODE[name];
  if (name === "git") {
    let k = 0;
    // git's global options: `-c key=value` runs a command for these keys; `-C dir`, `--git-dir=…` take a value.
    for (; k < args.length; k++) {
      const a = args[k]!;
      if (a === "-c" || (a.startsWith("-c") && a.length > 2)) {
        const kv = a === "-c" ? (args[++k] ?? "") : a.slice(2);
        const eq = kv.indexOf("=");
        const code = eq > 0 ? gitValueCode(kv.slice(0, eq), kv.slice(eq + 1)) : undefined;
        if (code !== undefined) out.push(code);
        continue;
      }
      if (a === "-C" || a === "--git-dir" || a === "--work-tree" || a === "--namespace" || a === "--exec-path") {
        k++;
        continue;
      }
      if (!a.startsWith("-")) break;
    }
    if (args[k] === "config") out.push(...gitConfigCode(args.slice(k + 1)));
    const sub = spec?.subcommands?.[args[k] ?? ""];
    if (sub) out.push(...subcommandCode(sub, args.slice(k + 1)));
    return out;
  }
  if (spec) out.push(...optionValues(spec, args));
  if (name === "sed" || name === "gsed") out.push(...sedCode(args));
  if (VIM_NAMES.has(name)) out.push(...vimCode(args));
  return out;
}

function subcommandCode(spec: OptionCodeSpec & { readonly restIsCode?: boolean }, args: readonly string[]): string[] {
  if (spec.restIsCode) return args.length > 0 ? [args.join(" ")] : [];
  const nested = spec.subcommands?.[args[0] ?? ""];
  if (nested) return subcommandCode(nested, args.slice(1));
  return optionValues(spec, args);
}

/**
 * GNU sed's `e` command runs a command (`1e rm -rf /`, `e` alone runs the pattern space), and the `e` flag of `s`
 * runs the pattern space after the substitution: that is any code (HOLE_ANY stands for it).
 */
function sedCode(args: readonly string[]): string[] {
  const scripts: string[] = [];
  let sawScriptOption = false;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === "-e" || a === "--expression") {
      sawScriptOption = true;
      if (args[k + 1] !== undefined) scripts.push(args[++k]!);
    } else if (a.startsWith("--expression=")) {
      sawScriptOption = true;
      scripts.push(a.slice(13));
    } else if (a === "-f" || a === "--file" || a === "-l" || a === "--line-length") k++;
    else if (!a.startsWith("-") && !sawScriptOption) {
      scripts.push(a);
      sawScriptOption = true;
    }
  }
  const out: string[] = [];
  for (const script of scripts) {
    for (const m of script.matchAll(/(?:^|[;\n{}])\s*(?:[0-9]+|\$|\/(?:[^/\\]|\\.)*\/)?(?:,(?:[0-9]+|\$|\/(?:[^/\\]|\\.)*\/))?\s*!?\s*e(?:\s+([^\n;}]*)|\s*(?=$|[;\n}]))/g))
      out.push(m[1]?.trim() ? m[1].trim() : HOLE_ANY);
    // s/…/…/flags with e among the flags: the result is run.
    for (const m of script.matchAll(/(?:^|[;\n{}\s])s([^\w\s\\])(?:(?!\1)[^\\]|\\.)*\1(?:(?!\1)[^\\]|\\.)*\1([a-zA-Z0-9]*)/g)) if (m[2]!.includes("e")) out.push(HOLE_ANY);
  }
  return out;
}

/** vim's `-c '!cmd'`, `+'!cmd'`, `--cmd ':!cmd'`: an ex `!` command runs a shell command. */
function vimCode(args: readonly string[]): string[] {
  const out: string[] = [];
  const ex = (v: string | undefined) => {
    const m = v === undefined ? null : /^\s*:?\s*(?:silent!?\s*)?(?:[0-9,.$%]*)!(.*)$/s.exec(v);
    if (m) out.push(m[1]!);
  };
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === "-c" || a === "--cmd") ex(args[++k]);
    else if (a.startsWith("+") && a.length > 1) ex(a.slice(1));
  }
  return out;
}
