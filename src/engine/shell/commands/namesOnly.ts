/**
 * Programs and shell builtins no effects table knows that take file names without showing what the files hold:
 * they list, stat, test, locate or print the name itself (`ls -la .env*`, `[ -f .env ]`, `stat ~/.ssh/id_rsa`,
 * `echo .env >> .gitignore`, `du -sh ~/.ssh`). Any other program hookgate does not know may read the files it is
 * named (effects.ts, unknownProgramReads); these do not.
 */
export const NAMES_ONLY: ReadonlySet<string> = new Set([
  // Listing, locating and naming.
  "ls", "dir", "vdir", "exa", "eza", "lsd", "tree", "fd", "fdfind", "locate", "plocate", "mlocate", "which", "whereis", "type",
  "realpath", "readlink", "basename", "dirname", "pwd", "namei",
  // Metadata only.
  "stat", "gstat", "file", "du", "df", "lsattr", "chattr", "getfacl", "xattr", "mdls", "getfattr", "lsof", "fuser",
  // Tests and printing of the words themselves.
  "test", "[", "[[", "echo", "printf", "print", "true", "false", ":",
  // Processes, time, and builtins that take names, not contents.
  "kill", "pkill", "killall", "pgrep", "sleep", "date", "wait", "mkdir", "cd", "pushd", "popd", "dirs",
  "export", "unset", "readonly", "local", "declare", "typeset", "let", "shift", "getopts", "set", "shopt", "alias", "unalias",
  "hash", "help", "history", "jobs", "fg", "bg", "disown", "umask", "ulimit", "trap", "times", "caller", "enable", "return",
  "exit", "logout", "suspend", "complete", "compgen", "compopt", "read", "mapfile", "readarray",
]);
