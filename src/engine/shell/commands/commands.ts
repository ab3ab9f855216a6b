/**
 * What known commands do to files, one declaration per command: how its options are read (args.ts) and which
 * effects its arguments have — deleting, reading, writing, changing permissions (effects.ts). Everything a policy
 * can say about Bash by intent (`effect` conditions, the starter policy) comes from this table, and so does the
 * option normalisation of canonical forms (forms.ts). A command that is not here has no effects but its
 * redirections; add it here, with a test, to teach hookgate about it.
 */
import { has, parseArgs, type OptionTable, type ParsedArgs } from "../words/args";
import type { ShellWord } from "../model";
import { globTemplate, hasHoles, HOLE_ANY, HOLE_BELOW, HOLE_SEG, startsWithWordHole } from "../words/template";
import type { EffectKind } from "../effectKinds";

/** An effect as a command declares it (effects.ts adds where it came from). */
export interface DeclaredEffect {
  readonly kind: EffectKind;
  /** The path it applies to, as a template (relative paths are relative to the working directory). */
  readonly path?: string;
  readonly recursive?: boolean;
  /** chmod/chown: the mode or owner given. */
  readonly mode?: string;
  /** A few words on how the effect was found ("rm -r", "redirect >"), for traces. */
  readonly via: string;
}

interface CommandSpec {
  readonly options?: OptionTable;
  /** The command's effects, from its parsed arguments (the words after the command name). */
  readonly effects?: (a: ParsedArgs, words: readonly ShellWord[]) => DeclaredEffect[];
  /** The first operands are not paths (chmod's mode, grep's pattern): how many, given the parsed arguments. */
  readonly leading?: (a: ParsedArgs) => number;
  /**
   * What arrives on the command's stdin (`wc -l < f`) is read without being shown: true for a program that prints
   * only a count or digest of its input, with the words it was given. Left out: stdin's content may be shown.
   */
  readonly blindToStdin?: (words: readonly ShellWord[]) => boolean;
}

const v = (w: ShellWord) => w.value;
const paths = (a: ParsedArgs, skip = 0) => a.operands.slice(skip).map(v);

const effect = (kind: EffectKind, via: string, path?: string, extra: Partial<DeclaredEffect> = {}): DeclaredEffect => ({
  kind,
  via,
  ...(path !== undefined ? { path } : {}),
  ...extra,
});

/** Every operand (after `skip` leading ones) is read. */
const readsOperands =
  (via: string, skip: (a: ParsedArgs) => number = () => 0) =>
  (a: ParsedArgs): DeclaredEffect[] =>
    paths(a, skip(a)).map((p) => effect("read", via, p));

/** The first operand is a pattern or program unless given by option (`grep -e P`, `sed -e S`, `awk -f F`). */
const patternFirst = (byOption: readonly string[]) => (a: ParsedArgs) => (byOption.some((o) => a.options.has(o)) ? 0 : 1);

/** Option values that name files the command reads (`grep -f patterns`, `jq --rawfile n f`). */
const optionFiles = (a: ParsedArgs, names: readonly string[], kind: EffectKind, via: string): DeclaredEffect[] =>
  names.flatMap((n) => (a.options.get(n) ?? []).filter((x) => x !== "" && x !== "-").map((x) => effect(kind, via, x)));

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

const base = (p: string) => p.replace(/\/+$/, "").slice(p.replace(/\/+$/, "").lastIndexOf("/") + 1);

/** What a recursive copy into `dest` writes: dest itself, and everything below it (or below dest/<source name>). */
const writesBelow = (via: string, dest: string, sources: readonly string[]): DeclaredEffect[] => [
  effect("write", via, dest),
  effect("write", via, `${dest.replace(/\/+$/, "")}/${HOLE_BELOW}`),
  ...sources.filter((src) => base(src) !== "" && base(src) !== "." && base(src) !== "..").map((src) => effect("write", via, `${dest.replace(/\/+$/, "")}/${base(src)}/${HOLE_BELOW}`)),
];

