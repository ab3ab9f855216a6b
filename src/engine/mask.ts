/**
 * Secrets are masked before anything is stored, logged, sent to an LLM or forwarded (hookgate spec §5). What counts
 * as a secret comes from three places:
 *
 * 1. A maintained rule set: secretlint's recommended preset (`@secretlint/secretlint-rule-preset-recommend`, MIT,
 *    pinned in package.json), whose scanners know the token shapes of AWS, GitHub, GitLab, Slack, Stripe, OpenAI,
 *    Anthropic, npm, SendGrid, Shopify, Hugging Face, Vault, Databricks, Docker, Figma, Cloudflare, … and database
 *    connection strings. See secretRuleSet.ts.
 * 2. Shapes of our own: hookgate's tokens, private key blocks (PEM, OpenSSH, PGP), Authorization headers of any
 *    scheme, URL credentials, `curl -u`, and a few common token prefixes (kept even where secretlint's stricter
 *    shapes would miss a truncated or test token).
 * 3. Names: a value assigned to a secret-sounding name (`DB_PASSWORD=…`, `export AWS_SECRET_ACCESS_KEY=…`,
 *    `"client_secret": "…"`, `apiKey = '…'`), a JSON key with such a name (its value masked whole, arrays and
 *    objects included), and the policy's `maskFields` paths (`*` matches one segment).
 *
 * Masking runs on request data, so its cost is bounded: the value is capped first (MASK_SCAN_LIMITS), all the
 * strings of a value are scanned together in one pass per detector, and no pattern here can backtrack more than a
 * bounded window from where it starts (bounded quantifiers, no nested unbounded repetition; test/engine/mask.test.ts
 * times every detector on hostile input).
 */
import { capText, capValue, type CapLimits } from "./cap";
import { secretRuleSetRanges } from "./secretRuleSet";

export const MASK = "[masked]";

/**
 * Each string is scanned up to 32 KiB, 128 KiB across the whole value, 1,000 entries per array/object, 64 levels;
 * whatever is past the caps is cut (with a `…[truncated by hookgate: N chars]` marker) and never stored, logged,
 * judged or forwarded.
 */
export const MASK_SCAN_LIMITS: CapLimits = { maxString: 32 * 1024, maxTotal: 128 * 1024, maxEntries: 1000, maxDepth: 64 };

type Range = [start: number, end: number];

/** The span of a capture group (the `d` flag's indices). */
const group = (m: RegExpMatchArray, g: number): Range | undefined => (m.indices?.[g] as Range | undefined) ?? undefined;

/** Token shapes of our own. Every match is masked whole. */
const TOKEN_PATTERNS: readonly RegExp[] = [
  // Private key blocks, PEM/OpenSSH/PGP (`-----BEGIN PGP PRIVATE KEY BLOCK-----`), up to their END or the text's end.
  /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g,
  /\bhga?_[0-9A-Za-z_-]{16,}/g, // hookgate's own tokens: team (hg_…) and admin (hga_…)
  /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b/g, // AWS access key id
  /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{8,}/g, // Stripe
  /\bsk-(?:ant-|proj-|svcacct-|admin-)?[0-9A-Za-z_-]{20,}/g, // Anthropic / OpenAI keys
  /\bgh[pousr]_[0-9A-Za-z]{20,}/g, // GitHub tokens
  /\bgithub_pat_[0-9A-Za-z_]{20,}/g,
  /\bglpat-[0-9A-Za-z_-]{16,}/g, // GitLab personal access token
  /\bgl(?:dt|ptt|rt|cbt|imt|agent|oas|soat|ffct)-[0-9A-Za-z_-]{16,}/g, // other GitLab tokens
  /\bxox[abposre]-[0-9A-Za-z-]{10,}/g, // Slack
  /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API key
  /\bya29\.[0-9A-Za-z_-]{20,}/g, // Google OAuth access token
  /\beyJ[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}/g, // JWT
  /\bnpm_[0-9A-Za-z]{30,}/g, // npm
  /\bSG\.[0-9A-Za-z_-]{16,}\.[0-9A-Za-z_-]{16,}/g, // SendGrid
  /\bhf_[0-9A-Za-z]{30,}/g, // Hugging Face
];

