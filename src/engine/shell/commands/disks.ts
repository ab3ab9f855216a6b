/**
 * What disk tools do to devices: partitioners, formatters, wipers and the volume managers write the devices they are
 * given (unless only a read-only option or subcommand is), and dd reads `if=` and writes `of=`. Their entries are
 * DISK_COMMANDS, the last part of the command table (commands.ts); `mkfs.ext4`-style names find theirs there too.
 */
import type { OptionTable, ParsedArgs } from "../words/args";
import type { ShellWord } from "../model";
import { HOLE_ANY, startsWithWordHole } from "../words/template";
import { type CommandSpec, type DeclaredEffect, effect, paths } from "./declared";

/** dd: `if=` is read, `of=` written. */
export function ddEffects(_a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
  const out: DeclaredEffect[] = [];
  for (const w of words) {
    if (w.value.startsWith("if=")) out.push(effect("read", "dd if=", w.value.slice(3)));
    else if (w.value.startsWith("of=")) out.push(effect("write", "dd of=", w.value.slice(3)));
    else if (w.text.charCodeAt(0) === 0xe000 && w.splits) out.push(effect("write", "dd (unknown arguments)", HOLE_ANY));
  }
  return out;
}

/** Disk tools: their device operands are written, unless only read-only options are given. */
const diskTool =
  (via: string, readOnly: readonly string[] = [], needs: readonly string[] = []) =>
  (a: ParsedArgs): DeclaredEffect[] => {
    if (!a.unknown && readOnly.some((o) => a.options.has(o))) return [];
    if (!a.unknown && needs.length > 0 && !needs.some((o) => a.options.has(o))) return [];
    return paths(a).map((p) => effect("write", via, p));
  };

/** parted: `parted /dev/sda print` only reads; any other command (or an interactive session) may write. */
function partedEffects(a: ParsedArgs): DeclaredEffect[] {
  if (!a.unknown && a.options.has("list")) return [];
  const [device, ...commands] = paths(a);
  if (device === undefined) return [];
  const readOnly = new Set(["print", "p", "unit", "help", "version", "quit", "s", "mib", "gb", "b", "kb", "mb", "cyl", "chs", "compact", "%", "free", "list", "all"]);
  if (commands.length > 0 && commands.every((c) => readOnly.has(c.toLowerCase()))) return [];
  return [effect("write", "parted", device)];
}

/** diskutil / nvme / cryptsetup / mdadm / zpool / hdparm: subcommands or options that destroy data. */
function subcommandDisk(via: string, destructive: RegExp, devicePrefix = "") {
  return (a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] => {
    const texts = words.map((w) => w.text);
    if (!a.unknown && !texts.some((t) => destructive.test(t))) return [];
    const targets = paths(a).filter((p) => p.startsWith("/dev/") || /^disk[0-9]/.test(p) || startsWithWordHole(p) || p.startsWith("/"));
    return targets
      .map((p) => effect("write", via, /^disk[0-9]/.test(p) ? `${devicePrefix}${p}` : devicePrefix !== "" && p.startsWith("/Volumes/") ? "/dev/disk-volume" : p))
      .concat(paths(a).length === 0 && a.unknown ? [effect("write", via, HOLE_ANY)] : []);
  };
}

const MKFS: OptionTable = { short: "cqvVFnDSjO", shortArg: "tLbBCEgGiIJlmMNoOrTUdeKpz", longArg: ["type", "label"] };

