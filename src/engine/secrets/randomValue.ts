/**
 * Whether a value looks generated (a random password, an API token) rather than chosen by a person, a placeholder
 * or a reference: what makes a URL's password or the value of a secret-named key a credential for the `secrets`
 * condition (credentials.ts). `postgres://postgres:postgres@localhost`, `redis://:devpassword@localhost`,
 * `DB_PASS=${DB_PASS}`, `API_KEY=your-api-key-here` and AWS's documented `…EXAMPLEKEY` are not; a 16-character
 * base62 password, a 40-character token or a 64-digit hex key are.
 *
 * A value looks random when all of these hold (notRandomBecause checks them in order and names the first that fails):
 *  1. 12 to 4096 characters, none of them blank;
 *  2. it refers to nothing: it does not start with `$NAME` (a shell expands it) and holds no `${X}`, `$(…)`, `{{…}}`,
 *     `%(x)s` or `<x>`; it is not `%X%`, `[x]`, a URL (`://`), a path (`/…`, `./…`, `~/…`, `C:\…`) or a file name
 *     (`key.pem`), nor a name in upper snake case (`MY_API_KEY_2`);
 *  3. it has letters, and digits or both cases (`my-dev-secret`, `DB_PASSWORD` are not);
 *  4. at least 3 changes of kind between neighbours (lower case, upper case, digit, other): `Welcome12345` has 2;
 *  5. a Shannon entropy of at least 2.5 bits per character (`aaaaaaBBBB11` is not);
 *  6. not made of words: its letter runs (`Word`, `word`, `WORD`; `ApiKey` is two) are under 4 letters long on
 *     average, or under 30 % vowels, or hold no letter past a–f (`ledger_app_2024`, `localdev-2024-pw` are words);
 *  7. no placeholder or default word anywhere in it, read with digits as letters (`p4ssw0rd`): example, sample,
 *     placeholder, changeme, redacted, password, passwd, secret, letmein, welcome, qwerty, replace, insert; nor,
 *     as written, your, test, fake, demo, dummy; and no masking run (`***`, `xxxx`, `...`);
 *  8. not the user's name again (`ledger:ledgerX7q2Zk9Lm@…`), when there is a user.
 *
 * What is left is what a generator makes: base62, base64 and base64url, hex, and symbol-rich passwords, from 12
 * characters on (measured on 20 000 random values of each: under 0.1 % of those of 24 characters or more fail,
 * about 1 % of 12, mostly by chance runs that read as words; test/engine/credentials.test.ts). Not counted: letters
 * of one case without digits, values shorter than 12 characters (`hunter2`, `admin123`), passphrases made of
 * words, and 5–20 % of lower-case base36 values (their long letter runs read as words). Every rule is linear in the
 * value.
 */

const MIN_LENGTH = 12;
const MAX_LENGTH = 4096;

/** References and paths: the value names where a secret is, it is not one. */
const REFERENCE = /\$\{|\$\(|\{\{|%\(|^\$[A-Za-z_]\w*(?:$|[/\\:.])|^%[A-Za-z_]\w*%$|<[^<>\s]*>|^\[[^\]]*\]$|:\/\/|^(?:\.{1,2}[\\/]|~[\\/]|[A-Za-z]:[\\/]|\/[a-z]+\/)/;
const FILE_NAME = /\.(?:pem|key|json|ya?ml|toml|txt|env|p12|pfx|crt|cer|der|jks|keystore|gpg|asc|pub|ini|conf|cfg)$/i;
/** Placeholder and default words, found anywhere once digits and signs read as letters (`p@ssw0rd`). */
const PLACEHOLDER_WORDS = /example|sample|placeholder|changeme|redacted|password|passwd|secret|letmein|welcome|qwerty|replace|insert/;
/** Shorter ones, as written (read as letters, hex digits would spell them: `7e57` is "test"). */
const SHORT_PLACEHOLDER_WORDS = /your|test|fake|demo|dummy/;
const MASKING_RUN = /\*{3}|x{4}|\.{3}|…/i;
const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i" };
const LETTER_RUN = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g;
const VOWELS = /[aeiouy]/gi;
/** A name in upper snake case (`MY_API_KEY_2`): a variable's name given where its value would be. */
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

type Kind = 0 | 1 | 2 | 3;
const kindOf = (c: number): Kind => (c >= 97 && c <= 122 ? 0 : c >= 65 && c <= 90 ? 1 : c >= 48 && c <= 57 ? 2 : 3);

/** Why `value` does not look random, or undefined when it does. `user`: the user beside a URL's password. */
export function notRandomBecause(value: string, user?: string): string | undefined {
  if (value.length < MIN_LENGTH || value.length > MAX_LENGTH) return `not ${MIN_LENGTH} to ${MAX_LENGTH} characters`;
  if (/\s/.test(value)) return "has blanks";
  if (REFERENCE.test(value) || FILE_NAME.test(value) || UPPER_SNAKE.test(value)) return "a reference, a name, a URL or a path";
  const kinds = [0, 0, 0, 0];
  let changes = 0;
  for (let i = 0; i < value.length; i++) {
    const k = kindOf(value.charCodeAt(i));
    kinds[k]!++;
    if (i > 0 && k !== kindOf(value.charCodeAt(i - 1))) changes++;
  }
  const letters = kinds[0]! + kinds[1]!;
  if (letters === 0 || (kinds[2] === 0 && (kinds[0] === 0 || kinds[1] === 0))) return "no digits and one case, or no letters";
  if (changes < 3) return "under 3 changes of kind";
  if (entropy(value) < 2.5) return "low entropy";
  if (madeOfWords(value, letters)) return "made of words";
  const lower = value.toLowerCase();
  const read = lower.replace(/[013457@$!]/g, (c) => LEET[c]!);
  if (PLACEHOLDER_WORDS.test(read) || SHORT_PLACEHOLDER_WORDS.test(lower) || MASKING_RUN.test(value)) return "a placeholder or default word";
  if (user !== undefined && user.length >= 3 && lower.includes(user.toLowerCase())) return "holds the user's name";
  return undefined;
}

/** Shannon entropy in bits per character. */
function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * Letter runs as long as words and as rich in vowels, with a letter past a–f (hex is not words): `ledger_app`,
 * `MyPassword`, `localdev-pw`. Runs split at whatever is not a letter and at a word's capital (`ApiKey`: Api, Key).
 * A generator changes kind too often for that: in base62 a run is about 2 letters long.
 */
function madeOfWords(value: string, letters: number): boolean {
  if (!/[g-zG-Z]/.test(value)) return false;
  let runs = 0;
  for (const _ of value.matchAll(LETTER_RUN)) runs++;
  const vowels = value.match(VOWELS)?.length ?? 0;
  return letters / runs >= 4 && vowels / letters >= 0.3;
}
