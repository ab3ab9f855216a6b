/**
 * Container runs that reach the host: `docker run -v /:/host alpine rm -rf /host` deletes the host's `/`, and
 * `docker run -v ~/.ssh:/k alpine cat /k/id_rsa` reads the host's private key. The command a container runs
 * (`docker|podman|nerdctl run|create`, `docker compose run`) is examined as a command of its own, and what it does
 * to a path is done on the host to the path that is mounted there (-v, --volume, --mount type=bind, --device),
 * relative paths taken from the container's working directory (-w). A container path no mount reaches is the
 * container's own and does nothing to the host, except where the container reaches the host anyway (ContainerView.
 * hostWide: --privileged, --pid=host, the engine's socket mounted, mounts hookgate cannot see): there every path
 * may be the host's, and is kept as well. Where the location is unknown (a path from a variable, a `cd` to one),
 * every mount is reached. A recursive delete or permission change of a directory holding a mount (`rm -rf /` with
 * `/` mounted at /host) reaches that mount too.
 *
 * One declaration per engine and subcommand (ENGINES); the options are the engines' own, with a value or not.
 */
import type { ContainerView, ShellWord } from "../model";
import { HOLE_INPUT, HOLE_SEG, HOLE_UNKNOWN, hasHoles } from "../words/template";

/** A container command found in a command line: how the container sees the host, and the command it runs. */
interface ContainerRun {
  readonly view: ContainerView;
  /** The command run in the container (entrypoint and arguments); empty: the image's own, which hookgate cannot see. */
  readonly command: readonly ShellWord[];
}

/** `docker run`'s options that take a value (short ones as letters; long ones without `--`). */
const RUN_SHORT_VALUE = "acehlmpuvw";
const RUN_LONG_VALUE = new Set([
  "attach",
  "add-host",
  "annotation",
  "blkio-weight",
  "blkio-weight-device",
  "cap-add",
  "cap-drop",
  "cgroup-parent",
  "cgroupns",
  "cidfile",
  "cpu-count",
  "cpu-percent",
  "cpu-period",
  "cpu-quota",
  "cpu-rt-period",
  "cpu-rt-runtime",
  "cpu-shares",
  "cpus",
  "cpuset-cpus",
  "cpuset-mems",
  "device",
  "device-cgroup-rule",
  "device-read-bps",
  "device-read-iops",
  "device-write-bps",
  "device-write-iops",
  "dns",
  "dns-option",
  "dns-opt",
  "dns-search",
  "domainname",
  "entrypoint",
  "env",
  "env-file",
  "expose",
  "gpus",
  "group-add",
  "health-cmd",
  "health-interval",
  "health-retries",
  "health-start-period",
  "health-start-interval",
  "health-timeout",
  "hostname",
  "ip",
  "ip6",
  "ipc",
  "isolation",
  "kernel-memory",
  "label",
  "label-file",
  "link",
  "link-local-ip",
  "log-driver",
  "log-opt",
  "mac-address",
  "memory",
  "memory-reservation",
  "memory-swap",
  "memory-swappiness",
  "mount",
  "name",
  "network",
  "net",
  "network-alias",
  "net-alias",
  "oom-score-adj",
  "pid",
  "pids-limit",
  "platform",
  "publish",
  "pull",
  "restart",
  "runtime",
  "security-opt",
  "shm-size",
  "stop-signal",
  "stop-timeout",
  "storage-opt",
  "sysctl",
  "tmpfs",
  "ulimit",
  "user",
  "userns",
  "uts",
  "volume",
  "volume-driver",
  "volumes-from",
  "workdir",
  "detach-keys",
  "cgroup-conf",
  "chrootdirs",
  "conmon-pidfile",
  "decryption-key",
  "env-merge",
  "gidmap",
  "uidmap",
  "hostuser",
  "image-volume",
  "init-path",
  "log-opt",
  "os",
  "arch",
  "variant",
  "passwd-entry",
  "personality",
  "pidfile",
  "pod",
  "pod-id-file",
  "preserve-fds",
  "rdt-class",
  "requires",
  "sdnotify",
  "seccomp-policy",
  "secret",
  "subgidname",
  "subuidname",
  "timeout",
  "tz",
  "umask",
  "unsetenv",
  "mount-propagation",
  "cosign-key",
  "snapshotter",
  "namespace",
  "service-ports",
  "profile",
]);
/** The engines' own options before the subcommand that take a value (`docker --context x run`, `podman --root d run`). */
const GLOBAL_SHORT_VALUE = "cHl";
const GLOBAL_LONG_VALUE = new Set([
  "context",
  "host",
  "config",
  "log-level",
  "tlscacert",
  "tlscert",
  "tlskey",
  "root",
  "runroot",
  "connection",
  "url",
  "identity",
  "storage-driver",
  "cgroup-manager",
  "namespace",
  "address",
  "snapshotter",
  "cni-path",
  "data-root",
  "file",
  "project-name",
  "project-directory",
  "profile",
  "env-file",
  "ansi",
  "progress",
  "parallel",
]);
const COMPOSE_GLOBAL_SHORT_VALUE = "fp";

