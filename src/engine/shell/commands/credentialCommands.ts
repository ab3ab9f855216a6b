/**
 * Commands that print a credential from a store on the machine: `gh auth token` shows the token in
 * `~/.config/gh/hosts.yml`, `aws configure export-credentials` the keys of `~/.aws/credentials`. Each is a read of
 * that store, so a rule about the file (the starter's secrets) holds whatever program prints it. One row per
 * command: the program, the words that must follow it, what else must be there (an option, a key name), and the
 * store it reads.
 */
import type { ShellAnalysis, ShellWord, SimpleCommand } from "../model";
import { hasHoles } from "../words/template";
import { effect, type DeclaredEffect } from "./declared";

interface CredentialCommand {
  /** The program's words after its name, in order (options between them are skipped). */
  readonly words: readonly string[];
  /** Must some later word match (an option that shows the secret, a key that names one)? */
  readonly when?: RegExp;
  /** The store it reads (a path pattern of the starter's secrets). */
  readonly reads: string;
}

const AWS_CREDENTIALS = "~/.aws/credentials";
const SECRET_KEY_NAME = /(?:secret|token|password|passwd|_auth\b|_authToken|access_key)/i;

const CREDENTIAL_COMMANDS: Readonly<Record<string, readonly CredentialCommand[]>> = {
  gh: [
    { words: ["auth", "token"], reads: "~/.config/gh/hosts.yml" },
    { words: ["auth", "status"], when: /^(?:-t|--show-token)$/, reads: "~/.config/gh/hosts.yml" },
  ],
  aws: [
    { words: ["configure", "get"], when: SECRET_KEY_NAME, reads: AWS_CREDENTIALS },
    { words: ["configure", "export-credentials"], reads: AWS_CREDENTIALS },
    { words: ["sts", "get-session-token"], reads: AWS_CREDENTIALS },
    { words: ["ecr", "get-login-password"], reads: AWS_CREDENTIALS },
    { words: ["codeartifact", "get-authorization-token"], reads: AWS_CREDENTIALS },
  ],
  gcloud: [
    { words: ["auth", "print-access-token"], reads: "~/.config/gcloud/credentials.db" },
    { words: ["auth", "print-identity-token"], reads: "~/.config/gcloud/credentials.db" },
    { words: ["auth", "application-default", "print-access-token"], reads: "~/.config/gcloud/application_default_credentials.json" },
    { words: ["config", "config-helper"], reads: "~/.config/gcloud/credentials.db" },
  ],
  az: [{ words: ["account", "get-access-token"], reads: "~/.azure/msal_token_cache.json" }],
  kubectl: [{ words: ["config", "view"], when: /^--raw$/, reads: "~/.kube/config" }],
  git: [
    { words: ["credential", "fill"], reads: "~/.git-credentials" },
    { words: ["credential-store", "get"], reads: "~/.git-credentials" },
  ],
  npm: [{ words: ["config", "get"], when: SECRET_KEY_NAME, reads: "~/.npmrc" }],
  pnpm: [{ words: ["config", "get"], when: SECRET_KEY_NAME, reads: "~/.npmrc" }],
  yarn: [{ words: ["config", "get"], when: SECRET_KEY_NAME, reads: "~/.npmrc" }],
  pass: [{ words: ["show"], reads: "~/.password-store/**" }],
  gopass: [{ words: ["show"], reads: "~/.password-store/**" }],
  vault: [{ words: ["print", "token"], reads: "~/.vault-token" }],
  heroku: [{ words: ["auth:token"], reads: "~/.netrc" }],
  "secret-tool": [{ words: ["lookup"], reads: "~/.local/share/keyrings/login.keyring" }],
  security: [
    { words: ["find-generic-password"], when: /^-[a-zA-Z]*[wg]/, reads: "~/Library/Keychains/login.keychain-db" },
    { words: ["find-internet-password"], when: /^-[a-zA-Z]*[wg]/, reads: "~/Library/Keychains/login.keychain-db" },
    { words: ["dump-keychain"], when: /^-[a-zA-Z]*d/, reads: "~/Library/Keychains/login.keychain-db" },
  ],
};

