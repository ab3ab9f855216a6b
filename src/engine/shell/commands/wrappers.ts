/**
 * Commands that run another command: one declaration each, and nothing else knows about them. A wrapper is
 * stripped (its options and fixed arguments skipped) so that rules and effects see the command it runs:
 * `sudo -u root nice -n 5 rm -rf /` is examined as `rm -rf /` as well as at every stage in between.
 *
 * Each entry says which of its options take an argument (so `sudo -u root rm` skips `root`), how many fixed
 * arguments come before the wrapped command (`timeout 10s …`, `flock /tmp/l …`), and where it takes a *code
 * string* instead of a command (`su -c '…'`, `watch '…'`, `tmux new -d '…'`), which is then parsed as a script.
 */
export interface WrapperSpec {
  /** Short options that take an argument (`-u root`, `-uroot`). */
  readonly shortArg?: string;
  /** Long options (without `--`) that take an argument when written without `=`. */
  readonly longArg?: readonly string[];
  /** Fixed arguments before the wrapped command, e.g. 1 for `timeout DURATION`. A test decides when optional. */
  readonly positional?: number | ((word: string) => number);
  /** Options whose presence means there is no fixed argument (`runuser -u user cmd`, against `runuser user -c …`). */
  readonly positionalUnless?: readonly string[];
  /** Options whose argument is a code string run by a shell (`-c` of su/runuser/sg/flock/script). */
  readonly codeOptions?: readonly string[];
  /** The rest of the words is joined into a code string run by a shell (`watch`, `ssh host …`, `tmux new …`). */
  readonly restIsCode?: boolean;
  /**
   * Each of the remaining words is a code string of its own, run by a shell (`hyperfine 'make' 'rm -rf x'`,
   * `concurrently 'npm:watch' 'vite'`); the words joined are followed too, as `restIsCode` would.
   */
  readonly eachArgIsCode?: boolean;
  /** More arguments are appended at run time (xargs: read from stdin; parallel: from `:::`). */
  readonly appendsArgs?: boolean;
  /** An option after which the wrapped command starts at once (`--`), besides the first non-option word. */
  readonly stopsAt?: readonly string[];
  /** The wrapped command is what follows this word, and there is none without it (`gdb -ex run --args cmd …`). */
  readonly commandAfter?: string;
  /** Claude Code strips it too, so allow rules may match past it (contract: timeout, time, nice, nohup, stdbuf,
   *  command, builtin, noglob, bare xargs). */
  readonly client?: boolean;
  /** Only a wrapper when its first argument is one of these (`busybox rm`, `tmux new-session`). */
  readonly subcommands?: readonly string[];
  /** Leading `VAR=value` words after the options are assignments, not the command (`env`, `sudo`). */
  readonly assignments?: boolean;
  /** A lone `-` is an option (`su - root`: a login shell). */
  readonly loneDash?: boolean;
  /** Words from one of these on are the wrapper's inputs, not the command's arguments (`parallel … ::: a b`). */
  readonly inputsAfter?: readonly string[];
  /** Of those separators, the ones followed by files whose lines are the inputs (`parallel … :::: list.txt`). */
  readonly inputFilesAfter?: readonly string[];
  /** Options whose argument is a file the inputs are read from instead of stdin (`xargs -a list.txt`). */
  readonly inputFileOptions?: readonly string[];
  /**
   * Options that name the string each input replaces in the command (`xargs -I R`), with the string meant when
   * the option is given without one (`-i`, `--replace`: `{}`); null when the option takes it as its argument.
   */
  readonly replaceOptions?: Readonly<Record<string, string | null>>;
  /**
   * With a replace option given, the inputs go only where the replace string is, and nothing is appended
   * (`xargs -I{} cp a b` runs `cp a b` once per input line, `b` its last operand).
   */
  readonly replaceOnly?: boolean;
  /** Strings each input always replaces when the command holds one (`parallel rm {}`, `{.}`, `{/}`, …). */
  readonly replaceTokens?: readonly string[];
  /** Without a command, each input is a command line run by a shell (`parallel ::: 'a' 'b'`, `cat jobs | parallel`). */
  readonly inputIsCommand?: boolean;
}

const DURATION = /^[0-9]*\.?[0-9]+[smhd]?$/;
const NUMBER = /^-?[0-9]+$/;

