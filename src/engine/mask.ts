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
 * Masking runs on request data, so its cost is bounded by what is kept: the value is cut to the caps of where it
 * goes first (the decision log's DECISION_INPUT_LIMITS, or MASK_SCAN_LIMITS for a judge or a forward), and each cut
 * string is scanned only to its cut plus CUT_MARGIN — see "Cut, then masked" below for why nothing that straddles
 * the cut leaks. All the strings of a value are scanned together in one pass per detector, and no pattern here can
 * backtrack more than a bounded window from where it starts (bounded quantifiers, no nested unbounded repetition;
 * test/engine/mask.test.ts times every detector on hostile input).
 */
import { DECISION_INPUT_LIMITS, depthMarker, entriesMarker, isEntriesMarker, isMarkerOnly, keptLength, truncationMarker, type CapLimits } from "./cap";
import { secretRuleSetRanges } from "./secretRuleSet";

export { DECISION_INPUT_LIMITS };
export const MASK = "[masked]";

/**
 * The caps of what a judge's prompt and a forwarded body carry: each string up to 32 KiB, 128 KiB across the whole
 * value, 1,000 entries per array/object, 64 levels; whatever is past the caps is cut (with a
 * `…[truncated by hookgate: N chars]` marker) and never judged or forwarded. (The decision log keeps less:
 * DECISION_INPUT_LIMITS, maskForExport's default.)
 */
export const MASK_SCAN_LIMITS: CapLimits = Object.freeze({ maxString: 32 * 1024, maxTotal: 128 * 1024, maxEntries: 1000, maxDepth: 64 });

/**
 * How far past its cut a cut string is still scanned. More than the longest span of every detector here whose
 * match may hold whitespace or quotes before the secret ends (URL credentials ≤ 538 characters, `curl -u` ≤ 791,
 * the rule set's database URLs ≤ 1,020, `mysql -p` 259, the head of an assignment ≤ 161): such a match that starts
 * before the cut ends inside the window, and is found as it is in the whole string. What can run on further is
 * handled at the window's end (see tailRanges).
 */
export const CUT_MARGIN = 2048;

type Range = [start: number, end: number];

/** The span of a capture group (the `d` flag's indices). */
const group = (m: RegExpMatchArray, g: number): Range | undefined => (m.indices?.[g] as Range | undefined) ?? undefined;

/** Token shapes of our own. Every match is masked whole. */
/**
 * Private key blocks, PEM/OpenSSH/PGP (`-----BEGIN PGP PRIVATE KEY BLOCK-----`), up to their END or the end of the
 * string (of the window, for a cut string: a block whose END is past the cut runs to the cut). Scanned string by
 * string, never across the joined strings: a block without its END must neither mask the next string nor run on
 * to a later END and hide the blocks in between.
 */
const PRIVATE_KEY_BLOCK = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g;

/**
 * A detector: a pattern and literals one of which is in every text it matches (lower-cased for an `i` pattern,
 * which without the `u` flag matches ASCII letters only by ASCII letters). A text with none of them is not
 * scanned: `includes` is a fraction of the cost of running the pattern, and most strings hold none.
 */
interface Detector {
  re: RegExp;
  anyOf: readonly string[];
}

const TOKEN_PATTERNS: readonly Detector[] = [
  { re: /\bhga?_[0-9A-Za-z_-]{16,}/g, anyOf: ["hg"] }, // hookgate's own tokens: team (hg_…) and admin (hga_…)
  { re: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[0-9A-Z]{16}\b/g, anyOf: ["AKIA", "ASIA", "ABIA", "ACCA", "A3T"] }, // AWS access key id
  { re: /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{8,}/g, anyOf: ["_live_", "_test_"] }, // Stripe
  { re: /\bsk-(?:ant-|proj-|svcacct-|admin-)?[0-9A-Za-z_-]{20,}/g, anyOf: ["sk-"] }, // Anthropic / OpenAI keys
  { re: /\bgh[pousr]_[0-9A-Za-z]{20,}/g, anyOf: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"] }, // GitHub tokens
  { re: /\bgithub_pat_[0-9A-Za-z_]{20,}/g, anyOf: ["github_pat_"] },
  { re: /\bglpat-[0-9A-Za-z_-]{16,}/g, anyOf: ["glpat-"] }, // GitLab personal access token
  { re: /\bgl(?:dt|ptt|rt|cbt|imt|agent|oas|soat|ffct)-[0-9A-Za-z_-]{16,}/g, anyOf: ["gl"] }, // other GitLab tokens
  { re: /\bxox[abposre]-[0-9A-Za-z-]{10,}/g, anyOf: ["xox"] }, // Slack
  { re: /\bAIza[0-9A-Za-z_-]{35}\b/g, anyOf: ["AIza"] }, // Google API key
  { re: /\bya29\.[0-9A-Za-z_-]{20,}/g, anyOf: ["ya29."] }, // Google OAuth access token
  { re: /\beyJ[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}\.[0-9A-Za-z_-]{8,}/g, anyOf: ["eyJ"] }, // JWT
  { re: /\bnpm_[0-9A-Za-z]{30,}/g, anyOf: ["npm_"] }, // npm
  { re: /\bSG\.[0-9A-Za-z_-]{16,}\.[0-9A-Za-z_-]{16,}/g, anyOf: ["SG."] }, // SendGrid
  { re: /\bhf_[0-9A-Za-z]{30,}/g, anyOf: ["hf_"] }, // Hugging Face
];

/**
 * Patterns whose group 1 (or, where it did not take part, group 2) is the secret; the rest (a name, a scheme, a user)
 * is kept for the reader.
 */
const VALUE_PATTERNS: readonly Detector[] = [
  // Authorization: any scheme (Bearer, Basic, token, Digest, …); the credentials to the end of the value.
  // (a bare value must look like a credential, one word of 8+ characters: prose after "authorization:" is not one)
  {
    re: /\b(?:proxy-)?authori[sz]ation["']?\s{0,8}[:=]\s{0,8}["']?(?:(?:bearer|basic|token|digest|negotiate|ntlm|apikey|api-key|key|aws4-hmac-sha256|splunk|sso-key|otp)\s{1,8}([^\s"'][^\r\n"']{0,4095})|([^\s"',;]{8,4096})(?=["'\s,;]|$))/dgi,
    anyOf: ["authori"],
  },
  { re: /\bbearer\s{1,8}([0-9A-Za-z._~+/=-]{8,})/dgi, anyOf: ["bearer"] },
  // URL credentials: scheme://user:password@host (the last `@` ends the password)
  { re: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/?#@"'<>]{0,256}:([^\s/?#"'<>]{1,256})@/dgi, anyOf: ["://"] },
  // curl/wget/http clients: -u user:password, --user user:password, --user=user:password
  // (not `-u 1000:1000`, a uid:gid)
  { re: /(?:^|[\s"'])(?:-u|--user|--proxy-user)(?:\s{1,8}|=)["']?(?!\d{1,10}:\d{1,10}(?:[\s"']|$))[^\s"':]{1,256}:([^\s"']{1,512})/dg, anyOf: ["-u"] },
];

/** The detectors and their prefilter, for the test that the literals are in every match (test/engine/maskDetectors.test.ts). */
export const DETECTORS_FOR_TEST = {
  detectors: () => [...TOKEN_PATTERNS, ...VALUE_PATTERNS],
  mayMatch: (d: Detector, t: string) => mayMatch(d, t, () => t.toLowerCase()),
  anyLiteral: (t: string) => ANY_LITERAL.test(t),
};

/**
 * One pass for all the detectors' literals (case-insensitive: a superset for the case-sensitive ones): text with
 * none of them needs no detector at all, which is most text, and saves asking each detector's literals in turn.
 */
const ANY_LITERAL = new RegExp(
  [...TOKEN_PATTERNS, ...VALUE_PATTERNS].flatMap((d) => d.anyOf.map((l) => l.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"))).join("|"),
  "i",
);

/** Whether a detector could match `text` (`lower`: the text lower-cased, made once per text when needed). */
function mayMatch(d: Detector, text: string, lower: () => string): boolean {
  const t = d.re.ignoreCase ? lower() : text;
  for (const literal of d.anyOf) if (t.includes(literal)) return true;
  return false;
}

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

/** A value's closing quote or bracket; in the open variant (a cut string's window), the end of the text closes it too. */
const closing = (q: string, open: boolean, escapes = false) => (open ? `(?:${q}|${escapes ? "\\\\?" : ""}$)` : q);
const BT = "`";
/**
 * Assignments, in the forms they take in shells, env files, YAML/INI, JSON and code, and a JSON-ish array under a
 * name; `open` gives the variants whose quoted values may also end at the end of the text (tailRanges).
 */
function assignmentPatterns(open: boolean): { assignments: readonly RegExp[]; array: RegExp } {
  return {
    // Group 1 is the name; the value is in group 2 (quoted with ", group 3 with ', group 4 unquoted) — only the
    // value is masked.
    assignments: [
      // env and shell: NAME=value, export NAME=value, --password=value; also inside a line (`;`, `&&`, a quote, a
      // `:` as in .npmrc's `//registry/:_authToken=…`)
      new RegExp(
        String.raw`(?:^|[\s;&|('"` + BT + String.raw`,{:])(?:export\s{1,8}|set\s{1,8}|local\s{1,8}|declare\s{1,8}(?:-\w{1,4}\s{1,8})?|readonly\s{1,8}|\$env:)?(-{0,2}[A-Za-z_][A-Za-z0-9_.-]{0,127})=(?:"([^"\n]{1,4096})` +
          closing('"', open) + String.raw`|'([^'\n]{1,4096})` + closing("'", open) + String.raw`|([^\s'";&|)` + BT + ",}]{1,4096}))",
        "dg",
      ),
      // JSON, YAML, code with a quoted literal: "name": "value", name: 'value', apiKey = "value", key => 'value'
      new RegExp(
        String.raw`(?<![A-Za-z0-9_.$-])["']?([A-Za-z_$][A-Za-z0-9_.$-]{0,127})["']?\s{0,8}(?::|=>|:=|=|\?=)\s{0,8}(?:"((?:[^"\\\n]|\\.){1,4096})` +
          closing('"', open, true) + String.raw`|'((?:[^'\\\n]|\\.){1,4096})` + closing("'", open, true) + ")",
        "dg",
      ),
      // YAML, INI, .properties: one bare token to the end of the line (the same in both variants: at the end of
      // a window, `$` is the end of the text)
      /^[ \t]{0,64}([A-Za-z_][A-Za-z0-9_.-]{0,127})[ \t]{0,8}[:=][ \t]{0,8}()()([^\s"'()[\]{}<>,;]{1,4096})[ \t]{0,8}$/dgm,
    ],
    // A JSON-ish array under a secret name, inside text: "passwords": ["a", "b"] — masked whole.
    array: new RegExp(
      `${String.raw`(?<![A-Za-z0-9_.$-])["']?([A-Za-z_$][A-Za-z0-9_.$-]{0,127})["']?\s{0,8}[:=]\s{0,8}(\[[^[\]\n]{0,4096}`}${closing(String.raw`\]`, open)})`,
      "dg",
    ),
  };
}
const CLOSED = assignmentPatterns(false);
const OPEN = assignmentPatterns(true);

function push(ranges: Range[], start: number, end: number) {
  if (end > start) ranges.push([start, end]);
}

/**
 * Where in `text` the secrets are by hookgate's shapes and values (ranges may overlap): everything but private key
 * blocks (keyBlockRanges) and assignments (assignmentRanges), which are scanned apart for a cut string's window.
 */
function shapeRanges(text: string): Range[] {
  const ranges: Range[] = [];
  mysqlPasswords(text, ranges);
  if (!ANY_LITERAL.test(text)) return ranges;
  let lowered: string | undefined;
  const lower = () => (lowered ??= text.toLowerCase());
  for (const d of TOKEN_PATTERNS) {
    if (!mayMatch(d, text, lower)) continue;
    for (const m of text.matchAll(d.re)) push(ranges, m.index, m.index + m[0].length);
  }
  for (const d of VALUE_PATTERNS) {
    if (!mayMatch(d, text, lower)) continue;
    for (const m of text.matchAll(d.re)) {
      const r = group(m, 1) ?? group(m, 2);
      if (r) push(ranges, r[0], r[1]);
    }
  }
  return ranges;
}

/**
 * Values assigned to secret names. `open`: `text` is a cut string's window, which the string goes on past; the
 * open variants then also take a quoted value or an array that runs to the end of the text, such a value is masked
 * even if what the window shows of it looks like a placeholder (`$HOME` of `$HOME/pw`), and a match that runs to
 * the end unmasked (not a secret name) does not hide the matches that start inside it: the scan goes on from
 * the character after its start, as it would in the whole string, where that match may not exist.
 */
function assignmentRanges(text: string, open: boolean, ranges: Range[] = []): Range[] {
  const { assignments, array } = open ? OPEN : CLOSED;
  const runsOn = (r: Range) => open && r[1] === text.length;
  const each = (re: RegExp, take: (m: RegExpExecArray) => boolean) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) re.lastIndex++;
      else if (!take(m) && open && m.index + m[0].length === text.length) re.lastIndex = m.index + 1;
    }
  };
  // Every assignment has a `=` or a `:` and every array a `[`: text without them is not scanned. And only a
  // secret-sounding name's value is masked (isSecretName), every such name holds a MAYBE_SECRET run, and the name is
  // part of the text: text without one has nothing here to mask (most code and prose; scanning 6 KiB of code for
  // assignments cost ~0.5 ms, bench/ "1 MB Write").
  if ((!text.includes("=") && !text.includes(":")) || !MAYBE_SECRET.test(text)) return ranges;
  for (const re of assignments)
    each(re, (m) => {
      const g = m[2] ? 2 : m[3] ? 3 : 4;
      const r = group(m, g);
      if (!(r && m[g] && isSecretName(m[1]!) && (runsOn(r) || !isPlaceholder(m[g]!)))) return false;
      // (an open value that runs to the end with a trailing `\` of an escape cut in two: masked to the end)
      push(ranges, r[0], runsOn([r[0], m.index + m[0].length]) ? text.length : r[1]);
      return true;
    });
  if (text.includes("["))
    each(array, (m) => {
      const r = group(m, 2);
      if (!(r && isSecretName(m[1]!))) return false;
      push(ranges, r[0], r[1]);
      return true;
    });
  return ranges;
}

/** Private key blocks in one string (or window): each to its END, or to the end of the text. */
function keyBlockRanges(text: string, ranges: Range[]) {
  if (!text.includes("-----BEGIN ")) return;
  for (const m of text.matchAll(PRIVATE_KEY_BLOCK)) push(ranges, m.index, m.index + m[0].length);
}

/**
 * The rule set scans at most this much text per masking call. Its patterns are bounded but not all cheap: the
 * worst measured here (GitHub app installation tokens, `ghs_1_` repeated) costs ~80 ms per 64 KiB on this
 * machine, so 16 KiB keeps it near 20 ms; hookgate's own detectors scan everything that is kept (and each cut
 * string's CUT_MARGIN).
 */
export const RULE_SET_BUDGET = 16 * 1024;

/** Token characters: every token the rule set knows has a run of 16 of them. */
const TOKEN_CHAR = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+/=.:@%~") TOKEN_CHAR[c.charCodeAt(0)] = 1;
/** Text the rule set can find something in (one pass, where a regex `[…]{16}` retries 16 characters at each one). */
function tokenish(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && TOKEN_CHAR[c] === 1) {
      if (++run >= 16) return true;
    } else run = 0;
  }
  return false;
}

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

// ---------------------------------------------------------------------------------------------- cut, then masked
//
// A string longer than what is kept is not masked whole and then cut: only its first `keep` characters stay (then
// the `…[truncated by hookgate: N chars]` marker), and only those and CUT_MARGIN more — its window — are scanned. A
// secret that straddles the cut must not leak in part, so what the detectors find in the window is masked up to the
// cut, and where the window ends inside something that may go on past it (tailRanges):
//
// - a private key block whose END is past the window runs to the window's end (keyBlockRanges: `$`);
// - the run of characters other than whitespace and quotes that reaches the window's end, if it began before the
//   cut, is masked from its start to the cut: every token shape (here or in the rule set), a URL credential, a bare
//   assigned value, a JWT or a SendGrid key cut before its last segment has no whitespace or quote in it, so a
//   prefix that no longer has its shape is masked anyway;
// - a quoted value or an array under a secret name whose closing quote or bracket is past the window's end: a cut
//   window gets the open variants of the assignment patterns (the end of the text closes a quote too:
//   assignmentPatterns(true)), such a value is not a placeholder whatever its prefix looks like, and an open match
//   that is not masked does not hide what starts inside it (assignmentRanges);
// - `mysql -pPW`: a -p in the window's last command (no newline, `;`, `|` or `&` before its end) is masked even if
//   the `mysql` of that command is past the window.
//
// Every other detector's match either has a bounded span shorter than CUT_MARGIN (so one that starts before the
// cut ends inside the window, and the window shows it as the whole string does) or reaches the window's end only
// through one of the runs above. test/engine/maskCut.test.ts checks each shape at each cap the code uses, and a
// property test compares what is masked before the cut with masking the whole string.

/** One string of a value as it is masked. */
interface Piece {
  /** What is scanned: the whole string, or (cut) its first `keep` characters and up to CUT_MARGIN more. */
  window: string;
  /** Characters of the string kept: window.length for a string kept whole. */
  keep: number;
  /** The string goes on past the window: something found at its end may run on. */
  open: boolean;
  /** The string's length (for the marker) and whether it was cut. */
  length: number;
  cut: boolean;
  /** The rule set scans it (not the input's own bookkeeping fields). */
  ruleSet: boolean;
}

/** `text` as a piece: whole if it fits in `max` (marker included), else cut to it. */
function pieceOf(text: string, max: number, ruleSet: boolean): Piece {
  if (text.length <= max) return { window: text, keep: text.length, open: false, length: text.length, cut: false, ruleSet };
  const keep = keptLength(text, max);
  // Nothing kept (only the marker): nothing to scan.
  const window = keep === 0 ? "" : text.slice(0, keep + CUT_MARGIN);
  return { window, keep, open: keep > 0 && window.length < text.length, length: text.length, cut: true, ruleSet };
}

const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
/** Where the run of characters other than whitespace, `"` and `'` that ends at the end of `text` begins. */
function trailingRunStart(text: string): number {
  let i = text.length;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (isSpace(c) || c === 34 || c === 39) break;
    i--;
  }
  return i;
}
const COMMAND_END = /[\n;|&]/g;

/** What may run on past the end of a cut string's window (see "cut, then masked" above). */
function tailRanges(p: Piece, ranges: Range[]) {
  const w = p.window;
  const run = trailingRunStart(w);
  if (run < p.keep) push(ranges, run, p.keep);
  let last = -1;
  for (const m of w.matchAll(COMMAND_END)) last = m.index;
  if (last + 1 < p.keep) {
    const from = last + 1;
    for (const m of w.slice(from).matchAll(MYSQL_P)) {
      const r = group(m, 1)!;
      push(ranges, from + r[0], from + r[1]);
    }
  }
}

const SEP = "\n\u0000\n";
/**
 * Scan the windows of the pieces `which` joined (with a separator no detector matches across: a NUL between
 * newlines), at most `budget` characters of them, and add each range found to the piece it starts in (clipped to
 * it). One pass per detector over all the text, instead of one per string. `scan` gets the offsets where an open
 * piece's window ends.
 */
function scanJoined(pieces: readonly Piece[], which: readonly number[], budget: number, scan: (s: string) => Range[], out: Range[][]) {
  const starts: number[] = [];
  const owners: number[] = [];
  let joined = "";
  for (const i of which) {
    if (joined.length >= budget) break;
    const w = pieces[i]!.window;
    if (w.length === 0) continue;
    starts.push(joined.length);
    owners.push(i);
    joined += (w.length <= budget - joined.length ? w : w.slice(0, budget - joined.length)) + SEP;
  }
  if (owners.length === 0) return;
  const ranges = scan(joined).sort((a, b) => a[0] - b[0]);
  let k = 0;
  for (const [s, e] of ranges) {
    while (k + 1 < starts.length && starts[k + 1]! <= s) k++;
    const from = s - starts[k]!;
    const to = Math.min(e - starts[k]!, pieces[owners[k]!]!.window.length);
    if (to > from) out[owners[k]!]!.push([from, to]);
  }
}

/**
 * The ranges to mask in each piece, within what it keeps: hookgate's detectors on all of them, the rule set on
 * those that could hold a token, private key blocks string by string, and a cut string's tail.
 */
function pieceRanges(pieces: readonly Piece[]): Range[][] {
  const perPiece: Range[][] = pieces.map(() => []);
  if (pieces.length === 0) return perPiece;
  const all = pieces.map((_, i) => i);
  scanJoined(pieces, all, Infinity, shapeRanges, perPiece);
  // Assignments: joined for the strings scanned whole; a cut string's window alone, with the open variants.
  scanJoined(pieces, all.filter((i) => !pieces[i]!.open), Infinity, (t) => assignmentRanges(t, false), perPiece);
  const candidates = all.filter((i) => pieces[i]!.ruleSet && tokenish(pieces[i]!.window));
  scanJoined(pieces, candidates, RULE_SET_BUDGET, secretRuleSetRanges, perPiece);
  pieces.forEach((p, i) => {
    keyBlockRanges(p.window, perPiece[i]!);
    if (p.open) {
      assignmentRanges(p.window, true, perPiece[i]!);
      tailRanges(p, perPiece[i]!);
    }
  });
  return perPiece.map((ranges, i) => {
    const keep = pieces[i]!.keep;
    const kept: Range[] = [];
    for (const [s, e] of ranges) if (s < keep) kept.push([s, Math.min(e, keep)]);
    return kept;
  });
}

/**
 * A piece as it is kept: masked, then (cut) its marker. If masking made it longer than `max` (a short secret
 * becomes MASK), the masked text is cut again, the marker still saying how long the string was.
 */
function finish(p: Piece, ranges: Range[], max: number): string {
  const masked = applyRanges(p.keep === p.window.length ? p.window : p.window.slice(0, p.keep), ranges);
  if (!p.cut && masked.length <= max) return masked;
  const whole = p.cut ? masked + truncationMarker(p.length) : masked;
  if (whole.length <= max) return whole;
  return masked.slice(0, keptLength(masked, max, p.length)) + truncationMarker(p.length);
}

/** Masked strings, each cut to its max first (marker included): the building block of maskText and maskForExport. */
function maskStrings(texts: readonly string[], max: number, ruleSet: readonly boolean[]): string[] {
  const pieces = texts.map((t, i) => pieceOf(t, max, ruleSet[i] ?? true));
  const ranges = pieceRanges(pieces);
  return pieces.map((p, i) => finish(p, ranges[i]!, max));
}

/** One string masked, cut first to `max` characters (MASK_SCAN_LIMITS.maxString unless told). */
export function maskText(text: string, max = MASK_SCAN_LIMITS.maxString): string {
  return maskStrings([text], max, [true])[0]!;
}

/**
 * For tests: the ranges masked in `text` kept to `keep` characters (scanning its window only), or in the whole of it.
 * A cut string's ranges end at most at `keep`.
 */
export function maskedRanges(text: string, keep?: number): Range[] {
  const piece: Piece =
    keep === undefined || keep >= text.length
      ? { window: text, keep: text.length, open: false, length: text.length, cut: false, ruleSet: true }
      : { window: text.slice(0, keep + CUT_MARGIN), keep, open: keep + CUT_MARGIN < text.length, length: text.length, cut: true, ruleSet: true };
  return pieceRanges([piece])[0]!;
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
const UNCAPPED: CapLimits = { maxString: Infinity, maxTotal: Infinity, maxEntries: Infinity, maxDepth: MAX_DEPTH };

/**
 * A copy of `value` with secret-looking strings, secret-named keys (their whole value, arrays and objects
 * included) and the policy's `maskFields` paths (`*` = any one segment) masked. Not capped: see maskForExport.
 */
export function maskSecrets(value: unknown, maskFields: readonly string[] = []): unknown {
  return capAndMask(value, maskFields, UNCAPPED, false);
}

/**
 * The value as it may leave the request: cut to `limits` (the decision log's DECISION_INPUT_LIMITS unless told;
 * MASK_SCAN_LIMITS for a judge or a forward), then masked — its cost bounded by what is kept (see "cut, then
 * masked"). Within `limits` as capValue counts them, so capping it again to the same limits changes nothing.
 */
export function maskForExport(value: unknown, maskFields: readonly string[] = [], limits: CapLimits = DECISION_INPUT_LIMITS): unknown {
  return capAndMask(value, maskFields, limits, true);
}

/**
 * maskForExport once per input: what a request's judges and forwards share (same caps, same maskFields, same
 * input object: the same output), instead of masking the input again for each handler. Hold it for one request.
 */
export function maskOnce(maskFields: readonly string[], limits: CapLimits): (input: unknown) => unknown {
  let last: { input: unknown; masked: unknown } | undefined;
  return (input) => {
    if (last === undefined || last.input !== input) last = { input, masked: maskForExport(input, maskFields, limits) };
    return last.masked;
  };
}

/**
 * One walk with capValue's rules (same cuts, same markers, same budget: keys, strings and markers counted in
 * order), masking what it keeps. `capped` false: nothing is cut (maskSecrets), too deep is "[too deep]".
 *
 * Strings are collected first and masked together (pieceRanges), then put in place in the order they were met,
 * the budget counted again on what masking made of them.
 */
function capAndMask(value: unknown, maskFields: readonly string[], limits: CapLimits, capped: boolean): unknown {
  const fields = maskFields.map(splitPath);
  const maxDepth = Math.min(limits.maxDepth, MAX_DEPTH);
  const pieces: Piece[] = [];
  /** What the output holds, in order: a string of fixed length (a key, a marker, MASK) or a piece to place. */
  const ledger: ({ fixed: number } | { piece: number; parent: Record<string, unknown> | unknown[]; key: string | number })[] = [];
  const path: string[] = [];
  let budget = limits.maxTotal;
  const fixed = (s: string) => {
    budget -= s.length;
    ledger.push({ fixed: s.length });
    return s;
  };
  const allowed = () => Math.min(limits.maxString, Math.max(0, budget));
  const root: { v: unknown } = { v: undefined };
  const visit = (v: unknown, parent: Record<string, unknown> | unknown[], key: string | number, depth: number) => {
    const set = (x: unknown) => ((parent as Record<string | number, unknown>)[key] = x);
    if (fields.length > 0 && fields.some((f) => fieldMatches(f, path))) return set(fixed(MASK));
    if (typeof v === "string") {
      if (isMarkerOnly(v)) return set(fixed(v));
      // The input's own bookkeeping fields (ids, paths, names) get hookgate's detectors only: they are on every
      // request, and the rule set's cost is better spent on commands, file contents, prompts and tool output.
      const p = pieceOf(v, allowed(), !(path.length === 1 && STRUCTURAL.has(path[0]!)));
      budget -= p.cut ? p.keep + truncationMarker(p.length).length : p.length;
      ledger.push({ piece: pieces.length, parent, key });
      pieces.push(p);
      return set(undefined);
    }
    if (typeof v !== "object" || v === null) return set(v);
    if (depth >= maxDepth) return set(capped ? fixed(depthMarker(limits.maxDepth)) : "[too deep]");
    if (Array.isArray(v)) {
      const n = Math.min(v.length, limits.maxEntries);
      const out: unknown[] = new Array(n);
      set(out);
      for (let i = 0; i < n; i++) {
        path.push(String(i));
        visit(v[i], out, i, depth + 1);
        path.pop();
      }
      if (v.length > n) out.push(fixed(v.length === n + 1 && isEntriesMarker(v[n]) ? (v[n] as string) : entriesMarker(v.length)));
      return;
    }
    const out: Record<string, unknown> = {};
    set(out);
    let n = 0;
    let total = 0;
    let earlier: string | undefined;
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      total++;
      const x = (v as Record<string, unknown>)[k];
      if (capped && k === "…" && isEntriesMarker(x)) {
        earlier = x as string;
        continue;
      }
      if (n >= limits.maxEntries) continue;
      n++;
      // The key as capValue keeps it (keys are counted, cut, not masked); names and paths are the input's own.
      const outKey = fixed(capKey(k, allowed()));
      path.push(k);
      // A secret-named key hides its whole value: a string, a number, an array or an object of secrets.
      if ((isSecretName(k) || (outKey !== k && isSecretName(outKey))) && x !== null && typeof x !== "boolean" && !(typeof x === "string" && x.length === 0))
        out[outKey] = fixed(MASK);
      else visit(x, out, outKey, depth + 1);
      path.pop();
    }
    const marker = total > n + (earlier === undefined ? 0 : 1) ? entriesMarker(total) : earlier;
    if (marker !== undefined) {
      fixed("…");
      out["…"] = fixed(marker);
    }
  };
  visit(value, root as unknown as Record<string, unknown>, "v", 0);
  const ranges = pieceRanges(pieces);
  // Put each string in place, the budget counted again on what it became (masking changes lengths).
  budget = limits.maxTotal;
  for (const item of ledger) {
    if ("fixed" in item) budget -= item.fixed;
    else {
      const s = finish(pieces[item.piece]!, ranges[item.piece]!, allowed());
      budget -= s.length;
      (item.parent as Record<string | number, unknown>)[item.key] = s;
    }
  }
  return root.v;
}

/** A key cut as capValue cuts it (a marker key stays). */
const capKey = (k: string, max: number) => (isMarkerOnly(k) || k.length <= max ? k : k.slice(0, keptLength(k, max)) + truncationMarker(k.length));