/** Container engines, and the subcommand paths that start a container running a command. */
const ENGINES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  docker: [["run"], ["create"], ["container", "run"], ["container", "create"], ["compose", "run"], ["compose", "create"]],
  podman: [["run"], ["create"], ["container", "run"], ["container", "create"], ["compose", "run"]],
  nerdctl: [["run"], ["create"], ["container", "run"], ["container", "create"], ["compose", "run"]],
  "docker-compose": [["run"]],
  "podman-compose": [["run"]],
};

/** Is `name` a container engine (so the caller need not build its words otherwise)? */
export function isContainerEngine(name: string): boolean {
  return Object.hasOwn(ENGINES, name);
}

/** Engine sockets: a container given one can start any other container, with any host path mounted. */
const ENGINE_SOCKET = /(?:^|\/)(?:docker|podman|containerd|nerdctl)[^/]*\.sock$|^\/var\/run\/docker$/;

/**
 * The container `name ARGS…` starts and the command it runs in it, or undefined when it starts none. `args`: the
 * words after the engine's name; `cwd`: where the engine runs, which relative mount sources are relative to.
 */
export function containerRun(name: string, args: readonly ShellWord[], cwd: string | undefined): ContainerRun | undefined {
  const paths = Object.hasOwn(ENGINES, name) ? ENGINES[name]! : [];
  if (paths.length === 0) return undefined;
  // The engine's own options, then the subcommand path.
  let k = 0;
  const compose = name.endsWith("-compose");
  const skipGlobals = (shortValue: string) => {
    while (k < args.length && args[k]!.value.startsWith("-")) {
      const a = args[k]!.value;
      k += takesValue(a, shortValue, GLOBAL_LONG_VALUE) ? 2 : 1;
    }
  };
  skipGlobals(compose ? COMPOSE_GLOBAL_SHORT_VALUE : GLOBAL_SHORT_VALUE);
  let path: readonly string[] | undefined;
  for (const p of paths) {
    let j = k;
    let ok = true;
    for (const word of p) {
      // `docker compose -f x.yml run`: compose's own options between its words.
      while (j < args.length && args[j]!.value.startsWith("-") && word !== p[0])
        j += takesValue(args[j]!.value, COMPOSE_GLOBAL_SHORT_VALUE, GLOBAL_LONG_VALUE) ? 2 : 1;
      if (args[j]?.value !== word) {
        ok = false;
        break;
      }
      j++;
    }
    if (ok) {
      path = p;
      k = j;
      break;
    }
  }
  if (!path) return undefined;
  const composeRun = compose || path[0] === "compose";
  const mounts: { source: string; target: string }[] = [];
  let workdir = "/";
  let hostWide = composeRun; // a compose file's own mounts are not on the command line
  let entrypoint: ShellWord | undefined;
  const addMount = (source: string, target: string) => {
    if (!isHostPath(source) || target === "") return;
    if (ENGINE_SOCKET.test(source)) hostWide = true;
    mounts.push({ source: source.replace(/(.)\/+$/, "$1"), target: normal(target) ?? target });
  };
  for (; k < args.length; k++) {
    const w = args[k]!;
    const a = w.value;
    if (a === "--") {
      k++;
      break;
    }
    if (!a.startsWith("-") || a === "-") break;
    let option: string;
    let value: string | undefined;
    let valueWord: ShellWord | undefined;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      option = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (eq >= 0) value = a.slice(eq + 1);
      else if (RUN_LONG_VALUE.has(option)) {
        valueWord = args[++k];
        value = valueWord?.value;
      }
    } else {
      // Short options bundle (`-itv /x:/y`): the first that takes a value takes the rest of the word, or the next.
      let at = 1;
      while (at < a.length && !RUN_SHORT_VALUE.includes(a[at]!)) at++;
      if (at >= a.length) continue;
      option = a[at]!;
      if (at + 1 < a.length) value = a.slice(at + 1).replace(/^=/, "");
      else {
        valueWord = args[++k];
        value = valueWord?.value;
      }
    }
    if (value === undefined) {
      if (option === "privileged") hostWide = true;
      continue;
    }
    switch (option) {
      case "v":
      case "volume": {
        const [source, target] = splitVolume(value);
        if (target !== undefined) addMount(source, target);
        break;
      }
      case "mount": {
        const fields = new Map(
          value.split(",").map(
            (f) =>
              [
                f
                  .slice(0, f.indexOf("=") < 0 ? f.length : f.indexOf("="))
                  .trim()
                  .toLowerCase(),
                f.includes("=") ? f.slice(f.indexOf("=") + 1) : "",
              ] as const,
          ),
        );
        const source = fields.get("source") ?? fields.get("src");
        const target = fields.get("target") ?? fields.get("destination") ?? fields.get("dst");
        const type = fields.get("type") ?? "volume";
        if (source !== undefined && target !== undefined && (type === "bind" || isHostPath(source))) addMount(source, target);
        break;
      }
      case "device": {
        const [source, target] = splitVolume(value);
        addMount(source, target ?? source);
        break;
      }
      case "w":
      case "workdir":
        if (value.startsWith("/")) workdir = normal(value) ?? value;
        break;
      case "entrypoint":
        entrypoint = valueWord ?? { ...w, text: value, value, raw: value };
        break;
      case "pid":
      case "ipc":
      case "userns":
      case "uts":
      case "network":
      case "net":
        if (option === "pid" && value === "host") hostWide = true;
        break;
      case "cap-add":
        if (/^(?:CAP_)?(?:SYS_ADMIN|ALL)$/i.test(value)) hostWide = true;
        break;
      case "volumes-from":
        hostWide = true;
        break;
      default:
        break;
    }
  }
  // The image (or a compose service), then its command.
  const image = args[k];
  if (image === undefined) return undefined;
  const command = [...(entrypoint && entrypoint.value !== "" ? [entrypoint] : []), ...args.slice(k + 1)];
  return { view: { mounts, workdir, hostWide, ...(cwd !== undefined ? { hostCwd: cwd } : {}) }, command };
}

