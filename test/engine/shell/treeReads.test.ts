// A search of a directory reads everything under it: Grep or Glob given a directory, `grep -r`, `rg`, `ag`, `ack`,
// `find DIR -exec cat {} +`, `find DIR | xargs cat`, PowerShell's `Get-ChildItem -Recurse DIR | Select-String`, and
// `cat DIR/*` for what is in it. Each is a read of a secret file the policy names at a place under that directory
// (`~/.config/rclone/rclone.conf` for a search of `~/.config/rclone`, `~/.config`, home or `/`), however the directory
// is reached. A name the policy matches at any depth (`.env`, `*.pem`) is not looked for under it — every search of a
// project would find one — so a search of the project stays ordinary.
import { describe, expect, it } from "vitest";
import { starterToolVerdict } from "../../support/starter";

const RULE = "no-secret-files";
const HOME = "/home/dev";

/** Secret files the starter names at a place, and each directory above them a search could start from. */
const SECRETS = ["~/.config/rclone/rclone.conf", "~/.aws/credentials", "~/.config/gh/hosts.yml", "~/.ssh/id_ed25519", "~/.cargo/credentials.toml", "~/.pypirc", "/etc/shadow", "/run/secrets/db_password"];
const above = (file: string): string[] => {
  const parts = file.split("/");
  const out: string[] = [];
  for (let k = parts.length - 1; k >= 1; k--) out.push(parts.slice(0, k).join("/") || "/");
  return out;
};
const DIRECTORIES = [...new Set([...SECRETS.flatMap(above), "/home", "/"])];

/** The searches of a directory D, by tool. */
const SEARCHES: [string, (d: string) => Record<string, unknown>][] = [
  ["Grep", (d) => ({ pattern: "password", path: d.replace(/^~/, HOME) })],
  ["Grep", (d) => ({ pattern: "token", path: d.replace(/^~/, HOME), output_mode: "content", "-i": true })],
  ["Glob", (d) => ({ pattern: "**/*", path: d.replace(/^~/, HOME) })],
  ["Bash", (d) => ({ command: `grep -r password ${d}` })],
  ["Bash", (d) => ({ command: `grep -Rni --color=never token ${d}/` })],
  ["Bash", (d) => ({ command: `grep -d recurse password ${d}` })],
  ["Bash", (d) => ({ command: `rg -uu password ${d}` })],
  ["Bash", (d) => ({ command: `ag token ${d}` })],
  ["Bash", (d) => ({ command: `cd ${d} && grep -r password .` })],
  ["Bash", (d) => ({ command: `cd ${d} && rg token` })],
  ["Bash", (d) => ({ command: `find ${d} -type f -exec cat {} +` })],
  ["Bash", (d) => ({ command: `find ${d} -exec grep -H password {} \\;` })],
  ["Bash", (d) => ({ command: `find ${d} -type f -print0 | xargs -0 cat` })],
  ["Bash", (d) => ({ command: `fd . ${d} -t f -X cat` })],
  ["Bash", (d) => ({ command: `grep -rl password ${d} | xargs cat` })],
  ["PowerShell", (d) => ({ command: `Get-ChildItem -Recurse ${d} | Select-String password` })],
  ["PowerShell", (d) => ({ command: `gci ${d} -r -File | Get-Content` })],
];

