/**
 * Commands that move files between here and elsewhere, and what they read and write doing it: downloads and uploads
 * (curl, wget, cloud copies), remote copies (rsync, scp), archives (tar, zip, 7z, unzip), and the Windows programs
 * that fetch code and run it (REMOTE_RUNNERS, found by commandSpec after the table). Their entries stay in the
 * command table (commands.ts), which names these effects and option tables.
 */
import type { OptionTable, ParsedArgs } from "../words/args";
import type { ShellWord } from "../model";
import { type CommandSpec, type DeclaredEffect, effect, paths, writesBelow } from "./declared";

/** rsync: sources read, destination written; `--delete*` empties the destination, `--remove-source-files` the sources. */
export function rsyncEffects(a: ParsedArgs): DeclaredEffect[] {
  const ops = paths(a).map((p) => p.replace(/^[A-Za-z0-9_.@-]+:(?!\/\/)/, "")).map((p) => p.replace(/^rsync:\/\/[^/]+/, ""));
  if (ops.length === 0) return [];
  const dest = ops.length > 1 ? ops[ops.length - 1]! : undefined;
  const sources = dest !== undefined ? ops.slice(0, -1) : ops;
  // `-r`/`-a`: a source directory is read with everything under it.
  const tree = a.options.has("recursive") || a.options.has("archive") ? { recursive: true } : {};
  const out = sources.map((p) => effect("read", "rsync", p, tree));
  if (dest !== undefined) out.push(...writesBelow("rsync", dest, sources.filter((x) => !x.endsWith("/"))));
  const deletes = a.unknown || [...a.options.keys()].some((o) => o.startsWith("delete") || o === "del");
  if (deletes && dest !== undefined) out.push(effect("delete", "rsync --delete", dest, { recursive: true }));
  if (a.options.has("remove-source-files")) out.push(...sources.map((p) => effect("delete", "rsync --remove-source-files", p, { recursive: true })));
  return out;
}
export const RSYNC: OptionTable = {
  short: "vqcarRbudlLkKHpEAXogDtOJSxWn0hPiyCzIm8s",
  shortArg: "eBfTM",
  long: ["verbose", "quiet", "checksum", "archive", "recursive", "relative", "backup", "update", "inplace", "append", "dirs", "links", "copy-links", "hard-links", "perms", "executability", "acls", "xattrs", "owner", "group", "devices", "specials", "times", "sparse", "dry-run", "whole-file", "one-file-system", "existing", "ignore-existing", "remove-source-files", "delete", "del", "delete-before", "delete-during", "delete-delay", "delete-after", "delete-excluded", "ignore-errors", "force", "partial", "progress", "compress", "human-readable", "stats", "itemize-changes", "mkpath", "prune-empty-dirs", "numeric-ids", "no-motd", "protect-args", "secluded-args", "copy-dirlinks", "keep-dirlinks", "safe-links", "munge-links", "omit-dir-times", "omit-link-times", "super", "fake-super", "fuzzy", "cvs-exclude", "8-bit-output", "list-only", "ipv4", "ipv6", "msgs2stderr", "no-implied-dirs", "size-only", "ignore-times", "checksum-seed", "preallocate", "fsync", "write-devices", "copy-devices", "open-noatime", "blocking-io", "iconv", "atimes", "crtimes"],
  longArg: ["rsh", "exclude", "include", "filter", "exclude-from", "include-from", "files-from", "temp-dir", "partial-dir", "backup-dir", "suffix", "log-file", "log-file-format", "password-file", "port", "bwlimit", "chmod", "chown", "usermap", "groupmap", "remote-option", "timeout", "contimeout", "compress-level", "compress-choice", "max-size", "min-size", "max-delete", "max-alloc", "out-format", "info", "debug", "link-dest", "copy-dest", "compare-dest", "modify-window", "block-size", "rsync-path", "address", "sockopts", "outbuf", "stop-after", "stop-at", "checksum-choice", "skip-compress", "write-batch", "only-write-batch", "read-batch", "protocol", "early-input"],
  names: { e: "rsh", f: "filter", T: "temp-dir", B: "block-size", M: "remote-option", a: "archive", r: "recursive", n: "dry-run" },
};

/** scp: local sources read, a local destination written (`host:path` is remote: its path still counts). */
export function scpEffects(a: ParsedArgs): DeclaredEffect[] {
  const ops = paths(a).map((p) => p.replace(/^(?:scp:\/\/)?[^/:\s]*:/, ""));
  const tree = a.options.has("r") ? { recursive: true } : {};
  if (ops.length < 2) return ops.map((p) => effect("read", "scp", p, tree));
  return [...ops.slice(0, -1).map((p) => effect("read", "scp", p, tree)), effect("write", "scp", ops[ops.length - 1]!)];
}

