/**
 * Credential detection for the `secrets` condition (a prompt that holds an API key, a private key block, …). Three
 * kinds of finding count:
 *
 * 1. A provider's token format or a private key block: the maintained rule set (secretlint's recommended preset,
 *    secretRuleSet.ts) and token shapes of our own (tokenShapes.ts, shared with the masker).
 * 2. A password in a URL (`scheme://user:password@host`) that looks generated (randomValue.ts):
 *    `postgres://app:FGLkCVChTo608z4PS6wz1aiH@db…` counts, `postgres://postgres:postgres@localhost`,
 *    `redis://:devpassword@localhost` and `postgres://${DB_USER}:${DB_PASS}@…` do not.
 * 3. The value of a secret-named key, in an assignment (`CLOUDFLARE_API_TOKEN=…`, `export DB_PASSWORD="…"`), JSON,
 *    YAML, INI or code (`"client_secret": "…"`, `password: …`, `apiKey = '…'`), that looks generated: the names
 *    and forms are the masker's (detectors.ts, isSecretName), less names that are not credentials (a signature, a
 *    salt, a DSN); `API_KEY=your-api-key-here`, `token = "${var.github_token}"` do not count.
 *
 * Everything this reports is masked in logs (the masker masks every token shape, every URL password and every
 * secret-named value, random-looking or not). Name-less guesses (a long random word in prose), Authorization
 * headers and JWTs on their own do not make a prompt a leak: they are masked only.
 *
 * Cost is bounded: our patterns are linear and run on up to MAX_SCAN characters; secretlint's scanners (JavaScript
 * regexes, some slow on hostile input) run on the first RULE_SET_SCAN characters and, past them, on the text around
 * each token-like run, RULE_SET_WINDOWS characters at most (a key pasted after a long log is still found).
 */
import { assignmentRanges, tokenWindows, urlPasswords } from "./detectors";
import { notRandomBecause } from "./randomValue";
import { SECRET_RULE_IDS, secretRuleSetFindings } from "./secretRuleSet";
import { TOKEN_SHAPES } from "./tokenShapes";

const MAX_SCAN = 1024 * 1024;
const RULE_SET_SCAN = 8 * 1024;
/** Past those, the rule set scans the text around each token-like run (tokenWindows), this much of it at most. */
const RULE_SET_WINDOWS = 8 * 1024;
const RULE_SET_MARGIN = 128;

/** secretlint rules that judge URL credentials without asking whether the password is a default (see 2. above). */
const NOT_CREDENTIALS = new Set(["@secretlint/secretlint-rule-basicauth", "@secretlint/secretlint-rule-database-connection-string"]);

/** Token shapes: a provider's format, unambiguous on its own (tokenShapes.ts, shared with the masker). */
const CREDENTIAL_PATTERNS: readonly { name: string; re: RegExp; anyOf?: readonly string[] }[] = TOKEN_SHAPES.flatMap((s) =>
  s.detect ? [{ name: s.name, re: s.detect, ...(s.detectAnyOf ? { anyOf: s.detectAnyOf } : {}) }] : [],
);

/** What a `secrets` condition counts, for the docs: the token shapes, the rule set's rules, and the generated-value rules. */
export const CREDENTIAL_KINDS = {
  shapes: CREDENTIAL_PATTERNS.map((p) => p.name),
  ruleSet: SECRET_RULE_IDS.filter((id) => !NOT_CREDENTIALS.has(id)).map((id) => id.replace("@secretlint/secretlint-rule-", "")),
  generated: ["a password in a URL (`scheme://user:password@host`)", "the value of a secret-named key (`API_TOKEN=…`, `\"client_secret\": \"…\"`, `password: …`)"],
} as const;

/** The kinds of credential found in `text` (empty when none). */
export function findCredentials(text: string): string[] {
  const t = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  const found = new Set<string>();
  for (const p of CREDENTIAL_PATTERNS) if ((p.anyOf === undefined || p.anyOf.some((l) => t.includes(l))) && p.re.test(t)) found.add(p.name);
  for (const { user, password } of urlPasswords(t)) if (notRandomBecause(password, user) === undefined) found.add("password in a URL");
  assignmentRanges(t, false, [], (name, [start, end]) => {
    if (isCredentialName(name) && notRandomBecause(t.slice(start, end)) === undefined) found.add("secret-named value");
  });
  const ruleSetText = t.length > RULE_SET_SCAN ? `${t.slice(0, RULE_SET_SCAN)}\n\u0000\n${tokenWindows(t, RULE_SET_SCAN, RULE_SET_MARGIN, RULE_SET_WINDOWS)}` : t;
  for (const id of secretRuleSetFindings(ruleSetText)) if (!NOT_CREDENTIALS.has(id)) found.add(id.replace("@secretlint/secretlint-rule-", ""));
  return [...found];
}

/** Secret-sounding names (isSecretName, which assignmentRanges asks first) whose values are not credentials. */
const NOT_CREDENTIAL_NAMES = /(?:signature|salt|dsn)s?$/i;
const isCredentialName = (name: string) => !NOT_CREDENTIAL_NAMES.test(name);