/**
 * `chroot [OPTIONS] DIR CMD…` run in a container: CMD, with the view moved so that DIR is its `/` (a mount at or
 * below DIR is seen below `/`; a mount holding DIR is seen at `/`). undefined when the command is not a chroot.
 */
export function chrootIn(argv: readonly ShellWord[], view: ContainerView): [readonly ShellWord[], ContainerView] | undefined {
  if (argv[0]?.value.replace(/^.*\//, "") !== "chroot") return undefined;
  let k = 1;
  while (k < argv.length && argv[k]!.value.startsWith("-")) k += /^--(?:userspec|groups)$/.test(argv[k]!.value) ? 2 : 1;
  const dir = argv[k] ? normal(argv[k]!.value) : undefined;
  if (dir === undefined || !dir.startsWith("/")) return undefined;
  const mounts: { source: string; target: string }[] = [];
  for (const m of view.mounts) {
    if (within(m.target, dir)) mounts.push({ source: m.source, target: dir === "/" ? m.target : m.target.slice(dir.length) || "/" });
    else if (within(dir, m.target))
      mounts.push({ source: joined(m.source, dir.slice(m.target === "/" ? 0 : m.target.length)), target: "/" });
  }
  return [argv.slice(k + 1), { ...view, mounts, workdir: "/" }];
}

const takesValue = (a: string, shortValue: string, longValue: ReadonlySet<string>): boolean =>
  a.startsWith("--") ? !a.includes("=") && longValue.has(a.slice(2)) : a.length === 2 && shortValue.includes(a[1]!);

/** `SRC:DST[:OPTIONS]`, a Windows `C:\x:/y` source kept whole; a lone `DST` (an anonymous volume) has no source. */
function splitVolume(v: string): [string, string | undefined] {
  const drive = /^[A-Za-z]:[\\/]/.test(v) ? 2 : 0;
  const colon = v.indexOf(":", drive);
  if (colon < 0) return [v, undefined];
  const source = v.slice(0, colon);
  const rest = v.slice(colon + 1);
  const next = rest.indexOf(":");
  return [source, next < 0 ? rest : rest.slice(0, next)];
}

/** A mount source that is a host path (`/x`, `./x`, `~/x`, `$PWD`, `C:\x`), not a named volume (`data`). */
function isHostPath(source: string): boolean {
  return /^(?:[/.~]|[A-Za-z]:[\\/])/.test(source) || hasHoles(source) || source.includes("/");
}

/** A container path with `.` and `..` worked out, or undefined when a `..` meets a segment that is not literal. */
function normal(p: string): string | undefined {
  const out: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length > 0 && hasHoles(out[out.length - 1]!)) return undefined;
      out.pop();
    } else out.push(seg);
  }
  return `/${out.join("/")}`;
}