/** curl: uploads read files (`-d @f`, `-F x=@f`, `-T f`, `--data-binary @f`), `-o f` writes one. */
export function curlEffects(a: ParsedArgs): DeclaredEffect[] {
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
export const CURL: OptionTable = {
  short: "sSfLkvqiIOJgGNnRl#0123:46BjZM",
  shortArg: "dFTouHXAeEbcmrwxyzYUKCKPQtDhQ",
  long: ["silent", "show-error", "fail", "fail-with-body", "location", "insecure", "verbose", "include", "head", "remote-name", "remote-name-all", "remote-header-name", "globoff", "get", "compressed", "no-buffer", "netrc", "netrc-optional", "progress-bar", "create-dirs", "http1.1", "http2", "http3", "ipv4", "ipv6", "use-ascii", "junk-session-cookies", "list-only", "tcp-nodelay", "raw", "no-keepalive", "anyauth", "basic", "digest", "ntlm", "negotiate", "proxy-anyauth", "ssl", "ssl-reqd", "tlsv1.2", "tlsv1.3", "path-as-is", "location-trusted", "styled-output", "no-progress-meter", "parallel", "disable"],
  longArg: ["data", "data-binary", "data-ascii", "data-raw", "data-urlencode", "json", "form", "form-string", "upload-file", "output", "header", "request", "user-agent", "referer", "cookie", "cookie-jar", "user", "proxy", "proxy-user", "max-time", "connect-timeout", "retry", "retry-delay", "retry-max-time", "config", "netrc-file", "cert", "key", "cacert", "capath", "write-out", "range", "url", "resolve", "connect-to", "output-dir", "limit-rate", "max-filesize", "oauth2-bearer", "aws-sigv4", "variable", "expand-url", "dump-header", "trace", "trace-ascii", "stderr", "interface", "local-port", "dns-servers", "unix-socket", "abstract-unix-socket", "pinnedpubkey", "ciphers", "proto", "proto-redir", "request-target", "time-cond", "speed-limit", "speed-time", "keepalive-time", "mail-from", "mail-rcpt", "ftp-port", "quote"],
  names: { d: "data", F: "form", T: "upload-file", o: "output", H: "header", X: "request", A: "user-agent", e: "referer", b: "cookie", c: "cookie-jar", u: "user", x: "proxy", U: "proxy-user", m: "max-time", K: "config", E: "cert", w: "write-out", r: "range", D: "dump-header", O: "remote-name", Y: "speed-limit", y: "speed-time", z: "time-cond", Q: "quote", C: "continue-at", P: "ftp-port", t: "telnet-option", h: "help" },
};

export function wgetEffects(a: ParsedArgs): DeclaredEffect[] {
  const out: DeclaredEffect[] = [];
  for (const val of [...(a.options.get("post-file") ?? []), ...(a.options.get("body-file") ?? [])]) out.push(effect("read", "wget --post-file", val));
  for (const val of a.options.get("input-file") ?? []) if (val !== "-") out.push(effect("read", "wget -i", val));
  for (const val of a.options.get("output-document") ?? []) if (val !== "-") out.push(effect("write", "wget -O", val));
  return out;
}
export const WGET: OptionTable = {
  short: "qvncNSrkKpmbxEFHL46",
  shortArg: "OoaiPtTwlADRUeQYI",
  long: ["quiet", "verbose", "no-verbose", "no-clobber", "continue", "timestamping", "server-response", "recursive", "convert-links", "backup-converted", "page-requisites", "mirror", "background", "force-directories", "adjust-extension", "force-html", "span-hosts", "relative", "no-check-certificate", "spider", "no-parent", "content-disposition", "inet4-only", "inet6-only", "show-progress", "no-cache", "no-cookies", "delete-after"],
  longArg: ["output-document", "output-file", "append-output", "input-file", "directory-prefix", "tries", "timeout", "wait", "level", "accept", "reject", "domains", "user-agent", "header", "user", "password", "post-data", "post-file", "body-data", "body-file", "method", "load-cookies", "save-cookies", "ca-certificate", "certificate", "private-key", "limit-rate", "quota", "execute", "referer", "http-user", "http-password", "exclude-directories", "include-directories"],
  names: { O: "output-document", o: "output-file", a: "append-output", i: "input-file", P: "directory-prefix", t: "tries", T: "timeout", w: "wait", l: "level", A: "accept", R: "reject", D: "domains", U: "user-agent", e: "execute", Q: "quota", q: "quiet" },
};

/** tar: creating or appending reads the operands; extracting writes into `-C DIR` (or here); `-f` is the archive. */
export function tarEffects(a: ParsedArgs, words: readonly ShellWord[]): DeclaredEffect[] {
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
  // An archive holds a directory with everything under it, unless --no-recursion.
  if (creates) out.push(...ops.map((p) => effect("read", "tar -c", under(p), a.options.has("no-recursion") ? {} : { recursive: true })));
  if (extracts) out.push(...writesBelow("tar -x", dir ?? ".", []));
  return out;
}
export const TAR: OptionTable = {
  short: "cxtruAdzjJaZvkpPhOWSmlGiBMW",
  shortArg: "fCbTXgHVNLK",
  long: ["create", "extract", "get", "list", "append", "update", "catenate", "concatenate", "diff", "compare", "delete", "gzip", "gunzip", "bzip2", "xz", "zstd", "lzma", "lzip", "auto-compress", "verbose", "keep-old-files", "preserve-permissions", "absolute-names", "dereference", "to-stdout", "verify", "sparse", "touch", "check-links", "ignore-zeros", "multi-volume", "overwrite", "remove-files", "recursion", "no-recursion", "strip-components", "wildcards"],
  longArg: ["file", "directory", "blocking-factor", "files-from", "exclude-from", "exclude", "listed-incremental", "format", "label", "newer", "after-date", "owner", "group", "mode", "mtime", "use-compress-program", "transform", "xform", "index-file"],
  names: { c: "create", x: "extract", t: "list", r: "append", u: "update", A: "catenate", f: "file", C: "directory", z: "gzip", j: "bzip2", J: "xz", T: "files-from", X: "exclude-from", get: "extract", concatenate: "catenate" },
};

export const ZIP: OptionTable = { short: "rRjqvmdfuFTXy0123456789eD@", shortArg: "xibPnt", longArg: ["exclude", "include", "password", "suffixes"], names: { r: "recurse-paths" } };
export const UNZIP: OptionTable = { short: "lvtzTcfnoujCKLMqaAXV", shortArg: "dxP", names: { d: "exdir" } };

/** zip: the archive (the first operand) is written, the files after it read. */
export function zipEffects(a: ParsedArgs): DeclaredEffect[] {
  const [archive, ...files] = paths(a);
  const tree = a.options.has("recurse-paths") || a.options.has("R") ? { recursive: true } : {};
  return [...files.map((p) => effect("read", "zip", p, tree)), ...(archive ? [effect("write", "zip", archive)] : [])];
}

/** 7z: `7z a`/`7z u` read the files after the archive and write the archive. */
export function sevenZipEffects(a: ParsedArgs): DeclaredEffect[] {
  const [sub, archive, ...files] = paths(a);
  return sub === "a" || sub === "u" ? [...files.map((p) => effect("read", "7z a", p, { recursive: true })), ...(archive ? [effect("write", "7z a", archive)] : [])] : [];
}

/** unzip: the archive is read; what it holds is written below `-d DIR` (or here). */
export function unzipEffects(a: ParsedArgs): DeclaredEffect[] {
  return [...paths(a).slice(0, 1).map((p) => effect("read", "unzip", p)), ...(a.options.get("exdir") ?? ["."]).flatMap((d) => writesBelow("unzip -d", d, []))];
}

/** `aws s3 cp SRC DST`, `gsutil cp`, `rclone copy`: local sources (not `s3://…`, `gs://…`, `remote:`) are read. */
export function cloudCopy(words: readonly ShellWord[], service: readonly string[], verbs: readonly string[], via: string): DeclaredEffect[] {
  let k = 0;
  for (const s of service) if (words[k]?.text === s) k++;
  if (!words[k] || !verbs.includes(words[k]!.text)) return [];
  const ops = words.slice(k + 1).filter((w) => !w.text.startsWith("-")).map((w) => w.value);
  const local = (p: string) => !/^[a-z0-9]+:\/\//i.test(p) && !/^[A-Za-z0-9_-]+:/.test(p);
  // A sync, rclone's copies, and `--recursive`/`-r` read a source directory with everything under it.
  const tree = words[k]!.text.includes("sync") || via === "rclone" || words.some((w) => w.text === "--recursive" || w.text === "-r") ? { recursive: true } : {};
  return ops.slice(0, -1).filter(local).map((p) => effect("read", via, p, tree));
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
