// A container's command acts on the host through what is mounted: its paths are mapped back to the host's, so a
// rule holds against `docker run -v /:/host alpine rm -rf /host` as against `rm -rf /`; a path no mount reaches is
// the container's own, unless the container reaches the host anyway (--privileged, --pid=host, the engine socket).
import { describe, expect, it } from "vitest";
import { containerRun, hostPaths } from "../../../src/engine/shell/commands/containerRun";
import type { ShellWord } from "../../../src/engine/shell/model";
import { HOLE_INPUT } from "../../../src/engine/shell/words/template";
import { starterVerdict } from "../../support/starter";

const words = (...values: string[]): ShellWord[] => values.map((value) => ({ text: value, value, raw: value, splits: false, procsub: undefined, substs: [] }));

describe("the host paths a container's command acts on", () => {
  const view = containerRun("docker", words("run", "--rm", "-v", "/:/host", "--volume=~/.ssh:/k:ro", "--mount", "type=bind,source=/etc,target=/cfg", "-w", "/host/srv", "alpine", "true"), "/home/dev/shop")!.view;
  it.each([
    ["/host/etc/passwd", false, ["/etc/passwd"]],
    ["/k/id_rsa", false, ["~/.ssh/id_rsa"]],
    ["/cfg/hosts", false, ["/etc/hosts"]],
    ["x", false, ["/srv/x"]],
    ["/tmp/x", false, []],
    ["/", true, ["/", "~/.ssh", "/etc"]],
    ["/", false, []],
  ] as const)("%s (recursive %s) is %j on the host", (path, reaches, host) => {
    expect(hostPaths(view, path, undefined, reaches).map((p) => p.path)).toEqual(host);
  });
  it("a path from an unknown place may be anything under any mount", () => {
    expect(hostPaths(view, `${HOLE_INPUT}`, undefined, false).map((p) => p.path)).toEqual([`/${HOLE_INPUT}`, `~/.ssh/${HOLE_INPUT}`, `/etc/${HOLE_INPUT}`]);
  });
  it("reads the engines' options: named volumes are not host paths; the image's command follows the image", () => {
    const run = containerRun("podman", words("--root", "/r", "run", "-it", "-v", "data:/data", "-eX=1", "--entrypoint", "sh", "img", "-c", "ls"), undefined)!;
    expect(run.view.mounts).toEqual([]);
    expect(run.command.map((w) => w.value)).toEqual(["sh", "-c", "ls"]);
    expect(containerRun("docker", words("ps", "-a"), undefined)).toBeUndefined();
    expect(containerRun("docker", words("run", "--privileged", "img"), undefined)!.view.hostWide).toBe(true);
    expect(containerRun("docker", words("compose", "-f", "c.yml", "run", "web", "ls"), undefined)!.command.map((w) => w.value)).toEqual(["ls"]);
  });
});

describe("a container run that reaches the host is judged by what it does there", () => {
  it.each([
    ["docker run -v /:/host alpine rm -rf /host", "deny"],
    ["docker run --rm -v /:/h alpine rm -rf /", "deny"],
    ["docker run --mount type=bind,source=/,target=/x alpine rm -rf /x", "deny"],
    ["podman run -v /:/host alpine rm -rf /host/etc", "deny"],
    ["nerdctl run -v /:/host alpine rm -rf /host", "deny"],
    ["docker run -v /:/host -w /host alpine rm -rf .", "deny"],
    ["docker run --rm -v $HOME:/h alpine sh -c 'cd /h && rm -rf .'", "deny"],
    ["docker run --rm -v /:/host alpine chroot /host rm -rf ~dev", "deny"],
    ["docker run --rm --entrypoint sh -v /:/h alpine -c 'rm -rf /h/usr'", "deny"],
    ["docker run -v ~/.ssh:/x alpine cat /x/id_rsa", "deny"],
    ["docker run --rm -v $PWD:/app -w /app node cat .env", "deny"],
    ["docker run --rm --device /dev/sda:/dev/xvda alpine dd if=/dev/zero of=/dev/xvda", "deny"],
    ["docker run --rm --privileged --pid=host alpine nsenter -t 1 -m -u -i -n rm -rf /", "deny"],
    ["docker run --rm -v /var/run/docker.sock:/var/run/docker.sock docker docker run -v /:/h alpine rm -rf /h", "deny"],
    ["docker create -v /:/host alpine rm -rf /host", "deny"],
    ["docker compose run --rm -v /:/host app rm -rf /host", "deny"],
    ["docker run --rm -v /:/host alpine sh -c 'echo ssh-rsa AAAA >> /host/root/.ssh/authorized_keys'", "ask"],
  ])("%s: %s", async (command, decision) => {
    expect((await starterVerdict(command)).decision).toBe(decision);
  });

  it.each([
    "docker run --rm -v $PWD:/src node npm test",
    "docker run --rm -v \"$PWD\":/app -w /app node:20 rm -rf node_modules dist",
    "docker run --rm -v $PWD:/src alpine rm -rf /src/build",
    "docker run --rm -it -v ~/.aws:/root/.aws amazon/aws-cli s3 ls",
    "docker run --rm alpine rm -rf /",
    "docker run --rm -v /:/host:ro alpine ls /host",
    "docker run -p 5432:5432 -v pgdata:/var/lib/postgresql/data postgres:16",
    "docker compose run --rm app rm -rf /app/node_modules",
    "podman run --rm -v .:/src:Z fedora make -C /src",
  ])("an ordinary container run is let through: %s", async (command) => {
    expect((await starterVerdict(command)).decision).toBe("none");
  });
});