/** A program named `docker-credential-<helper>` prints the registry credentials it is asked for. */
const DOCKER_HELPER = /^docker-credential-[a-z0-9-]+$/;

/** The credential stores `name args` prints from (none for most commands). */
export function credentialReads(name: string, args: readonly ShellWord[]): DeclaredEffect[] {
  if (DOCKER_HELPER.test(name)) return args.some((a) => a.value === "get" || a.value === "list" || hasHoles(a.value)) ? [effect("read", `${name} prints registry credentials`, "~/.docker/config.json")] : [];
  const rows = CREDENTIAL_COMMANDS[name];
  if (!rows) return [];
  const words = args.map((a) => a.value);
  // The words that are not options; the row's words must be among them, one after another, starting at the first or
  // the second (after a global option's value: `aws --profile prod sts get-session-token`).
  const operands: number[] = [];
  for (let k = 0; k < words.length; k++) if (!words[k]!.startsWith("-")) operands.push(k);
  const out: DeclaredEffect[] = [];
  for (const row of rows) {
    const first = [0, 1].find((o) => row.words.every((w, n) => words[operands[o + n] ?? -1] === w));
    if (first === undefined) continue;
    const after = operands[first + row.words.length - 1]! + 1;
    if (row.when && !words.slice(after).some((w) => row.when!.test(w) || hasHoles(w))) continue;
    out.push(effect("read", `${name} ${row.words.join(" ")} prints a credential`, row.reads));
  }
  return out;
}

/** Programs that take a secret on stdin and show none of it (`aws ecr get-login-password | docker login --password-stdin`). */
const SECRET_CONSUMERS: ReadonlySet<string> = new Set(["docker", "podman", "nerdctl", "buildah", "helm", "oras", "crane", "skopeo", "regctl", "pbcopy", "xclip", "xsel", "wl-copy", "clip", "clip.exe", "gh", "kubectl", "vault", "op", "npm", "pnpm", "yarn", "twine", "cargo"]);
/** Programs whose output is their operands (a substitution in one of them is printed). */
const PRINTERS: ReadonlySet<string> = new Set(["echo", "printf", "print", "cat", "tee", "less", "more", "head", "tail", "base64", "xxd", "od", "rev"]);

/**
 * Whether what command `i` prints may reach the output the agent reads: not written to a file, not piped into a
 * program that only consumes a secret, and not a substitution that becomes another command's argument (`curl -H
 * "Authorization: Bearer $(gcloud auth print-access-token)"` sends the token; `echo $(gh auth token)` shows it).
 * A pipe into any other program, or a substitution in a printer, is shown.
 */
export function outputShown(analysis: ShellAnalysis, i: number, finalOf: (c: SimpleCommand) => { readonly name: string } | undefined, depth = 0): boolean {
  const c = analysis.commands[i]!;
  if (c.redirects.some((r) => (r.op === ">" || r.op === ">>" || r.op === ">|" || r.op === "&>" || r.op === "&>>") && (r.fd === undefined || r.fd === 1) && r.target?.value !== "/dev/stdout" && r.target?.value !== "/dev/tty")) return false;
  if (c.pipe) {
    const stages = analysis.pipelines.get(c.pipe.id) ?? [];
    const next = stages.find((j) => analysis.commands[j]!.pipe!.index === c.pipe!.index + 1);
    if (next !== undefined) {
      const name = finalOf(analysis.commands[next]!)?.name;
      return name === undefined || !SECRET_CONSUMERS.has(name);
    }
  }
  const parent = analysis.scripts[c.script]?.parent;
  if (!parent || parent.how === "code" || parent.how === "function" || depth > 8) return true;
  const p = analysis.commands[parent.command];
  const name = p ? finalOf(p)?.name : undefined;
  return name !== undefined && PRINTERS.has(name) && outputShown(analysis, parent.command, finalOf, depth + 1);
}