/** The disk tools' entries of the command table, by exact name. */
export const DISK_COMMANDS: Readonly<Record<string, CommandSpec>> = {
  cfdisk: { options: { short: "hLrVz", shortArg: "L" }, effects: diskTool("cfdisk") },
  ddrescue: { effects: (a) => { const ops = paths(a); return [...ops.slice(0, 1).map((p) => effect("read", "ddrescue", p)), ...ops.slice(1, 2).map((p) => effect("write", "ddrescue", p))]; } },
  mkfs: { options: MKFS, effects: diskTool("mkfs") },
  newfs: { options: MKFS, effects: diskTool("newfs") },
  mke2fs: { options: MKFS, effects: diskTool("mke2fs") },
  mkswap: { options: { short: "cfvV", shortArg: "pLUe", longArg: ["pagesize", "label", "uuid", "endianness"] }, effects: diskTool("mkswap") },
  mkdosfs: { options: MKFS, effects: diskTool("mkdosfs") },
  mkntfs: { options: MKFS, effects: diskTool("mkntfs") },
  mkexfatfs: { options: MKFS, effects: diskTool("mkexfatfs") },
  wipefs: { options: { short: "afinqtV", shortArg: "opt", long: ["all", "force", "noheadings", "no-act", "quiet", "json"], longArg: ["offset", "output", "types", "backup"], names: { a: "all", o: "offset", n: "no-act" } }, effects: diskTool("wipefs", ["no-act"], ["all", "offset"]) },
  fdisk: { options: { short: "lsxVbctuLwW", shortArg: "bcCHSuLwW", long: ["list", "list-details", "getsz"], names: { l: "list", s: "getsz", x: "list-details" } }, effects: diskTool("fdisk", ["list", "list-details", "getsz"]) },
  sfdisk: { options: { short: "adfglnqrsuVvXYJFT", shortArg: "NXYL", long: ["list", "dump", "json", "show-size", "show-geometry", "verify", "list-free", "list-types", "part-type", "part-label", "part-uuid", "part-attrs", "activate", "delete", "reorder", "relocate", "append", "no-act", "backup", "force", "no-reread", "quiet", "move-data", "wipe", "wipe-partitions"], names: { l: "list", d: "dump", J: "json", s: "show-size", g: "show-geometry", V: "verify", F: "list-free", T: "list-types", n: "no-act" } }, effects: diskTool("sfdisk", ["list", "dump", "json", "show-size", "show-geometry", "verify", "list-free", "list-types", "no-act"]) },
  gdisk: { options: { short: "l", names: { l: "list" } }, effects: diskTool("gdisk", ["list"]) },
  cgdisk: { effects: diskTool("cgdisk") },
  sgdisk: {
    options: {
      short: "pivOLPDEFagmkzZoeGNX",
      shortArg: "bcdntuAhlrRUTMS",
      long: ["print", "info", "verify", "print-mbr", "list-types", "pretend", "zap-all", "zap", "clear", "mbrtogpt", "randomize-guids", "sort", "move-second-header", "move-main-table", "align-end"],
      longArg: ["backup", "change-name", "delete", "new", "typecode", "transpose", "partition-guid", "attributes", "hybrid", "load-backup", "replicate", "disk-guid", "gpttombr", "set-alignment", "largest-new"],
      names: { p: "print", i: "info", v: "verify", O: "print-mbr", L: "list-types", P: "pretend", b: "backup" },
    },
    effects: (a) => {
      const readOnly = new Set(["print", "info", "verify", "print-mbr", "list-types", "pretend", "backup", "D", "E", "F"]);
      const writes = a.unknown || [...a.options.keys()].some((o) => !readOnly.has(o));
      return writes ? paths(a).map((p) => effect("write", "sgdisk", p)) : [];
    },
  },
  parted: { options: { short: "lmsafv", shortArg: "au", long: ["list", "machine", "script", "fix", "version", "help"], longArg: ["align", "unit"], names: { l: "list", s: "script" } }, effects: partedEffects },
  blkdiscard: { options: { short: "fpsvz", shortArg: "olp", long: ["force", "secure", "verbose", "zeroout"], longArg: ["offset", "length", "step"] }, effects: diskTool("blkdiscard") },
  badblocks: { options: { short: "fnsvwBX", shortArg: "bcdeiotp" }, effects: (a, words) => (words.some((w) => /^-[a-zA-Z]*[wn]/.test(w.text)) || a.unknown ? paths(a).slice(0, 1).map((p) => effect("write", "badblocks -w", p)) : []) },
  hdparm: { effects: subcommandDisk("hdparm", /^--(?:security-erase|security-erase-enhanced|trim-sector-ranges|trim-sector-ranges-stdin|write-sector|make-bad-sector|fwdownload|fwdownload-mode[37]|fwdownload-modee|fwdownload-modee-max|dco-restore)$/) },
  nvme: { effects: subcommandDisk("nvme", /^(?:format|sanitize|write|write-zeroes|write-uncor|delete-ns|ns-delete|detach-ns|fw-download|fw-commit|dsm)$/) },
  cryptsetup: { effects: subcommandDisk("cryptsetup", /^(?:luksFormat|erase|luksErase|reencrypt|format)$/) },
  mdadm: { effects: subcommandDisk("mdadm", /^(?:--create|-C|--zero-superblock|--build|-B|--grow|-G)$/) },
  pvcreate: { effects: diskTool("pvcreate") },
  pvremove: { effects: diskTool("pvremove") },
  zpool: { effects: subcommandDisk("zpool", /^(?:create|destroy|labelclear|add|attach|replace)$/) },
  diskutil: { effects: subcommandDisk("diskutil", /^(?:eraseDisk|eraseVolume|partitionDisk|zeroDisk|randomDisk|secureErase|reformat|eraseCD|splitPartition|mergePartitions|resizeVolume|deleteContainer|deleteVolume|apfs)$/i, "/dev/") },
  sg_format: { effects: diskTool("sg_format") },
  flashrom: { effects: subcommandDisk("flashrom", /^(?:-w|--write|-E|--erase)$/) },
};
