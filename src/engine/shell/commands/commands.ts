/**
 * What known commands do to files, one declaration per command: how its options are read (args.ts) and which
 * effects its arguments have — deleting, reading, writing, changing permissions (effects.ts). Everything a policy
 * can say about Bash by intent (`effect` conditions, the starter policy) comes from this table, and so does the
 * option normalisation of canonical forms (forms.ts). A command that is not here has no effects but its
 * redirections; add it here, with a test, to teach hookgate about it.
 *
 * The table is in this file, with the entries of the commands only it needs (deleters, copiers, readers, editors,
 * searchers, formatters). The larger families are written beside it: git (git.ts), downloads, uploads, remote
 * copies and archives (transfers.ts), disk tools (disks.ts), with the types and helpers all of them share
 * (declared.ts).
 */
import { has, type OptionTable, type ParsedArgs } from "../words/args";
import type { ShellWord } from "../model";
import { globTemplate, hasHoles, HOLE_ANY, HOLE_SEG } from "../words/template";
import { type CommandSpec, type DeclaredEffect, effect, optionFiles, paths, patternFirst, pureReader, readsOperands, writesBelow } from "./declared";
import { ddEffects, DISK_COMMANDS } from "./disks";
import { inlineProgramArguments, interpreterOf } from "./interpreters";
import { gitEffects } from "./git";
import { cloudCopy, CURL, curlEffects, REMOTE_RUNNERS, RSYNC, rsyncEffects, scpEffects, sevenZipEffects, TAR, tarEffects, UNZIP, unzipEffects, WGET, wgetEffects, ZIP, zipEffects } from "./transfers";