/**
 * Patterns whose group 1 (or, where it did not take part, group 2) is the secret; the rest (a name, a scheme, a user)
 * is kept for the reader.
 */
const VALUE_PATTERNS: readonly RegExp[] = [
  // Authorization: any scheme (Bearer, Basic, token, Digest, …); the credentials to the end of the value.
  // (a bare value must look like a credential, one word of 8+ characters: prose after "authorization:" is not one)
  /\b(?:proxy-)?authori[sz]ation["']?\s{0,8}[:=]\s{0,8}["']?(?:(?:bearer|basic|token|digest|negotiate|ntlm|apikey|api-key|key|aws4-hmac-sha256|splunk|sso-key|otp)\s{1,8}([^\s"'][^\r\n"']{0,4095})|([^\s"',;]{8,4096})(?=["'\s,;]|$))/dgi,
  /\bbearer\s{1,8}([0-9A-Za-z._~+/=-]{8,})/dgi,
  // URL credentials: scheme://user:password@host (the last `@` ends the password)
  /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/?#@"'<>]{0,256}:([^\s/?#"'<>]{1,256})@/dgi,
  // curl/wget/http clients: -u user:password, --user user:password, --user=user:password
  // (not `-u 1000:1000`, a uid:gid)
  /(?:^|[\s"'])(?:-u|--user|--proxy-user)(?:\s{1,8}|=)["']?(?!\d{1,10}:\d{1,10}(?:[\s"']|$))[^\s"':]{1,256}:([^\s"']{1,512})/dg,
];

/** mysql -pSECRET (no space: that is how mysql takes a password on the command line), in a mysql command. */
const MYSQL_P = /(?:^|\s)-p([^\s'"-][^\s'"]{0,255})/dg;
const MYSQL_COMMAND = /\b(?:mysql|mysqldump|mysqladmin|mariadb)\b/;
function mysqlPasswords(text: string, ranges: Range[]) {
  if (!MYSQL_COMMAND.test(text)) return;
  // Command by command (split at newlines, `;`, `|` and `&`): a -p counts only in a command that runs mysql.
  const separator = /[\n;|&]/g;
  let from = 0;
  for (;;) {
    const sep = separator.exec(text);
    const to = sep ? sep.index : text.length;
    const command = text.slice(from, to);
    if (MYSQL_COMMAND.test(command))
      for (const m of command.matchAll(MYSQL_P)) {
        const r = group(m, 1)!;
        push(ranges, from + r[0], from + r[1]);
      }
    if (!sep) return;
    from = to + 1;
  }
}

/**
 * A name is secret-sounding when one of its words (split at `_ - .`, spaces and camelCase) is a secret word, or
 * contains one (PGPASSWORD, mysecret). `key` counts unless it is a kind of key that is not secret (primary, sort…).
 */
const SECRET_SUBSTRINGS = /password|passwd|passphrase|secret|credential|privatekey|apikey|accesskey|authtoken|accesstoken|refreshtoken/;
const SECRET_WORDS = new Set(["pass", "pwd", "pw", "token", "tokens", "auth", "authorization", "creds", "cred", "cookie", "cookies", "signature", "salt", "otp", "dsn"]);
const KEY_WORDS = new Set(["key", "keys", "apikey", "secretkey", "accesskey", "privatekey", "signingkey", "masterkey", "sessionkey", "licensekey"]);
const NOT_SECRET_KEYS = new Set(["public", "primary", "foreign", "sort", "partition", "cache", "lookup", "idempotency", "dedup", "unique", "composite", "hash", "map", "row", "range", "shard", "routing", "object", "group", "react", "i18n", "translation", "message", "hot", "short", "shortcut", "keyboard", "press", "sign", "up", "down", "name"]);
/** Counters named like tokens that are not secrets (an LLM API's max_tokens, input_tokens, …). */
const NOT_SECRET_NAMES = /^(?:max|min|num|input|output|total|prompt|completion|cached|reasoning|remaining|used)[_-]?tokens?$|tokens?[_-]?(?:count|limit|usage|type|url|endpoint)$|^(?:session[_-]?id|session[_-]?title|auth[_-]?(?:type|method|mode|url|provider))$|_path$|_file$/i;

/** Every secret-sounding name has one of these letters runs: most names are rejected by this one test. */
const MAYBE_SECRET = /pas|pw|secret|token|key|auth|cred|cookie|sign|salt|otp|dsn/i;
/** Names repeat from request to request (the input's own field names): remember the answer for a bounded few. */
const nameMemo = new Map<string, boolean>();

export function isSecretName(name: string): boolean {
  if (!MAYBE_SECRET.test(name)) return false;
  let known = nameMemo.get(name);
  if (known === undefined) {
    if (nameMemo.size >= 2000) nameMemo.clear();
    nameMemo.set(name, (known = secretSounding(name)));
  }
  return known;
}

function secretSounding(name: string): boolean {
  if (name.length === 0 || name.length > 128 || NOT_SECRET_NAMES.test(name)) return false;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_.\-$:[\]]+/)
    .filter(Boolean);
  const joined = words.join("");
  if (SECRET_SUBSTRINGS.test(joined)) return true;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (SECRET_WORDS.has(w)) return true;
    if (KEY_WORDS.has(w) && !(i > 0 && NOT_SECRET_KEYS.has(words[i - 1]!)) && !(i + 1 < words.length && NOT_SECRET_KEYS.has(words[i + 1]!))) return true;
  }
  return false;
}

