/**
 * Programs that print shell code of their own making for the calling shell to run: environment setup (`ssh-agent
 * -s`, `pyenv init -`, `brew shellenv`, `direnv hook bash`, `conda shell.bash hook`) and completion scripts
 * (`kubectl completion bash`). `eval "$(pyenv init -)"`, `source <(kubectl completion bash)` and `pyenv init - |
 * source /dev/stdin` run what the program wrote, which hookgate cannot see. Code it cannot see is otherwise taken
 * to be any code (the sound over-approximation, so a restricting rule holds against `eval "$(decode …)"`).
 *
 * Running a program's own setup code trusts that program exactly as much as running the program does: a program
 * that would print harmful code could do the harm itself, and `pyenv` is no less trusted than `git`. So the code
 * these print, with these arguments, is taken to be setup (assignments, exports, function definitions, `complete`)
 * with no effect of its own. Only the arguments listed count: `ssh-agent bash -c …` runs a command, and
 * `pyenv exec …` is no setup.
 *
 * One entry per program: the arguments, joined by single spaces, that make it print setup code.
 */
const SHELL = "(?:bash|zsh|fish|sh|ksh|posix|tcsh|elvish|nu|nushell|xonsh|powershell|pwsh)";
const FLAGS = "(?: --[A-Za-z][\\w-]*(?:[= ][\\w./~:-]+)?)*";
const ENV_INIT = new RegExp(`^(?:init -(?: ${SHELL})?|init --path(?: ${SHELL})?|virtualenv-init -(?: ${SHELL})?)$`);
const COMPLETION = new RegExp(`^(?:completions?|generate-shell-completion)(?: (?:-s|--shell))?(?: ${SHELL})?$`);

const SETUP_CODE: Readonly<Record<string, RegExp>> = {
  "ssh-agent": /^(?:-[csk])?$/,
  direnv: new RegExp(`^(?:hook|export) ${SHELL}$`),
  pyenv: ENV_INIT,
  rbenv: ENV_INIT,
  nodenv: ENV_INIT,
  goenv: ENV_INIT,
  jenv: ENV_INIT,
  plenv: ENV_INIT,
  phpenv: ENV_INIT,
  luaenv: ENV_INIT,
  brew: new RegExp(`^shellenv(?: ${SHELL})?$`),
  fnm: new RegExp(`^env${FLAGS}$`),
  zoxide: new RegExp(`^init ${SHELL}${FLAGS}$`),
  conda: new RegExp(`^shell(?:\\.${SHELL})? hook${FLAGS}$`),
  mamba: new RegExp(`^shell(?:\\.${SHELL})? hook${FLAGS}$`),
  micromamba: new RegExp(`^shell hook${FLAGS}$`),
  starship: new RegExp(`^init ${SHELL}(?: --print-full-init)?$`),
  mise: new RegExp(`^(?:activate|env)(?: (?:-s |--shell )?${SHELL})?${FLAGS}$`),
  rtx: new RegExp(`^(?:activate|env)(?: ${SHELL})?${FLAGS}$`),
  atuin: new RegExp(`^init ${SHELL}${FLAGS}$`),
  mcfly: new RegExp(`^init ${SHELL}$`),
  navi: new RegExp(`^widget ${SHELL}$`),
  thefuck: /^--alias(?: [A-Za-z_]\w*)?$/,
  keychain: /^--eval(?: --?[A-Za-z][\w-]*| [\w.@-]+)*$/,
  dircolors: /^(?:-[bc]|--sh|--bourne-shell|--csh|--c-shell)?(?: [\w./~-]+)?$/,
  opam: new RegExp(`^(?:env|config env)${FLAGS}$`),
  luarocks: new RegExp(`^path${FLAGS}$`),
  path_helper: /^-[sc]$/,
  fzf: new RegExp(`^--${SHELL}$`),
  pip: new RegExp(`^completion --${SHELL}$`),
  pip3: new RegExp(`^completion --${SHELL}$`),
  kubectl: COMPLETION,
  helm: COMPLETION,
  gh: COMPLETION,
  glab: COMPLETION,
  minikube: COMPLETION,
  kind: COMPLETION,
  k3d: COMPLETION,
  oc: COMPLETION,
  flux: COMPLETION,
  argocd: COMPLETION,
  istioctl: COMPLETION,
  docker: COMPLETION,
  podman: COMPLETION,
  npm: /^completion$/,
  pnpm: COMPLETION,
  rustup: COMPLETION,
  deno: COMPLETION,
  bun: COMPLETION,
  uv: COMPLETION,
  poetry: COMPLETION,
  pipx: COMPLETION,
};

/** Does `name args…` print setup code of its own (see above)? `name` is the command's base name. */
export function printsSetupCode(name: string, args: readonly string[]): boolean {
  const accepted = Object.hasOwn(SETUP_CODE, name) ? SETUP_CODE[name] : undefined;
  return accepted?.test(args.join(" ")) === true;
}