/** cp/mv/install/ln: the sources are read, the destination written (mv also removes the sources). */
const copyEffects =
  (via: string, moves: boolean) =>
  (a: ParsedArgs): DeclaredEffect[] => {
    const ops = paths(a);
    const target = a.options.get("target-directory")?.[0];
    const sources = target !== undefined ? ops : ops.slice(0, -1);
    const dest = target ?? (ops.length > 1 ? ops[ops.length - 1] : undefined);
    const out = sources.map((p) => effect("read", via, p));
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

/** rsync: sources read, destination written; `--delete*` empties the destination, `--remove-source-files` the sources. */
function rsyncEffects(a: ParsedArgs): DeclaredEffect[] {
  const ops = paths(a).map((p) => p.replace(/^[A-Za-z0-9_.@-]+:(?!\/\/)/, "")).map((p) => p.replace(/^rsync:\/\/[^/]+/, ""));
  if (ops.length === 0) return [];
  const dest = ops.length > 1 ? ops[ops.length - 1]! : undefined;
  const sources = dest !== undefined ? ops.slice(0, -1) : ops;
  const out = sources.map((p) => effect("read", "rsync", p));
  if (dest !== undefined) out.push(...writesBelow("rsync", dest, sources.filter((x) => !x.endsWith("/"))));
  const deletes = a.unknown || [...a.options.keys()].some((o) => o.startsWith("delete") || o === "del");
  if (deletes && dest !== undefined) out.push(effect("delete", "rsync --delete", dest, { recursive: true }));
  if (a.options.has("remove-source-files")) out.push(...sources.map((p) => effect("delete", "rsync --remove-source-files", p, { recursive: true })));
  return out;
}
const RSYNC: OptionTable = {
  short: "vqcarRbudlLkKHpEAXogDtOJSxWn0hPiyCzIm8s",
  shortArg: "eBfTM",
  long: ["verbose", "quiet", "checksum", "archive", "recursive", "relative", "backup", "update", "inplace", "append", "dirs", "links", "copy-links", "hard-links", "perms", "executability", "acls", "xattrs", "owner", "group", "devices", "specials", "times", "sparse", "dry-run", "whole-file", "one-file-system", "existing", "ignore-existing", "remove-source-files", "delete", "del", "delete-before", "delete-during", "delete-delay", "delete-after", "delete-excluded", "ignore-errors", "force", "partial", "progress", "compress", "human-readable", "stats", "itemize-changes", "mkpath", "prune-empty-dirs", "numeric-ids", "no-motd", "protect-args", "secluded-args", "copy-dirlinks", "keep-dirlinks", "safe-links", "munge-links", "omit-dir-times", "omit-link-times", "super", "fake-super", "fuzzy", "cvs-exclude", "8-bit-output", "list-only", "ipv4", "ipv6", "msgs2stderr", "no-implied-dirs", "size-only", "ignore-times", "checksum-seed", "preallocate", "fsync", "write-devices", "copy-devices", "open-noatime", "blocking-io", "iconv", "atimes", "crtimes"],
  longArg: ["rsh", "exclude", "include", "filter", "exclude-from", "include-from", "files-from", "temp-dir", "partial-dir", "backup-dir", "suffix", "log-file", "log-file-format", "password-file", "port", "bwlimit", "chmod", "chown", "usermap", "groupmap", "remote-option", "timeout", "contimeout", "compress-level", "compress-choice", "max-size", "min-size", "max-delete", "max-alloc", "out-format", "info", "debug", "link-dest", "copy-dest", "compare-dest", "modify-window", "block-size", "rsync-path", "address", "sockopts", "outbuf", "stop-after", "stop-at", "checksum-choice", "skip-compress", "write-batch", "only-write-batch", "read-batch", "protocol", "early-input"],
  names: { e: "rsh", f: "filter", T: "temp-dir", B: "block-size", M: "remote-option", a: "archive", r: "recursive", n: "dry-run" },
};

/** dd: `if=` is read, `of=` written. */
function ddEffects(_a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
  const out: DeclaredEffect[] = [];
  for (const w of words) {
    if (w.value.startsWith("if=")) out.push(effect("read", "dd if=", w.value.slice(3)));
    else if (w.value.startsWith("of=")) out.push(effect("write", "dd of=", w.value.slice(3)));
    else if (w.text.charCodeAt(0) === 0xe000 && w.splits) out.push(effect("write", "dd (unknown arguments)", HOLE_ANY));
  }
  return out;
}

/** curl: uploads read files (`-d @f`, `-F x=@f`, `-T f`, `--data-binary @f`), `-o f` writes one. */
function curlEffects(a: ParsedArgs): DeclaredEffect[] {
  const out: DeclaredEffect[] = [];
  for (const opt of ["data", "data-binary", "data-ascii", "data-urlencode", "json"]) {
    for (const val of a.options.get(opt) ?? []) {
      const at = val.indexOf("@");
      if (at >= 0 && (opt === "data-urlencode" || at === 0) && val.slice(at + 1) !== "-") out.push(effect("read", `curl --${opt} @`, val.slice(at + 1)));
    }
  }
  for (const val of a.options.get("form") ?? []) {
    const m = /^[^=]*=[@<]([^;]*)/.exec(val);
    if (m && m[1] !== "-") out.push(effect("read", "curl -F @", m[1]!));
  }
  for (const opt of ["upload-file", "config", "netrc-file", "cert", "key"]) for (const val of a.options.get(opt) ?? []) if (val !== "-" && val !== "") out.push(effect("read", `curl --${opt}`, val));
  for (const val of a.options.get("output") ?? []) if (val !== "-" && val !== "/dev/stdout") out.push(effect("write", "curl -o", val));
  return out;
}
const CURL: OptionTable = {
  short: "sSfLkvqiIOJgGNnRl#0123:46BjZM",
  shortArg: "dFTouHXAeEbcmrwxyzYUKCKPQtDhQ",
  long: ["silent", "show-error", "fail", "fail-with-body", "location", "insecure", "verbose", "include", "head", "remote-name", "remote-name-all", "remote-header-name", "globoff", "get", "compressed", "no-buffer", "netrc", "netrc-optional", "progress-bar", "create-dirs", "http1.1", "http2", "http3", "ipv4", "ipv6", "use-ascii", "junk-session-cookies", "list-only", "tcp-nodelay", "raw", "no-keepalive", "anyauth", "basic", "digest", "ntlm", "negotiate", "proxy-anyauth", "ssl", "ssl-reqd", "tlsv1.2", "tlsv1.3", "path-as-is", "location-trusted", "styled-output", "no-progress-meter", "parallel", "disable"],
  longArg: ["data", "data-binary", "data-ascii", "data-raw", "data-urlencode", "json", "form", "form-string", "upload-file", "output", "header", "request", "user-agent", "referer", "cookie", "cookie-jar", "user", "proxy", "proxy-user", "max-time", "connect-timeout", "retry", "retry-delay", "retry-max-time", "config", "netrc-file", "cert", "key", "cacert", "capath", "write-out", "range", "url", "resolve", "connect-to", "output-dir", "limit-rate", "max-filesize", "oauth2-bearer", "aws-sigv4", "variable", "expand-url", "dump-header", "trace", "trace-ascii", "stderr", "interface", "local-port", "dns-servers", "unix-socket", "abstract-unix-socket", "pinnedpubkey", "ciphers", "proto", "proto-redir", "request-target", "time-cond", "speed-limit", "speed-time", "keepalive-time", "mail-from", "mail-rcpt", "ftp-port", "quote"],
  names: { d: "data", F: "form", T: "upload-file", o: "output", H: "header", X: "request", A: "user-agent", e: "referer", b: "cookie", c: "cookie-jar", u: "user", x: "proxy", U: "proxy-user", m: "max-time", K: "config", E: "cert", w: "write-out", r: "range", D: "dump-header", O: "remote-name", Y: "speed-limit", y: "speed-time", z: "time-cond", Q: "quote", C: "continue-at", P: "ftp-port", t: "telnet-option", h: "help" },
};

function wgetEffects(a: ParsedArgs): DeclaredEffect[] {
  const out: DeclaredEffect[] = [];
  for (const val of [...(a.options.get("post-file") ?? []), ...(a.options.get("body-file") ?? [])]) out.push(effect("read", "wget --post-file", val));
  for (const val of a.options.get("input-file") ?? []) if (val !== "-") out.push(effect("read", "wget -i", val));
  for (const val of a.options.get("output-document") ?? []) if (val !== "-") out.push(effect("write", "wget -O", val));
  return out;
}
const WGET: OptionTable = {
  short: "qvncNSrkKpmbxEFHL46",
  shortArg: "OoaiPtTwlADRUeQYI",
  long: ["quiet", "verbose", "no-verbose", "no-clobber", "continue", "timestamping", "server-response", "recursive", "convert-links", "backup-converted", "page-requisites", "mirror", "background", "force-directories", "adjust-extension", "force-html", "span-hosts", "relative", "no-check-certificate", "spider", "no-parent", "content-disposition", "inet4-only", "inet6-only", "show-progress", "no-cache", "no-cookies", "delete-after"],
  longArg: ["output-document", "output-file", "append-output", "input-file", "directory-prefix", "tries", "timeout", "wait", "level", "accept", "reject", "domains", "user-agent", "header", "user", "password", "post-data", "post-file", "body-data", "body-file", "method", "load-cookies", "save-cookies", "ca-certificate", "certificate", "private-key", "limit-rate", "quota", "execute", "referer", "http-user", "http-password", "exclude-directories", "include-directories"],
  names: { O: "output-document", o: "output-file", a: "append-output", i: "input-file", P: "directory-prefix", t: "tries", T: "timeout", w: "wait", l: "level", A: "accept", R: "reject", D: "domains", U: "user-agent", e: "execute", Q: "quota", q: "quiet" },
};

/** tar: creating or appending reads the operands; extracting writes into `-C DIR` (or here); `-f` is the archive. */
function tarEffects(a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
  let flags = [...a.options.keys()].join(" ");
  let ops = paths(a);
  // Old style: `tar czf out.tgz dir` — the first word is a bundle of letters without a dash.
  if (words[0] && /^[A-Za-z]+$/.test(words[0].text) && /[cxtru]/.test(words[0].text)) {
    flags += ` ${[...words[0].text].map((c) => (c === "c" ? "create" : c === "x" ? "extract" : c === "r" ? "append" : c === "u" ? "update" : c === "f" ? "file" : c)).join(" ")}`;
    ops = ops.slice(1);
    if (words[0].text.includes("f")) ops = ops.slice(1);
  }
  const creates = /\b(?:create|append|update|catenate)\b/.test(flags);
  const extracts = /\bextract\b/.test(flags);
  // `-C DIR`: operands are relative to DIR (`tar czf x.tgz -C ~ .ssh` reads ~/.ssh).
  const dir = a.options.get("directory")?.[0];
  const under = (p: string) => (dir !== undefined && !p.startsWith("/") && !p.startsWith("~") ? `${dir.replace(/\/+$/, "")}/${p}` : p);
  const out: DeclaredEffect[] = [];
  if (creates) out.push(...ops.map((p) => effect("read", "tar -c", under(p))));
  if (extracts) out.push(...writesBelow("tar -x", dir ?? ".", []));
  return out;
}
const TAR: OptionTable = {
  short: "cxtruAdzjJaZvkpPhOWSmlGiBMW",
  shortArg: "fCbTXgHVNLK",
  long: ["create", "extract", "get", "list", "append", "update", "catenate", "concatenate", "diff", "compare", "delete", "gzip", "gunzip", "bzip2", "xz", "zstd", "lzma", "lzip", "auto-compress", "verbose", "keep-old-files", "preserve-permissions", "absolute-names", "dereference", "to-stdout", "verify", "sparse", "touch", "check-links", "ignore-zeros", "multi-volume", "overwrite", "remove-files", "recursion", "no-recursion", "strip-components", "wildcards"],
  longArg: ["file", "directory", "blocking-factor", "files-from", "exclude-from", "exclude", "listed-incremental", "format", "label", "newer", "after-date", "owner", "group", "mode", "mtime", "use-compress-program", "transform", "xform", "index-file"],
  names: { c: "create", x: "extract", t: "list", r: "append", u: "update", A: "catenate", f: "file", C: "directory", z: "gzip", j: "bzip2", J: "xz", T: "files-from", X: "exclude-from", get: "extract", concatenate: "catenate" },
};

/** git: force pushes, and files read through the object store (`git show HEAD:.env`). */
const GIT_GLOBAL: OptionTable = {
  short: "pPhv",
  shortArg: "Cc",
  long: ["paginate", "no-pager", "bare", "no-replace-objects", "literal-pathspecs", "glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "no-optional-locks", "html-path", "man-path", "info-path", "version", "help", "no-advice", "no-lazy-fetch"],
  longArg: ["git-dir", "work-tree", "namespace", "config-env", "super-prefix", "list-cmds", "attr-source"],
  longOptArg: ["exec-path"],
  permute: false,
};
export const GIT_PUSH: OptionTable = {
  short: "fuvqnd46",
  shortArg: "o",
  long: ["force", "force-if-includes", "no-force-if-includes", "mirror", "all", "branches", "tags", "follow-tags", "no-follow-tags", "delete", "prune", "set-upstream", "dry-run", "porcelain", "verbose", "quiet", "progress", "no-progress", "no-verify", "verify", "atomic", "no-atomic", "thin", "no-thin", "ipv4", "ipv6", "no-force-with-lease"],
  longArg: ["push-option", "repo", "receive-pack", "exec"],
  longOptArg: ["force-with-lease", "signed", "recurse-submodules"],
  names: { f: "force", u: "set-upstream", n: "dry-run", d: "delete", o: "push-option", v: "verbose", q: "quiet" },
};

/** The subcommand of a git command line and the words after it (global options skipped). */
export function gitSubcommand(words: readonly ShellWord[]): { sub: string; rest: readonly ShellWord[]; dirs: readonly string[] } | undefined {
  const g = parseArgs(words, GIT_GLOBAL);
  const first = g.operands[0];
  if (!first) return undefined;
  const at = words.indexOf(first);
  // `-C dir` (each relative to the one before): where git runs.
  return { sub: first.text, rest: words.slice(at + 1), dirs: g.options.get("C") ?? [] };
}

/** Where `crontab` keeps each user's table (Debian's spool; the policy's paths name the others too). */
const CRON_SPOOL = "/var/spool/cron/crontabs";

/**
 * git settings whose value is code git runs later, or where it looks for it: setting one plants code as surely as
 * writing a hook, so it is a write of the repository's hooks directory.
 */
const GIT_CODE_SETTINGS: ReadonlySet<string> = new Set(["core.hookspath", "core.fsmonitor"]);

function gitEffects(_a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
  const g = gitSubcommand(words);
  if (!g) return [];
  const out = gitSubcommandEffects(g);
  // `git -C dir …` runs as if started in dir (each -C relative to the one before): its relative paths are under it.
  const dirs = g.dirs;
  if (dirs.length === 0) return out;
  const under = (dir: string, p: string) => (p.startsWith("/") || p.startsWith("~") ? p : `${dir.replace(/\/+$/, "")}/${p}`);
  const dir = dirs.reduce((at, d) => (at === "" ? d : under(at, d)), "");
  return out.map((e) => (e.path !== undefined && dir !== "" ? { ...e, path: under(dir, e.path) } : e));
}

function gitSubcommandEffects(g: { sub: string; rest: readonly ShellWord[] }): DeclaredEffect[] {
  const sub = g.sub;
  const out: DeclaredEffect[] = [];
  if (sub === "config") {
    // `git config core.hooksPath x`, `git config --global --add core.hooksPath x`: not `--get`, `--unset`, `-l`.
    const key = g.rest.find((w) => !w.text.startsWith("-"));
    const reads = g.rest.some((w) => /^--(get|get-all|get-regexp|list|unset|unset-all|show-origin)$|^-l$/.test(w.text));
    if (key && GIT_CODE_SETTINGS.has(key.value.toLowerCase()) && !reads && g.rest.indexOf(key) < g.rest.length - 1) out.push(effect("write", `git config ${key.value}`, ".git/hooks"));
  }
  // A dynamic subcommand (`git $CMD -f`) may be a push.
  if (sub === "push" || (sub.charCodeAt(0) >= 0xe000 && sub.charCodeAt(0) <= 0xe004)) {
    const p = parseArgs(g.rest, GIT_PUSH);
    const forced =
      p.unknown ||
      ["force", "force-with-lease", "force-if-includes", "mirror"].some((o) => p.options.has(o)) ||
      p.operands.some((w) => w.text.startsWith("+") || (startsWithWordHole(w.text) && w.splits));
    if (forced) out.push(effect("force-push", "git push --force"));
    // Deleting a remote branch rewrites it too: `--delete`/`-d`, `--prune`, an empty source (`:main`, the refspec
    // after the remote).
    else if (p.options.has("delete") || p.options.has("prune") || p.operands.slice(1).some((w) => w.text.startsWith(":")))
      out.push(effect("force-push", "git push --delete"));
  }
  if (sub === "show" || sub === "cat-file" || sub === "grep" || sub === "archive") {
    for (const w of g.rest) {
      const m = /^[^:\s]*:(.+)$/.exec(w.value);
      if (m && !w.text.startsWith("-")) out.push(effect("read", `git ${sub} REV:path`, m[1]!));
    }
  }
  if (sub === "diff" && g.rest.some((w) => w.text === "--no-index"))
    for (const w of g.rest) if (!w.text.startsWith("-")) out.push(effect("read", "git diff --no-index", w.value));
  // History and annotations print the file's content: `git log -p -- .env`, `git blame .env`, `git diff HEAD -- .env`.
  if (["log", "diff", "show", "blame", "annotate", "whatchanged"].includes(sub)) {
    const dd = g.rest.findIndex((w) => w.text === "--");
    const specs = dd >= 0 ? g.rest.slice(dd + 1) : sub === "blame" || sub === "annotate" ? g.rest.filter((w) => !w.text.startsWith("-")).slice(-1) : [];
    for (const w of specs) out.push(effect("read", `git ${sub} -- path`, w.value));
  }
  if (sub === "checkout" || sub === "restore") {
    const dd = g.rest.findIndex((w) => w.text === "--");
    if (dd >= 0) for (const w of g.rest.slice(dd + 1)) out.push(effect("write", `git ${sub} -- path`, w.value));
    // Without `--`: restore's operands are paths; checkout's may be (`git checkout .github/workflows/ci.yml`,
    // `git checkout main -- x` aside, a word that is not a branch is a path), so each counts as one.
    else for (const w of gitOperands(g.rest, ["-s", "--source", "-b", "-B", "--orphan", "--conflict", "--pathspec-from-file"])) out.push(effect("write", `git ${sub} path`, w.value));
  }
  if (sub === "mv") {
    const ops = gitOperands(g.rest, []);
    for (const w of ops.slice(0, -1)) out.push(effect("read", "git mv", w.value), effect("delete", "git mv", w.value, { recursive: true }));
    if (ops.length > 1) out.push(effect("write", "git mv", ops[ops.length - 1]!.value));
  }
  // `git clean -f` deletes the untracked files under its pathspecs, or under the directory it runs in (recursively,
  // and directories too with -d): a recursive delete of each, unless it only says what it would do (-n).
  if (sub === "clean") {
    const forced = g.rest.some((w) => /^-[A-Za-z]*f/.test(w.text) || w.text === "--force");
    const dryRun = g.rest.some((w) => /^-[A-Za-z]*n/.test(w.text) || w.text === "--dry-run");
    if (forced && !dryRun) {
      const operands = gitOperands(g.rest, ["-e", "--exclude"]);
      for (const p of operands.length > 0 ? operands.map((w) => w.value) : ["."]) out.push(effect("delete", "git clean", p, { recursive: true }));
    }
  }
  if (sub === "rm") {
    const recursive = g.rest.some((w) => /^-[A-Za-z]*r/.test(w.text));
    for (const w of gitOperands(g.rest, ["--pathspec-from-file"])) out.push(effect("delete", "git rm", w.value, { recursive }));
  }
  return out;
}

/** A git subcommand's operands: its words that are not options nor the values of `withValue` options. */
function gitOperands(rest: readonly ShellWord[], withValue: readonly string[]): ShellWord[] {
  const out: ShellWord[] = [];
  for (let k = 0; k < rest.length; k++) {
    const t = rest[k]!.text;
    if (t === "--") continue;
    if (withValue.includes(t)) k++;
    else if (!t.startsWith("-")) out.push(rest[k]!);
  }
  return out;
}

/** scp: local sources read, a local destination written (`host:path` is remote: its path still counts). */
function scpEffects(a: ParsedArgs): DeclaredEffect[] {
  const ops = paths(a).map((p) => p.replace(/^(?:scp:\/\/)?[^/:\s]*:/, ""));
  if (ops.length < 2) return ops.map((p) => effect("read", "scp", p));
  return [...ops.slice(0, -1).map((p) => effect("read", "scp", p)), effect("write", "scp", ops[ops.length - 1]!)];
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

const pureReader = (via: string, table: OptionTable = {}): CommandSpec => ({ options: table, effects: readsOperands(via) });

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
const MKFS: OptionTable = { short: "cqvVFnDSjO", shortArg: "tLbBCEgGiIJlmMNoOrTUdeKpz", longArg: ["type", "label"] };
const ZIP: OptionTable = { short: "rRjqvmdfuFTXy0123456789eD@", shortArg: "xibPnt", longArg: ["exclude", "include", "password", "suffixes"], names: { r: "recurse-paths" } };
const UNZIP: OptionTable = { short: "lvtzTcfnoujCKLMqaAXV", shortArg: "dxP", names: { d: "exdir" } };
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

/** The command table. Names are exact (after wrappers and the command's directory are stripped). */
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
  rg: { options: RG, effects: grepEffects("rg") },
  ag: { options: { short: "aSsiQvwulLcfHnU", shortArg: "GgmABC", longArg: ["ignore", "file-search-regex", "max-count", "after", "before", "context", "depth"] }, effects: grepEffects("ag") },
  ack: { options: { short: "iIvwQlLchHnkfgo", shortArg: "mABC" }, effects: grepEffects("ack") },
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
  zip: { options: ZIP, effects: (a) => { const [archive, ...files] = paths(a); return [...files.map((p) => effect("read", "zip", p)), ...(archive ? [effect("write", "zip", archive)] : [])]; } },
  "7z": { effects: (a) => { const [sub, archive, ...files] = paths(a); return sub === "a" || sub === "u" ? [...files.map((p) => effect("read", "7z a", p)), ...(archive ? [effect("write", "7z a", archive)] : [])] : []; } },
  unzip: { options: UNZIP, effects: (a) => [...paths(a).slice(0, 1).map((p) => effect("read", "unzip", p)), ...(a.options.get("exdir") ?? ["."]).flatMap((d) => writesBelow("unzip -d", d, []))] },
  gzip: { options: { short: "cdfhklLnNqrtvV123456789" }, effects: (a) => paths(a).flatMap((p) => [effect("read", "gzip", p), effect("write", "gzip", p)]) },
  gpg: { options: { short: "acdeskvq", shortArg: "oruR" }, effects: (a) => paths(a).map((p) => effect("read", "gpg", p)) },
  openssl: { effects: opensslEffects },
  git: { effects: gitEffects },
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
  // Disks.
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

/** `aws s3 cp SRC DST`, `gsutil cp`, `rclone copy`: local sources (not `s3://…`, `gs://…`, `remote:`) are read. */
function cloudCopy(words: readonly ShellWord[], service: readonly string[], verbs: readonly string[], via: string): DeclaredEffect[] {
  let k = 0;
  for (const s of service) if (words[k]?.text === s) k++;
  if (!words[k] || !verbs.includes(words[k]!.text)) return [];
  const ops = words.slice(k + 1).filter((w) => !w.text.startsWith("-")).map((w) => w.value);
  const local = (p: string) => !/^[a-z0-9]+:\/\//i.test(p) && !/^[A-Za-z0-9_-]+:/.test(p);
  return ops.slice(0, -1).filter(local).map((p) => effect("read", via, p));
}

function grepEffects(via: string) {
  return (a: ParsedArgs): DeclaredEffect[] => {
    const skip = patternFirst(["regexp", "file"])(a);
    const files = paths(a, skip);
    const out = files.map((p) => effect("read", via, p));
    // `--include=.env*` / `rg -g '.env*'` under a directory reads the files that glob names.
    const globs = [...(a.options.get("include") ?? []), ...(a.options.get("glob") ?? [])].filter((g) => !g.startsWith("!"));
    for (const g of globs) for (const dir of files.length > 0 ? files : ["."]) out.push(effect("read", `${via} --include`, `${dir}/${globTemplate(g)}`));
    return [...out, ...optionFiles(a, ["file"], "read", `${via} -f`)];
  };
}

function awkEffects(a: ParsedArgs): DeclaredEffect[] {
  const skip = patternFirst(["file", "source"])(a);
  // `awk '…' var=value file`: assignments are not files.
  const files = paths(a, skip).filter((p) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(p));
  return [...files.map((p) => effect("read", "awk", p)), ...optionFiles(a, ["file"], "read", "awk -f")];
}

/** An argument naming code elsewhere: a URL, a script URL (`javascript:`), or a file on another host (`\\\\host\\x`). */
const REMOTE_CODE = /(?:^|[:="'])(?:(?:https?|ftps?):\/\/|\\\\[^\\]|(?:javascript|vbscript):)/i;

/** A program that fetches code from where an argument says and runs it: any remote argument is a downloaded run. */
const runsRemote =
  (via: string, remoteArg: (w: string) => boolean = (w) => REMOTE_CODE.test(w)) =>
  (_a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] =>
    words.some((w) => remoteArg(w.value)) ? [effect("run-download", `${via} runs code from elsewhere`)] : [];

/**
 * Windows programs that run code they fetch (the "LOLBins" droppers use), by lower-case name without `.exe`:
 * `mshta https://…/x.hta`, `regsvr32 /i:https://…/x.sct scrobj.dll`, `rundll32 javascript:…`,
 * `msiexec /i https://…/x.msi`, `wmic … /format:https://…/x.xsl`, `cscript \\host\share\x.vbs`.
 */
export const REMOTE_RUNNERS: Readonly<Record<string, CommandSpec>> = {
  mshta: { effects: runsRemote("mshta") },
  regsvr32: { effects: runsRemote("regsvr32", (w) => /^[/-]i:/i.test(w) && REMOTE_CODE.test(w.slice(3))) },
  rundll32: { effects: runsRemote("rundll32") },
  msiexec: { effects: runsRemote("msiexec") },
  wmic: { effects: runsRemote("wmic", (w) => /^\/format:/i.test(w) && REMOTE_CODE.test(w.slice(8))) },
  cscript: { effects: runsRemote("cscript") },
  wscript: { effects: runsRemote("wscript") },
  // `deno run https://…/x.ts`, `deno https://…`: Deno runs a module given by URL.
  deno: { effects: runsRemote("deno", (w) => /^(?:https?):\/\//i.test(w)) },
};

/** The table entry for a command name: exact, then `mkfs.ext4`-style families, then Windows programs by name. */
export function commandSpec(name: string): CommandSpec | undefined {
  const direct = COMMANDS[name];
  if (direct) return direct;
  if (/^mkfs\.[a-z0-9]+$/.test(name) || /^mkfs[a-z0-9]+$/.test(name)) return COMMANDS.mkfs;
  if (/^newfs(?:_[a-z0-9]+)?$/.test(name)) return COMMANDS.newfs;
  if (/^python[0-9.]*$/.test(name)) return undefined;
  return REMOTE_RUNNERS[name.toLowerCase().replace(/\.exe$/, "")];
}

/** Names of every command in the table (a dynamic command word may be any of them). */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);