const GREP: OptionTable = {
  short: "EFGPiyvwxcLlqsbHhnoaIrRUzZT",
  shortArg: "efmABCdD",
  long: ["extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "ignore-case", "no-ignore-case", "invert-match", "word-regexp", "line-regexp", "count", "files-without-match", "files-with-matches", "quiet", "silent", "no-messages", "byte-offset", "with-filename", "no-filename", "line-number", "only-matching", "text", "recursive", "dereference-recursive", "null", "null-data", "initial-tab", "binary", "line-buffered"],
  longArg: ["regexp", "file", "max-count", "after-context", "before-context", "context", "directories", "devices", "include", "exclude", "exclude-from", "exclude-dir", "label", "binary-files", "group-separator"],
  longOptArg: ["color", "colour"],
  names: { e: "regexp", f: "file", r: "recursive", R: "recursive", "dereference-recursive": "recursive" },
  dashNumber: true,
};

const RG: OptionTable = {
  short: "iSsvwxcloqnNHIauUzLF0pPb.",
  shortArg: "efgtTmABCjMEr",
  long: ["ignore-case", "smart-case", "case-sensitive", "invert-match", "word-regexp", "line-regexp", "count", "files-with-matches", "files-without-match", "only-matching", "quiet", "line-number", "no-line-number", "with-filename", "no-filename", "text", "unrestricted", "search-zip", "follow", "fixed-strings", "null", "pretty", "pcre2", "hidden", "no-ignore", "files", "json", "vimgrep", "multiline"],
  longArg: ["regexp", "file", "glob", "iglob", "type", "type-not", "max-count", "after-context", "before-context", "context", "threads", "max-columns", "encoding", "replace", "pre", "max-depth", "ignore-file", "type-add", "sort", "sortr", "max-filesize", "colors", "color"],
  names: { e: "regexp", f: "file", g: "glob", iglob: "glob" },
};

const SED: OptionTable = {
  short: "nrEsuzl",
  shortArg: "efl",
  long: ["quiet", "silent", "regexp-extended", "separate", "unbuffered", "null-data", "posix", "debug", "sandbox", "follow-symlinks"],
  longArg: ["expression", "file", "line-length"],
  longOptArg: ["in-place"],
  names: { e: "expression", f: "file", i: "in-place" },
};

/** `sed -i`, `-i.bak`, `-i ''` (BSD): the files are written too. */
function sedEffects(a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
  const inPlace = a.options.has("in-place") || words.some((w) => /^-[A-Za-z]*i/.test(w.text) && !w.text.startsWith("--"));
  const files = paths(a, patternFirst(["expression", "file"])(a));
  const out = files.map((p) => effect("read", "sed", p));
  if (inPlace || a.unknown) out.push(...files.map((p) => effect("write", "sed -i", p)));
  return [...out, ...optionFiles(a, ["file"], "read", "sed -f")];
}

const CP: OptionTable = {
  short: "abdfHiLlnPpRrsTuvxZ",
  shortArg: "tS",
  long: ["archive", "attributes-only", "copy-contents", "force", "interactive", "link", "dereference", "no-clobber", "no-dereference", "parents", "recursive", "remove-destination", "strip-trailing-slashes", "symbolic-link", "no-target-directory", "update", "verbose", "one-file-system"],
  longArg: ["target-directory", "suffix", "sparse", "reflink", "preserve", "no-preserve", "context"],
  longOptArg: ["backup"],
  names: { t: "target-directory", r: "recursive", R: "recursive", a: "archive" },
};

/** cp/mv/install/ln: the sources are read, the destination written (mv also removes the sources). */
const copyEffects =
  (via: string, moves: boolean) =>
  (a: ParsedArgs): DeclaredEffect[] => {
    const ops = paths(a);
    const target = a.options.get("target-directory")?.[0];
    const sources = target !== undefined ? ops : ops.slice(0, -1);
    const dest = target ?? (ops.length > 1 ? ops[ops.length - 1] : undefined);
    // A recursive copy, and a move, take a source directory with everything under it.
    const tree = moves || has(a, "recursive") || has(a, "archive") ? { recursive: true } : {};
    const out = sources.map((p) => effect("read", via, p, tree));
    if (moves) out.push(...sources.map((p) => effect("delete", via, p, { recursive: true })));
    if (dest !== undefined) out.push(...(moves || has(a, "recursive") || has(a, "archive") ? writesBelow(via, dest, sources) : [effect("write", via, dest)]));
    return out;
  };

/**
 * ln: the link is written; what it points to becomes readable and writable under the link's name (`ln -s
 * ~/.ssh/id_rsa k`, then `cat k` in a later call that cannot be told apart from any read). So each target counts as
 * read and written, as a copy of it would be read. `ln -s t` (one operand) links `t` into the working directory.
 */
function linkEffects(a: ParsedArgs): DeclaredEffect[] {
  const ops = paths(a);
  const directory = a.options.get("target-directory")?.[0];
  const targets = directory !== undefined || ops.length === 1 ? ops : ops.slice(0, -1);
  const link = directory ?? (ops.length > 1 ? ops[ops.length - 1] : undefined);
  const out = targets.flatMap((t) => [effect("read", "ln", t), effect("write", "ln", t)]);
  if (link !== undefined) out.push(effect("write", "ln", link));
  return out;
}

const RM: OptionTable = {
  short: "fiIrRdv",
  long: ["force", "recursive", "dir", "verbose", "one-file-system", "no-preserve-root", "help", "version"],
  longOptArg: ["interactive", "preserve-root"],
  names: { f: "force", r: "recursive", R: "recursive", d: "dir", v: "verbose", i: "interactive", I: "interactive" },
};

const CHMOD_MODE = /^[-+=][rwxXstugoa]*$|^-[0-7]+$/;
const CHMOD: OptionTable = {
  short: "cfvR",
  long: ["changes", "silent", "quiet", "verbose", "no-preserve-root", "preserve-root", "recursive", "dereference", "no-dereference"],
  longArg: ["reference"],
  names: { R: "recursive", c: "changes", f: "silent", v: "verbose", quiet: "silent" },
  operandPattern: CHMOD_MODE,
};
const CHOWN: OptionTable = {
  short: "cfvhHLPR",
  long: ["changes", "silent", "quiet", "verbose", "dereference", "no-dereference", "no-preserve-root", "preserve-root", "recursive"],
  longArg: ["reference", "from"],
  names: { R: "recursive", h: "no-dereference" },
};
/** chmod/chown/chgrp: a mode/owner operand (unless --reference), then paths. */
const permissionEffects =
  (via: string) =>
  (a: ParsedArgs): DeclaredEffect[] => {
    const skip = a.options.has("reference") ? 0 : 1;
    const mode = skip === 1 ? (a.operands[0]?.value ?? "") : "";
    return paths(a, skip).map((p) => effect("chmod", via, p, { recursive: has(a, "recursive"), mode }));
  };

/**
 * The `find` predicates that narrow what it finds (a name, a path, a type of file, times, sizes, owners): with one,
 * what `-delete` deletes and what `-exec`'s `{}` stands for is some path under a starting point, not every one.
 * Read by findEffects here and by bash/followCode.ts for `-exec`.
 */
export const FIND_FILTERS: ReadonlySet<string> = new Set(["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname", "-samefile", "-inum", "-newer", "-links", "-user", "-uid", "-group", "-gid", "-perm", "-size", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-empty"]);

/**
 * find: its starting points are what `-delete` deletes (all of it, unless a name or path filter narrows it), and
 * what `-exec`'s `{}` stands for (handled by the analyser). `-fprint FILE` writes.
 */
function findEffects(_a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
  const starts: string[] = [];
  let i = 0;
  while (i < words.length && ["-H", "-L", "-P"].includes(words[i]!.text)) i++;
  for (; i < words.length; i++) {
    const t = words[i]!.text;
    if (t.startsWith("-") || t === "(" || t === "!" || t === ",") break;
    starts.push(words[i]!.value);
  }
  if (starts.length === 0) starts.push(".");
  const expr = words.slice(i).map((w) => w.text);
  const narrowed = expr.some((t, k) => FIND_FILTERS.has(t) && !(["-name", "-iname", "-path", "-ipath", "-wholename"].includes(t) && (/^\*?$/.test(expr[k + 1] ?? "") || expr[k + 1] === HOLE_SEG)));
  const out: DeclaredEffect[] = [];
  if (expr.includes("-delete"))
    for (const s of starts) out.push(effect("delete", "find -delete", narrowed ? `${s}/${HOLE_ANY}` : s, { recursive: !narrowed }));
  for (const [k, t] of expr.entries())
    if (["-fprint", "-fprint0", "-fls", "-fprintf"].includes(t) && expr[k + 1]) out.push(effect("write", `find ${t}`, words[i + k + 1]!.value));
  return out;
}

/** Where `crontab` keeps each user's table (Debian's spool; the policy's paths name the others too). */
const CRON_SPOOL = "/var/spool/cron/crontabs";

const HEAD: OptionTable = { short: "qvz", shortArg: "nc", longArg: ["lines", "bytes"], long: ["quiet", "silent", "verbose", "zero-terminated"], dashNumber: true };
const TAIL: OptionTable = { short: "fFqvz", shortArg: "ncsp", longArg: ["lines", "bytes", "pid", "sleep-interval", "max-unchanged-stats"], long: ["follow", "retry", "quiet", "silent", "verbose", "zero-terminated"], longOptArg: ["follow"], dashNumber: true };
const CUT: OptionTable = { short: "nsz", shortArg: "bcdf", longArg: ["bytes", "characters", "delimiter", "fields", "output-delimiter"], long: ["complement", "only-delimited", "zero-terminated"] };
const SORT: OptionTable = { short: "bdfgiMhnRrVcCmsuz", shortArg: "ktoST", longArg: ["key", "field-separator", "output", "buffer-size", "temporary-directory", "parallel", "files0-from", "sort", "random-source", "batch-size", "compress-program"], names: { o: "output" } };
const XXD: OptionTable = { short: "aEbCeiprud", shortArg: "cglos", long: ["autoskip", "bits", "capitalize", "include", "plain", "revert", "uppercase", "version"], longArg: ["cols", "groupsize", "len", "name", "seek"] };
const OD: OptionTable = { short: "bcdfiloxsv", shortArg: "AjNStw", longArg: ["address-radix", "skip-bytes", "read-bytes", "strings", "format", "width", "endian"] };
const BASE64: OptionTable = { short: "dit", shortArg: "w", long: ["decode", "ignore-garbage"], longArg: ["wrap"] };
const BAT: OptionTable = { short: "AnpPu", shortArg: "lHmrd", long: ["show-all", "number", "plain", "paging", "unbuffered", "list-languages", "list-themes", "diff"], longArg: ["language", "highlight-line", "map-syntax", "line-range", "theme", "style", "tabs", "wrap", "terminal-width", "color", "italic-text", "decorations", "file-name"] };
const JQ: OptionTable = { short: "nrjacsSeCMRt", shortArg: "fL", long: ["null-input", "raw-input", "slurp", "compact-output", "raw-output", "join-output", "ascii-output", "sort-keys", "color-output", "monochrome-output", "tab", "exit-status", "seq", "stream", "raw-output0"], longArg: ["from-file", "arg", "argjson", "slurpfile", "rawfile", "indent", "args", "jsonargs"], names: { f: "from-file" } };
const AWK: OptionTable = { short: "bcCdDgkMNOPrStV", shortArg: "fvFEilLopx", longArg: ["file", "assign", "field-separator", "exec", "include", "load", "lint", "profile", "source"], names: { f: "file", v: "assign", F: "field-separator", E: "exec", e: "source" } };
const DIFF: OptionTable = { short: "qsyiEZbwBIalNTtdpuc", shortArg: "CUDWFSxX", longArg: ["context", "unified", "width", "label", "exclude", "exclude-from", "starting-file", "ifdef", "line-format", "from-file", "to-file", "color", "show-function-line", "tabsize", "horizon-lines"], long: ["brief", "report-identical-files", "side-by-side", "ignore-case", "recursive", "new-file", "text", "strip-trailing-cr", "expand-tabs", "initial-tab", "minimal", "speed-large-files", "unidirectional-new-file", "suppress-common-lines", "suppress-blank-empty", "normal", "ed", "rcs"] };
const TEE: OptionTable = { short: "aip", long: ["append", "ignore-interrupts"], longOptArg: ["output-error"] };
const TOUCH: OptionTable = { short: "acfhm", shortArg: "drt", long: ["no-create", "no-dereference"], longArg: ["date", "reference", "time"], names: { r: "reference" } };
const TRUNCATE: OptionTable = { short: "co", shortArg: "rs", long: ["no-create", "io-blocks"], longArg: ["reference", "size"] };
const SHRED: OptionTable = { short: "fuvxz", shortArg: "ns", long: ["force", "verbose", "exact", "zero"], longArg: ["iterations", "size", "random-source"], longOptArg: ["remove"], names: { u: "remove", n: "iterations" } };
const OPENSSL_READS = ["in", "inkey", "key", "passin", "CAfile", "cert", "signkey", "secret", "kfile", "CAkey", "certfile", "untrusted", "CRLfile"];

/**
 * openssl subcommands that read their inputs as certificates, certificate requests or CRLs — public documents —
 * and print nothing else: the file options (and, for `verify`, the operands) they read that way. `openssl x509 -in
 * server.pem -noout -subject` parses a certificate: given a private key it fails ("unable to load certificate"),
 * and given a PEM holding both it prints only the certificate, so reading it is not reading a secret. Their other
 * options (`-signkey`, `-CAkey`, `-key`, `-passin`) still read what they name, and every other subcommand (`rsa`,
 * `pkey`, `ec`, `pkcs12`, `enc`, `asn1parse`, …) reads its `-in` as it is: it may be a key.
 */
const OPENSSL_CERTIFICATE_READS: Readonly<Record<string, readonly string[]>> = {
  x509: ["in", "CAfile", "CA", "untrusted"],
  verify: ["CAfile", "untrusted", "trusted", "CRLfile", ""],
  crl: ["in", "CAfile"],
  req: ["in"],
  crl2pkcs7: ["in", "certfile"],
  pkcs7: ["in"],
  s_client: ["CAfile"],
  s_server: ["CAfile"],
};

function opensslEffects(_a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
  const out: DeclaredEffect[] = [];
  const certificates = Object.hasOwn(OPENSSL_CERTIFICATE_READS, words[0]?.text ?? "") ? OPENSSL_CERTIFICATE_READS[words[0]!.text]! : [];
  words.forEach((w, k) => {
    const name = w.text.replace(/^-+/, "");
    if (w.text.startsWith("-") && OPENSSL_READS.includes(name) && words[k + 1] && !certificates.includes(name)) {
      const val = words[k + 1]!.value.replace(/^file:/, "");
      out.push(effect("read", `openssl -${name}`, val));
    }
    if (w.text === "-out" && words[k + 1]) out.push(effect("write", "openssl -out", words[k + 1]!.value));
  });
  return out;
}

/**
 * A program that prints only a count or a digest of what it reads (`wc -l .env`, `sha256sum key.pem`): reading a
 * secret with it shows nothing of the secret, so its operands and its stdin are not reads — unless one of its words
 * makes it print what it reads: `md5sum -c LIST` prints each line of LIST as a file name, `wc --files0-from=LIST`
 * names each entry it cannot open. Then its operands (and stdin) are read as any reader's are.
 */
function countOnly(via: string, discloses: (words: readonly ShellWord[]) => boolean): CommandSpec {
  return {
    effects: (a, words) => {
      if (!discloses(words)) return [];
      const out = paths(a).map((p) => effect("read", via, p));
      for (const [i, w] of words.entries()) {
        if (w.value.startsWith("--files0-from=")) out.push(effect("read", `${via} --files0-from`, w.value.slice("--files0-from=".length)));
        else if (w.value === "--files0-from" && words[i + 1]) out.push(effect("read", `${via} --files0-from`, words[i + 1]!.value));
      }
      return out.filter((e) => e.path !== "-");
    },
    blindToStdin: (words) => !discloses(words),
  };
}
/** `-c`/`--check` makes a checksum program read its operands (or stdin) as a list of names it then prints. */
const checks = (words: readonly ShellWord[]) => words.some((w) => w.value === "--check" || /^-[A-Za-z]*c[A-Za-z]*$/.test(w.value));
const checksum = (via: string) => countOnly(via, checks);

const DEL_CLI: OptionTable = { short: "fdv", long: ["force", "dry-run", "dot", "verbose", "help", "version"], names: { f: "force", d: "dry-run", v: "verbose" } };
/** del-cli (`del`): its operands are globs of files and directories, deleted with what is in them; `--dry-run` lists. */
const delCliEffects = (via: string) => (a: ParsedArgs): DeclaredEffect[] =>
  a.options.has("dry-run") && !a.unknown ? [] : paths(a).filter((p) => !p.startsWith("!")).map((p) => effect("delete", via, hasHoles(p) ? p : globTemplate(p), { recursive: true }));

/** The command table. Names are exact (after wrappers and the command's directory are stripped). */
export const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  rm: { options: RM, effects: (a) => paths(a).map((p) => effect("delete", has(a, "recursive") ? "rm -r" : "rm", p, { recursive: has(a, "recursive") })) },
  rmdir: { options: { short: "pv", long: ["parents", "verbose", "ignore-fail-on-non-empty"] }, effects: (a) => paths(a).map((p) => effect("delete", "rmdir", p)) },
  unlink: { effects: (a) => paths(a).map((p) => effect("delete", "unlink", p)) },
  srm: { options: { short: "rRfsmvzdxil", names: { r: "recursive", R: "recursive" } }, effects: (a) => paths(a).map((p) => effect("delete", "srm", p, { recursive: has(a, "recursive") })) },
  wipe: { options: { short: "rRfiqscvZ", shortArg: "QlSTMxX", names: { r: "recursive", R: "recursive" } }, effects: (a) => paths(a).map((p) => effect("delete", "wipe", p, { recursive: has(a, "recursive") })) },
  // Node's and the desktops' delete tools: rimraf and del-cli always delete directories with what is in them;
  // trash moves its operands (directories whole) out of the way, a delete where they were.
  rimraf: { options: { short: "vihG", long: ["glob", "no-glob", "preserve-root", "no-preserve-root", "verbose", "no-verbose", "interactive", "no-interactive", "help"], longArg: ["impl", "tmp"] }, effects: (a) => paths(a).map((p) => effect("delete", "rimraf", p, { recursive: true })) },
  "del-cli": { options: DEL_CLI, effects: delCliEffects("del-cli") },
  del: { options: DEL_CLI, effects: delCliEffects("del") },
  trash: { options: { short: "vfirRdF", long: ["verbose", "force", "interactive", "recursive", "dir", "help"] }, effects: (a) => paths(a).map((p) => effect("delete", "trash", p, { recursive: true })) },
  "trash-put": { options: { short: "vfirRd", long: ["verbose", "force", "interactive", "recursive", "dir"], longArg: ["trash-dir"] }, effects: (a) => paths(a).map((p) => effect("delete", "trash-put", p, { recursive: true })) },
  gtrash: { effects: (_a, words) => (words[0]?.value === "put" ? words.slice(1).filter((w) => !w.value.startsWith("-")).map((w) => effect("delete", "gtrash put", w.value, { recursive: true })) : []) },
  gio: { effects: (_a, words) => (words[0]?.value === "trash" || words[0]?.value === "remove" ? words.slice(1).filter((w) => !w.value.startsWith("-")).map((w) => effect("delete", `gio ${words[0]!.value}`, w.value, { recursive: words[0]!.value === "trash" })) : []) },
  shred: {
    options: SHRED,
    effects: (a) => [...paths(a).map((p) => effect("write", "shred", p)), ...(has(a, "remove") ? paths(a).map((p) => effect("delete", "shred -u", p)) : [])],
  },
  find: { effects: findEffects },
  rsync: { options: RSYNC, effects: rsyncEffects },
  cp: { options: CP, effects: copyEffects("cp", false) },
  mv: { options: CP, effects: copyEffects("mv", true) },
  install: { options: { short: "bcCdDgmopsSTv", shortArg: "gmotS", longArg: ["group", "mode", "owner", "target-directory", "suffix"], names: { t: "target-directory" } }, effects: copyEffects("install", false) },
  ln: { options: { short: "bdfiLnPrsTv", shortArg: "St", longArg: ["suffix", "target-directory"], names: { t: "target-directory" } }, effects: linkEffects },
  scp: { options: { short: "346ABCOpqrTv", shortArg: "cFiJlPSoXD" }, effects: scpEffects },
  dd: { effects: ddEffects },
  tee: { options: TEE, effects: (a) => paths(a).map((p) => effect("write", "tee", p)) },
  touch: { options: TOUCH, effects: (a) => paths(a).map((p) => effect("write", "touch", p)) },
  truncate: { options: TRUNCATE, effects: (a) => paths(a).map((p) => effect("write", "truncate", p)) },
  chmod: { options: CHMOD, effects: permissionEffects("chmod") },
  chown: { options: CHOWN, effects: permissionEffects("chown") },
  chgrp: { options: CHOWN, effects: permissionEffects("chgrp") },
  setfacl: {
    options: { short: "bkndRLPvh", shortArg: "mMxX", long: ["remove-all", "remove-default", "no-mask", "mask", "default", "recursive", "logical", "physical", "test", "restore"], longArg: ["modify", "modify-file", "remove", "remove-file", "set", "set-file"], names: { R: "recursive" } },
    effects: (a) => paths(a).map((p) => effect("chmod", "setfacl", p, { recursive: has(a, "recursive"), mode: "acl" })),
  },
  chattr: { options: { short: "RVf", shortArg: "vp", operandPattern: /^[+=][a-zA-Z]+$|^-[aAcCdDeFijmPsStTux]+$/, names: { R: "recursive" } }, effects: permissionEffects("chattr") },
  // Counters and checksums: what they read is not shown.
  wc: countOnly("wc", (words) => words.some((w) => w.value.startsWith("--files0-from"))),
  md5sum: checksum("md5sum"),
  sha1sum: checksum("sha1sum"),
  sha224sum: checksum("sha224sum"),
  sha256sum: checksum("sha256sum"),
  sha384sum: checksum("sha384sum"),
  sha512sum: checksum("sha512sum"),
  b2sum: checksum("b2sum"),
  shasum: checksum("shasum"),
  cksum: checksum("cksum"),
  sum: checksum("sum"),
  // Readers.
  cat: pureReader("cat", { short: "AbeEnstTuv" }),
  tac: pureReader("tac", { short: "brs", shortArg: "s" }),
  less: pureReader("less", { short: "aBcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX", shortArg: "bhjkoOpPtTxyz" }),
  more: pureReader("more", { short: "dflcpsu", shortArg: "n" }),
  most: pureReader("most"),
  head: pureReader("head", HEAD),
  tail: pureReader("tail", TAIL),
  bat: pureReader("bat", BAT),
  batcat: pureReader("bat", BAT),
  nl: pureReader("nl", { shortArg: "bdfhilnpsvw" }),
  strings: pureReader("strings", { short: "afw", shortArg: "nteT" }),
  xxd: pureReader("xxd", XXD),
  hexdump: pureReader("hexdump", { short: "bcCdoxv", shortArg: "efns" }),
  hd: pureReader("hd", { short: "bcCdoxv", shortArg: "efns" }),
  od: pureReader("od", OD),
  base64: pureReader("base64", BASE64),
  base32: pureReader("base32", BASE64),
  basenc: pureReader("basenc", BASE64),
  cut: pureReader("cut", CUT),
  sort: { options: SORT, effects: (a) => [...readsOperands("sort")(a), ...optionFiles(a, ["output"], "write", "sort -o")] },
  uniq: pureReader("uniq", { short: "cdDiuz", shortArg: "fsw" }),
  paste: pureReader("paste", { short: "sz", shortArg: "d" }),
  join: pureReader("join", { shortArg: "aejot12" }),
  fold: pureReader("fold", { short: "bs", shortArg: "w" }),
  fmt: pureReader("fmt", { short: "cstu", shortArg: "pgw" }),
  pr: pureReader("pr", { short: "adFfmrt", shortArg: "hlNnoswW" }),
  column: pureReader("column", { short: "tnxeJ", shortArg: "cswoNOHRTEd" }),
  diff: pureReader("diff", DIFF),
  colordiff: pureReader("colordiff", DIFF),
  sdiff: pureReader("sdiff", DIFF),
  diff3: pureReader("diff3", DIFF),
  cmp: pureReader("cmp", { short: "blsv", shortArg: "inI" }),
  comm: pureReader("comm", { short: "123iz" }),
  rev: pureReader("rev"),
  expand: pureReader("expand", { shortArg: "t" }),
  iconv: pureReader("iconv", { short: "cls", shortArg: "fto" }),
  zcat: pureReader("zcat"),
  bzcat: pureReader("bzcat"),
  xzcat: pureReader("xzcat"),
  zstdcat: pureReader("zstdcat"),
  zless: pureReader("zless"),
  view: pureReader("view"),
  vi: { effects: (a) => paths(a).flatMap((p) => [effect("read", "vi", p), effect("write", "vi", p)]) },
  ex: { options: { short: "sRbeMmnNrLlhyZ", shortArg: "cSTuUwWi" }, effects: (a) => paths(a).flatMap((p) => [effect("read", "ex", p), effect("write", "ex", p)]) },
  patch: { options: { short: "NRtfsuecnEl", shortArg: "pioBdDrFVYzgx" }, effects: (a) => paths(a).slice(0, 1).map((p) => effect("write", "patch", p)) },
  // Formatters and fixers that rewrite the files they are given.
  prettier: formatter("prettier", ["write", "w"]),
  eslint: formatter("eslint", ["fix"]),
  black: formatter("black", [], ["check", "diff"]),
  isort: formatter("isort", [], ["check", "check-only", "diff", "c"]),
  autopep8: formatter("autopep8", ["in-place", "i"]),
  ruff: formatter("ruff", ["fix"], [], ["format"]),
  gofmt: formatter("gofmt", ["w"]),
  goimports: formatter("goimports", ["w"]),
  rustfmt: formatter("rustfmt", [], ["check"]),
  "clang-format": formatter("clang-format", ["i"]),
  shfmt: formatter("shfmt", ["w", "write"]),
  yamlfmt: formatter("yamlfmt", [], ["lint", "dry"]),
  dos2unix: formatter("dos2unix", []),
  unix2dos: formatter("unix2dos", []),
  vim: { effects: (a) => paths(a).flatMap((p) => [effect("read", "vim", p), effect("write", "vim", p)]) },
  nvim: { effects: (a) => paths(a).flatMap((p) => [effect("read", "nvim", p), effect("write", "nvim", p)]) },
  nano: { effects: (a) => paths(a).flatMap((p) => [effect("read", "nano", p), effect("write", "nano", p)]) },
  emacs: { effects: (a) => paths(a).flatMap((p) => [effect("read", "emacs", p), effect("write", "emacs", p)]) },
  ed: { effects: (a) => paths(a).flatMap((p) => [effect("read", "ed", p), effect("write", "ed", p)]) },
  jq: {
    options: JQ,
    effects: (a) => [
      ...readsOperands("jq", patternFirst(["from-file"]))(a),
      ...optionFiles(a, ["from-file"], "read", "jq -f"),
      // --rawfile NAME FILE / --slurpfile NAME FILE take two arguments: the file is the next operand.
    ],
  },
  grep: { options: GREP, effects: grepEffects("grep") },
  egrep: { options: GREP, effects: grepEffects("egrep") },
  fgrep: { options: GREP, effects: grepEffects("fgrep") },
  zgrep: { options: GREP, effects: grepEffects("zgrep") },
  rg: { options: RG, effects: grepEffects("rg", true) },
  ag: { options: { short: "aSsiQvwulLcfHnU", shortArg: "GgmABC", longArg: ["ignore", "file-search-regex", "max-count", "after", "before", "context", "depth"] }, effects: grepEffects("ag", true) },
  ack: { options: { short: "iIvwQlLchHnkfgo", shortArg: "mABC" }, effects: grepEffects("ack", true) },
  ugrep: { options: GREP, effects: grepEffects("ugrep") },
  sed: { options: SED, effects: sedEffects },
  awk: { options: AWK, effects: awkEffects },
  gawk: { options: AWK, effects: awkEffects },
  mawk: { options: AWK, effects: awkEffects },
  nawk: { options: AWK, effects: awkEffects },
  perl: { options: { short: "naplsTtwWXcu", shortArg: "eEiIMmxlF0dC" }, effects: lineEditor("perl") },
  ruby: { options: { short: "naplsTtwWXcuyv", shortArg: "eEiIrxFCK0" }, effects: lineEditor("ruby") },
  curl: { options: CURL, effects: curlEffects },
  wget: { options: WGET, effects: wgetEffects },
  tar: { options: TAR, effects: tarEffects },
  zip: { options: ZIP, effects: zipEffects },
  "7z": { effects: sevenZipEffects },
  unzip: { options: UNZIP, effects: unzipEffects },
  gzip: { options: { short: "cdfhklLnNqrtvV123456789" }, effects: (a) => paths(a).flatMap((p) => [effect("read", "gzip", p), effect("write", "gzip", p)]) },
  gpg: { options: { short: "acdeskvq", shortArg: "oruR" }, effects: (a) => paths(a).map((p) => effect("read", "gpg", p)) },
  openssl: { effects: opensslEffects },
  git: { effects: gitEffects },
  // hub is git with GitHub's commands added: `hub push -f` is `git push -f`.
  hub: { effects: gitEffects },
  // Installs a file (or stdin: `-`, nothing) as a user's crontab: a write of the cron spool (its jobs run later,
  // outside the session); `-l` lists it, `-r` removes it, `-e` edits it.
  crontab: {
    options: { short: "lreiTns", shortArg: "uc" },
    effects: (a) => {
      if (a.options.has("l") || a.options.has("T") || a.options.has("n")) return [];
      const table = `${CRON_SPOOL}/${a.options.get("u")?.[0] ?? HOLE_SEG}`;
      if (a.options.has("r")) return [effect("delete", "crontab -r", table)];
      return [effect("write", a.options.has("e") ? "crontab -e" : "crontab", table), ...paths(a).filter((p) => p !== "-").map((p) => effect("read", "crontab FILE", p))];
    },
  },
  // Cloud and sharing uploads: local files read.
  aws: { effects: (_a, words) => cloudCopy(words, ["s3"], ["cp", "mv", "sync"], "aws s3") },
  gsutil: { effects: (_a, words) => cloudCopy(words, [], ["cp", "mv", "rsync"], "gsutil") },
  rclone: { effects: (_a, words) => cloudCopy(words, [], ["copy", "copyto", "sync", "move", "moveto"], "rclone") },
  gh: {
    effects: (_a, words) => {
      const [sub, verb, ...rest] = words;
      if (sub?.text === "gist" && (verb?.text === "create" || verb?.text === "edit")) return rest.filter((w) => !w.text.startsWith("-")).map((w) => effect("read", "gh gist", w.value));
      if (sub?.text === "release" && verb?.text === "upload") return rest.filter((w) => !w.text.startsWith("-")).slice(1).map((w) => effect("read", "gh release upload", w.value));
      // `gh repo sync --force` resets the destination branch to the source's, discarding its commits: a force push.
      if (sub?.text === "repo" && verb?.text === "sync" && rest.some((w) => w.text === "--force")) return [effect("force-push", "gh repo sync --force")];
      // The REST API's refs: `gh api -X DELETE repos/o/r/git/refs/heads/main` deletes a branch, `-X PATCH …
      // -F force=true` moves it anywhere; a method or endpoint hookgate cannot see may be either.
      if (sub?.text === "api") {
        const all = words.slice(1);
        const method = ghApiMethod(all);
        const refs = all.some((w) => /(?:^|\/)git\/refs(?:\/|$)/.test(w.value) || hasHoles(w.value));
        if (refs && (method === undefined || method === "DELETE" || (method === "PATCH" && all.some((w) => /^force=(?:true|\$)/.test(w.value) || hasHoles(w.value)))))
          return [effect("force-push", `gh api ${method ?? "(a method not known)"} git/refs`)];
      }
      return [];
    },
  },
  sqlite3: { options: { shortArg: "", short: "" }, effects: (a) => paths(a).slice(0, 1).map((p) => effect("read", "sqlite3", p)) },
  yq: {
    options: { short: "iPMCNoj", shortArg: "epI", long: ["inplace", "prettyPrint", "no-colors", "colors", "null-input", "exit-status"], longArg: ["expression", "output-format", "input-format", "indent", "from-file"], names: { i: "inplace", p: "output-format" } },
    effects: (a) => {
      const ops = paths(a);
      const files = ops.filter((p, k) => !(k === 0 && !/\.(?:ya?ml|json|toml|xml)$/i.test(p)) && !/^(?:e|eval|ea|eval-all)$/.test(p));
      return [...files.map((p) => effect("read", "yq", p)), ...(has(a, "inplace") ? files.map((p) => effect("write", "yq -i", p)) : [])];
    },
  },
  sponge: { effects: (a) => paths(a).map((p) => effect("write", "sponge", p)) },
  // Disks (disks.ts).
  ...DISK_COMMANDS,
};

/** The HTTP method of a `gh api` call (`-X M`, `--method M`, `-XM`, `--method=M`): GET without one, undefined when not known. */
function ghApiMethod(words: readonly ShellWord[]): string | undefined {
  for (let k = 0; k < words.length; k++) {
    const t = words[k]!.value;
    const m = /^(?:-X|--method=?)(.*)$/.exec(t);
    if (!m) continue;
    const v = m[1] !== "" ? m[1]! : (words[k + 1]?.value ?? "");
    return hasHoles(v) || v === "" ? undefined : v.toUpperCase();
  }
  // Fields (`-f`, `-F`, `--input`) make gh send a POST; no method is a GET.
  return words.some((w) => /^(?:-[fF]|--field|--raw-field|--input)/.test(w.value)) ? "POST" : "GET";
}

/** perl/ruby with -n/-p/-i read (and with -i write) the files after the code: `perl -pe '' .env`. */
function lineEditor(via: string) {
  return (a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] => {
    const flags = words.filter((w) => /^-[A-Za-z]+/.test(w.text)).map((w) => w.text).join("");
    const hasCode = a.options.has("e") || a.options.has("E");
    // Without -e the first operand is the script; the rest are its arguments.
    const files = paths(a, hasCode ? 0 : 1);
    const reads = /[npi]/.test(flags.replace(/-[eE]\S*/g, "")) || /^-[A-Za-z]*[np]/.test(flags);
    const inPlace = words.some((w) => /^-[A-Za-z]*i/.test(w.text));
    return [...(reads || inPlace ? files.map((p) => effect("read", `${via} -n/-p`, p)) : []), ...(inPlace ? files.map((p) => effect("write", `${via} -i`, p)) : [])];
  };
}

/** A formatter: rewrites its file operands when a write option is given (or by default, unless a check option). */
function formatter(via: string, writeOptions: readonly string[], checkOptions: readonly string[] = [], subcommands: readonly string[] = []): CommandSpec {
  return {
    effects: (_a, words) => {
      const opts = words.filter((w) => w.text.startsWith("-")).map((w) => w.text.replace(/^-+/, "").replace(/=.*$/, ""));
      const sub = subcommands.length > 0 && subcommands.includes(words[0]?.text ?? "");
      const writes = sub || (writeOptions.length === 0 ? !opts.some((o) => checkOptions.includes(o)) : opts.some((o) => writeOptions.includes(o)));
      if (!writes) return [];
      return words.filter((w, k) => !w.text.startsWith("-") && !(sub && k === 0)).map((w) => effect("write", via, w.value));
    },
  };
}

/**
 * grep and its kin: the files after the pattern are read. A recursive search (`grep -r`, `-d recurse`; rg, ag and ack
 * always) reads each directory given, or the working directory, and everything under it: a recursive read.
 */
function grepEffects(via: string, alwaysRecursive = false) {
  return (a: ParsedArgs): DeclaredEffect[] => {
    const skip = patternFirst(["regexp", "file"])(a);
    const recursive = alwaysRecursive || has(a, "recursive") || (a.options.get("directories") ?? a.options.get("d") ?? []).includes("recurse");
    const given = paths(a, skip);
    const files = given.length === 0 && recursive ? ["."] : given;
    const out = files.map((p) => effect("read", via, p, recursive ? { recursive: true } : {}));
    // `--include=.env*` / `rg -g '.env*'` under a directory reads the files that glob names.
    const globs = [...(a.options.get("include") ?? []), ...(a.options.get("glob") ?? [])].filter((g) => !g.startsWith("!"));
    for (const g of globs) for (const dir of files.length > 0 ? files : ["."]) out.push(effect("read", `${via} --include`, `${dir}/${globTemplate(g)}`));
    // (with a glob naming the files, the search reads those, not everything under the directory)
    if (globs.length > 0 && recursive) for (let k = 0; k < files.length; k++) out[k] = effect("read", via, files[k]!);
    return [...out, ...optionFiles(a, ["file"], "read", `${via} -f`)];
  };
}

function awkEffects(a: ParsedArgs): DeclaredEffect[] {
  const skip = patternFirst(["file", "source"])(a);
  // `awk '…' var=value file`: assignments are not files.
  const files = paths(a, skip).filter((p) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(p));
  return [...files.map((p) => effect("read", "awk", p)), ...optionFiles(a, ["file"], "read", "awk -f")];
}

/**
 * The table entry for a command name: exact, then `mkfs.ext4`-style families, then Windows programs by name; an
 * interpreter's (interpreters.ts) reads besides what its entry says the arguments of a program given on its
 * command line (`python3 -c '…open(sys.argv[1])…' ~/.pypirc`).
 */
export function commandSpec(name: string): CommandSpec | undefined {
  const own = tableSpec(name);
  return interpreterOf(name) !== undefined ? interpreterSpec(name, own) : own;
}

function tableSpec(name: string): CommandSpec | undefined {
  const direct = COMMANDS[name];
  if (direct) return direct;
  if (/^mkfs\.[a-z0-9]+$/.test(name) || /^mkfs[a-z0-9]+$/.test(name)) return COMMANDS.mkfs;
  if (/^newfs(?:_[a-z0-9]+)?$/.test(name)) return COMMANDS.newfs;
  if (/^python[0-9.]*$/.test(name)) return undefined;
  return REMOTE_RUNNERS[name.toLowerCase().replace(/\.exe$/, "")];
}

/** An interpreter's entry: its own (perl's and ruby's -n/-p/-i) and the reads of its inline program's arguments. */
function interpreterSpec(name: string, own: CommandSpec | undefined): CommandSpec {
  const known = interpreterSpecs.get(name);
  if (known) return known;
  const spec: CommandSpec = {
    ...own,
    effects: (a, words) => {
      const args = inlineProgramArguments(name, words) ?? [];
      const reads = args.map((p) => effect("read", `${name} program argument`, p));
      return own?.effects ? [...own.effects(a, words), ...reads] : reads;
    },
  };
  if (interpreterSpecs.size < 4096) interpreterSpecs.set(name, spec);
  return spec;
}
/** Module scope, outliving the request: an interpreter's entry depends on its name alone. Bounded. */
const interpreterSpecs = new Map<string, CommandSpec>();

/** Names of every command in the table (a dynamic command word may be any of them). */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);
