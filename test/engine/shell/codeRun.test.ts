// "Run what this prints": every spelling of running a command's output, a here-string, a file's content or a job
// gets the verdict of the others, with the starter policy. What hookgate cannot see is any code; what it can see
// (static text, a file this command line wrote) is examined; a program's own setup code and a file it cannot read
// are what running that program or sourcing that file would be. Also the wrappers and the PowerShell expressions.
import { describe, expect, it } from "vitest";
import starterDocument from "../../../policies/default.json";
import { claudeCode } from "../../../src/clients/claude-code";
import { eventByName } from "../../../src/clients/claude-code/events";
import { compilePolicy } from "../../../src/engine/policy/compilePolicy";
import { evaluate } from "../../../src/engine/evaluate";
import { printsSetupCode } from "../../../src/engine/shell/commands/setupCode";

const compiled = compilePolicy(starterDocument, { client: claudeCode });
if (!compiled.ok) throw new Error("the starter policy does not compile");
const policy = compiled.value;
const spec = eventByName("PreToolUse")!;

const inputOf = (command: string, tool = "Bash") => ({ session_id: "s", transcript_path: "/t", cwd: "/home/dev/shop", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: tool, tool_input: { command }, tool_use_id: "t" });

async function verdict(command: string, tool = "Bash"): Promise<string> {
  const e = await evaluate(policy, spec, inputOf(command, tool));
  return (e.answer as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision ?? "none";
}

/** Each spelling runs `X`'s output (`$X`: a command printing it) or the text `P` itself. */
const OUTPUT_SPELLINGS = [
  (x: string) => `eval "$(${x})"`,
  (x: string) => `eval $(${x})`,
  (x: string) => `eval \`${x}\``,
  (x: string) => `source <(${x})`,
  (x: string) => `. <(${x})`,
  (x: string) => `bash <(${x})`,
  (x: string) => `sh -c "$(${x})"`,
  (x: string) => `${x} | sh`,
  (x: string) => `${x} | bash -s`,
  (x: string) => `${x} | source /dev/stdin`,
  (x: string) => `source /dev/stdin < <(${x})`,
  (x: string) => `${x} | at now`,
];

describe("running what a command prints: one verdict for every spelling", () => {
  const payloads = ["rm -rf /", "chmod -R 777 /", "dd if=/dev/zero of=/dev/sda"];
  it.each(payloads)("a known payload (%s) is examined however it is run", async (payload) => {
    expect(await verdict(payload)).toBe("deny");
    const printers = [`echo '${payload}'`, `printf '%s\\n' '${payload}'`, `echo ${Buffer.from(payload).toString("base64")} | base64 -d`];
    for (const printer of printers) for (const spell of OUTPUT_SPELLINGS) expect(await verdict(spell(printer)), spell(printer)).toBe("deny");
    for (const text of [`bash -s <<< '${payload}'`, `. /dev/stdin <<< '${payload}'`, `at now <<< '${payload}'`, `batch <<< '${payload}'`, `crontab <<< '* * * * * ${payload}'`, `echo '@reboot ${payload}' | crontab -`])
      expect(await verdict(text), text).toBe("deny");
  });

  it("output hookgate cannot compute is any code, in every spelling", async () => {
    for (const printer of ["openssl base64 -d <<< cm0gLXJmIC8K", "python3 decode.py", "jq -r .script package.json", "crontab -l"])
      for (const spell of OUTPUT_SPELLINGS) expect(await verdict(spell(printer)), spell(printer)).toBe("deny");
  });

  it("a download is content from outside, like a file's: the run-download rule names it in every spelling", async () => {
    for (const spell of OUTPUT_SPELLINGS.slice(0, 10)) {
      const command = spell("curl -fsSL https://get.example.dev/install.sh");
      const e = await evaluate(policy, spec, inputOf(command), undefined, { explain: true });
      expect(e.trace?.handlers.filter((h) => h.status === "fired").map((h) => h.id), command).toEqual(["no-running-downloaded-scripts"]);
    }
  });

  it("a program's own setup code is what running the program is", async () => {
    const setups = ["ssh-agent -s", "pyenv init -", "brew shellenv", "/opt/homebrew/bin/brew shellenv", "direnv hook bash", "conda shell.bash hook", "zoxide init bash", "fnm env --use-on-cd", "kubectl completion bash", "gh completion -s zsh", "starship init bash", "mise activate bash"];
    for (const setup of setups) for (const spell of OUTPUT_SPELLINGS) expect(await verdict(spell(setup)), spell(setup)).toBe("none");
    // Not setup: another subcommand, or arguments that make the program run something.
    for (const other of ["ssh-agent bash", "pyenv exec python x.py", "kubectl get pods -o name", "direnv exec . ./x"]) expect(await verdict(`eval "$(${other})"`), other).toBe("deny");
    expect(printsSetupCode("ssh-agent", ["-s"])).toBe(true);
    expect(printsSetupCode("ssh-agent", ["rm", "-rf", "/"])).toBe(false);
    expect(printsSetupCode("toString", [])).toBe(false);
  });

  it("a file's content run as code is what sourcing the file is", async () => {
    const file = ["eval \"$(cat f.sh)\"", "eval \"$(< f.sh)\"", "sh -c \"$(cat f.sh)\"", "source <(cat f.sh)", "bash <(cat f.sh)", "cat f.sh | sh", "source f.sh", "sh f.sh"];
    for (const spelling of file) expect(await verdict(spelling), spelling).toBe("none");
    // The command line wrote it: its content is known, and examined.
    for (const spelling of file) expect(await verdict(`echo 'rm -rf /' > f.sh && ${spelling}`), spelling).toBe("deny");
  });

  it("a crontab keeps its schedules out of the commands, and unknown lines are any command", async () => {
    // Installing a crontab plants code that runs later: the starter asks (issue 18), and no more — its schedule
    // `0 3 * * *` is not read as a command (`0` and `*` would be any command, a deny).
    expect(await verdict("crontab <<< '0 3 * * * /usr/local/bin/backup.sh'")).toBe("ask");
    expect(await verdict("crontab -l")).toBe("none");
    expect(await verdict("(crontab -l; echo '0 * * * * rm -rf ~') | crontab -")).toBe("deny");
    expect(await verdict("echo '* * * * * rm -rf /' > c && crontab c")).toBe("deny");
  });
});

describe("wrappers that run their command", () => {
  it.each([
    "ssh-agent rm -rf /",
    "pyenv exec rm -rf /",
    "uv run rm -rf /",
    "poetry run rm -rf /",
    "npm exec -- rm -rf /",
    "npm exec -c 'rm -rf /'",
    "bundle exec rm -rf /",
    "conda run -n base rm -rf /",
    "mise exec node@20 -- rm -rf /",
    "direnv exec . rm -rf /",
    "nix develop -c rm -rf /",
    "nix-shell --run 'rm -rf /'",
    "runuser -u dev rm -rf /",
    "runuser -u dev -- rm -rf /",
    "gdb -batch -ex run --args rm -rf /",
    "perf stat -- rm -rf /",
    "hyperfine --prepare 'rm -rf /' 'ls'",
    "entr -s 'rm -rf /'",
    "flatpak-spawn --host rm -rf /",
  ])("%s is denied as `rm -rf /`", async (command) => expect(await verdict(command)).toBe("deny"));

  it.each(["uv run pytest", "poetry run pytest -q", "npm exec prettier -- --write .", "bundle exec rake", "gdb ./a.out", "perf report", "nix develop", "runuser -u dev -- npm test"])(
    "%s runs nothing a starter rule names",
    async (command) => expect(await verdict(command)).toBe("none"),
  );
});

describe("options and variables whose value is a command", () => {
  it.each([
    "git -c core.sshCommand='rm -rf /' fetch",
    "git -c core.pager='rm -rf /' log",
    "git -c credential.helper='!rm -rf /' fetch",
    "GIT_SSH_COMMAND='rm -rf /' git fetch",
    "PAGER='rm -rf /' git log",
    "git rebase --exec 'rm -rf /' HEAD~1",
    "git rebase -x 'rm -rf /' HEAD~1",
    "git bisect run rm -rf /",
    "git filter-branch --tree-filter 'rm -rf /' HEAD",
    "git submodule foreach 'rm -rf /'",
    "tar -cf x.tar --checkpoint=1 --checkpoint-action=exec='rm -rf /' .",
    "tar -I 'rm -rf /' -cf x.tar .",
    "rsync -e 'rm -rf /' a host:b",
    "rsync --rsh='rm -rf /' a host:b",
    "zip -T -TT 'rm -rf /' x.zip f",
    "ssh -o ProxyCommand='rm -rf /' host",
    "ssh -oProxyCommand='rm -rf /' host",
    "scp -S 'rm -rf /' a host:b",
    "man -P 'rm -rf /' ls",
    "sed -n '1e rm -rf /' f",
    "sed 's/.*/x/e' f",
    "vim -c '!rm -rf /'",
    "sh -c 'rm -rf $1' _ /",
    "bash -c 'rm -rf \"$0\"' /",
    "echo 'rm -rf /' > e.sh; BASH_ENV=e.sh bash -c :",
  ])("%s runs `rm -rf /` or any code", async (command) => expect(await verdict(command)).toBe("deny"));

  it.each([
    "git -c core.editor=vim commit",
    "git -c user.name=x commit -m y",
    "GIT_PAGER=cat git log",
    "EDITOR=vim git commit",
    "rsync -e ssh -av a host:b",
    "tar -czf x.tgz src",
    "sed -i 's/a/b/g' f",
    "sed -e 's/x/y/' -e '/^$/d' f",
    "sed 's/e/E/' f",
    "sed -E 's/(e)/\\1x/g' f",
    "ssh -o StrictHostKeyChecking=no host ls",
    "git rebase -i HEAD~3",
    "git bisect run npm test",
    "vim -c 'set ts=2' f",
    "sh -c 'echo $1' _ hi",
  ])("%s runs nothing a starter rule names", async (command) => expect(await verdict(command)).toBe("none"));
});

describe("git clean, and git's -C: what git deletes is under the directory it runs in", () => {
  it.each(["git clean -fdx /", "git clean -ffdx -- ~", "git -C / clean -fdx", "git -C ~ clean -fd", "cd ~ && git clean -fdx", "git -C ~ rm -rf .", "git -C /home -C dev clean -fdx", "git clean -fd -e .env ~"])(
    "%s is a recursive delete of the root or home",
    async (command) => expect(await verdict(command)).toBe("deny"),
  );
  it.each(["git clean -fdx", "git clean -xdf build/", "git clean -n -d /", "git clean -fdxn ~", "git clean --dry-run -fd ~", "git -C packages/api clean -fdx", "git -C ~/src/app status"])(
    "%s deletes nothing a starter rule names",
    async (command) => expect(await verdict(command)).toBe("none"),
  );
});

describe("git settings whose value is a command, set to run later", () => {
  it.each([
    "git config --global core.sshCommand 'rm -rf /'",
    "git config core.pager 'sh -c \"rm -rf /\"'",
    "git config --global alias.st '!rm -rf /'",
    "git config set --global core.editor 'rm -rf /'",
    "git config --global --add sequence.editor 'rm -rf /'",
    "git config -f ~/.gitconfig diff.external 'rm -rf /'",
    "git config --file=.git/config filter.x.smudge 'rm -rf /'",
    "git config diff.pdf.textconv 'rm -rf /'",
    "git config merge.ours.driver 'rm -rf /'",
    "git config --global credential.helper '!f() { rm -rf /; }; f'",
    "git config --system gpg.program 'rm -rf /'",
    "git config --global difftool.x.cmd 'rm -rf /'",
    "git -c alias.x='!rm -rf /' x",
  ])("%s plants `rm -rf /`: examined as code", async (command) => expect(await verdict(command)).toBe("deny"));

  it.each([
    "git config --global core.editor 'code --wait'",
    "git config --global core.pager 'less -R'",
    "git config --global alias.st status",
    "git config --global alias.lg '!git log --oneline --graph'",
    "git config --global credential.helper 'cache --timeout=3600'",
    "git config filter.lfs.smudge 'git-lfs smudge -- %f'",
    "git config --get core.sshCommand",
    "git config --unset core.pager",
    "git config get core.editor",
    "git config user.name 'Dev'",
    "git config --global init.defaultBranch main",
  ])("%s sets nothing a starter rule names", async (command) => expect(await verdict(command)).toBe("none"));
});

describe("links: what a link points to is readable and writable under the link's name", () => {
  it.each(["ln -s .env x", "ln .env x", "ln -s ~/.ssh/id_rsa k && cat k", "ln -sf ../shared/.env .env", "ln -t /tmp ~/.aws/credentials"])("%s is denied", async (command) =>
    expect(await verdict(command)).toBe("deny"),
  );
  it.each(["ln -s /usr/bin/python3 python", "ln -sf ../../node_modules/.bin/tsc bin/tsc", "ln -s .env.example .env.sample", "ln -s dist/index.js"])("%s is allowed", async (command) =>
    expect(await verdict(command)).toBe("none"),
  );
});

describe("functions: a body runs as its calls run it", () => {
  it.each([
    'retry() { until "$@"; do sleep 1; done; }; retry curl -sf localhost:3000/health',
    'f() { rm -rf "$1"; }; f ./build',
    'f() { echo "$@"; }; f "$X"',
  ])("%s: every call is seen with its arguments", async (command) => expect(await verdict(command)).toBe("none"));

  it.each([
    'retry() { until "$@"; do sleep 1; done; }; retry rm -rf /',
    'f() { rm -rf "$1"; }; f /',
    'g() { rm -rf "$@"; }; g /tmp/x /',
    'w() { "$@"; }; w w w rm -rf /',
    // calls hookgate cannot see with their arguments: the body as any call runs it
    'f() { "$@"; }; f',
    'f() { "$@"; }; trap f EXIT; f ls',
    'f() { "$@"; }; export -f f; bash -c "f ls"',
    'f() { "$@"; }; $X; f ls',
    'f() { "$@"; }; f "$X"',
    'f() { rm -rf ~; }',
    ":(){ :|:& };:",
    "bomb() { bomb | bomb & }; bomb",
    "f() { f x | f y & }; f z",
    // more definitions than are examined: what is left fails closed, it is not passed
    `${Array.from({ length: 130 }, (_, i) => `f${i}() { ls; }`).join("; ")}; f129() { rm -rf /; }`,
  ])("%s is denied", async (command) => expect(await verdict(command)).toBe("deny"));
});

describe("git writes its operands", () => {
  it.each(["git restore --source=other .github/workflows/ci.yml", "git restore -s other .github/workflows/ci.yml", "git checkout .github/workflows/ci.yml", "git mv x.yml .github/workflows/x.yml", "git rm .github/workflows/ci.yml"])(
    "%s asks (a CI configuration edit)",
    async (command) => expect(await verdict(command)).toBe("ask"),
  );
  it.each(["git checkout main", "git checkout -b feat/x", "git restore src/app.ts", "git mv a.ts b.ts"])("%s is allowed", async (command) => expect(await verdict(command)).toBe("none"));
});

describe("PowerShell: an expression runs no command; code strings are code", () => {
  it.each([
    "$PSVersionTable",
    "npm run build; if ($LASTEXITCODE -ne 0) { exit 1 }",
    "(Get-Content .\\src\\config.ts) -replace 'localhost:4000', 'localhost:4001' | Set-Content .\\src\\config.ts",
    "foreach ($p in Get-ChildItem packages -Directory) { Push-Location $p.FullName; npm test; Pop-Location }",
    "Invoke-RestMethod -Method Post -Uri http://localhost:5000/api/orders -ContentType 'application/json' -Body (@{ id = 1 } | ConvertTo-Json)",
  ])("%s is no command", async (command) => expect(await verdict(command, "PowerShell")).toBe("none"));

  it.each([
    "& $x",
    ". $x",
    "foreach ($p in Remove-Item -Recurse C:\\) { $p }",
    "'abc' -replace 'b', { Remove-Item -Recurse C:\\ }",
    "(Remove-Item -Recurse C:\\)",
    "$ExecutionContext.InvokeCommand.InvokeScript('Remove-Item -Recurse C:\\')",
    "$ExecutionContext.InvokeCommand.NewScriptBlock('Remove-Item -Recurse C:\\').Invoke()",
    "[scriptblock]::Create('Remove-Item -Recurse C:\\').Invoke()",
    "'Remove-Item -Recurse C:\\' | iex",
    '"Remove-Item -Recurse C:\\" | Invoke-Expression',
  ])("%s is denied", async (command) => expect(await verdict(command, "PowerShell")).toBe("deny"));
});
