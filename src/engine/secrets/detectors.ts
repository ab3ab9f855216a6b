/**
 * Where the secrets are in a text: hookgate's own token shapes and private key blocks, values assigned to
 * secret-sounding names, `mysql -p…`, and the maintained rule set (secretRuleSet.ts) on token-like text; each
 * finds ranges, and applyRanges masks them (see mask.ts for what counts as a secret and why).
 */
import { TOKEN_SHAPES, type Detector } from "./tokenShapes";

export const MASK = "[masked]";

export type Range = [start: number, end: number];

/** The span of a capture group (the `d` flag's indices). */
export const group = (m: RegExpMatchArray, g: number): Range | undefined => (m.indices?.[g] as Range | undefined) ?? undefined;

/**
 * Private key blocks, PEM/OpenSSH/PGP (`-----BEGIN PGP PRIVATE KEY BLOCK-----`), up to their END or the end of the
 * string (of the window, for a cut string: a block whose END is past the cut runs to the cut). Scanned string by
 * string, never across the joined strings: a block without its END must neither mask the next string nor run on
 * to a later END and hide the blocks in between.
 */
const PRIVATE_KEY_BLOCK = /-----BEGIN[^\S\n](?:[A-Z0-9]|[^\S\n]){0,40}PRIVATE[^\S\n]+KEY(?:[^\S\n]+BLOCK)?-----[\s\S]*?(?:-----END[^\S\n](?:[A-Z0-9]|[^\S\n]){0,40}PRIVATE[^\S\n]+KEY(?:[^\S\n]+BLOCK)?-----|$)/g;

/** Token shapes of our own (tokenShapes.ts, shared with the `secrets` condition). Every match is masked whole. */
const TOKEN_PATTERNS: readonly Detector[] = TOKEN_SHAPES.flatMap((s) => s.mask ?? []);

/** URL credentials: scheme://user:password@host (the last `@` ends the password, group 1). */
const URL_CREDENTIALS: Detector = { re: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/?#@"'<>]{0,256}:([^\s/?#"'<>]{1,256})@/dgi, anyOf: ["://"] };

/** The passwords of the URLs in `text` with their users: what the masker masks as URL credentials. */
export function urlPasswords(text: string): { user: string; password: string }[] {
  if (!text.includes("://")) return [];
  const found: { user: string; password: string }[] = [];
  for (const m of text.matchAll(URL_CREDENTIALS.re)) {
    const userStart = m.index + m[0].indexOf("://") + 3;
    found.push({ user: text.slice(userStart, group(m, 1)![0] - 1), password: m[1]! });
  }
  return found;
}

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
  URL_CREDENTIALS,
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
export const MYSQL_P = /(?:^|\s)-p([^\s'"-][^\s'"]{0,255})/dg;
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
      // `:` as in .npmrc's `//registry/:_authToken=…`, a tag's `>` as in `<code>TOKEN=…</code>`, which ends at `<`)
      new RegExp(
        String.raw`(?:^|[\s;&|('"` + BT + String.raw`,{:>])(?:export\s{1,8}|set\s{1,8}|local\s{1,8}|declare\s{1,8}(?:-\w{1,4}\s{1,8})?|readonly\s{1,8}|\$env:)?(-{0,2}[A-Za-z_][A-Za-z0-9_.-]{0,127})=(?:"([^"\n]{1,4096})` +
          closing('"', open) + String.raw`|'([^'\n]{1,4096})` + closing("'", open) + String.raw`|([^\s'";&|)<` + BT + ",}]{1,4096}))",
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

export function push(ranges: Range[], start: number, end: number) {
  if (end > start) ranges.push([start, end]);
}

/**
 * Where in `text` the secrets are by hookgate's shapes and values (ranges may overlap): everything but private key
 * blocks (keyBlockRanges) and assignments (assignmentRanges), which are scanned apart for a cut string's window.
 */
export function shapeRanges(text: string): Range[] {
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
export function assignmentRanges(text: string, open: boolean, ranges: Range[] = [], onValue?: (name: string, value: Range) => void): Range[] {
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
      onValue?.(m[1]!, r);
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
export function keyBlockRanges(text: string, ranges: Range[]) {
  if (!text.includes("-----BEGIN")) return;
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
export function tokenish(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && TOKEN_CHAR[c] === 1) {
      if (++run >= 16) return true;
    } else run = 0;
  }
  return false;
}

/**
 * The parts of `text` from `from` on that the rule set can find something in: each run of 16 or more token
 * characters (as tokenish) with `margin` characters either side (a rule may need the name before a token, as
 * `CLOUDFLARE_API_TOKEN=`), overlapping parts merged, joined by a separator no rule matches across, at most
 * `budget` characters in all. A credential after a long paste is scanned, while the scan stays bounded.
 */
export function tokenWindows(text: string, from: number, margin: number, budget: number): string {
  let out = "";
  let run = 0;
  let open = -1;
  let close = -1;
  const flush = () => {
    if (open < 0) return;
    const part = text.slice(open, close);
    out += out === "" ? part : `\n\u0000\n${part}`;
    open = -1;
  };
  for (let i = from; i < text.length && out.length + (open < 0 ? 0 : close - open) < budget; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && TOKEN_CHAR[c] === 1) {
      if (++run !== 16) continue;
      const start = Math.max(from, i - 15 - margin);
      let runEnd = i + 1;
      const runLimit = Math.min(text.length, i + budget);
      while (runEnd < runLimit && text.charCodeAt(runEnd) < 128 && TOKEN_CHAR[text.charCodeAt(runEnd)] === 1) runEnd++;
      const end = Math.min(text.length, runEnd + margin);
      if (open >= 0 && start <= close) close = Math.max(close, end);
      else {
        flush();
        open = start;
        close = end;
      }
      // On from the run's end (the character there is not a token character, or the text ends).
      i = runEnd;
      run = 0;
    } else run = 0;
  }
  flush();
  return out.length > budget ? out.slice(0, budget) : out;
}

/** A value that only refers to a secret (`$DB_PASSWORD`, `${{ secrets.X }}`, `<password>`) is not one. */
const isPlaceholder = (v: string) => /^(?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\{\{[^}]*\}\}|<[^>]*>|\*+|x+|\.\.\.|…|true|false|null|none|undefined)$/i.test(v);

/** `text` with every range replaced by MASK (overlapping ranges merged). */
export function applyRanges(text: string, ranges: Range[]): string {
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
