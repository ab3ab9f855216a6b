/**
 * Asking a program for its help or its version runs nothing: `mkfs --help`, `dd --version`, `format /?` print
 * and exit. One declaration per program: the flags that, as its first argument, do that whatever follows (GNU
 * tools stop at `--help` wherever it is; hookgate only trusts it first, before anything that could act). A short
 * flag is listed only where it means help or version for that program (`rsync -h` is human-readable sizes, so
 * rsync has only the long ones).
 */
const GNU = ["--help", "--version"] as const;
const UTIL_LINUX = ["--help", "--version", "-h", "-V"] as const;
const WINDOWS = ["/?", "-?"] as const;

const HELP_FLAGS: Readonly<Record<string, readonly string[]>> = {
  // coreutils and findutils
  rm: GNU, rmdir: GNU, unlink: GNU, shred: GNU, dd: GNU, cp: GNU, mv: GNU, ln: GNU, install: GNU, tee: GNU, truncate: GNU, touch: GNU,
  chmod: GNU, chown: GNU, chgrp: GNU, cat: GNU, head: GNU, tail: GNU, find: GNU, xargs: GNU, tar: GNU, rsync: GNU, sed: GNU,
  // disk tools (util-linux, e2fsprogs, gptfdisk, parted)
  mkfs: ["--help", "--version"], mke2fs: ["-V"], mkswap: UTIL_LINUX, wipefs: UTIL_LINUX, fdisk: UTIL_LINUX, sfdisk: UTIL_LINUX, cfdisk: UTIL_LINUX,
  blkdiscard: UTIL_LINUX, losetup: UTIL_LINUX, parted: ["--help", "--version", "-h", "-v"], sgdisk: ["--help", "--version", "-?"], gdisk: ["-?"],
  badblocks: ["-V"], hdparm: ["-h", "--help"], dcfldd: GNU,
  // downloaders
  curl: ["--help", "--version", "-h", "-V"], wget: ["--help", "--version", "-h", "-V"],
  // Windows programs (from cmd, PowerShell or Git Bash)
  format: WINDOWS, diskpart: WINDOWS, del: WINDOWS, erase: WINDOWS, rd: WINDOWS, cipher: WINDOWS, icacls: WINDOWS, takeown: WINDOWS, cacls: WINDOWS,
  vssadmin: WINDOWS, bcdedit: WINDOWS, wbadmin: WINDOWS, mshta: WINDOWS, regsvr32: WINDOWS, certutil: WINDOWS, bitsadmin: WINDOWS,
};

/** The entry a command name reads (`mkfs.ext4` is mkfs; Windows names without `.exe`/`.com`, in any case). */
function entry(name: string): readonly string[] | undefined {
  const own = Object.hasOwn(HELP_FLAGS, name) ? HELP_FLAGS[name] : undefined;
  if (own) return own;
  if (/^mkfs\.[a-z0-9]+$/.test(name)) return [...HELP_FLAGS.mkfs!, "-V"];
  const win = name.toLowerCase().replace(/\.(?:exe|com)$/, "");
  if (win === "rmdir") return [...GNU, ...WINDOWS];
  return win !== name && Object.hasOwn(HELP_FLAGS, win) ? HELP_FLAGS[win] : undefined;
}

/** Does this command only print its help or version (a help or version flag first among its arguments)? */
export function asksForHelp(name: string, args: readonly { readonly text: string; readonly raw?: string }[]): boolean {
  const first = args[0];
  if (first === undefined) return false;
  const flags = entry(name);
  // `/?` unquoted is a glob in Bash; Git Bash hands it to a Windows program as written when nothing matches.
  return flags !== undefined && (flags.includes(first.text) || (first.raw === "/?" && flags.includes("/?")));
}