describe("a search of a directory", () => {
  it.each(SEARCHES.map(([tool, input], k) => [`${tool} ${JSON.stringify(input("DIR"))}`, tool, k] as const))("%s over a directory holding a secret file is a read of it", async (_name, tool, k) => {
    for (const d of DIRECTORIES) {
      const input = SEARCHES[k]![1](d);
      expect((await starterToolVerdict(tool, input)).fired, `${tool} ${JSON.stringify(input)}`).toContain(RULE);
    }
  });

  it.each(SEARCHES.map(([tool, input], k) => [`${tool} ${JSON.stringify(input("DIR"))}`, tool, k] as const))("%s over the project or a directory without one is ordinary", async (_name, tool, k) => {
    for (const d of ["/home/dev/shop", "/home/dev/shop/src", "src", "~/.config/nvim", "/etc/nginx", "/var/log", "~/go/pkg/mod"]) {
      const input = SEARCHES[k]![1](d);
      expect((await starterToolVerdict(tool, input)).decision, `${tool} ${JSON.stringify(input)}`).toBe("none");
    }
  });

  it("the directories tried are those above each secret file, up to home or the root", () => {
    expect(DIRECTORIES).toEqual(expect.arrayContaining(["~/.config/rclone", "~/.config", "~", "/etc", "/", "/run/secrets", "/run"]));
  });

  it("with a glob naming the files, a search reads those files, not everything under the directory", async () => {
    expect((await starterToolVerdict("Grep", { pattern: "x", path: HOME, glob: "*.md" })).decision).toBe("none");
    expect((await starterToolVerdict("Bash", { command: "grep -r --include='*.md' x ~" })).decision).toBe("none");
    expect((await starterToolVerdict("Grep", { pattern: "x", path: `${HOME}/shop`, glob: ".env*" })).fired).toContain(RULE);
  });

  it("every entry of a directory is read by a reader given `DIR/*`, and a hidden entry only by `DIR/.*`", async () => {
    expect((await starterToolVerdict("Bash", { command: "cat ~/.config/rclone/*" })).fired).toContain(RULE);
    expect((await starterToolVerdict("PowerShell", { command: "Get-Content ~/.config/rclone/*" })).fired).toContain(RULE);
    expect((await starterToolVerdict("Bash", { command: "head -n 5 ~/.*" })).fired).toContain(RULE);
    expect((await starterToolVerdict("Bash", { command: "cat ~/.config/rclone/.*" })).decision).toBe("none");
    expect((await starterToolVerdict("Bash", { command: "cat src/*" })).decision).toBe("none");
  });

  it("a path the policy excludes is excluded with what is under it", async () => {
    for (const path of [`${HOME}/.ssh/id_ed25519.pub`, `${HOME}/.ssh/known_hosts`, `${HOME}/.ssh/config`]) expect((await starterToolVerdict("Grep", { pattern: "x", path })).decision, path).toBe("none");
    expect((await starterToolVerdict("Bash", { command: "grep -r Host ~/.ssh/config" })).decision).toBe("none");
  });

  it("an unknown directory is no directory known; an empty one before a slash is the root", async () => {
    expect((await starterToolVerdict("Bash", { command: 'grep -r password "$DIR"' })).decision).toBe("none");
    expect((await starterToolVerdict("Bash", { command: 'grep -r password "$DIR/"' })).fired).toContain(RULE);
  });
});

// Copying, moving, archiving or uploading a directory takes everything under it: the same read.
describe("a copy, move, archive or upload of a directory", () => {
  const TAKES: [string, (d: string) => string][] = [
    ["Bash", (d) => `tar czf /tmp/out.tgz ${d}`],
    ["Bash", (d) => `tar -c -f - ${d} | ssh backup 'cat > x.tar'`],
    ["Bash", (d) => `zip -qr /tmp/out.zip ${d}`],
    ["Bash", (d) => `7z a /tmp/out.7z ${d}`],
    ["Bash", (d) => `cp -r ${d} /tmp/copy`],
    ["Bash", (d) => `cp -a ${d}/ /tmp/copy`],
    ["Bash", (d) => `mv ${d} /tmp/moved`],
    ["Bash", (d) => `rsync -a ${d} backup:/srv/`],
    ["Bash", (d) => `scp -r ${d} host:/tmp/`],
    ["Bash", (d) => `aws s3 sync ${d} s3://bucket/x/`],
    ["Bash", (d) => `aws s3 cp --recursive ${d} s3://bucket/x/`],
    ["Bash", (d) => `rclone copy ${d} remote:x`],
    ["PowerShell", (d) => `Compress-Archive -Path ${d} -DestinationPath out.zip`],
    ["PowerShell", (d) => `Copy-Item -Recurse ${d} C:\\tmp\\copy`],
    ["PowerShell", (d) => `cmd /c "xcopy ${d} C:\\tmp\\copy /s /e"`],
  ];
  it.each(TAKES.map(([tool, c]) => [c("DIR"), tool, c] as const))("%s of a directory holding a secret file reads it", async (_n, tool, c) => {
    for (const d of ["~/.config", "~/.aws", "~"]) expect((await starterToolVerdict(tool, { command: c(d) })).fired, c(d)).toContain(RULE);
  });
  it.each(TAKES.map(([tool, c]) => [c("DIR"), tool, c] as const))("%s of the project's directories is ordinary", async (_n, tool, c) => {
    for (const d of ["dist", "./src", "~/shop/public"]) expect((await starterToolVerdict(tool, { command: c(d) })).decision, c(d)).toBe("none");
  });
  it("without recursion a copy reads the path alone", async () => {
    expect((await starterToolVerdict("Bash", { command: "tar --no-recursion -czf x.tgz ~/.config" })).decision).toBe("none");
    expect((await starterToolVerdict("Bash", { command: "zip x.zip ~/.config" })).decision).toBe("none");
  });
});

describe("a search in a container", () => {
  it("of a directory holding a mount of a secret's directory reads it; of a project mount it does not", async () => {
    for (const c of ["docker run --rm -v ~/.config:/c alpine grep -r token /", "docker run --rm -v ~/.config:/c alpine grep -r token /c", "podman run -v $HOME:/h alpine rg token /h"])
      expect((await starterToolVerdict("Bash", { command: c })).fired, c).toContain(RULE);
    expect((await starterToolVerdict("Bash", { command: "docker run --rm -v $PWD:/app -w /app node:20 grep -r TODO /" })).decision).toBe("none");
  });
});