/**
 * Assignments, in the forms they take in shells, env files, YAML/INI, JSON and code. Group 1 is the name; the value
 * is in group 2 (quoted with ", group 3 with ', group 4 unquoted) — only the value is masked.
 */
const ASSIGNMENTS: readonly RegExp[] = [
  // env and shell: NAME=value, export NAME=value, --password=value; also inside a line (`;`, `&&`, a quote, a `:`
  // as in .npmrc's `//registry/:_authToken=…`)
  /(?:^|[\s;&|('"`,{:])(?:export\s{1,8}|set\s{1,8}|local\s{1,8}|declare\s{1,8}(?:-\w{1,4}\s{1,8})?|readonly\s{1,8}|\$env:)?(-{0,2}[A-Za-z_][A-Za-z0-9_.-]{0,127})=(?:"([^"\n]{1,4096})"|'([^'\n]{1,4096})'|([^\s'";&|)`,}]{1,4096}))/dg,
  // JSON, YAML, code with a quoted literal: "name": "value", name: 'value', apiKey = "value", key => 'value'
  /(?<![A-Za-z0-9_.$-])["']?([A-Za-z_$][A-Za-z0-9_.$-]{0,127})["']?\s{0,8}(?::|=>|:=|=|\?=)\s{0,8}(?:"((?:[^"\\\n]|\\.){1,4096})"|'((?:[^'\\\n]|\\.){1,4096})')/dg,
  // YAML, INI, .properties: one bare token to the end of the line
  /^[ \t]{0,64}([A-Za-z_][A-Za-z0-9_.-]{0,127})[ \t]{0,8}[:=][ \t]{0,8}()()([^\s"'()[\]{}<>,;]{1,4096})[ \t]{0,8}$/dgm,
];
/** A JSON-ish array under a secret name, inside text: "passwords": ["a", "b"] — masked whole. */
const ASSIGNED_ARRAY = /(?<![A-Za-z0-9_.$-])["']?([A-Za-z_$][A-Za-z0-9_.$-]{0,127})["']?\s{0,8}[:=]\s{0,8}(\[[^[\]\n]{0,4096}\])/dg;

function push(ranges: Range[], start: number, end: number) {
  if (end > start) ranges.push([start, end]);
}

/** Where in `text` the secrets are by hookgate's own detectors (ranges may overlap). */
function ownRanges(text: string): Range[] {
  const ranges: Range[] = [];
  mysqlPasswords(text, ranges);
  for (const re of TOKEN_PATTERNS) for (const m of text.matchAll(re)) push(ranges, m.index, m.index + m[0].length);
  for (const re of VALUE_PATTERNS)
    for (const m of text.matchAll(re)) {
      const r = group(m, 1) ?? group(m, 2);
      if (r) push(ranges, r[0], r[1]);
    }
  for (const re of ASSIGNMENTS)
    for (const m of text.matchAll(re)) {
      const g = m[2] ? 2 : m[3] ? 3 : 4;
      const r = group(m, g);
      if (r && m[g] && isSecretName(m[1]!) && !isPlaceholder(m[g]!)) push(ranges, r[0], r[1]);
    }
  for (const m of text.matchAll(ASSIGNED_ARRAY)) {
    const r = group(m, 2);
    if (r && isSecretName(m[1]!)) push(ranges, r[0], r[1]);
  }
  return ranges;
}

/**
 * The rule set scans at most this much text per masking call. Its patterns are bounded but not all cheap: the
 * worst measured here (GitHub app installation tokens, `ghs_1_` repeated) costs ~80 ms per 64 KiB on this
 * machine, so 16 KiB keeps it near 20 ms; hookgate's own detectors scan all of MASK_SCAN_LIMITS.
 */
export const RULE_SET_BUDGET = 16 * 1024;
/** Text the rule set can find something in: every token it knows has a run of 16 token characters. */
const TOKENISH = /[A-Za-z0-9_\-+/=.:@%~]{16}/;

/** A value that only refers to a secret (`$DB_PASSWORD`, `${{ secrets.X }}`, `<password>`) is not one. */
const isPlaceholder = (v: string) => /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\{\{[^}]*\}\}|<[^>]*>|\*+|x+|\.\.\.|…|true|false|null|none|undefined)$/i.test(v);

/** `text` with every range replaced by MASK (overlapping ranges merged). */
function applyRanges(text: string, ranges: Range[]): string {
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  let i = 0;
  while (i < ranges.length) {
    let [start, end] = ranges[i]!;
    while (++i < ranges.length && ranges[i]![0] <= end) end = Math.max(end, ranges[i]![1]);
    if (start < at) start = at;
    out += text.slice(at, start) + MASK;
    at = end;
  }
  return out + text.slice(at);
}

/** One string masked (capped first to MASK_SCAN_LIMITS.maxString). */
export function maskText(text: string): string {
  return maskMany([capText(text, MASK_SCAN_LIMITS.maxString)], [true])[0]!;
}

const SEP = "\n\u0000\n";
/**
 * Scan the strings `which` of `texts` joined (with a separator no detector matches across: a NUL between newlines),
 * at most `budget` characters of them, and add each range found to the string it starts in (clipped to it: a key
 * block with no END never masks the next string). One pass per detector over all the text, instead of one per string.
 */
function scanJoined(texts: readonly string[], which: readonly number[], budget: number, scan: (s: string) => Range[], out: Range[][]) {
  const starts: number[] = [];
  const owners: number[] = [];
  let joined = "";
  for (const i of which) {
    if (joined.length >= budget) break;
    starts.push(joined.length);
    owners.push(i);
    joined += texts[i]!.slice(0, budget - joined.length) + SEP;
  }
  if (owners.length === 0) return;
  const ranges = scan(joined).sort((a, b) => a[0] - b[0]);
  let k = 0;
  for (const [s, e] of ranges) {
    while (k + 1 < starts.length && starts[k + 1]! <= s) k++;
    const t = texts[owners[k]!]!;
    const from = s - starts[k]!;
    const to = Math.min(e - starts[k]!, t.length);
    if (to > from) out[owners[k]!]!.push([from, to]);
  }
}

/** Many strings masked: hookgate's detectors on all of them, the rule set on those that could hold a token. */
function maskMany(texts: string[], ruleSet: readonly boolean[]): string[] {
  if (texts.length === 0) return texts;
  const perText: Range[][] = texts.map(() => []);
  const all = texts.map((_, i) => i);
  scanJoined(texts, all, Infinity, ownRanges, perText);
  const candidates = all.filter((i) => ruleSet[i] && TOKENISH.test(texts[i]!));
  scanJoined(texts, candidates, RULE_SET_BUDGET, secretRuleSetRanges, perText);
  return texts.map((t, i) => applyRanges(t, perText[i]!));
}

/** A maskFields path, split: `*` matches any one segment (an array index or an object key). */
const splitPath = (p: string) => p.split(".");
function fieldMatches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length !== path.length) return false;
  for (let i = 0; i < pattern.length; i++) if (pattern[i] !== "*" && pattern[i] !== path[i]) return false;
  return true;
}

const MAX_DEPTH = 64;
const STRUCTURAL = new Set(["session_id", "transcript_path", "cwd", "hook_event_name", "tool_name", "tool_use_id", "permission_mode", "agent_id", "agent_type", "agent_transcript_path"]);

/**
 * A copy of `value` with secret-looking strings, secret-named keys (their whole value, arrays and objects
 * included) and the policy's `maskFields` paths (`*` = any one segment) masked. Not capped: see maskForExport.
 */
export function maskSecrets(value: unknown, maskFields: readonly string[] = []): unknown {
  const fields = maskFields.map(splitPath);
  const texts: string[] = [];
  const ruleSet: boolean[] = [];
  const slots: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const path: string[] = [];
  const root: { v: unknown } = { v: undefined };
  const visit = (v: unknown, parent: Record<string, unknown> | unknown[], key: string | number, depth: number) => {
    const set = (x: unknown) => ((parent as Record<string | number, unknown>)[key] = x);
    if (fields.length > 0 && fields.some((f) => fieldMatches(f, path))) return set(MASK);
    if (typeof v === "string") {
      set(v);
      texts.push(v);
      // The input's own bookkeeping fields (ids, paths, names) get hookgate's detectors only: they are on every
      // request, and the rule set's cost is better spent on commands, file contents, prompts and tool output.
      ruleSet.push(!(path.length === 1 && STRUCTURAL.has(path[0]!)));
      slots.push({ parent, key });
      return;
    }
    if (typeof v !== "object" || v === null) return set(v);
    if (depth >= MAX_DEPTH) return set("[too deep]");
    if (Array.isArray(v)) {
      const out: unknown[] = new Array(v.length);
      set(out);
      v.forEach((x, i) => {
        path.push(String(i));
        visit(x, out, i, depth + 1);
        path.pop();
      });
      return;
    }
    const out: Record<string, unknown> = {};
    set(out);
    for (const [k, x] of Object.entries(v)) {
      path.push(k);
      // A secret-named key hides its whole value: a string, a number, an array or an object of secrets.
      if (isSecretName(k) && x !== null && typeof x !== "boolean" && !(typeof x === "string" && x.length === 0)) out[k] = MASK;
      else visit(x, out, k, depth + 1);
      path.pop();
    }
  };
  visit(value, root as unknown as Record<string, unknown>, "v", 0);
  const masked = maskMany(texts, ruleSet);
  slots.forEach((s, i) => ((s.parent as Record<string | number, unknown>)[s.key] = masked[i]));
  return root.v;
}

/** The value as it may leave the request: capped to MASK_SCAN_LIMITS, then masked. */
export function maskForExport(value: unknown, maskFields: readonly string[] = []): unknown {
  return maskSecrets(capValue(value, MASK_SCAN_LIMITS).value, maskFields);
}