export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  // The client's own list.
  timeout: { shortArg: "sk", longArg: ["signal", "kill-after"], positional: (w) => (DURATION.test(w) ? 1 : 0), client: true },
  time: { shortArg: "fo", longArg: ["format", "output"], client: true },
  nice: { shortArg: "n", longArg: ["adjustment"], client: true, positional: (w) => (/^-[0-9]+$/.test(w) ? 1 : 0) },
  nohup: { client: true },
  stdbuf: { shortArg: "ioe", longArg: ["input", "output", "error"], client: true },
  command: { client: true },
  builtin: { client: true },
  noglob: { client: true },
  // Runs its command with the words of its input (stdin, or `-a FILE`) appended, or substituted for the replace
  // string (`-I R`; `-i`/`--replace` take it attached or mean `{}`; `-e`/`-l` take theirs attached too).
  xargs: {
    shortArg: "nPILsdEa",
    longArg: ["max-args", "max-procs", "delimiter", "arg-file", "max-chars", "process-slot-var"],
    appendsArgs: true,
    inputFileOptions: ["-a", "--arg-file"],
    replaceOptions: { "-I": null, "-i": "{}", "--replace": "{}" },
    replaceOnly: true,
    client: true,
  },
  // Privilege and environment.
  exec: { shortArg: "a" },
  env: {
    shortArg: "uCSP",
    longArg: ["unset", "chdir", "split-string", "default-signal", "ignore-signal", "block-signal"],
    codeOptions: ["-S", "--split-string"],
    assignments: true,
  },
  sudo: {
    shortArg: "ugCDhprtTURc",
    longArg: ["user", "group", "close-from", "chdir", "prompt", "role", "type", "command-timeout", "other-user", "host", "chroot", "login-class"],
    assignments: true,
  },
  doas: { shortArg: "uC" },
  su: { loneDash: true, shortArg: "cgGsw", longArg: ["command", "group", "supp-group", "shell", "whitelist-environment"], codeOptions: ["-c", "--command"], positional: (w) => (w.startsWith("-") ? 0 : 1) },
  runuser: {
    loneDash: true,
    shortArg: "cgGsuw",
    longArg: ["command", "group", "supp-group", "shell", "user", "whitelist-environment"],
    codeOptions: ["-c", "--command"],
    positional: (w) => (w.startsWith("-") ? 0 : 1),
    positionalUnless: ["-u", "--user"],
  },
  pkexec: { longArg: ["user"] },
  fakeroot: { shortArg: "is", longArg: ["lib", "faked"] },
  // `sg group -c '…'` or `sg group '…'`: either way the command is a string run by /bin/sh.
  sg: { shortArg: "c", codeOptions: ["-c"], positional: 1, restIsCode: true },
  // Container entrypoints that drop privileges or reap children, then run the command (`gosu app rm …`).
  gosu: { positional: 1 },
  "su-exec": { positional: 1 },
  setpriv: { longArg: ["reuid", "regid", "groups", "inh-caps", "ambient-caps", "bounding-set", "securebits", "selinux-label", "apparmor-profile", "landlock-access", "landlock-rule", "pdeathsig"] },
  tini: { shortArg: "ep" },
  "dumb-init": { shortArg: "r", longArg: ["rewrite"] },
  catchsegv: {},
  faketime: { shortArg: "f", positional: (w) => (w.startsWith("-") ? 0 : 1) },
  // Secret and environment loaders that run a command with what they load (`op run -- …`, `dotenv -e .env -- …`).
  dotenv: { shortArg: "evpc", stopsAt: ["--"] },
  "env-cmd": { shortArg: "fer", longArg: ["file", "environments", "rc-file"] },
  dotenvx: { subcommands: ["run"], shortArg: "fe", longArg: ["env-file", "env", "env-keys-file", "convention"] },
  op: { subcommands: ["run"], longArg: ["env-file", "account", "config", "session", "cache", "encoding"] },
  doppler: { subcommands: ["run"], shortArg: "pc", longArg: ["project", "config", "token", "scope", "fallback", "mount", "mount-format", "mount-template", "name-transformer"], codeOptions: ["--command"] },
  infisical: { subcommands: ["run"], longArg: ["env", "path", "projectId", "token", "tags", "domain", "watch-interval"], codeOptions: ["--command"] },
  "aws-vault": { subcommands: ["exec"], shortArg: "dr", longArg: ["duration", "region", "mfa-token", "backend", "keychain", "prompt"], positional: (w) => (w.startsWith("-") ? 0 : 1) },
  chamber: { subcommands: ["exec"], commandAfter: "--" },
  sops: { subcommands: ["exec-env", "exec-file"], positional: 1, restIsCode: true },
  chroot: { longArg: ["userspec", "groups"], positional: 1 },
  // Scheduling and limits.
  ionice: { shortArg: "cnpP", longArg: ["class", "classdata", "pid", "pgid", "uid"] },
  chrt: { shortArg: "T", longArg: ["sched-runtime", "sched-period", "sched-deadline"], positional: (w) => (NUMBER.test(w) ? 1 : 0) },
  prlimit: { shortArg: "p", longArg: ["pid"] },
  taskset: { shortArg: "", positional: (w) => (/^(0x)?[0-9a-f,-]+$/i.test(w) ? 1 : 0) },
  setsid: {},
  flock: { shortArg: "wEc", longArg: ["timeout", "conflict-exit-code", "command"], codeOptions: ["-c", "--command"], positional: 1 },
  unbuffer: {},
  nocache: {},
  caffeinate: { shortArg: "tw" },
  "systemd-run": {
    shortArg: "MpEHu",
    longArg: ["unit", "property", "description", "slice", "uid", "gid", "nice", "working-directory", "setenv", "machine", "host", "on-active", "on-boot", "on-startup", "on-unit-active", "on-unit-inactive", "on-calendar", "timer-property", "path-property", "socket-property", "service-type"],
  },
  "dbus-run-session": { longArg: ["config-file", "dbus-daemon"] },
  "dbus-launch": {},
  cpulimit: { shortArg: "lpe", longArg: ["limit", "pid", "exe"] },
  numactl: { shortArg: "NmCcpiPw", longArg: ["cpunodebind", "membind", "physcpubind", "preferred", "interleave", "weighted-interleave"] },
  chronic: {},
  rlwrap: { shortArg: "bCDefFHlmopPqsStwz", longArg: ["break-chars", "command-name", "histsize", "history-filename", "logfile", "prompt-colour", "substitute-prompt"] },
  "xvfb-run": { shortArg: "efnpsw", longArg: ["error-file", "auth-file", "server-num", "xauth-protocol", "server-args", "wait"] },
  // A process started by ssh-agent holds the agent: `ssh-agent bash -c …` runs bash.
  "ssh-agent": { shortArg: "aEPt" },
  // Runs the command again on each change; `-s`: the argument is a shell command.
  entr: { codeOptions: ["-s"] },
  // Runners that rerun a command on each change, or run several at once: each argument is a shell command.
  watchexec: { shortArg: "wefisdEWFjp", longArg: ["watch", "exts", "filter", "ignore", "signal", "debounce", "env", "watch-non-recursive", "filter-file", "filter-prog", "project-origin", "workdir", "shell", "on-busy-update", "stop-signal", "stop-timeout", "delay-run", "poll", "emit-events-to", "wrap-process", "color", "timings", "log-file"], restIsCode: true },
  nodemon: { shortArg: "ewdV", longArg: ["ext", "watch", "ignore", "delay", "signal", "config"], codeOptions: ["-x", "--exec"] },
  concurrently: { shortArg: "nckpsl", longArg: ["names", "prefix-colors", "kill-others-on-fail", "prefix", "success", "max-processes", "restart-tries", "restart-after", "timestamp-format", "name-separator", "handle-input", "default-input-target", "passthrough-arguments", "pad-prefix", "prefix-length"], eachArgIsCode: true },
  // Job queues that run the command later: `sem` is GNU parallel's, `tsp`/`ts` the task spooler.
  sem: { shortArg: "jP", longArg: ["id", "jobs", "timeout", "semaphoretimeout", "st"] },
  tsp: { shortArg: "LDWNE" },
  // Terminals and schedulers that run a command.
  watch: { shortArg: "nqd", longArg: ["interval", "differences"], restIsCode: true },
  screen: { shortArg: "SsceLptTh", positional: 0 },
  tmux: { subcommands: ["new-session", "new", "new-window", "neww", "send-keys", "send", "split-window", "splitw", "respawn-pane"], shortArg: "sncxyteFlpT", restIsCode: true },
  // GNU parallel: its command with each input appended or put in place of `{}` (and its variants), the inputs
  // after `:::` (or the lines of the files after `::::`, `-a FILE`, else stdin); without a command each input is a
  // command line.
  parallel: {
    shortArg: "jSPnNIadEs",
    longArg: ["jobs", "sshlogin", "delay", "timeout", "joblog", "results", "halt", "arg-file", "max-args", "delimiter", "colsep", "tagstring", "workdir", "basefile", "return", "memfree", "load", "retries"],
    appendsArgs: true,
    inputsAfter: [":::", "::::", ":::+", "::::+"],
    inputFilesAfter: ["::::", "::::+"],
    inputFileOptions: ["-a", "--arg-file"],
    replaceOptions: { "-I": null },
    replaceTokens: ["{}", "{.}", "{/}", "{//}", "{/.}", "{#}", "{%}", "{1}", "{2}", "{3}"],
    inputIsCommand: true,
  },
  // Debuggers, profilers, sandboxes and proxies.
  gdb: { commandAfter: "--args" },
  lldb: { commandAfter: "--" },
  perf: { subcommands: ["record", "stat", "trace", "mem", "c2c", "kmem", "sched", "lock"], shortArg: "eoFpctCmGuIrjMD", longArg: ["event", "output", "freq", "pid", "tid", "cpu", "mmap-pages", "cgroup", "uid", "repeat", "call-graph", "delay"] },
  hyperfine: {
    shortArg: "wmMrpcsSuLnNo",
    longArg: ["warmup", "min-runs", "max-runs", "runs", "parameter-scan", "parameter-step-size", "parameter-list", "shell", "time-unit", "export-asciidoc", "export-csv", "export-json", "export-markdown", "export-orgmode", "command-name", "output", "input", "sort", "style", "reference"],
    codeOptions: ["-p", "--prepare", "-c", "--cleanup", "-s", "--setup", "--conclude"],
    eachArgIsCode: true,
  },
  // Record-and-replay and crash reporters that run the program they are given.
  rr: { subcommands: ["record"] },
  strace: { shortArg: "eoOpPsSuEbIXa", positional: 0 },
  ltrace: { shortArg: "eoOpsuEnaAlL", positional: 0 },
  valgrind: {},
  firejail: {},
  proxychains: { shortArg: "f" },
  proxychains4: { shortArg: "f" },
  torsocks: { shortArg: "uapP" },
  unshare: { shortArg: "RwSG", longArg: ["setuid", "setgid", "root", "wd", "propagation", "map-user", "map-group", "map-users", "map-groups"] },
  nsenter: { shortArg: "tSGrw", longArg: ["target", "setuid", "setgid", "root", "wd"] },
  script: { shortArg: "cEIOBTtm", longArg: ["command", "echo", "log-in", "log-out", "log-io", "log-timing", "logging-format"], codeOptions: ["-c", "--command"], positional: 0 },
  // Package runners: `npx prettier --write x` runs prettier (the client does not strip them; effects do).
  npx: { shortArg: "p", longArg: ["package", "call", "cache"] },
  bunx: { longArg: ["package"] },
  // shelljs's commands from npm scripts (`shx rm -rf dist`): shx runs them as the table knows them.
  shx: { shortArg: "" },
  pnpx: {},
  uvx: { longArg: ["from", "with", "python"] },
  pipx: { subcommands: ["run"], longArg: ["spec", "python"] },
  // Environment and project runners: `uv run rm -rf /` runs `rm -rf /` in the project's environment.
  npm: { subcommands: ["exec", "x"], shortArg: "cpw", longArg: ["package", "call", "workspace"], codeOptions: ["-c", "--call"] },
  pnpm: { subcommands: ["exec", "dlx"], shortArg: "Cp", longArg: ["dir", "filter", "package"], codeOptions: ["-c", "--shell-mode"] },
  yarn: { subcommands: ["exec", "dlx"], shortArg: "p", longArg: ["package", "cwd"] },
  bun: { subcommands: ["x"] },
  uv: { subcommands: ["run"], shortArg: "p", longArg: ["with", "with-requirements", "with-editable", "python", "package", "project", "directory", "from", "extra", "group", "env-file", "index", "default-index", "index-url", "extra-index-url", "config-file", "cache-dir"] },
  poetry: { subcommands: ["run"], shortArg: "CP", longArg: ["directory", "project"] },
  pipenv: { subcommands: ["run"] },
  pdm: { subcommands: ["run"], shortArg: "pg", longArg: ["project", "venv"] },
  hatch: { subcommands: ["run"], shortArg: "e", longArg: ["env"] },
  rye: { subcommands: ["run"], longArg: ["pyproject"] },
  bundle: { subcommands: ["exec"], longArg: ["gemfile"] },
  pyenv: { subcommands: ["exec"] },
  rbenv: { subcommands: ["exec"] },
  nodenv: { subcommands: ["exec"] },
  goenv: { subcommands: ["exec"] },
  conda: { subcommands: ["run"], shortArg: "np", longArg: ["name", "prefix", "cwd"] },
  mamba: { subcommands: ["run"], shortArg: "np", longArg: ["name", "prefix", "cwd"] },
  micromamba: { subcommands: ["run"], shortArg: "npa", longArg: ["name", "prefix", "cwd", "attach"] },
  // `mise exec node@20 -- npm test`: tool versions, then the command (or `-c` code).
  mise: { subcommands: ["exec", "x"], shortArg: "Cj", longArg: ["cd", "jobs"], codeOptions: ["-c", "--command"], positional: (w) => (w.includes("@") ? 1 : 0) },
  direnv: { subcommands: ["exec"], positional: 1 },
  // `nix develop -c cmd`, `nix shell nixpkgs#jq -c jq …`: the command after -c; `nix-shell --run '…'`: code.
  nix: { subcommands: ["develop", "shell"], longArg: ["override-input", "expr", "file", "profile", "inputs-from"], stopsAt: ["-c", "--command"], positional: (w) => (w.includes("#") || w === "." ? 1 : 0) },
  "nix-shell": { shortArg: "pAIE", longArg: ["packages", "attr", "expr", "arg", "argstr", "include"], codeOptions: ["--run", "--command"] },
  // Containers of the same machine that reach the host: the command runs on the host.
  "flatpak-spawn": { longArg: ["env", "directory", "forward-fd"] },
  "distrobox-host-exec": {},
  toolbox: { subcommands: ["run"], shortArg: "cdr", longArg: ["container", "distro", "release"] },
  "host-spawn": { shortArg: "", longArg: ["cwd", "env"] },
  // distrobox shares the user's home with the host: `distrobox enter box -- rm -rf ~` empties the host's home.
  distrobox: { subcommands: ["enter"], commandAfter: "--" },
  // Version managers and dev environments that run a command with a tool's versions.
  asdf: { subcommands: ["exec"] },
  devbox: { subcommands: ["run"], shortArg: "c", longArg: ["config", "env-file", "env"] },
  // Windows Subsystem for Linux: `wsl rm -rf ~` runs `rm -rf ~` in Linux.
  wsl: { shortArg: "du", longArg: ["distribution", "user", "cd"] },
  // Multi-call binaries: `busybox rm -rf /` is `rm -rf /`.
  busybox: {},
  toybox: {},
  // A command run inside a running container or pod (`docker exec -it app sh -c '…'`, `kubectl exec pod -- rm …`):
  // still a command someone runs, with the container's (often the host's mounted) files.
  docker: { subcommands: ["exec"], shortArg: "euw", longArg: ["env", "env-file", "user", "workdir", "detach-keys"], positional: 1 },
  podman: { subcommands: ["exec"], shortArg: "euw", longArg: ["env", "env-file", "user", "workdir", "detach-keys", "preserve-fd"], positional: 1 },
  nerdctl: { subcommands: ["exec"], shortArg: "euw", longArg: ["env", "env-file", "user", "workdir"], positional: 1 },
  kubectl: { subcommands: ["exec"], commandAfter: "--" },
  oc: { subcommands: ["exec", "rsh"], commandAfter: "--" },
  lxc: { subcommands: ["exec"], commandAfter: "--" },
  incus: { subcommands: ["exec"], commandAfter: "--" },
  // Remote execution: the rest runs on another host, as code (still a command someone runs).
  ssh: { shortArg: "BbcDEeFIiJLlmOopQRSWw", restIsCode: true, positional: 1 },
};

/** Shells that run a code string given with `-c`, or read their script from stdin when given no script file. */
export const SHELLS: ReadonlySet<string> = new Set([
  "bash", "sh", "zsh", "dash", "ksh", "ash", "mksh", "fish", "yash", "posh", "rbash", "tcsh", "csh", "ksh93", "pdksh", "oksh", "loksh",
]);

/** `bash -c` style options that take an argument (so `bash -o pipefail -c '…'` finds the `-c` string). */
export const SHELL_ARG_OPTIONS: ReadonlySet<string> = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file"]);

/** Commands that run their arguments as shell code: `eval a b` runs `a b`; `source`/`.` run a file. */
export const EVALUATORS: ReadonlySet<string> = new Set(["eval"]);
export const SOURCERS: ReadonlySet<string> = new Set(["source", "."]);