/**
 * The homes `~` may be in a container: root's (most images run as root), or a user's under /home (`-u 1000`,
 * `-e HOME=…`, an image's own user). `~name` is that user's: root's, or /home/name.
 */
const containerHomes = (user: string): string[] =>
  user === "" ? ["/root", `/home/${HOLE_SEG}`] : user === "root" ? ["/root"] : [`/home/${user}`];

/**
 * The host paths a path a command inside the container acts on stands for. `cwd`: the command's working directory
 * inside the container when a `cd` there moved it (see SimpleCommand.cwd); `reaches`: the effect reaches what is
 * below the path (a recursive delete, permission change or read), so a mount below it is reached too.
 * Each result carries the working directory its relative form is relative to (the engine's, on the host).
 */
export function hostPaths(view: ContainerView, path: string, cwd: string | undefined, reaches: boolean): { path: string; cwd?: string }[] {
  const out: { path: string; cwd?: string }[] = [];
  const onHost = (p: string) => out.push(view.hostCwd !== undefined ? { path: p, cwd: view.hostCwd } : { path: p });
  const candidates = containerPaths(view, path, cwd);
  if (candidates === undefined) {
    // Anywhere in the container: anything under each mount, and (for what reaches below) each mount itself.
    for (const m of view.mounts) {
      if (reaches) onHost(m.source);
      onHost(joined(m.source, `/${HOLE_INPUT}`));
    }
  } else
    for (const inside of candidates) {
      // The mount that holds it (the deepest), else the mounts below it that a recursive effect reaches.
      let holder: { source: string; target: string } | undefined;
      for (const m of view.mounts) if (within(inside, m.target) && (!holder || m.target.length > holder.target.length)) holder = m;
      if (holder) onHost(joined(holder.source, inside.slice(holder.target === "/" ? 0 : holder.target.length)));
      for (const m of view.mounts) {
        if (m === holder) continue;
        const prefix = literalPrefix(inside);
        // A path with unknown parts may reach a mount its literal start leads to (`/*/etc` with /host mounted).
        if ((reaches && within(m.target, inside)) || (prefix !== inside && within(m.target, prefix)))
          onHost(reaches ? m.source : joined(m.source, `/${HOLE_INPUT}`));
      }
    }
  return out;
}

/** A host directory and the rest of a path below it (`/` and `/etc` are `/etc`; `~/.ssh` and `` are `~/.ssh`). */
const joined = (dir: string, rest: string): string => (rest === "" ? dir : `${dir.replace(/\/+$/, "")}${rest}`);

/** Is `p` the directory `dir` or a path below it? */
const within = (p: string, dir: string): boolean => dir === "/" || p === dir || p.startsWith(`${dir}/`);

/** A path up to the segment before its first unknown part (`/a/b*` → `/a`). */
function literalPrefix(p: string): string {
  if (!hasHoles(p)) return p;
  let i = 0;
  while (i < p.length && !hasHoles(p[i]!)) i++;
  const cut = p.lastIndexOf("/", i);
  return cut <= 0 ? "/" : p.slice(0, cut);
}

/** The absolute container paths a command's path may be, or undefined when where it is cannot be known. */
function containerPaths(view: ContainerView, path: string, cwd: string | undefined): string[] | undefined {
  if (path === "" || hasHoles(path[0]!)) return undefined;
  const tilde = /^~([A-Za-z0-9._-]*)(?=\/|$)/.exec(path);
  if (tilde) return some(containerHomes(tilde[1]!).map((h) => normal(h + path.slice(tilde[0].length))));
  if (path.startsWith("/")) return some([normal(path)]);
  if (cwd !== undefined && (cwd.includes(HOLE_UNKNOWN) || hasHoles(cwd[0] ?? ""))) return undefined;
  const cwdTilde = cwd === undefined ? null : /^~([A-Za-z0-9._-]*)(?=\/|$)/.exec(cwd);
  const bases =
    cwd === undefined
      ? [view.workdir]
      : cwd.startsWith("/")
        ? [cwd]
        : cwdTilde
          ? containerHomes(cwdTilde[1]!).map((h) => h + cwd.slice(cwdTilde[0].length))
          : [`${view.workdir}/${cwd}`];
  return some(bases.map((base) => normal(`${base}/${path}`)));
}

/** The paths, or undefined (not known) when one of them is not known. */
const some = (paths: readonly (string | undefined)[]): string[] | undefined =>
  paths.every((p) => p !== undefined) ? (paths as string[]) : undefined;
